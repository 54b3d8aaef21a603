//! `gamesolver engine`: speak an engine protocol on standard input and
//! output, for GUIs, match runners and arenas. The host is the game's own
//! ([`gamesolver_api::GameDef::protocol_host`]), or with `--format` a bot
//! format the game declares ([`gamesolver_api::BotFormat::host`]); the
//! tuning flags and `--option NAME=VALUE` are its protocol options, set by
//! name, so a flag whose option the game's host does not offer is refused.
//! The options themselves (names, ranges, defaults, docs) are the host's
//! option table (`gamesolver_api::protocol::options`); the tuning flags
//! are only aliases of `--option`, and `--list-options` prints the table.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{anyhow, bail};
use gamesolver_api::{
    BotFormat, EngineKind, EngineSpec, ErasedHost, FacadeError, GameDef, Registry,
};

use crate::numbers;
use crate::search_args::{RuleArgs, parse_hash_mb};

/// Arguments of `gamesolver engine`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (any registered game, or an alias).
    pub game: String,
    /// Speak a bot format the game declares instead of the UCI-style
    /// protocol (ultimate tic-tac-toe: `codingame`, CodinGame's referee
    /// format, under its rule).
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
    /// `--format codingame`.
    #[arg(long, conflicts_with = "format")]
    pub codingame: bool,
    /// Time per move in a bot format, in milliseconds, counted from the
    /// turn's first input line (CodinGame's arena allows 100; the search
    /// keeps 5% back, the option `Reserve`, so it answers after about 95,
    /// and more after turns a busy machine delayed).
    #[arg(long, default_value_t = 100, value_parser = numbers::movetime)]
    pub movetime: u64,
    /// Sets a protocol option of the engine before it serves, as
    /// `setoption` would (repeatable; after the flags below): e.g.
    /// `--option Tempo=20`. The engine's `uci` answer lists its options.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
    /// Prints the engine's option table (name, type, default, range and
    /// meaning, after the other flags) instead of serving.
    #[arg(long)]
    pub list_options: bool,
    /// The engine to start with (the protocol's `Engine` option changes it).
    #[arg(long, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// Transposition-table size in MB, 1 to 4096 (the `Hash` option
    /// changes it); refused outside that range, as the protocol does.
    /// Without it, the game's default (`--list-options` shows it: 4 for
    /// ultimate tic-tac-toe, 16 for the others).
    #[arg(long, value_parser = parse_hash_mb)]
    pub hash: Option<usize>,
    /// Alias of `--option LMR=BOOL` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub lmr: Option<bool>,
    /// Alias of `--option Tempo=N` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long)]
    pub tempo: Option<i32>,
    /// Alias of `--option FreeChoice=N` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long)]
    pub free_choice: Option<i32>,
    /// Alias of `--option MoverThreat=BOOL` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub mover_threat: Option<bool>,
    /// Alias of `--option Exploration=HUNDREDTHS` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, value_name = "HUNDREDTHS")]
    pub exploration: Option<i32>,
    /// Alias of `--option HeuristicPlayouts=BOOL` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub heuristic_playouts: Option<bool>,
    /// Alias of `--option LeafEval=PERCENT` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, value_name = "PERCENT")]
    pub leaf_eval: Option<i32>,
    /// Alias of `--option LeafScale=UNITS` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, value_name = "UNITS")]
    pub leaf_scale: Option<i32>,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Endgame tablebase directory (a game with tablebases): positions
    /// whose tier it holds are played from it (the `TablebasePath` option changes it).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Alias of `--option NullMove=BOOL` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub null_move: Option<bool>,
    /// Alias of `--option Quiescence=BOOL` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, action = clap::ArgAction::Set, value_name = "BOOL")]
    pub quiescence: Option<bool>,
    /// Alias of `--option MaterialOnly=true`.
    #[arg(long)]
    pub material_only: bool,
    /// Alias of `--option Advance=PERCENT` (`--list-options` gives its range,
    /// default and meaning).
    #[arg(long, value_name = "PERCENT")]
    pub advance: Option<i32>,
}

/// `NAME=VALUE` of `--option` (also `selfplay`'s).
pub(crate) fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("{text:?} is not NAME=VALUE")),
    }
}

/// Serves the protocol of a game of `registry` on standard input until
/// `quit` or its end.
pub fn run_with(
    registry: &Registry,
    args: &Args,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let game = registry.get(&args.game)?;
    let name = game.info().name;
    let mut spec = EngineSpec {
        kind: Some(args.engine.name().to_string()),
        rules: args.rules.rules.clone(),
        hash_mb: args.hash,
        seed: None,
        tablebase: args.tablebase.clone(),
        ..EngineSpec::default()
    };
    let mut host = match args.format() {
        None => game.protocol_host(&spec)?,
        Some((flag, format)) => {
            let format = bot_format(game, format).ok_or_else(|| {
                anyhow!("{flag} does not apply to {name}: its engines speak no {format} format")
            })?;
            if spec.tablebase.is_some() && game.tablebase().is_none() {
                bail!(FacadeError::Unsupported {
                    game: name,
                    what: "tablebase",
                });
            }
            // The rules are checked; the format plays its own.
            game.start(spec.rules.take().as_deref())?;
            format.host(&spec, args.movetime)?
        }
    };
    let offered: Vec<&str> = host.options().iter().map(|o| o.name).collect();
    set_options(name, &offered, &args.tuning(), host.as_mut())?;
    if args.list_options {
        for option in host.options() {
            writeln!(
                out,
                "{} {}\n    {}",
                option.name, option.description, option.doc
            )?;
        }
        return Ok(());
    }
    host.serve(Box::new(io::BufReader::new(io::stdin())), out)?;
    Ok(())
}

/// The bot format of `game` called `name`, if it declares one.
fn bot_format(game: &dyn GameDef, name: &str) -> Option<&'static dyn BotFormat> {
    game.arena()?
        .bot_formats()
        .iter()
        .copied()
        .find(|format| format.name().eq_ignore_ascii_case(name))
}

/// A tuning flag given on the command line: the flag, the protocol option
/// it sets, and the value.
type Tuning = (String, String, String);

impl Args {
    /// The bot format asked for, with the flag that asked (`--codingame`
    /// for `--format codingame`).
    fn format(&self) -> Option<(String, &str)> {
        if self.codingame {
            return Some(("--codingame".to_string(), "codingame"));
        }
        let format = self.format.as_deref()?;
        Some((format!("--format {format}"), format))
    }

    /// The tuning flags given, as protocol options (evaluation options
    /// last: `MaterialOnly` after `Advance`, so material only wins), then
    /// every `--option`.
    fn tuning(&self) -> Vec<Tuning> {
        let flag = |given: Option<String>, flag: &str, option: &str| {
            given.map(|v| (flag.to_string(), option.to_string(), v))
        };
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
        .chain(
            self.options
                .iter()
                .map(|(name, value)| (format!("--option {name}"), name.clone(), value.clone())),
        )
        .collect()
    }
}

/// Sets each tuning option on `host`, refusing a flag whose option the
/// host of `game` does not offer (it does not apply to that game).
fn set_options(
    game: &str,
    offered: &[&str],
    tuning: &[Tuning],
    host: &mut dyn ErasedHost,
) -> anyhow::Result<()> {
    for (flag, option, value) in tuning {
        if !offered.iter().any(|o| o.eq_ignore_ascii_case(option)) {
            bail!("{flag} does not apply to {game} (its engine has no {option} option)");
        }
        host.set_option(option, value)
            .map_err(|e| anyhow!("{flag}: {e}"))?;
    }
    Ok(())
}
