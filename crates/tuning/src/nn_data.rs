//! The network's training data as text: a `#` header, then one position
//! per line as `RESULT SCORE POSITION` (the game's result for the side to
//! move, 1, 0.5 or 0; the self-play search's score for the side to move,
//! [`Score::value`], mate scores included; the position as [`Board`]
//! writes it).

use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::Score;

use crate::dataset::{DatasetError, header_text, parse_lines, parse_result};
use crate::selfplay::{LabelledPosition, ScoredPosition};

/// `positions` as text under a `header` (each of its lines made a comment).
#[must_use]
pub fn scored_text(positions: &[ScoredPosition], header: &str) -> String {
    let mut text = header_text(header);
    for p in positions {
        let l = &p.labelled;
        text.push_str(&format!("{} {} {}\n", l.result, p.score.value(), l.board));
    }
    text
}

/// The rules a scored-position text's header names (`uttt_nn generate`
/// writes "rules R: …" as its second line).
///
/// ```
/// use gamesolver_games::uttt::Variant;
/// use gamesolver_tuning::nn_data::header_rules;
/// let text = "# self-play positions\n# rules standard: 10 games at 100 nodes per move\n1 0 .";
/// assert_eq!(header_rules(text).unwrap(), Variant::Standard);
/// assert!(header_rules("1 0 .").is_err());
/// ```
pub fn header_rules(text: &str) -> Result<Variant, DatasetError> {
    let header = text.lines().take_while(|l| l.starts_with('#'));
    for (index, line) in header.enumerate() {
        let comment = line.trim_start_matches('#').trim();
        if let Some(rest) = comment.strip_prefix("rules ") {
            let word = rest.split(':').next().unwrap_or(rest);
            return word.parse().map_err(|e| DatasetError::BadLine {
                line: index + 1,
                reason: format!("{e}"),
            });
        }
    }
    Err(DatasetError::BadLine {
        line: 1,
        reason: "the header names no rules (a line \"# rules standard: ...\" or \"# rules codingame: ...\")".into(),
    })
}

/// Reads a scored-position text whose positions are under `variant`.
pub fn parse_scored(text: &str, variant: Variant) -> Result<Vec<ScoredPosition>, DatasetError> {
    parse_lines(text, |line| {
        let mut words = line.splitn(3, ' ');
        let (Some(result), Some(score), Some(board)) = (words.next(), words.next(), words.next())
        else {
            return Err("expected a result, a score and a position".into());
        };
        let result = parse_result(result)?;
        let score: i32 = score
            .parse()
            .map_err(|_| format!("score {score:?} is not a whole number"))?;
        if score.abs() > Score::INFINITE.value() {
            return Err(format!("score {score} is beyond every score"));
        }
        let board = Board::parse_variant(board, variant).map_err(|e| e.to_string())?;
        Ok(ScoredPosition {
            labelled: LabelledPosition { board, result },
            score: Score::from_value(score),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Game;
    use gamesolver_games::uttt::Cell;

    #[test]
    fn scored_positions_read_back_and_bad_lines_are_named() {
        let start = Board::start(Variant::CodinGame);
        let positions = [
            ScoredPosition {
                labelled: LabelledPosition {
                    board: start,
                    result: 0.5,
                },
                score: Score::eval(-35),
            },
            ScoredPosition {
                labelled: LabelledPosition {
                    board: start.after(Cell::new(40).expect("cell")),
                    result: 1.0,
                },
                score: Score::win_in(7),
            },
        ];
        let text = scored_text(&positions, "made by a test");
        assert!(text.starts_with("# made by a test\n0.5 -35 "));
        assert_eq!(parse_scored(&text, Variant::CodinGame).unwrap(), positions);
        for (line, needle) in [
            ("1 x", "expected a result"),
            ("0.7 3 x", "0.7"),
            ("1 3.5 x", "3.5"),
            ("1 99999999 x", "beyond"),
            ("1 3 XXX *", "81 cells"),
        ] {
            let err = parse_scored(&format!("# c\n{line}\n"), Variant::CodinGame).unwrap_err();
            let message = err.to_string();
            assert!(
                message.contains("line 2") && message.contains(needle),
                "{message}"
            );
        }
        assert!(matches!(
            parse_scored("# only\n", Variant::CodinGame),
            Err(DatasetError::Empty)
        ));
    }
}
