//! Ultimate tic-tac-toe's bench: eight positions searched to depth 11 by
//! the default alpha-beta engine (`gamesolver bench uttt`: 357836 nodes).

use gamesolver_api::BenchSet;
use gamesolver_games::uttt::Board;

use super::engines::{EngineOptions, build};

/// The default bench depth.
pub const DEPTH: u32 = 11;

/// The bench positions: the start, and positions from the opening, the
/// middle game (free choice, won and drawn small boards) and the end.
pub const POSITIONS: [&str; 8] = [
    "................................................................................. *",
    "....X...X...........................O............................................ 8",
    ".XO......XOX..OX....OXO.X...XXO..O.X......XO........X..O.XX.O.O.O.O....XO....O.X. 5",
    "OXOX.X.X.XOX.XOX..XOOXO.X.OOXXO..O.X.XXOO.XOXO..XOXOX..O.XXXO.O.OOO.O..XOX.O.O.X. 5",
    "XOOOO.O.XO.O..OO.XX..XXX..OOX....OOO.O...X...XX.X.O.OOXXXX.X......X..OXXXXOO.O.OX 1",
    "X...OOOXXXOO.....X...X....OOO.XOX...O.OOX..XO..X.X.X..O..X....OX...X..OO.X.OXOXOX 2",
    ".O..O..OXO..X.X...X.OX.X...X.OO.XXX...X...XX....OO.O..X...O..O..XOO......O....... 7",
    "O.X..X..XO..X.XX..OOX..XOXX.OO..XOO.X..O...X.O.OXOOXO..OOX.X.XXXXOX.O.O...X.OOO.. 5",
];

/// The bench capability of the declaration.
pub static BENCH: BenchSet<Board> = BenchSet {
    positions: &POSITIONS,
    default_depth: DEPTH,
    parse: |text| text.parse().map_err(|e| format!("{e}")),
    engine: || build(&EngineOptions::default()),
};

#[cfg(test)]
mod tests {
    use gamesolver_core::Game;
    use gamesolver_games::uttt::Board;

    #[test]
    fn bench_positions_are_unfinished_positions() {
        for text in super::POSITIONS {
            let board: Board = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(!board.is_finished(), "{text}");
        }
    }
}
