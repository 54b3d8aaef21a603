//! `gamesolver bestmove`: search one position and print the best move,
//! score, depth, nodes, speed and principal variation.

use std::io::Write;
use std::path::PathBuf;

use gamesolver_games::jungle::JungleGame;
use gamesolver_search::{Engine, Limits, SearchInfo};
use serde::Serialize;

use crate::json::write_json;
use crate::jungle::engine::{JungleOptions, open_tablebase};
use crate::jungle_cli::parse_position;
use crate::search_args::{LimitArgs, RuleArgs};
use crate::uttt::engines::{EngineOptions, build};
use crate::uttt::position::read_position;
use gamesolver_engines::EngineKind;

/// The games `bestmove` can search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SearchGame {
    /// Ultimate tic-tac-toe.
    Uttt,
    /// Jungle (Dou Shou Qi).
    Jungle,
}

/// Arguments of `gamesolver bestmove`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: SearchGame,
    /// The position, or `start`: for ultimate tic-tac-toe 81 cells, a space,
    /// the forced board 0-8 or `*`; for Jungle the FEN (board, space, `w` or
    /// `b`). The two words may come unquoted.
    #[arg(required = true, num_args = 1..=2, value_name = "POSITION")]
    pub position: Vec<String>,
    /// How long to think.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Which engine searches.
    #[arg(long, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Jungle endgame tablebase directory: positions whose material it
    /// holds are answered from it, and the search probes it at its leaves.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The answer, for JSON.
#[derive(Debug, Serialize)]
struct Answer {
    engine: &'static str,
    bestmove: Option<String>,
    score: String,
    depth: u32,
    nodes: u64,
    nps: u64,
    time_ms: f64,
    pv: Vec<String>,
}

/// Searches and reports.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let limits = args.limits.limits();
    let answer = match args.game {
        SearchGame::Uttt => {
            let board = read_position(&args.position, args.rules.variant)?;
            let options = EngineOptions {
                kind: args.engine,
                ..EngineOptions::default()
            };
            think(build(&options).as_mut(), &board, &limits)
        }
        SearchGame::Jungle => {
            let text = args.position.join(" ");
            let text = if text.trim() == "start" {
                "startpos"
            } else {
                &text
            };
            let game = JungleGame::new(parse_position(Some(text), args.rules.jungle)?);
            let options = JungleOptions {
                kind: args.engine,
                tablebase: open_tablebase(args.tablebase.as_deref(), args.rules.jungle)?,
                ..JungleOptions::default()
            };
            think(
                crate::jungle::engine::build(&options).as_mut(),
                &game,
                &limits,
            )
        }
    };
    if args.json {
        write_json(out, &answer)
    } else {
        write_text(out, &answer)
    }
}

/// Searches `position` and returns the answer.
fn think<G: gamesolver_core::Game>(
    engine: &mut (dyn Engine<G> + Send),
    position: &G,
    limits: &Limits,
) -> Answer {
    let info = engine.think(position, limits, &mut |_| {});
    answer(engine.name(), &info)
}

/// The JSON-ready form of a search result.
fn answer<M: std::fmt::Display + Copy>(engine: &'static str, info: &SearchInfo<M>) -> Answer {
    Answer {
        engine,
        bestmove: info.best_move().map(|m| m.to_string()),
        score: info.score.to_string(),
        depth: info.depth,
        nodes: info.nodes,
        nps: info.nps(),
        time_ms: info.elapsed.as_secs_f64() * 1e3,
        pv: info.pv.iter().map(ToString::to_string).collect(),
    }
}

/// The text report.
fn write_text(out: &mut dyn Write, a: &Answer) -> anyhow::Result<()> {
    writeln!(
        out,
        "bestmove {}",
        a.bestmove.as_deref().unwrap_or("(none: the game is over)")
    )?;
    writeln!(out, "score    {}", a.score)?;
    writeln!(out, "depth    {}", a.depth)?;
    writeln!(out, "nodes    {}", a.nodes)?;
    writeln!(out, "nps      {}", a.nps)?;
    writeln!(out, "time     {:.1} ms", a.time_ms)?;
    writeln!(out, "engine   {}", a.engine)?;
    writeln!(out, "pv       {}", a.pv.join(" "))?;
    Ok(())
}
