//! `gamesolver bestmove`: search one position and print the best move,
//! score, depth, nodes, speed and principal variation. Every game comes
//! from the façade's registry.

use std::io::Write;
use std::path::PathBuf;

use gamesolver_api::{EngineKind, EngineSpec, Registry, SearchReport};

use crate::json::write_json;
use crate::position_arg::parse_position;
use crate::search_args::{LimitArgs, RuleArgs};

/// Arguments of `gamesolver bestmove`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: a name or alias of the registry (the built-in games or
    /// one a program registers).
    pub game: String,
    /// The position, or `start`: for ultimate tic-tac-toe 81 cells, a space,
    /// the forced board 0-8 or `*`; for Jungle the FEN (board, space, `w` or
    /// `b`). The two words may come unquoted. `@FILE`: the position after
    /// the last move of a game record.
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
    /// Endgame tablebase directory (a game with tablebases): positions
    /// whose tier it holds are answered from it, and the search probes it at its
    /// leaves. Refused for games without tablebases.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Searches and reports, with the games of `registry`.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = registry.get(&args.game)?;
    let rules = args.rules.rules.as_deref();
    let state = parse_position(registry, game, &args.position.join(" "), rules)?;
    // As the web API and the engine protocol answer: a game over (a draw
    // by the 200-ply rule or a repetition included) has no move to search.
    anyhow::ensure!(
        !state.is_terminal(),
        "the game is over: there is nothing to search"
    );
    let spec = EngineSpec {
        kind: Some(args.engine.name().to_string()),
        rules: rules.map(str::to_string),
        tablebase: args.tablebase.clone(),
        ..EngineSpec::default()
    };
    let mut engine = game.engine(&spec)?;
    let report = engine.search(state.as_ref(), &args.limits.search_limits(), &mut |_| {})?;
    if args.json {
        write_json(out, &report)
    } else {
        write_text(out, &report)
    }
}

/// The text report.
fn write_text(out: &mut dyn Write, a: &SearchReport) -> anyhow::Result<()> {
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
