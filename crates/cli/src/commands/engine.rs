//! `gamesolver engine`: speak an engine protocol on standard input and
//! output, for GUIs, match runners and arenas. The host is the game's own
//! ([`gamesolver_engines::GameDef::protocol_host`]); the tuning flags are
//! its protocol options, set by name, so a flag whose option the game's
//! host does not offer is refused.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{anyhow, bail};
use gamesolver_engines::protocol::EngineHost;
use gamesolver_engines::{EngineKind, EngineSpec, Registry};

use crate::numbers;
use crate::search_args::{RuleArgs, parse_hash_mb};
use crate::uttt::codingame;
use crate::uttt::host::UtttHost;

/// Arguments of `gamesolver engine`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (uttt or jungle, or an alias).
    pub game: String,
    /// Speak CodinGame's referee format instead of the UCI-style protocol
    /// (rules: the `codingame` variant).
    #[arg(long)]
    pub codingame: bool,
    /// Time per move in the CodinGame format, in milliseconds, counted
    /// from the turn's first input line (the arena allows 100; the search
    /// keeps a twentieth back, so it answers after about 95).
    #[arg(long, default_value_t = 100, value_parser = numbers::movetime)]
    pub movetime: u64,
    /// The engine to start with (the protocol's `Engine` option changes it).
    #[arg(long, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// Transposition-table size in MB, 1 to 4096 (the `Hash` option
    /// changes it); refused outside that range, as the protocol does.
    #[arg(long, default_value_t = 16, value_parser = parse_hash_mb)]
    pub hash: usize,
    /// Late move reductions in alpha-beta (`true`/`false`, default true;
    /// for measuring; option `LMR`).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub lmr: Option<bool>,
    /// Ultimate tic-tac-toe evaluation: bonus for the side to move
    /// (default 16; option `Tempo`; refused for other games).
    #[arg(long)]
    pub tempo: Option<i32>,
    /// Ultimate tic-tac-toe evaluation: extra bonus for the side to move
    /// with a free choice (option `FreeChoice`; refused for other games).
    #[arg(long)]
    pub free_choice: Option<i32>,
    /// Ultimate tic-tac-toe evaluation: count a small board the mover can
    /// win at once as won (measured neutral, so off by default; option
    /// `MoverThreat`; refused for other games).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub mover_threat: Option<bool>,
    /// Ultimate tic-tac-toe MCTS: UCT exploration constant in hundredths,
    /// 0 to 1000 (default 25; option `Exploration`; refused for other games).
    #[arg(long, value_name = "HUNDREDTHS")]
    pub exploration: Option<i32>,
    /// Ultimate tic-tac-toe MCTS: playouts with the rollout heuristics
    /// (`true`/`false`, default false: uniformly random playouts; option
    /// `HeuristicPlayouts`; refused for other games).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub heuristic_playouts: Option<bool>,
    /// Ultimate tic-tac-toe MCTS: weight of the evaluation at the leaves
    /// against the playout, in percent, 0 to 100 (default 100: the
    /// evaluation alone, no playouts; option `LeafEval`; refused for other
    /// games).
    #[arg(long, value_name = "PERCENT")]
    pub leaf_eval: Option<i32>,
    /// Ultimate tic-tac-toe MCTS: evaluation units that make the leaf
    /// evaluation's odds e, 1 to 100000 (default 400; option `LeafScale`;
    /// refused for other games).
    #[arg(long, value_name = "UNITS")]
    pub leaf_scale: Option<i32>,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Jungle endgame tablebase directory: positions whose material it
    /// holds are played from it (the `TablebasePath` option changes it).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Jungle: null-move pruning in alpha-beta (`true`/`false`, default
    /// true; for measuring; option `NullMove`; refused for other games).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub null_move: Option<bool>,
    /// Jungle: quiescence search of captures (`true`/`false`, default
    /// true; for measuring; option `Quiescence`; refused for other games).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub quiescence: Option<bool>,
    /// Jungle: evaluate material only (for measuring the other terms;
    /// option `MaterialOnly`; refused for other games).
    #[arg(long)]
    pub material_only: bool,
    /// Jungle: scale of the den-distance (advance) terms, in percent,
    /// 0 to 1000 (default 100; for tuning; option `Advance`; refused for
    /// other games).
    #[arg(long, value_name = "PERCENT")]
    pub advance: Option<i32>,
}

