//! `gamesolver tablebase`: Jungle endgame tablebases (build, probe, stats,
//! verify).
//!
//! A tablebase is a directory with one file per material (`LR-e.gstb`);
//! `--dir` names it (default `tables/jungle`).

mod build;
mod mpi;
mod peak_memory;
mod probe;
mod progress;
mod report;
mod report_html;
mod report_svg;
mod selfcheck;
mod stats;
mod summary;
mod verify;
mod wdl;

use std::io::Write;
use std::path::PathBuf;

use gamesolver_api::Registry;
use gamesolver_engines::jungle::tablebase::TablebaseHandle;
use gamesolver_games::jungle::{JungleTiers, Variant};
use gamesolver_retro::tablebase::Tablebase;

use crate::game_arg::{self, GameName};

/// The game argument of `build` and `probe`: a registry name (parsed by
/// [`game_arg::registered`]), checked by [`tablebase_game`].
pub type TablebaseGame = GameName;

/// Refuses a game without tablebases by name, and one whose tables this
/// command cannot build (it builds Jungle's; the generic tablebase service
/// replaces this).
fn tablebase_game(registry: &Registry, name: &str) -> anyhow::Result<()> {
    let game = game_arg::resolve(registry, name, "tablebase", |c| c.tablebase)?;
    let name = game.info().name;
    anyhow::ensure!(
        name == "jungle",
        "{name} has tablebases, but `gamesolver tablebase` builds and probes Jungle's only"
    );
    Ok(())
}

/// Where the tablebase lives and for which rules.
#[derive(Debug, Clone, clap::Args)]
pub struct Location {
    /// The tablebase directory.
    #[arg(long, value_name = "DIR", default_value = "tables/jungle")]
    pub dir: PathBuf,
    /// The rules preset: standard, dog-over-wolf or rat-across-water.
    #[arg(long, default_value = "standard")]
    pub rules: Variant,
}

impl Location {
    /// The tablebase at this location (its files are opened on first
    /// use), the colour symmetry folded: one material of each colour pair
    /// is stored (`LR-e`, not `E-lr`) and the other probed through it.
    pub(crate) fn open(&self) -> Tablebase<JungleTiers> {
        Tablebase::new(JungleTiers::colour_folded(self.rules), &self.dir)
    }

    /// The directory opened for play: refused if unreadable or empty.
    pub fn handle(&self) -> anyhow::Result<TablebaseHandle> {
        Ok(TablebaseHandle::open(&self.dir, self.rules)?)
    }
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
    /// Build the tables of every material up to N pieces, or of one material
    /// and everything it captures into.
    Build(build::Args),
    /// Value, distance, every move and the main line of one position.
    Probe(probe::Args),
    /// Per material: won, drawn and lost positions and the longest win.
    Stats(stats::Args),
    /// Re-check every stored position against its children.
    Verify(verify::Args),
    /// Write the WDL files (win/draw/loss only, for searches) of a
    /// directory's distance files, and measure them.
    Wdl(wdl::Args),
    /// One self-contained HTML page of the statistics: W/D/L, longest
    /// wins, win distances, material classes and a board heat map.
    Report(report::Args),
    /// Play sampled positions out with the engine using the tables, and
    /// check every game ends as the table says.
    Selfcheck(selfcheck::Args),
}

/// Runs the action (`build` and `probe` for a game of `registry`).
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    match &args.action {
        Action::Build(a) => tablebase_game(registry, &a.game).and_then(|()| build::run(a, out)),
        Action::Probe(a) => tablebase_game(registry, &a.game).and_then(|()| probe::run(a, out)),
        Action::Stats(a) => stats::run(a, out),
        Action::Verify(a) => verify::run(a, out),
        Action::Wdl(a) => wdl::run(a, out),
        Action::Report(a) => report::run(a, out),
        Action::Selfcheck(a) => selfcheck::run(a, out),
    }
}
