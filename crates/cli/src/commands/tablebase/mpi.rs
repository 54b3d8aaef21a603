//! `gamesolver tablebase build --mpi`: the build over the ranks of
//! `mpirun` (`gamesolver-cluster`'s MPI driver, cargo feature `mpi`).
//! Rank 0 prints the plan, a line per finished tier (unless `--quiet`),
//! the summary and every rank's idle time; the other ranks print nothing
//! unless something fails.
//!
//! The MPI driver is typed with Jungle's tiers (the one game with
//! distributed builds so far): the targets must be Jungle materials, and
//! another game's tiers are refused as such.

use std::io::Write;

use super::Tables;
use super::build::Args;

/// Without the feature: says how to get it.
#[cfg(not(feature = "mpi"))]
pub(super) fn run(
    _tables: &Tables<'_>,
    _args: &Args,
    _targets: &[String],
    _out: &mut dyn Write,
) -> anyhow::Result<()> {
    anyhow::bail!(
        "this gamesolver was built without MPI: build it with `cargo build --release \
         --features mpi` (needs OpenMPI's headers and libclang; see docs/CLUSTER.md)"
    )
}

/// Builds over every rank; an error on any rank ends them all.
#[cfg(feature = "mpi")]
pub(super) fn run(
    tables: &Tables<'_>,
    args: &Args,
    targets: &[String],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    use gamesolver_cluster::FinishedTier;
    use gamesolver_cluster::mpi_build::MpiSession;
    use gamesolver_games::jungle::{Material, Variant};

    let rules: Variant = gamesolver_api::model::resolve_rules(tables.game.info(), tables.rules)?
        .parse()
        .map_err(|_| anyhow::anyhow!("MPI builds take Jungle's rules presets"))?;
    let targets: Vec<Material> = targets
        .iter()
        .map(|t| t.parse::<Material>())
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow::anyhow!("MPI builds take Jungle materials: {e}"))?;
    let targets = &targets[..];
    let open = || gamesolver_engines::jungle::tablebase::tables_in(&tables.dir, rules);
    let session = MpiSession::initialize()?;
    let rank = session.rank();
    let stop = |error: anyhow::Error| -> ! {
        eprintln!("error (rank {rank}): {error:#}");
        session.abort(1)
    };
    if rank == 0
        && let Err(error) = plan(&open(), args, targets, session.size(), out)
    {
        stop(error);
    }
    let started = std::time::Instant::now();
    let quiet = args.quiet;
    let mut finished = 0usize;
    let mut progress = |tier: &FinishedTier<Material>| {
        finished += 1;
        if !quiet {
            eprintln!("{}", progress_line(finished, tier));
        }
    };
    let tablebase = open;
    match session.build(&tablebase, targets, &mut progress) {
        Ok(Some(built)) => {
            let summary = summary(&open(), tables, &built, started.elapsed(), out);
            summary.unwrap_or_else(|error| stop(error));
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(error) => stop(error.into()),
    }
}

/// The estimate, checked against the memory limit (every rank holds what
/// the single-machine build would keep, and one tier at a time).
#[cfg(feature = "mpi")]
fn plan(
    tablebase: &gamesolver_retro::tablebase::Tablebase<gamesolver_games::jungle::JungleTiers>,
    args: &Args,
    targets: &[gamesolver_games::jungle::Material],
    ranks: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let estimate = gamesolver_retro::tablebase::estimate(tablebase.layout(), targets)?;
    super::build::write_estimate(out, &estimate, args.memory_limit)?;
    let limit = args.memory_limit.saturating_mul(1 << 20);
    if estimate.memory_bytes > limit {
        anyhow::bail!(
            "each rank may need about {} MiB, more than the limit of {} MiB",
            estimate.memory_bytes >> 20,
            args.memory_limit
        );
    }
    writeln!(
        out,
        "MPI: {ranks} ranks; rank 0 schedules and builds, every rank builds one tier at a time \
         on all its cores"
    )?;
    out.flush()?;
    Ok(())
}

#[cfg(feature = "mpi")]
fn progress_line(
    count: usize,
    tier: &gamesolver_cluster::FinishedTier<gamesolver_games::jungle::Material>,
) -> String {
    let how = if tier.done.skipped {
        "file reused".to_string()
    } else {
        format!("built in {:.2} s", tier.done.elapsed.as_secs_f64())
    };
    format!("[{count}] {} on rank {}: {how}", tier.tier, tier.worker)
}

/// The single-machine build's summary, then every rank's busy and idle
/// time.
#[cfg(feature = "mpi")]
fn summary(
    layout: &gamesolver_retro::tablebase::Tablebase<gamesolver_games::jungle::JungleTiers>,
    tables: &Tables<'_>,
    built: &gamesolver_cluster::ClusterBuilt<gamesolver_games::jungle::Material>,
    elapsed: std::time::Duration,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    use gamesolver_cluster::WorkerTime;
    use gamesolver_retro::tablebase::TierBuilt;

    let reports: Vec<TierBuilt> = built
        .tiers
        .iter()
        .map(|t| TierBuilt {
            tier: t.tier.to_string(),
            indices: gamesolver_core::TierLayout::tier_len(layout.layout(), t.tier),
            skipped: t.done.skipped,
            replaced: t.done.replaced.clone(),
            elapsed: t.done.elapsed,
            file_bytes: t.done.file_bytes,
        })
        .collect();
    super::build::write_summary(out, &reports, elapsed, tables)?;
    for worker in &built.workers {
        writeln!(out, "{worker}")?;
    }
    writeln!(
        out,
        "idle: {:.1}% of {} ranks' time over {:.2} s",
        100.0 * WorkerTime::idle_share(&built.workers),
        built.workers.len(),
        built.wall.as_secs_f64()
    )?;
    Ok(())
}
