//! `gamesolver tablebase build`.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::bail;
use gamesolver_api::BuildTarget;
use gamesolver_retro::tablebase::{BuildEstimate, DEFAULT_MEMORY_LIMIT, TierBuilt};

use super::progress::{BuildBars, si};
use super::{Location, TablebaseGame, Tables};

/// Arguments of `gamesolver tablebase build`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: TablebaseGame,
    /// Build every tier with at most this many pieces (Jungle: 2 to 4;
    /// dōbutsu: 2 to 8).
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "material",
        required_unless_present = "material"
    )]
    pub max_pieces: Option<u32>,
    /// Build this tier and every tier it leads to, named as the game names
    /// it: a Jungle material BOTTOM-TOP, strongest first, e.g. `LR-e` (lion
    /// and rat against an elephant) or `LTE-er`; a dōbutsu one, e.g. `LC`.
    #[arg(long, value_name = "SPEC")]
    pub material: Option<String>,
    /// Where the tables go.
    #[command(flatten)]
    pub location: Location,
    /// Refuse a build whose estimated memory exceeds this many MiB.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MEMORY_LIMIT >> 20)]
    pub memory_limit: u64,
    /// No progress bars.
    #[arg(long)]
    pub quiet: bool,
    /// Build over the ranks of `mpirun` (see docs/CLUSTER.md).
    #[arg(long)]
    pub mpi: bool,
    /// Build under a no-capture rule of this many plies instead of the
    /// game's 200: tables for tests of the rule, with cursed wins and
    /// blessed losses within two pieces; every reader takes the rule from
    /// the files.
    #[arg(long, value_name = "PLIES", conflicts_with = "mpi",
          value_parser = clap::value_parser!(u16).range(1..=200))]
    pub quiet_ply_limit: Option<u16>,
}

/// Builds the tables and prints a summary; the estimate first, so a large
/// build says what it will take before it starts.
pub fn run(tables: &Tables<'_>, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let targets = targets(tables, args)?;
    if args.mpi {
        return super::mpi::run(tables, args, &targets, out);
    }
    let plan = tables.tables.plan(tables.rules, &targets)?;
    write_estimate(out, &plan.estimate, args.memory_limit)?;
    out.flush()?;
    let started = Instant::now();
    let bars = BuildBars::new(args.quiet);
    let limit = args.memory_limit.saturating_mul(1 << 20);
    let reports = match args.quiet_ply_limit {
        Some(plies) => {
            tables
                .tables
                .build_under_rule(&tables.dir, tables.rules, plies, &targets, limit, &bars)
        }
        None => tables
            .tables
            .build(&tables.dir, tables.rules, &targets, limit, &bars),
    };
    bars.finish();
    write_summary(out, &reports?, started.elapsed(), tables)
}

pub(super) fn write_estimate(
    out: &mut dyn Write,
    estimate: &BuildEstimate,
    limit_mib: u64,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "plan: {estimate}; memory about {} MiB (limit {limit_mib} MiB)",
        estimate.memory_bytes.div_ceil(1 << 20)
    )?;
    Ok(())
}

/// What to build, checked against the game's piece limits whichever way
/// it is asked for.
fn targets(tables: &Tables<'_>, args: &Args) -> anyhow::Result<Vec<String>> {
    let limits = tables.tables.piece_limits();
    let target = match (args.max_pieces, &args.material) {
        (Some(n), _) if !(limits.fewest..=limits.all_up_to).contains(&n) => {
            let (fewest, most) = (limits.fewest, limits.all_up_to);
            bail!(
                "--max-pieces takes {fewest} to {most} (each side keeps at least one piece; \
                 more than {most} pieces are out of reach here)"
            )
        }
        (Some(n), _) => BuildTarget::MaxPieces(n),
        (None, Some(spec)) => BuildTarget::Tier(spec.clone()),
        (None, None) => bail!("say what to build: --max-pieces N or --material SPEC"),
    };
    let named = tables.tables.targets(&target)?;
    Ok(named.into_iter().map(|(tier, _)| tier).collect())
}

/// The build's one-line summary (after a line per damaged file that was
/// replaced): tiers built and reused, indices built, time and rate, the
/// files' size, peak memory.
pub(super) fn write_summary(
    out: &mut dyn Write,
    reports: &[TierBuilt],
    elapsed: Duration,
    tables: &Tables<'_>,
) -> anyhow::Result<()> {
    for replaced in reports.iter().filter_map(|r| r.replaced.as_ref()) {
        writeln!(out, "replaced a damaged file: {replaced}")?;
    }
    let built = reports.iter().filter(|r| !r.skipped).count();
    let indices: u64 = reports
        .iter()
        .filter(|r| !r.skipped)
        .map(|r| r.indices)
        .sum();
    let bytes: u64 = reports.iter().map(|r| r.file_bytes).sum();
    let seconds = elapsed.as_secs_f64();
    let peak = match super::peak_memory::peak_resident_bytes() {
        Some(peak) => format!("{} MiB", peak.div_ceil(1 << 20)),
        None => "unknown".to_string(),
    };
    writeln!(
        out,
        "{} tiers in {}: {built} built, {} reused; {} indices built in {seconds:.1} s \
         ({} indices/s); files {:.1} MiB; peak memory {peak}",
        reports.len(),
        tables.dir.display(),
        reports.len() - built,
        si(indices as f64),
        si(indices as f64 / seconds.max(1e-9)),
        bytes as f64 / 1_048_576.0,
    )?;
    Ok(())
}
