//! Tic-tac-toe's evaluation for alpha-beta: neutral (the tree is small
//! enough to search to the end).

use gamesolver_games::tictactoe::{Board, Cell};
use gamesolver_search::{Evaluator, Score};

/// The evaluation of tic-tac-toe for alpha-beta: every unfinished position
/// is worth 0, so the search's verdicts come from the game's end alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToeEval;

impl Evaluator<Board> for TicTacToeEval {
    fn evaluate(&self, _position: &Board) -> Score {
        Score::DRAW
    }

    fn key(&self, position: &Board) -> u64 {
        u64::from(position.x_mask()) | u64::from(position.o_mask()) << 9
    }

    fn move_slots(&self) -> usize {
        9
    }

    fn move_index(&self, mv: Cell) -> usize {
        mv.index().into()
    }
}
