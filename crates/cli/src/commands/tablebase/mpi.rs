//! `gamesolver tablebase build --mpi`: the build over the ranks of
//! `mpirun` (`gamesolver-cluster`'s MPI driver, cargo feature `mpi`), for
//! any game that declares the tablebase capability: the façade hands the
//! build out as numbered jobs ([`gamesolver_api::tablebases::TierJobs`])
//! and a worker per rank. Rank 0 prints the plan, a line per finished
//! tier (unless `--quiet`), the summary and every rank's idle time; the
//! other ranks print nothing unless something fails.

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
    use gamesolver_api::error_chain;
    use gamesolver_cluster::mpi_build::MpiSession;
    use gamesolver_cluster::{BuildTier, FinishedTier, Plan};

    let jobs = tables.tables.jobs(&tables.dir, tables.rules, targets)?;
    // The tiers travel as job numbers: their names go into the fingerprint
    // the ranks compare.
    let plan = Plan::from_nodes(jobs.nodes.clone()).with_rules(format!(
        "{} {}",
        jobs.rules,
        jobs.names.join(" ")
    ));
    let session = MpiSession::initialize()?;
    let rank = session.rank();
    let stop = |error: anyhow::Error| -> ! {
        eprintln!("error (rank {rank}): {error:#}");
        session.abort(1)
    };
    if rank == 0
        && let Err(error) = announce(tables, args, targets, session.size(), out)
    {
        stop(error);
    }
    let started = std::time::Instant::now();
    let quiet = args.quiet;
    let mut finished = 0usize;
    let mut progress = |tier: &FinishedTier<u32>| {
        finished += 1;
        if !quiet {
            eprintln!("{}", progress_line(finished, &jobs.names, tier));
        }
    };
    let new_worker = || -> Result<Box<dyn BuildTier<u32> + Send>, String> {
        let worker = tables
            .tables
            .job_worker(&tables.dir, tables.rules, targets)
            .map_err(|e| error_chain(&e))?;
        Ok(Box::new(JobWorker(worker)))
    };
    match session.build(&plan, &tables.dir, &new_worker, &mut progress) {
        Ok(Some(built)) => {
            let summary = summary(&jobs, tables, &built, started.elapsed(), out);
            summary.unwrap_or_else(|error| stop(error));
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(error) => stop(error.into()),
    }
}

/// The façade's worker as the cluster's.
#[cfg(feature = "mpi")]
struct JobWorker(Box<dyn gamesolver_api::tablebases::TierJobWorker>);

#[cfg(feature = "mpi")]
impl gamesolver_cluster::BuildTier<u32> for JobWorker {
    fn build_tier(&mut self, job: u32) -> Result<gamesolver_retro::tablebase::TierBuilt, String> {
        self.0
            .build(job)
            .map_err(|e| gamesolver_api::error_chain(&e))
    }
}

/// The estimate, checked against the memory limit (every rank holds what
/// the single-machine build would keep, and one tier at a time).
#[cfg(feature = "mpi")]
fn announce(
    tables: &Tables<'_>,
    args: &Args,
    targets: &[String],
    ranks: usize,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let estimate = tables.tables.plan(tables.rules, targets)?.estimate;
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

/// The name of job `job`.
#[cfg(feature = "mpi")]
fn name(names: &[String], job: u32) -> &str {
    names.get(job as usize).map_or("?", String::as_str)
}

#[cfg(feature = "mpi")]
fn progress_line(
    count: usize,
    names: &[String],
    tier: &gamesolver_cluster::FinishedTier<u32>,
) -> String {
    let how = if tier.done.skipped {
        "file reused".to_string()
    } else {
        format!("built in {:.2} s", tier.done.elapsed.as_secs_f64())
    };
    format!(
        "[{count}] {} on rank {}: {how}",
        name(names, tier.tier),
        tier.worker
    )
}

/// The single-machine build's summary, then every rank's busy and idle
/// time.
#[cfg(feature = "mpi")]
fn summary(
    jobs: &gamesolver_api::tablebases::TierJobs,
    tables: &Tables<'_>,
    built: &gamesolver_cluster::ClusterBuilt<u32>,
    elapsed: std::time::Duration,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    use gamesolver_cluster::WorkerTime;
    use gamesolver_retro::tablebase::TierBuilt;

    let reports: Vec<TierBuilt> = built
        .tiers
        .iter()
        .map(|t| TierBuilt {
            tier: name(&jobs.names, t.tier).to_string(),
            indices: jobs.nodes.get(t.tier as usize).map_or(0, |n| n.size),
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
