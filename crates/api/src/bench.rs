//! The bench: fixed positions searched to a fixed depth by a fresh default
//! alpha-beta engine. The total node count is a signature of the search's
//! behaviour (it changes only when the search does); the speed is the
//! engine's nodes per second.
//!
//! ```
//! use gamesolver_engines::bench::{BenchGame, run};
//!
//! let report = run(BenchGame::Uttt, Some(3), &mut |_| {}).unwrap();
//! assert_eq!(report.positions.len(), 8);
//! assert!(report.nodes > 0);
//! ```

use std::time::Duration;

use gamesolver_core::Game;
use gamesolver_games::jungle::{JungleGame, Position};
use gamesolver_games::uttt::Board;
use gamesolver_search::{Engine, Limits};

use crate::jungle::engine::{JungleOptions, build as build_jungle};
use crate::uttt::engines::{EngineOptions, build as build_uttt};

/// The default bench depth for ultimate tic-tac-toe.
pub const UTTT_DEPTH: u32 = 11;

/// The default bench depth for Jungle.
pub const JUNGLE_DEPTH: u32 = 12;

/// The ultimate tic-tac-toe bench positions: the start, and positions from
/// the opening, the middle game (free choice, won and drawn small boards)
/// and the end.
pub const UTTT_POSITIONS: [&str; 8] = [
    "................................................................................. *",
    "....X...X...........................O............................................ 8",
    ".XO......XOX..OX....OXO.X...XXO..O.X......XO........X..O.XX.O.O.O.O....XO....O.X. 5",
    "OXOX.X.X.XOX.XOX..XOOXO.X.OOXXO..O.X.XXOO.XOXO..XOXOX..O.XXXO.O.OOO.O..XOX.O.O.X. 5",
    "XOOOO.O.XO.O..OO.XX..XXX..OOX....OOO.O...X...XX.X.O.OOXXXX.X......X..OXXXXOO.O.OX 1",
    "X...OOOXXXOO.....X...X....OOO.XOX...O.OOX..XO..X.X.X..O..X....OX...X..OO.X.OXOXOX 2",
    ".O..O..OXO..X.X...X.OX.X...X.OO.XXX...X...XX....OO.O..X...O..O..XOO......O....... 7",
    "O.X..X..XO..X.XX..OOX..XOXX.OO..XOO.X..O...X.O.OXOOXO..OOX.X.XXXXOX.O.O...X.OOO.. 5",
];

/// The Jungle bench positions: the start, opening and middle-game
/// positions, and an endgame.
pub const JUNGLE_POSITIONS: [&str; 6] = [
    "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w",
    "l5t/1d3c1/2p1w2/r5e/7/3E3/2W1P1R/1C3D1/T5L b",
    "2l1c2/1d5/r3w1t/1R5/3L3/7/E2P3/1C1W1D1/6T w",
    "1l3t1/2d1c2/r1p1w1e/7/1R5/7/E1W1P2/1C1L1D1/T6 w",
    "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b",
    "2t4/7/2e4/7/1R1l3/7/3L3/2E4/7 b",
];

/// The games with a bench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchGame {
    /// Ultimate tic-tac-toe.
    Uttt,
    /// Jungle (Dou Shou Qi).
    Jungle,
}

impl BenchGame {
    /// The bench of the registered game called `name` (its registry name),
    /// or the error naming a game without one.
    pub fn of(name: &'static str) -> Result<BenchGame, crate::FacadeError> {
        match name {
            "uttt" => Ok(BenchGame::Uttt),
            "jungle" => Ok(BenchGame::Jungle),
            _ => Err(crate::FacadeError::Unsupported {
                game: name,
                what: "bench",
            }),
        }
    }

    /// The default depth of this game's bench.
    #[must_use]
    pub fn default_depth(self) -> u32 {
        match self {
            BenchGame::Uttt => UTTT_DEPTH,
            BenchGame::Jungle => JUNGLE_DEPTH,
        }
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

/// Runs the bench of `game` to `depth` (None = the game's default),
/// calling `each` after every position.
pub fn run(
    game: BenchGame,
    depth: Option<u32>,
    each: &mut dyn FnMut(&BenchLine),
) -> Result<BenchReport, BadBenchPosition> {
    let depth = depth.unwrap_or(game.default_depth());
    match game {
        BenchGame::Uttt => {
            let boards = parse_all(&UTTT_POSITIONS, |text| text.parse::<Board>())?;
            let mut engine = build_uttt(&EngineOptions::default());
            Ok(bench(engine.as_mut(), &boards, depth, each))
        }
        BenchGame::Jungle => {
            let games = parse_all(&JUNGLE_POSITIONS, |text| {
                text.parse::<Position>().map(JungleGame::new)
            })?;
            let mut engine = build_jungle(&JungleOptions::default());
            Ok(bench(engine.as_mut(), &games, depth, each))
        }
    }
}

/// Parses every text with `parse`, naming the first that fails.
fn parse_all<G, E: std::fmt::Display>(
    texts: &[&'static str],
    parse: impl Fn(&str) -> Result<G, E>,
) -> Result<Vec<G>, BadBenchPosition> {
    texts
        .iter()
        .map(|&position| {
            parse(position).map_err(|e| BadBenchPosition {
                position,
                reason: e.to_string(),
            })
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use gamesolver_core::Game;
    use gamesolver_games::jungle::Position;
    use gamesolver_games::uttt::Board;

    #[test]
    fn bench_positions_are_unfinished_positions() {
        for fen in super::JUNGLE_POSITIONS {
            let position: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(!position.is_finished(), "{fen}");
        }
        for text in super::UTTT_POSITIONS {
            let board: Board = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(!board.is_finished(), "{text}");
        }
    }
}
