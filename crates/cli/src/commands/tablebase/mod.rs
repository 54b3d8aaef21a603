//! `gamesolver tablebase`: endgame tablebases of any game that declares
//! the tablebase capability (build, probe, stats, verify, WDL files,
//! report, self-check).
//!
//! A tablebase is a directory with one file per tier (Jungle's `LR-e.gstb`,
//! dōbutsu's `LC.gstb`); `--dir` names it (default `tables/<game>`).

mod build;
mod mpi;
mod peak_memory;
mod probe;
mod progress;
mod report;
mod selfcheck;
mod stats;
mod verify;
mod wdl;

use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;
use gamesolver_api::tablebases::TierScan;
use gamesolver_api::{GameDef, Registry, Tablebases};

use crate::game_arg::{self, GameName};

/// The game argument of the tablebase actions: a registry name (parsed by
/// [`game_arg::registered`]).
pub type TablebaseGame = GameName;

/// Where the tablebase lives and for which rules.
#[derive(Debug, Clone, clap::Args)]
pub struct Location {
    /// The tablebase directory (default: `tables/<game>`).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// The rules preset, one of the game's (default: its first), e.g.
    /// Jungle's standard, dog-over-wolf or rat-across-water.
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
}

/// A tablebase action's game, its capability and its directory.
pub(crate) struct Tables<'r> {
    /// The games served (for positions read from game records).
    pub(crate) registry: &'r Registry,
    /// The game.
    pub(crate) game: &'r dyn GameDef,
    /// Its tablebase capability.
    pub(crate) tables: &'r dyn Tablebases,
    /// The directory.
    pub(crate) dir: PathBuf,
    /// The rules preset asked for (None: the game's default).
    pub(crate) rules: Option<&'r str>,
}

impl<'r> Tables<'r> {
    /// The game called `name` (None: the first game of `registry` that
    /// declares tablebases), refused by the capability's name if it has
    /// none, with the directory and rules of `location`.
    pub(crate) fn of(
        registry: &'r Registry,
        name: Option<&str>,
        location: &'r Location,
    ) -> anyhow::Result<Tables<'r>> {
        let game = match name {
            Some(name) => registry.get(name)?,
            None => match registry.games().find(|g| g.tablebase().is_some()) {
                Some(game) => game,
                None => bail!("no game of this program has tablebases"),
            },
        };
        let tables = game_arg::require(game, "tablebase", GameDef::tablebase)?;
        let rules = location.rules.as_deref();
        gamesolver_api::model::resolve_rules(game.info(), rules)?;
        let dir = location
            .dir
            .clone()
            .unwrap_or_else(|| PathBuf::from("tables").join(game.info().name));
        Ok(Tables {
            registry,
            game,
            tables,
            dir,
            rules,
        })
    }

    /// The game's name.
    pub(crate) fn name(&self) -> &'static str {
        self.game.info().name
    }

    /// The directory listed: a missing one, or one without any `*.gstb`
    /// entry, is an error; entries that are not tier files are noted on
    /// standard error.
    pub(crate) fn scan(&self) -> anyhow::Result<TierScan> {
        let scan = self.tables.scan(&self.dir, self.rules)?;
        for path in &scan.ignored {
            eprintln!("note: {} is not a tablebase file; ignored", path.display());
        }
        if scan.is_empty() {
            bail!(
                "{} holds no tablebase file (*.gstb); build one with \
                 `gamesolver tablebase build {} --max-pieces N --dir {}`",
                self.dir.display(),
                self.name(),
                self.dir.display()
            );
        }
        Ok(scan)
    }
}

/// Fails, naming every file that could not be used, if there is one.
pub(crate) fn fail_if_rejected(scan: &TierScan) -> anyhow::Result<()> {
    if scan.problems.is_empty() {
        return Ok(());
    }
    bail!(
        "{} tablebase file(s) could not be used:\n  {}",
        scan.problems.len(),
        scan.problems.join("\n  ")
    )
}

/// Arguments of `gamesolver tablebase`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// The tablebase actions.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Build the tables of every tier up to N pieces, or of one tier
    /// and everything it leads to.
    Build(build::Args),
    /// Value, distance, every move and the main line of one position.
    Probe(probe::Args),
    /// Per tier: won, drawn and lost positions and the longest win.
    Stats(stats::Args),
    /// Re-check every stored position against its children.
    Verify(verify::Args),
    /// Write the WDL files (win/draw/loss only, for searches) of a
    /// directory's distance files, and measure them.
    Wdl(wdl::Args),
    /// One self-contained HTML page of the statistics (for a game that
    /// has one): W/D/L, longest wins, win distances, classes, a heat map.
    Report(report::Args),
    /// Play sampled positions out with the engine using the tables, and
    /// check every game ends as the table says.
    Selfcheck(selfcheck::Args),
}

/// Runs the action for a game of `registry`.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    match &args.action {
        Action::Build(a) => build::run(&Tables::of(registry, Some(&a.game), &a.location)?, a, out),
        Action::Probe(a) => probe::run(&Tables::of(registry, Some(&a.game), &a.location)?, a, out),
        Action::Stats(a) => stats::run(
            &Tables::of(registry, a.game.as_deref(), &a.location)?,
            a,
            out,
        ),
        Action::Verify(a) => {
            verify::run(&Tables::of(registry, a.game.as_deref(), &a.location)?, out)
        }
        Action::Wdl(a) => wdl::run(
            &Tables::of(registry, a.game.as_deref(), &a.location)?,
            a,
            out,
        ),
        Action::Report(a) => report::run(
            &Tables::of(registry, a.game.as_deref(), &a.location)?,
            a,
            out,
        ),
        Action::Selfcheck(a) => selfcheck::run(
            &Tables::of(registry, a.game.as_deref(), &a.location)?,
            a,
            out,
        ),
    }
}
