//! A perft walk specialised to the ultimate tic-tac-toe bitboards: moves
//! come straight from the legal-move mask (no move list), the last ply is one
//! popcount, and the last move before it is not even made
//! ([`Board::move_count_after`]). It must agree with the generic
//! [`gamesolver_search::perft::perft`], which the tests check.

use gamesolver_games::uttt::Board;

/// Perft(`depth`) of `board`, by bit iteration and bulk counting.
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.move_count().into(),
        2 => {
            let mut total = 0;
            board.for_each_move(|cell| total += u64::from(board.move_count_after(cell)));
            total
        }
        _ => {
            let mut total = 0;
            board.for_each_move(|cell| {
                let mut next = *board;
                gamesolver_core::Game::play_unchecked(&mut next, cell);
                total += perft(&next, depth - 1);
            });
            total
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_generic_walk_and_the_reference() {
        assert_eq!(perft(&Board::empty(), 5), 473_256);
        let board: Board =
            "X...OOOXXXOO.....X..OXXX..OOO.XOX...O.OOXO.XO..X.X.X..O..X....OX.X.XO.OO.X.OXOXOX *"
                .parse()
                .unwrap();
        assert_eq!(perft(&board, 4), gamesolver_search::perft::perft(&board, 4));
    }
}
