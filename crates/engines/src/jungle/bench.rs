//! Jungle's bench: six positions searched to depth 12 by the default
//! alpha-beta engine (`gamesolver bench jungle`: 3549313 nodes).

use gamesolver_api::BenchSet;
use gamesolver_games::jungle::{JungleGame, Position};

use super::engine::{JungleOptions, build};

/// The default bench depth.
pub const DEPTH: u32 = 12;

/// The bench positions: the start, opening and middle-game positions, and
/// an endgame.
pub const POSITIONS: [&str; 6] = [
    "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w",
    "l5t/1d3c1/2p1w2/r5e/7/3E3/2W1P1R/1C3D1/T5L b",
    "2l1c2/1d5/r3w1t/1R5/3L3/7/E2P3/1C1W1D1/6T w",
    "1l3t1/2d1c2/r1p1w1e/7/1R5/7/E1W1P2/1C1L1D1/T6 w",
    "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b",
    "2t4/7/2e4/7/1R1l3/7/3L3/2E4/7 b",
];

/// The bench capability of the declaration.
pub static BENCH: BenchSet<JungleGame> = BenchSet {
    positions: &POSITIONS,
    default_depth: DEPTH,
    parse: |text| {
        text.parse::<Position>()
            .map(JungleGame::new)
            .map_err(|e| format!("{e}"))
    },
    engine: || build(&JungleOptions::default()),
};

#[cfg(test)]
mod tests {
    use gamesolver_core::Game;
    use gamesolver_games::jungle::Position;

    #[test]
    fn bench_positions_are_unfinished_positions() {
        for fen in super::POSITIONS {
            let position: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(!position.is_finished(), "{fen}");
        }
    }
}
