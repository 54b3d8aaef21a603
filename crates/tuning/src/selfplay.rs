//! Labelled positions from seeded self-play: an engine plays both sides at
//! a fixed node budget from a few random plies, and the positions of the
//! game are labelled with the game's result (the Texel tuning keeps the
//! quiet ones) and with the search's score of each (the network's data).

use gamesolver_core::{Game, Wdl};
use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{Engine, Limits, Score};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::quiet::is_quiet;
use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::eval::EvalWeights;

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

/// A self-play position with its result and the score the engine's search
/// gave it when it chose its move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoredPosition {
    /// The position and the game's result for the side to move.
    pub labelled: LabelledPosition,
    /// The search's score for the side to move.
    pub score: Score,
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

/// Random plies at the start of each game when a command line gives none.
pub const DEFAULT_RANDOM_PLIES: usize = 4;

impl SelfPlay {
    /// The settings a command line gives as `GAMES NODES SEED
    /// [RANDOM_PLIES]` (the tuning examples' `generate`), under `variant`;
    /// the error names the word that is not a whole number or says how
    /// many words are wanted.
    ///
    /// ```
    /// use gamesolver_games::uttt::Variant;
    /// use gamesolver_tuning::selfplay::SelfPlay;
    /// let settings = SelfPlay::from_words(Variant::CodinGame, &["10", "2000", "1"]).unwrap();
    /// assert_eq!((settings.games, settings.nodes, settings.seed, settings.random_plies), (10, 2000, 1, 4));
    /// assert!(SelfPlay::from_words(Variant::CodinGame, &["10", "many", "1"]).unwrap_err().contains("NODES"));
    /// ```
    pub fn from_words(variant: Variant, words: &[&str]) -> Result<SelfPlay, String> {
        fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
            text.parse()
                .map_err(|_| format!("{name} must be a whole number, got {text:?}"))
        }
        let [games, nodes, seed, rest @ ..] = words else {
            return Err("expected GAMES NODES SEED [RANDOM_PLIES]".into());
        };
        let random_plies = match rest {
            [] => DEFAULT_RANDOM_PLIES,
            [plies] => number(plies, "RANDOM_PLIES")?,
            _ => return Err("expected GAMES NODES SEED [RANDOM_PLIES]".into()),
        };
        Ok(SelfPlay {
            variant,
            games: number(games, "GAMES")?,
            nodes: number(nodes, "NODES")?,
            seed: number(seed, "SEED")?,
            random_plies,
        })
    }

    /// The settings as a data file's header states them: "rules R: G games
    /// at N nodes per move, P random plies, seed S".
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "rules {}: {} games at {} nodes per move, {} random plies, seed {}",
            self.variant, self.games, self.nodes, self.random_plies, self.seed
        )
    }

    /// The quiet positions of all games with their labels, played by the
    /// default engine on the hand-written evaluation's default weights
    /// ([`EvalWeights::default`], under either rule: the Texel tuning
    /// fits hand-written weights, and its data has always been played
    /// so), the same for the same settings (the engine is deterministic
    /// at a node budget).
    #[must_use]
    pub fn generate(&self) -> Vec<LabelledPosition> {
        let options = EngineOptions {
            weights: EvalWeights::default(),
            ..EngineOptions::default()
        };
        self.generate_scored(&options)
            .into_iter()
            .map(|p| p.labelled)
            .filter(|p| is_quiet(&p.board))
            .collect()
    }

    /// Every position of all games (after the random plies) with its
    /// result and the search's score, played by the engine of `options`.
    #[must_use]
    pub fn generate_scored(&self, options: &EngineOptions) -> Vec<ScoredPosition> {
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let mut engine = build(options);
        let mut positions = Vec::new();
        for _ in 0..self.games {
            engine.new_game();
            positions.extend(self.play_game(engine.as_mut(), &mut rng));
        }
        positions
    }

    /// One game: its positions after the random plies, labelled.
    fn play_game(
        &self,
        engine: &mut (dyn Engine<Board> + Send),
        rng: &mut SmallRng,
    ) -> Vec<ScoredPosition> {
        let mut board = Board::start(self.variant);
        for _ in 0..self.random_plies {
            let moves = board.moves();
            if moves.is_empty() {
                break;
            }
            board = board.after(moves[rng.random_range(0..moves.len())]);
        }
        let mut played = Vec::new();
        let limits = Limits::nodes(self.nodes);
        while !board.is_finished() {
            let info = engine.think(&board, &limits, &mut |_| {});
            let Some(mv) = info.best_move() else {
                break;
            };
            played.push((board, info.score));
            board = board.after(mv);
        }
        let Some(outcome) = board.outcome() else {
            return Vec::new();
        };
        played
            .into_iter()
            .map(|(board, score)| ScoredPosition {
                labelled: LabelledPosition {
                    board,
                    result: label(outcome.value_for(board.turn())),
                },
                score,
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
        let game: Vec<LabelledPosition> = settings
            .play_game(engine.as_mut(), &mut SmallRng::seed_from_u64(3))
            .into_iter()
            .map(|p| p.labelled)
            .collect();
        assert!(game.len() >= 5, "{} positions", game.len());
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
