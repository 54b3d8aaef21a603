//! Labelled positions from seeded self-play: the default engine plays both
//! sides at a fixed node budget from a few random plies, and every quiet
//! position of the game is labelled with the game's result.

use gamesolver_core::{Game, Wdl};
use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{Engine, Limits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::quiet::is_quiet;
use gamesolver_engines::uttt::engines::{EngineOptions, build};

/// A position with the result of its game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelledPosition {
    /// The position (its rules are the game's).
    pub board: Board,
    /// The game's result for the side to move: 1 win, 0.5 draw, 0 loss
    /// (under CodinGame's rule a game without a meta-line goes by the
    /// board count, as [`Board`] ends it).
    pub result: f32,
}

/// How to play the self-play games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    /// The rules.
    pub variant: Variant,
    /// Number of games.
    pub games: usize,
    /// Node budget of each move.
    pub nodes: u64,
    /// Uniformly random plies at the start of each game (their positions
    /// are not labelled).
    pub random_plies: usize,
    /// Seed of the random plies.
    pub seed: u64,
}

/// The result worth `wdl` as a label.
fn label(wdl: Wdl) -> f32 {
    match wdl {
        Wdl::Win => 1.0,
        Wdl::Draw => 0.5,
        Wdl::Loss => 0.0,
    }
}

impl SelfPlay {
    /// The quiet positions of all games with their labels, the same for the
    /// same settings (the engine is deterministic at a node budget).
    #[must_use]
    pub fn generate(&self) -> Vec<LabelledPosition> {
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let mut engine = build(&EngineOptions::default());
        let mut positions = Vec::new();
        for _ in 0..self.games {
            engine.new_game();
            positions.extend(self.play_game(engine.as_mut(), &mut rng));
        }
        positions
    }

    /// One game: its quiet positions after the random plies, labelled.
    fn play_game(
        &self,
        engine: &mut (dyn Engine<Board> + Send),
        rng: &mut SmallRng,
    ) -> Vec<LabelledPosition> {
        let mut board = Board::start(self.variant);
        for _ in 0..self.random_plies {
            let moves = board.moves();
            if moves.is_empty() {
                break;
            }
            board = board.after(moves[rng.random_range(0..moves.len())]);
        }
        let mut quiet = Vec::new();
        let limits = Limits::nodes(self.nodes);
        while !board.is_finished() {
            let Some(mv) = engine.think(&board, &limits, &mut |_| {}).best_move() else {
                break;
            };
            if is_quiet(&board) {
                quiet.push(board);
            }
            board = board.after(mv);
        }
        let Some(outcome) = board.outcome() else {
            return Vec::new();
        };
        quiet
            .into_iter()
            .map(|board| LabelledPosition {
                board,
                result: label(outcome.value_for(board.turn())),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_deterministic_for_a_seed_and_labels_are_consistent() {
        let settings = SelfPlay {
            variant: Variant::CodinGame,
            games: 2,
            nodes: 300,
            random_plies: 4,
            seed: 7,
        };
        let first = settings.generate();
        assert!(!first.is_empty());
        assert_eq!(first, settings.generate());
        let other = SelfPlay {
            seed: 8,
            ..settings
        }
        .generate();
        assert_ne!(first, other);
        for p in &first {
            assert!(is_quiet(&p.board) && p.board.variant() == Variant::CodinGame);
            assert!(p.board.marks(gamesolver_core::Player::First).count_ones() >= 2);
        }
    }

    #[test]
    fn the_labels_of_a_game_are_its_result_for_each_side() {
        let settings = SelfPlay {
            variant: Variant::Standard,
            games: 1,
            nodes: 300,
            random_plies: 2,
            seed: 3,
        };
        let mut engine = build(&EngineOptions::default());
        let game = settings.play_game(engine.as_mut(), &mut SmallRng::seed_from_u64(3));
        assert!(game.len() >= 5, "{} quiet positions", game.len());
        for pair in game.windows(2) {
            let same_side = pair[0].board.turn() == pair[1].board.turn();
            let expected = if same_side {
                pair[0].result
            } else {
                1.0 - pair[0].result
            };
            assert_eq!(pair[1].result, expected);
        }
    }
}
