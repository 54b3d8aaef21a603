//! Reading a move written as a cell number, shared by the tic-tac-toe games.

use gamesolver_core::ParseMoveError;

/// The cell number in `text`, if it is a whole number below `cells`;
/// otherwise an error naming `game` and the range.
pub(crate) fn parse_cell_number(text: &str, cells: u8, game: &str) -> Result<u8, ParseMoveError> {
    let last = cells - 1;
    let n: u8 = text.trim().parse().map_err(|_| {
        ParseMoveError::new(text, format!("{game} move is a cell number 0..{last}"))
    })?;
    if n < cells {
        Ok(n)
    } else {
        Err(ParseMoveError::new(
            text,
            format!("cells are numbered 0..{last}"),
        ))
    }
}