/// Serves the protocol on standard input until `quit` or its end.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = Registry::global().get(&args.game)?;
    let name = game.info().name;
    if args.codingame {
        if name != "uttt" {
            bail!("--codingame (the ultimate tic-tac-toe referee format) does not apply to {name}");
        }
        return run_codingame(args, out);
    }
    let spec = EngineSpec {
        kind: Some(args.engine.name().to_string()),
        rules: args.rules.rules.clone(),
        hash_mb: Some(args.hash),
        seed: None,
        tablebase: args.tablebase.clone(),
    };
    let mut host = game.protocol_host(&spec)?;
    let offered = host.option_names();
    tune(name, &offered, &args.tuning(), &mut |option, value| {
        host.set_option(option, value)
    })?;
    host.serve(Box::new(io::BufReader::new(io::stdin())), out)?;
    Ok(())
}

/// A tuning flag given on the command line: the flag, the protocol option
/// it sets, and the value.
type Tuning = (&'static str, &'static str, String);

impl Args {
    /// The tuning flags given, as protocol options (evaluation options
    /// last: `MaterialOnly` after `Advance`, so material only wins).
    fn tuning(&self) -> Vec<Tuning> {
        let flag = |given: Option<String>, flag, option| given.map(|v| (flag, option, v));
        [
            flag(self.lmr.map(|b| b.to_string()), "--lmr", "LMR"),
            flag(self.tempo.map(|n| n.to_string()), "--tempo", "Tempo"),
            flag(
                self.free_choice.map(|n| n.to_string()),
                "--free-choice",
                "FreeChoice",
            ),
            flag(
                self.mover_threat.map(|b| b.to_string()),
                "--mover-threat",
                "MoverThreat",
            ),
            flag(
                self.null_move.map(|b| b.to_string()),
                "--null-move",
                "NullMove",
            ),
            flag(
                self.quiescence.map(|b| b.to_string()),
                "--quiescence",
                "Quiescence",
            ),
            flag(self.advance.map(|n| n.to_string()), "--advance", "Advance"),
            flag(
                self.exploration.map(|n| n.to_string()),
                "--exploration",
                "Exploration",
            ),
            flag(
                self.heuristic_playouts.map(|b| b.to_string()),
                "--heuristic-playouts",
                "HeuristicPlayouts",
            ),
            flag(
                self.leaf_eval.map(|n| n.to_string()),
                "--leaf-eval",
                "LeafEval",
            ),
            flag(
                self.leaf_scale.map(|n| n.to_string()),
                "--leaf-scale",
                "LeafScale",
            ),
            flag(
                self.material_only.then(|| "true".to_string()),
                "--material-only",
                "MaterialOnly",
            ),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Sets each tuning option through `set`, refusing a flag whose option
/// the host of `game` does not offer (it does not apply to that game).
fn tune(
    game: &str,
    offered: &[&str],
    tuning: &[Tuning],
    set: &mut dyn FnMut(&str, &str) -> Result<(), String>,
) -> anyhow::Result<()> {
    for (flag, option, value) in tuning {
        if !offered.iter().any(|o| o.eq_ignore_ascii_case(option)) {
            bail!("{flag} does not apply to {game} (its engine has no {option} option)");
        }
        set(option, value).map_err(|e| anyhow!("{flag}: {e}"))?;
    }
    Ok(())
}

/// The ultimate tic-tac-toe engine in CodinGame's referee format: the
/// same host options, set by name, then the referee loop.
fn run_codingame(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    crate::search_args::refuse_tablebase("uttt", args.tablebase.as_deref())?;
    args.rules.preset("uttt")?;
    let mut host = UtttHost::default();
    // The referee plays CodinGame's rule: its evaluation defaults too.
    host.set_option("Variant", "codingame")
        .map_err(|e| anyhow!("Variant: {e}"))?;
    let offered: Vec<&str> = host.options().iter().map(|o| o.name).collect();
    let common = [
        ("--engine", "Engine", args.engine.name().to_string()),
        ("--hash", "Hash", args.hash.to_string()),
    ];
    let tuning: Vec<Tuning> = common.into_iter().chain(args.tuning()).collect();
    tune("uttt", &offered, &tuning, &mut |option, value| {
        host.set_option(option, value)
    })?;
    let stdin = io::stdin();
    codingame::serve(
        &mut stdin.lock(),
        out,
        &mut io::stderr(),
        &host.options,
        args.movetime,
    )?;
    Ok(())
}
