//! Capability: the bench. Fixed positions searched to a fixed depth by a
//! fresh default alpha-beta engine. The total node count is a signature of
//! the search's behaviour (it changes only when the search does); the speed
//! is the engine's nodes per second. A game declares its positions, depth
//! and engine as a [`BenchSet`].
//!
//! ```
//! use gamesolver_api::{Bench, BenchSet};
//! use gamesolver_games::tictactoe::Board;
//! use gamesolver_search::{AlphaBeta, Evaluator, Score};
//!
//! struct Neutral;
//! impl Evaluator<Board> for Neutral {
//!     fn evaluate(&self, _: &Board) -> Score { Score::DRAW }
//!     fn key(&self, b: &Board) -> u64 { u64::from(b.x_mask()) | u64::from(b.o_mask()) << 9 }
//!     fn move_slots(&self) -> usize { 9 }
//!     fn move_index(&self, mv: gamesolver_games::tictactoe::Cell) -> usize { mv.index().into() }
//! }
//! static BENCH: BenchSet<Board> = BenchSet {
//!     positions: &[".........", "X...O...."],
//!     default_depth: 9,
//!     parse: |text| text.parse().map_err(|e| format!("{e}")),
//!     engine: || Box::new(AlphaBeta::new(Neutral, 1)),
//! };
//! let report = BENCH.run(Some(4), &mut |_| {}).unwrap();
//! assert_eq!((report.depth, report.positions.len()), (4, 2));
//! assert!(report.nodes > 0);
//! ```

use std::time::Duration;

use gamesolver_core::Game;
use gamesolver_search::{Engine, Limits};

/// Capability: a game's bench.
pub trait Bench: Send + Sync {
    /// The depth searched when none is asked for.
    fn default_depth(&self) -> u32;
    /// Runs the bench to `depth` (None = [`Bench::default_depth`]),
    /// calling `each` after every position.
    fn run(
        &self,
        depth: Option<u32>,
        each: &mut dyn FnMut(&BenchLine),
    ) -> Result<BenchReport, BadBenchPosition>;
}

/// A bench of a typed game: position texts, read by `parse` and searched
/// one after the other by one fresh `engine()` (its table cleared between
/// positions).
pub struct BenchSet<G> {
    /// The positions, in the game's notation.
    pub positions: &'static [&'static str],
    /// The depth searched when none is asked for.
    pub default_depth: u32,
    /// Reads a position (or says why not).
    pub parse: fn(&str) -> Result<G, String>,
    /// The engine searched with: the game's default alpha-beta.
    pub engine: fn() -> Box<dyn Engine<G> + Send>,
}

impl<G: Game> Bench for BenchSet<G> {
    fn default_depth(&self) -> u32 {
        self.default_depth
    }

    fn run(
        &self,
        depth: Option<u32>,
        each: &mut dyn FnMut(&BenchLine),
    ) -> Result<BenchReport, BadBenchPosition> {
        let positions = self
            .positions
            .iter()
            .map(|&position| {
                (self.parse)(position).map_err(|reason| BadBenchPosition { position, reason })
            })
            .collect::<Result<Vec<G>, _>>()?;
        let mut engine = (self.engine)();
        Ok(bench(
            engine.as_mut(),
            &positions,
            depth.unwrap_or(self.default_depth),
            each,
        ))
    }
}

/// The result of searching one bench position.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    /// The best move found (`-` if none).
    pub bestmove: String,
    /// The score as the protocol prints it (`cp 35`, `mate 7`).
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The whole bench.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// The depth searched.
    pub depth: u32,
    /// One line per position, in order.
    pub positions: Vec<BenchLine>,
    /// The total node count: the signature.
    pub nodes: u64,
    /// The total search time.
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second over the whole bench.
    #[must_use]
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A bench position that does not parse (a bug in the constants).
#[derive(Debug, thiserror::Error)]
#[error("bench position {position:?} does not parse: {reason}")]
pub struct BadBenchPosition {
    /// The position text.
    pub position: &'static str,
    /// The parser's message.
    pub reason: String,
}

/// Searches each of `positions` to `depth` after a fresh start.
pub fn bench<G: Game>(
    engine: &mut (dyn Engine<G> + Send),
    positions: &[G],
    depth: u32,
    each: &mut dyn FnMut(&BenchLine),
) -> BenchReport {
    let mut report = BenchReport {
        depth,
        positions: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    for position in positions {
        engine.new_game();
        let info = engine.think(position, &Limits::depth(depth), &mut |_| {});
        let line = BenchLine {
            bestmove: info.best_move().map_or("-".into(), |m| m.to_string()),
            score: info.score.to_string(),
            nodes: info.nodes,
            elapsed: info.elapsed,
        };
        report.nodes += line.nodes;
        report.elapsed += line.elapsed;
        each(&line);
        report.positions.push(line);
    }
    report
}
