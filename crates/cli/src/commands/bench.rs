//! `gamesolver bench`: a fixed search workload whose total node count is a
//! signature of the search's behaviour (it changes only when the search
//! does) and whose speed is the engine's nodes per second.

use std::io::Write;
use std::time::Duration;

use gamesolver_core::Game;
use gamesolver_games::jungle::{JungleGame, Position};
use gamesolver_games::uttt::Board;
use gamesolver_search::{Engine, Limits};

use crate::jungle;
use crate::uttt::engines::{EngineOptions, build};

/// The games `bench` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchGame {
    /// Ultimate tic-tac-toe.
    Uttt,
    /// Jungle (Dou Shou Qi).
    Jungle,
}

/// Arguments of `gamesolver bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: BenchGame,
    /// Search depth for every position (default: 11 for ultimate
    /// tic-tac-toe, 12 for Jungle).
    #[arg(long)]
    pub depth: Option<u32>,
}

/// The default bench depth for ultimate tic-tac-toe.
pub const DEFAULT_DEPTH: u32 = 11;

/// The default bench depth for Jungle.
pub const JUNGLE_DEPTH: u32 = 12;

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
    match args.game {
        BenchGame::Uttt => {
            let boards = POSITIONS
                .iter()
                .map(|text| text.parse::<Board>())
                .collect::<Result<Vec<_>, _>>()?;
            let mut engine = build(&EngineOptions::default());
            bench(
                engine.as_mut(),
                &boards,
                args.depth.unwrap_or(DEFAULT_DEPTH),
                out,
            )
        }
        BenchGame::Jungle => {
            let games = jungle::bench::POSITIONS
                .iter()
                .map(|fen| fen.parse::<Position>().map(JungleGame::new))
                .collect::<Result<Vec<_>, _>>()?;
            let mut engine = jungle::engine::build(&jungle::engine::JungleOptions::default());
            bench(
                engine.as_mut(),
                &games,
                args.depth.unwrap_or(JUNGLE_DEPTH),
                out,
            )
        }
    }
}

/// Searches each of `positions` to `depth` after a fresh start, one line
/// each, then the total node count (the signature) and the speed.
fn bench<G: Game>(
    engine: &mut (dyn Engine<G> + Send),
    positions: &[G],
    depth: u32,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for (i, position) in positions.iter().enumerate() {
        engine.new_game();
        let info = engine.think(position, &Limits::depth(depth), &mut |_| {});
        nodes += info.nodes;
        time += info.elapsed;
        let best = info.best_move().map_or("-".into(), |m| m.to_string());
        writeln!(
            out,
            "position {:>2}  bestmove {best:>4}  score {:>11}  nodes {:>9}  {:>7.1} ms",
            i + 1,
            info.score.to_string(),
            info.nodes,
            info.elapsed.as_secs_f64() * 1e3
        )?;
    }
    let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
    writeln!(out, "depth {depth}: {nodes} nodes, {nps:.0} nps")?;
    Ok(())
}
