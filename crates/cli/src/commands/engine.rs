//! `gamesolver engine`: speak an engine protocol on standard input and
//! output, for GUIs, match runners and arenas.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::bail;
use gamesolver_engines::Registry;
use gamesolver_search::SearchConfig;

use crate::jungle::engine::{JungleOptions, open_tablebase};
use crate::jungle::eval::JungleWeights;
use crate::jungle::host::JungleHost;
use crate::protocol::uci::serve;
use crate::search_args::RuleArgs;
use crate::uttt::codingame;
use crate::uttt::engines::EngineOptions;
use crate::uttt::eval::EvalWeights;
use crate::uttt::host::UtttHost;
use gamesolver_engines::EngineKind;

/// Arguments of `gamesolver engine`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (uttt or jungle, or an alias).
    pub game: String,
    /// Speak CodinGame's referee format instead of the UCI-style protocol
    /// (rules: the `codingame` variant).
    #[arg(long)]
    pub codingame: bool,
    /// Thinking time per move in the CodinGame format, in milliseconds
    /// (the arena allows 100).
    #[arg(long, default_value_t = 90)]
    pub movetime: u64,
    /// The engine to start with (the protocol's `Engine` option changes it).
    #[arg(long, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// Transposition-table size in MB (the `Hash` option changes it).
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Late move reductions in alpha-beta (`on`/`off`, for measuring).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub lmr: bool,
    /// Ultimate tic-tac-toe evaluation: bonus for the side to move
    /// (default 16; refused for other games).
    #[arg(long)]
    pub tempo: Option<i32>,
    /// Ultimate tic-tac-toe evaluation: extra bonus for the side to move
    /// with a free choice (refused for other games).
    #[arg(long)]
    pub free_choice: Option<i32>,
    /// Ultimate tic-tac-toe evaluation: count a small board the mover can
    /// win at once as won (measured neutral, so off by default; refused for
    /// other games).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub mover_threat: Option<bool>,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Jungle endgame tablebase directory: positions whose material it
    /// holds are played from it (the `TablebasePath` option changes it).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Jungle: null-move pruning in alpha-beta (`true`/`false`, default
    /// true; for measuring; refused for other games).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub null_move: Option<bool>,
    /// Jungle: quiescence search of captures (`true`/`false`, default
    /// true; for measuring; refused for other games).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub quiescence: Option<bool>,
    /// Jungle: evaluate material only (for measuring the other terms;
    /// refused for other games).
    #[arg(long)]
    pub material_only: bool,
    /// Jungle: scale of the den-distance (advance) terms, in percent
    /// (default 100; for tuning; refused for other games).
    #[arg(long, value_name = "PERCENT")]
    pub advance: Option<i32>,
}

/// Serves the protocol on standard input until `quit` or its end.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = Registry::global().get(&args.game)?.info().name;
    let foreign = match game {
        "uttt" => args.jungle_flag(),
        "jungle" => args.uttt_flag(),
        _ => bail!("{game} has no protocol engine command here (only uttt and jungle)"),
    };
    if let Some(flag) = foreign {
        bail!("{flag} does not apply to {game}");
    }
    if game == "uttt" {
        crate::search_args::refuse_tablebase("uttt", args.tablebase.as_deref())?;
        run_uttt(args, out)
    } else {
        run_jungle(args, out)
    }
}

impl Args {
    /// The first ultimate tic-tac-toe–only flag given, if any.
    fn uttt_flag(&self) -> Option<&'static str> {
        [
            (
                self.codingame,
                "--codingame (the ultimate tic-tac-toe referee format)",
            ),
            (self.tempo.is_some(), "--tempo"),
            (self.free_choice.is_some(), "--free-choice"),
            (self.mover_threat.is_some(), "--mover-threat"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// The first Jungle-only flag given, if any.
    fn jungle_flag(&self) -> Option<&'static str> {
        [
            (self.null_move.is_some(), "--null-move"),
            (self.quiescence.is_some(), "--quiescence"),
            (self.material_only, "--material-only"),
            (self.advance.is_some(), "--advance"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// The Jungle engine on the UCI-style protocol.
fn run_jungle(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let defaults = JungleOptions::default();
    let options = JungleOptions {
        kind: args.engine,
        hash_mb: args.hash.clamp(1, 4096),
        search: SearchConfig {
            late_move_reductions: args.lmr,
            null_move: args.null_move.unwrap_or(defaults.search.null_move),
            ..defaults.search
        },
        tablebase: open_tablebase(args.tablebase.as_deref(), args.rules.jungle()?)?,
        quiescence: args.quiescence.unwrap_or(defaults.quiescence),
        weights: if args.material_only {
            JungleWeights::material_only()
        } else {
            JungleWeights::default().with_advance_scale(args.advance.unwrap_or(100))
        },
        ..defaults
    };
    let host = JungleHost {
        options,
        rules: args.rules.jungle()?,
    };
    serve(host, Box::new(io::BufReader::new(io::stdin())), out)?;
    Ok(())
}

/// The ultimate tic-tac-toe engine, on either protocol.
fn run_uttt(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let options = EngineOptions {
        kind: args.engine,
        hash_mb: args.hash.clamp(1, 4096),
        search: SearchConfig {
            late_move_reductions: args.lmr,
            ..SearchConfig::default()
        },
        weights: eval_weights(args),
        ..EngineOptions::default()
    };
    if args.codingame {
        let stdin = io::stdin();
        codingame::serve(
            &mut stdin.lock(),
            out,
            &mut io::stderr(),
            &options,
            args.movetime,
        )?;
    } else {
        let host = UtttHost {
            options,
            variant: args.rules.uttt()?,
        };
        serve(host, Box::new(io::BufReader::new(io::stdin())), out)?;
    }
    Ok(())
}

/// The ultimate tic-tac-toe evaluation weights: the defaults with the
/// flags given.
fn eval_weights(args: &Args) -> EvalWeights {
    let defaults = EvalWeights::default();
    EvalWeights {
        tempo: args.tempo.unwrap_or(defaults.tempo),
        free_choice: args.free_choice.unwrap_or(defaults.free_choice),
        mover_threat: args.mover_threat.unwrap_or(defaults.mover_threat),
        ..defaults
    }
}
