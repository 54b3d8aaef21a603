//! `gamesolver engine`: speak an engine protocol on standard input and
//! output, for GUIs, match runners and arenas.

use std::io::{self, Write};
use std::path::PathBuf;

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

/// The games with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineGame {
    /// Ultimate tic-tac-toe.
    Uttt,
    /// Jungle (Dou Shou Qi).
    Jungle,
}

/// Arguments of `gamesolver engine`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: EngineGame,
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
    /// Evaluation: bonus for the side to move.
    #[arg(long, default_value_t = EvalWeights::default().tempo)]
    pub tempo: i32,
    /// Evaluation: extra bonus for the side to move with a free choice.
    #[arg(long, default_value_t = EvalWeights::default().free_choice)]
    pub free_choice: i32,
    /// Evaluation: count a small board the mover can win at once as won
    /// (measured neutral, so off by default).
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub mover_threat: bool,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Jungle endgame tablebase directory: positions whose material it
    /// holds are played from it (the `TablebasePath` option changes it).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Null-move pruning in alpha-beta (`on`/`off`, for measuring; Jungle).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub null_move: bool,
    /// Jungle: quiescence search of captures (`on`/`off`, for measuring).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub quiescence: bool,
    /// Jungle: evaluate material only (for measuring the other terms).
    #[arg(long)]
    pub material_only: bool,
    /// Jungle: scale of the den-distance (advance) terms, in percent (for
    /// tuning).
    #[arg(long, default_value_t = 100, value_name = "PERCENT")]
    pub advance: i32,
}

/// Serves the protocol on standard input until `quit` or its end.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    match args.game {
        EngineGame::Uttt => {
            crate::search_args::refuse_tablebase("uttt", args.tablebase.as_deref())?;
            run_uttt(args, out)
        }
        EngineGame::Jungle => run_jungle(args, out),
    }
}

/// The Jungle engine on the UCI-style protocol.
fn run_jungle(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    anyhow::ensure!(
        !args.codingame,
        "--codingame is the ultimate tic-tac-toe referee format"
    );
    let defaults = JungleOptions::default();
    let options = JungleOptions {
        kind: args.engine,
        hash_mb: args.hash.clamp(1, 4096),
        search: SearchConfig {
            late_move_reductions: args.lmr,
            null_move: args.null_move,
            ..defaults.search
        },
        tablebase: open_tablebase(args.tablebase.as_deref(), args.rules.jungle()?)?,
        quiescence: args.quiescence,
        weights: if args.material_only {
            JungleWeights::material_only()
        } else {
            JungleWeights::default().with_advance_scale(args.advance)
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
        weights: EvalWeights {
            tempo: args.tempo,
            free_choice: args.free_choice,
            mover_threat: args.mover_threat,
            ..EvalWeights::default()
        },
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
