//! Tic-tac-toe's declaration: its notation, actions, observation,
//! engines, and its capabilities: the solved table and the MDP model.
//!
//! Actions are the cells 0..8, row-major from the top-left (9 actions).
//! Observation `[3, 3, 3]`: plane 0 X marks, plane 1 O marks, plane 2 all
//! ones when X is to move; row 0 is the top row.

use gamesolver_api::model::{Built, DEFAULT_SEED};
use gamesolver_api::{
    Declared, EngineKind, EngineSpec, FacadeError, GameInfo, GameModel, Planes, PositionError,
    WebBoard,
};
use gamesolver_core::{Game, Player};
use gamesolver_games::tictactoe::{Board, Cell, ParseBoardError};
use gamesolver_search::{AlphaBeta, Mcts};

use super::eval::TicTacToeEval;
use super::mdp::TicTacToeMdp;
use super::solved::TicTacToeOracle;
use super::tour::TOUR;
use crate::cells::{action_of_cell, actions_of_mask, cell_of_action, push_actions_of_mask};

/// Tic-tac-toe: cells 0..8, actions = cells.
#[derive(Default)]
pub struct TicTacToe {
    solved: TicTacToeOracle,
}

static INFO: GameInfo = GameInfo {
    name: "tictactoe",
    aliases: &["ttt", "tic-tac-toe"],
    title: "Tic-tac-toe",
    titles: &[("zh", "井字棋")],
    rules: &["standard"],
    engines: &["alphabeta", "mcts"],
    action_space: 9,
    observation_shape: [3, 3, 3],
};

impl GameModel for TicTacToe {
    type G = Board;

    fn info(&self) -> &GameInfo {
        &INFO
    }

    fn start(&self, _rules: &'static str) -> Board {
        Board::empty()
    }

    fn parse(&self, text: &str, _rules: &'static str) -> Result<Board, PositionError> {
        text.parse().map_err(|e: ParseBoardError| {
            PositionError::new(
                e.kind(),
                text,
                format!("cannot read the tic-tac-toe position {text:?}: {e}"),
            )
        })
    }

    fn rules_of(&self, _game: &Board) -> &'static str {
        "standard"
    }

    fn action_of(&self, _game: &Board, mv: Cell) -> u32 {
        action_of_cell(mv)
    }

    fn move_of(&self, _game: &Board, action: u32) -> Option<Cell> {
        cell_of_action(action)
    }

    /// An empty cell (the caller has checked that the game goes on).
    fn is_legal(&self, game: &Board, mv: Cell) -> bool {
        game.at(mv).is_none()
    }

    /// The empty cells (the game goes on), in increasing order.
    fn legal_actions(&self, game: &Board) -> Vec<u32> {
        actions_of_mask(u128::from(empty_cells(game)))
    }

    /// The empty cells.
    fn legal_action_mask(&self, game: &Board) -> Option<u128> {
        Some(u128::from(empty_cells(game)))
    }

    /// The empty cells, straight from the board's masks.
    fn legal_actions_into(&self, game: &Board, _moves: &mut Vec<Cell>, out: &mut Vec<u32>) {
        push_actions_of_mask(u128::from(empty_cells(game)), out);
    }

    /// X's cells, O's cells, and a plane of ones when X is to move (bit
    /// `i` of a mask is cell `i`, row `i / 3`, column `i % 3`: row-major).
    fn write_observation(&self, game: &Board, observation: &mut Planes<'_>) {
        observation.set_cells(0, u64::from(game.x_mask()), 1.0);
        observation.set_cells(1, u64::from(game.o_mask()), 1.0);
        if game.turn() == Player::First {
            observation.fill_plane(2, 1.0);
        }
    }

    fn engine(
        &self,
        kind: EngineKind,
        spec: &EngineSpec,
        _rules: &'static str,
    ) -> Result<Built<Board>, FacadeError> {
        Ok(Built::searching(match kind {
            EngineKind::Alphabeta => Box::new(AlphaBeta::new(TicTacToeEval, spec.hash_mb_or(1)?)),
            EngineKind::Mcts => {
                Box::new(Mcts::<Board>::new(1.0, spec.seed.unwrap_or(DEFAULT_SEED)))
            }
        }))
    }

    /// The solved table, the MDP model and the tour.
    fn declared(&self) -> Declared<'_> {
        Declared {
            solved: Some(&self.solved),
            mdp: Some(&TicTacToeMdp),
            tour: &TOUR,
            web_board: Some(&WEB_BOARD),
            ..Declared::default()
        }
    }
}

/// The board of the web page, `board.js` beside this file: the 3 × 3 grid.
static WEB_BOARD: WebBoard = WebBoard::new(include_str!("board.js"));

/// The empty cells of `game` as a mask (bit `i` = cell `i`).
fn empty_cells(game: &Board) -> u16 {
    const CELLS: u16 = (1 << 9) - 1;
    CELLS & !(game.x_mask() | game.o_mask())
}
