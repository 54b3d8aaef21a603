//! Tic-tac-toe in the façade.

use std::sync::OnceLock;

use gamesolver_core::{Game, Player};
use gamesolver_games::tictactoe::{Board, Cell};
use gamesolver_search::{AlphaBeta, Mcts};

use super::cells::{action_of_cell, actions_of_mask, cell_of_action};
use super::model::{Built, DEFAULT_SEED, GameModel};
use super::report::position_report;
use super::{
    Capabilities, EngineSpec, FacadeError, GameInfo, Observation, PositionReport, SolvedOracle,
    State,
};
use crate::EngineKind;
use crate::tictactoe::{TicTacToeEval, TicTacToeSolution, solve};

/// Tic-tac-toe: cells 0..8, actions = cells.
#[derive(Default)]
pub struct TicTacToe {
    solved: TicTacToeOracle,
}

static INFO: GameInfo = GameInfo {
    name: "tictactoe",
    aliases: &["ttt", "tic-tac-toe"],
    title: "Tic-tac-toe",
    rules: &["standard"],
    engines: &["alphabeta", "mcts"],
    capabilities: Capabilities {
        solved_table: true,
        tablebase: false,
        search: true,
        mdp: true,
        perft: true,
    },
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

    fn parse(&self, text: &str, _rules: &'static str) -> Result<Board, String> {
        text.parse()
            .map_err(|e| format!("cannot read the tic-tac-toe position {text:?}: {e}"))
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
        const CELLS: u16 = (1 << 9) - 1;
        actions_of_mask(u128::from(CELLS & !(game.x_mask() | game.o_mask())))
    }

    fn observation(&self, game: &Board) -> Observation {
        let mut observation = Observation::zeros(INFO.observation_shape);
        for cell in Cell::all() {
            let (row, col) = (usize::from(cell.index() / 3), usize::from(cell.index() % 3));
            match game.at(cell) {
                Some(Player::First) => observation.set(0, row, col, 1.0),
                Some(Player::Second) => observation.set(1, row, col, 1.0),
                None => {}
            }
        }
        if game.turn() == Player::First {
            observation.fill_plane(2, 1.0);
        }
        observation
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

    fn solved(&self) -> Option<&dyn SolvedOracle> {
        Some(&self.solved)
    }
}

/// The solved game, computed on first use.
#[derive(Default)]
pub struct TicTacToeOracle {
    solution: OnceLock<Option<TicTacToeSolution>>,
}

impl TicTacToeOracle {
    /// The solution (computed once).
    pub fn solution(&self) -> Result<&TicTacToeSolution, FacadeError> {
        self.solution
            .get_or_init(|| solve().ok())
            .as_ref()
            .ok_or_else(|| FacadeError::BadPosition("tic-tac-toe could not be solved".into()))
    }
}

impl SolvedOracle for TicTacToeOracle {
    fn query(&self, state: &dyn State) -> Result<PositionReport, FacadeError> {
        let board = super::model::typed::<TicTacToe>(state)?.game;
        let solution = self.solution()?;
        position_report(&board, |b| solution.get(b)).ok_or_else(|| {
            FacadeError::BadPosition(format!("{board} is not reachable from the empty board"))
        })
    }

    fn per_ply_counts(&self) -> serde_json::Value {
        let Ok(solution) = self.solution() else {
            return serde_json::Value::Null;
        };
        let stats = gamesolver_retro::loopfree::SolveStats::of(solution);
        let layers: Vec<_> = stats
            .layers
            .iter()
            .map(|layer| {
                serde_json::json!({
                    "ply": layer.depth,
                    "win": layer.wdl.win,
                    "draw": layer.wdl.draw,
                    "loss": layer.wdl.loss,
                    "finished": layer.finished,
                })
            })
            .collect();
        serde_json::json!({ "positions": stats.positions, "per_ply": layers })
    }
}
