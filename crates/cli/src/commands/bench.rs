//! `gamesolver bench`: a fixed search workload whose total node count is a
//! signature of the search's behaviour (it changes only when the search
//! does) and whose speed is the engine's nodes per second.

use std::io::Write;
use std::time::Duration;

use gamesolver_games::uttt::Board;
use gamesolver_search::Limits;

use crate::uttt::engines::{EngineOptions, build};

/// The games `bench` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchGame {
    /// Ultimate tic-tac-toe.
    Uttt,
}

/// Arguments of `gamesolver bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: BenchGame,
    /// Search depth for every position.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
}

/// The default bench depth.
pub const DEFAULT_DEPTH: u32 = 11;

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

/// Searches every position with a fresh default alpha-beta engine.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let BenchGame::Uttt = args.game;
    let mut engine = build(&EngineOptions::default());
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for (i, text) in POSITIONS.iter().enumerate() {
        let board: Board = text.parse()?;
        engine.new_game();
        let info = engine.think(&board, &Limits::depth(args.depth), &mut |_| {});
        nodes += info.nodes;
        time += info.elapsed;
        let best = info.best_move().map_or("-".into(), |m| m.to_string());
        writeln!(
            out,
            "position {:>2}  bestmove {best:>2}  score {:>9}  nodes {:>9}  {:>6.1} ms",
            i + 1,
            info.score.to_string(),
            info.nodes,
            info.elapsed.as_secs_f64() * 1e3
        )?;
    }
    let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
    writeln!(out, "depth {}: {nodes} nodes, {:.0} nps", args.depth, nps)?;
    Ok(())
}
