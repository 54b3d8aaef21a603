//! Ultimate tic-tac-toe in the façade.

use std::sync::Arc;

use gamesolver_core::{Game, Player};
use gamesolver_games::uttt::{Board, Cell, Variant};

use rand::Rng;

use super::cells::{action_of_cell, actions_of_mask, cell_of_action};
use super::model::{Built, DEFAULT_SEED, GameModel, HostBox, configure_host};
use super::playouts::PlayoutRng;
use super::{Capabilities, EngineSpec, ErasedHost, FacadeError, GameInfo, Observation};
use crate::EngineKind;
use crate::uttt::engines::{EngineOptions, build};
use crate::uttt::eval::EvalWeights;
use crate::uttt::host::UtttHost;
use crate::uttt::perft::perft;

/// Ultimate tic-tac-toe: actions = global cells 0..80.
#[derive(Default)]
pub struct Uttt;

static INFO: GameInfo = GameInfo {
    name: "uttt",
    aliases: &["ultimate", "ultimate-tictactoe", "ultimate-tic-tac-toe"],
    title: "Ultimate tic-tac-toe",
    rules: &["standard", "codingame"],
    engines: &["alphabeta", "mcts"],
    capabilities: Capabilities {
        solved_table: false,
        tablebase: false,
        search: true,
        mdp: false,
        perft: true,
    },
    action_space: 81,
    observation_shape: [4, 9, 9],
};

/// The options of an engine of `kind` for the rules preset `rules`: the
/// spec's hash and seed, and that rule's default evaluation weights.
fn engine_options(
    kind: EngineKind,
    spec: &EngineSpec,
    rules: &str,
) -> Result<EngineOptions, FacadeError> {
    let defaults = EngineOptions::default();
    Ok(EngineOptions {
        kind,
        hash_mb: spec.hash_mb_or(defaults.hash_mb)?,
        seed: spec.seed.unwrap_or(DEFAULT_SEED),
        weights: EvalWeights::for_variant(variant(rules)),
        ..defaults
    })
}

/// The variant of preset name `rules` (one of `INFO.rules`).
fn variant(rules: &str) -> Variant {
    rules.parse().unwrap_or_default()
}

impl GameModel for Uttt {
    type G = Board;

    fn info(&self) -> &GameInfo {
        &INFO
    }

    fn start(&self, rules: &'static str) -> Board {
        Board::start(variant(rules))
    }

    fn parse(&self, text: &str, rules: &'static str) -> Result<Board, String> {
        Board::parse_variant(text, variant(rules))
            .map_err(|e| format!("cannot read the ultimate tic-tac-toe position {text:?}: {e}"))
    }

    fn rules_of(&self, game: &Board) -> &'static str {
        match game.variant() {
            Variant::Standard => "standard",
            Variant::CodinGame => "codingame",
        }
    }

    fn action_of(&self, _game: &Board, mv: Cell) -> u32 {
        action_of_cell(mv)
    }

    fn move_of(&self, _game: &Board, action: u32) -> Option<Cell> {
        cell_of_action(action)
    }

    /// One bit of the move mask.
    fn is_legal(&self, game: &Board, mv: Cell) -> bool {
        game.legal_mask() >> mv.index() & 1 == 1
    }

    /// Straight from the move mask (cells in increasing order, as
    /// `legal_moves` lists them).
    fn legal_actions(&self, game: &Board) -> Vec<u32> {
        actions_of_mask(game.legal_mask())
    }

    /// A random set bit of the move mask: the same move as the generic
    /// draw (the same `usize` range, moves in increasing cell order), no list.
    fn random_move(&self, game: &Board, rng: &mut PlayoutRng, _: &mut Vec<Cell>) -> Option<Cell> {
        game.pick_move(|count| rng.random_range(0..count as usize) as u32)
    }

    fn observation(&self, game: &Board) -> Observation {
        let mut observation = Observation::zeros(INFO.observation_shape);
        let legal = if game.is_finished() {
            0
        } else {
            game.legal_mask()
        };
        for cell in Cell::all() {
            let (row, col) = (usize::from(cell.grid_row()), usize::from(cell.grid_col()));
            let bit = 1u128 << cell.index();
            if game.marks(Player::First) & bit != 0 {
                observation.set(0, row, col, 1.0);
            }
            if game.marks(Player::Second) & bit != 0 {
                observation.set(1, row, col, 1.0);
            }
            if legal & bit != 0 {
                observation.set(2, row, col, 1.0);
            }
        }
        if game.turn() == Player::First {
            observation.fill_plane(3, 1.0);
        }
        observation
    }

    fn perft(&self, game: &Board, depth: u32) -> u64 {
        perft(game, depth)
    }

    fn engine(
        &self,
        kind: EngineKind,
        spec: &EngineSpec,
        rules: &'static str,
    ) -> Result<Built<Board>, FacadeError> {
        Ok(Built::searching(build(&engine_options(kind, spec, rules)?)))
    }

    fn protocol_host(
        self: Arc<Self>,
        spec: &EngineSpec,
    ) -> Result<Box<dyn ErasedHost>, FacadeError> {
        let mut host = UtttHost::default();
        configure_host(&mut host, spec, "Variant")?;
        Ok(Box::new(HostBox::new(host)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_gets_its_own_default_weights() {
        let spec = EngineSpec::default();
        let standard = engine_options(EngineKind::Alphabeta, &spec, "standard").unwrap();
        let codingame = engine_options(EngineKind::Alphabeta, &spec, "codingame").unwrap();
        assert_eq!(standard.weights, EvalWeights::default());
        assert_eq!(codingame.weights, EvalWeights::CODINGAME);
    }
}
