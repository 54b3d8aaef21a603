//! `gamesolver engine`: speak an engine protocol on standard input and
//! output, for GUIs, match runners and arenas.

use std::io::{self, Write};

use gamesolver_games::uttt::Variant;
use gamesolver_search::SearchConfig;

use crate::protocol::uci::serve;
use crate::uttt::codingame;
use crate::uttt::engines::{EngineKind, EngineOptions};
use crate::uttt::eval::EvalWeights;
use crate::uttt::host::UtttHost;

/// The games with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineGame {
    /// Ultimate tic-tac-toe.
    Uttt,
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
    #[arg(long, value_enum, default_value_t = EngineKind::Alphabeta)]
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
    /// Rules variant to start with (the `Variant` option changes it).
    #[arg(long, default_value_t = Variant::Standard)]
    pub variant: Variant,
}

/// Serves the protocol on standard input until `quit` or its end.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let EngineGame::Uttt = args.game;
    let options = EngineOptions {
        kind: args.engine,
        hash_mb: args.hash.clamp(1, 4096),
        search: SearchConfig {
            late_move_reductions: args.lmr,
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
            variant: args.variant,
        };
        serve(host, Box::new(io::BufReader::new(io::stdin())), out)?;
    }
    Ok(())
}
