//! Quiet positions: where the side to move cannot win a small board at
//! once, so the static evaluation is not about to be overturned.

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, FULL, has_line};

/// Whether `board` is unfinished and its side to move can win no small
/// board with its next move.
#[must_use]
pub fn is_quiet(board: &Board) -> bool {
    if board.is_finished() {
        return false;
    }
    let me = board.turn();
    let legal = board.legal_mask();
    (0u8..9).all(|b| {
        let playable = (legal >> (9 * u32::from(b))) as u16 & FULL;
        let mine = board.small_board(b, me);
        (0..9)
            .filter(|c| playable >> c & 1 == 1)
            .all(|c| !has_line(mine | 1 << c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_games::uttt::Variant;

    #[test]
    fn a_board_the_mover_can_win_is_not_quiet() {
        assert!(is_quiet(&Board::start(Variant::Standard)));
        let position = |boards: [&str; 3], forced: char| {
            let text = format!("{}{} {forced}", boards.concat(), ".".repeat(54));
            Board::parse_variant(&text, Variant::Standard).expect("position")
        };
        // X holds cells 0 and 1 of board 0 and is sent there: X wins board
        // 0 with cell 2.
        assert!(!is_quiet(&position(
            ["XX.......", "O........", ".....O..."],
            '0'
        )));
        // Sent to board 1, where X has nothing: quiet.
        assert!(is_quiet(&position(
            ["XX.......", "O........", ".O......."],
            '1'
        )));
        // A free choice includes board 0.
        let free = position(["XX.......", "OOO......", "........X"], '*');
        assert!(free.forced().is_none() && !is_quiet(&free));
    }
}
