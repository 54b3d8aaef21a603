//! Dōbutsu shōgi's bench: positions searched to a fixed depth by the
//! default alpha-beta engine (`gamesolver bench dobutsu`: 124717 nodes at
//! depth 9).

use gamesolver_api::BenchSet;
use gamesolver_games::dobutsu::Position;

use super::engine::{DobutsuOptions, build};

/// The default bench depth.
pub const DEPTH: u32 = 9;

/// The bench positions: the start, the reply to its chick capture, and
/// two positions of lions with most pieces in hand (drops everywhere), one
/// with a chick dropped on the far rank.
pub const POSITIONS: [&str; 4] = [
    "gle/1c1/1C1/ELG b -",
    "gle/1C1/3/ELG w C",
    "1l1/C2/3/1L1 w 2G2Ec",
    "C1l/3/3/1L1 b 2G2Ec",
];

/// The bench capability of the declaration.
pub static BENCH: BenchSet<Position> = BenchSet {
    positions: &POSITIONS,
    default_depth: DEPTH,
    parse: |text| text.parse::<Position>().map_err(|e| format!("{e}")),
    engine: || build(&DobutsuOptions::default()),
};

#[cfg(test)]
mod tests {
    use gamesolver_core::Game;
    use gamesolver_games::dobutsu::Position;

    #[test]
    fn bench_positions_are_unfinished_positions() {
        for text in super::POSITIONS {
            let position: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(!position.is_finished(), "{text}");
        }
    }
}
