//! A worker of a distributed build: it takes jobs until told to stop,
//! builds each tier with all its cores and reports what happened.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use gamesolver_core::TierLayout;
use gamesolver_retro::tablebase::{TierBuilt, TierWorker};
pub use gamesolver_retro::with_causes;

use crate::coordinator::LinkError;
use crate::message::{Job, Report, TierDone};
use crate::plan::Plan;

/// The worker's side of its link to the coordinator.
pub trait WorkerLink {
    /// The next job, waiting for one.
    fn next_job(&mut self) -> Result<Job, LinkError>;
    /// Sends a report.
    fn report(&mut self, report: &Report) -> Result<(), LinkError>;
}

/// What a worker does with a job: build its tier (or reuse its valid
/// file) once the tiers it leads to are finished; a failure as text with
/// every cause. A typed [`TierWorker`] is one; a front end's may be a
/// game's tiers behind numbers (the façade's job workers).
pub trait BuildTier<T> {
    /// Builds `tier`.
    fn build_tier(&mut self, tier: T) -> Result<TierBuilt, String>;
}

impl<L: TierLayout> BuildTier<L::Tier> for TierWorker<L> {
    fn build_tier(&mut self, tier: L::Tier) -> Result<TierBuilt, String> {
        self.build(tier, &()).map_err(|e| with_causes(&e))
    }
}

/// A fault injected for tests: the process aborts (as a crash would)
/// right after writing its first tier, before reporting it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrashAfterFirstTier(pub bool);

/// Serves jobs from `link` until it says stop; a tier that fails is
/// reported (with every cause) and the worker waits for the next word.
pub fn serve<T: Copy + Ord + std::fmt::Display>(
    worker: &mut dyn BuildTier<T>,
    plan: &Plan<T>,
    link: &mut dyn WorkerLink,
    crash: CrashAfterFirstTier,
) -> Result<(), LinkError> {
    loop {
        let position = match link.next_job()? {
            Job::Stop => return Ok(()),
            Job::Build(position) => position,
        };
        let report = build(worker, plan, position);
        if crash.0 && matches!(report, Report::Done(_)) {
            eprintln!("test fault: this rank aborts after its first tier");
            std::process::abort();
        }
        link.report(&report)?;
    }
}

/// Builds the tier at `position` of the plan, a panic included in the
/// failures it reports.
fn build<T: Copy + Ord + std::fmt::Display>(
    worker: &mut dyn BuildTier<T>,
    plan: &Plan<T>,
    position: u32,
) -> Report {
    let Some(tier) = plan.tier(position) else {
        return failed(position, format!("the plan has no tier at {position}"));
    };
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| worker.build_tier(tier)));
    match result {
        Ok(Ok(built)) => Report::Done(done(position, &built, started)),
        Ok(Err(message)) => failed(position, message),
        Err(panic) => failed(position, format!("panicked: {}", panic_text(&*panic))),
    }
}

fn done(position: u32, built: &TierBuilt, started: Instant) -> TierDone {
    TierDone {
        tier: position,
        skipped: built.skipped,
        replaced: built.replaced.clone(),
        elapsed: built.elapsed,
        file_bytes: built.file_bytes,
        busy: started.elapsed(),
    }
}

fn failed(tier: u32, message: String) -> Report {
    Report::Failed { tier, message }
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}
