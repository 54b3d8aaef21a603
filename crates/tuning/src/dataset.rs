//! The text form of a labelled-position set: a `#` header, then one
//! position per line as `RESULT POSITION` (result for the side to move: 1,
//! 0.5 or 0; the position as [`Board`] writes it).

use gamesolver_games::uttt::{Board, Variant};

use crate::selfplay::LabelledPosition;

/// Why a dataset text was refused.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    /// A line is not `RESULT POSITION`.
    #[error("dataset line {line}: {reason}")]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// The text holds no position.
    #[error("the dataset holds no position")]
    Empty,
}

/// `positions` as text under a `header` (each of its lines made a comment).
#[must_use]
pub fn dataset_text(positions: &[LabelledPosition], header: &str) -> String {
    let mut text = header_text(header);
    for p in positions {
        text.push_str(&format!("{} {}\n", p.result, p.board));
    }
    text
}

/// A result word: `1`, `0.5` or `0`.
pub(crate) fn parse_result(word: &str) -> Result<f32, String> {
    match word {
        "1" => Ok(1.0),
        "0.5" => Ok(0.5),
        "0" => Ok(0.0),
        other => Err(format!("result {other:?} is not 1, 0.5 or 0")),
    }
}

/// `header` as the comment lines that open a data text.
pub(crate) fn header_text(header: &str) -> String {
    header.lines().map(|l| format!("# {l}\n")).collect()
}

/// Each data line of `text` (comments and blank lines skipped) read by
/// `parse_line`, whose error becomes a [`DatasetError::BadLine`] naming the
/// line; at least one.
pub(crate) fn parse_lines<T>(
    text: &str,
    mut parse_line: impl FnMut(&str) -> Result<T, String>,
) -> Result<Vec<T>, DatasetError> {
    let mut items = Vec::new();
    for (number, line) in gamesolver_api::data_lines::data_lines(text) {
        let item = parse_line(line).map_err(|reason| DatasetError::BadLine {
            line: number,
            reason,
        })?;
        items.push(item);
    }
    if items.is_empty() {
        return Err(DatasetError::Empty);
    }
    Ok(items)
}

/// Reads a dataset text whose positions are under `variant`.
pub fn parse_dataset(text: &str, variant: Variant) -> Result<Vec<LabelledPosition>, DatasetError> {
    parse_lines(text, |line| {
        let (result, board) = line
            .split_once(' ')
            .ok_or("expected a result, a space and a position")?;
        let result = parse_result(result)?;
        let board = Board::parse_variant(board, variant).map_err(|e| e.to_string())?;
        Ok(LabelledPosition { board, result })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Game;
    use gamesolver_games::uttt::Cell;

    #[test]
    fn datasets_read_back_and_bad_lines_are_named() {
        let start = Board::start(Variant::CodinGame);
        let positions = [
            LabelledPosition {
                board: start,
                result: 0.5,
            },
            LabelledPosition {
                board: start.after(Cell::new(40).expect("cell")),
                result: 1.0,
            },
            LabelledPosition {
                board: start.after(Cell::new(0).expect("cell")),
                result: 0.0,
            },
        ];
        let text = dataset_text(&positions, "made by a test\nsecond line");
        assert!(text.starts_with("# made by a test\n# second line\n"));
        assert_eq!(parse_dataset(&text, Variant::CodinGame).unwrap(), positions);
        let err = parse_dataset("# c\n0.7 x\n", Variant::CodinGame).unwrap_err();
        assert!(
            err.to_string().contains("line 2") && err.to_string().contains("0.7"),
            "{err}"
        );
        let err = parse_dataset("1 XXX *\n", Variant::Standard).unwrap_err();
        assert!(
            err.to_string().contains("line 1: a position is 81 cells"),
            "{err}"
        );
        assert!(matches!(
            parse_dataset("# only\n", Variant::Standard),
            Err(DatasetError::Empty)
        ));
        assert!(parse_dataset("1\n", Variant::Standard).is_err());
    }
}
