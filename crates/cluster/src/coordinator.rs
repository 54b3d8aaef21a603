//! The coordinator of a distributed build: it hands every ready tier
//! (biggest first) to an idle worker, waits for reports, releases the
//! parents of finished tiers, and stops at the first failure.

use std::time::{Duration, Instant};

use thiserror::Error;

use gamesolver_retro::tablebase::ReadySetError;

use crate::idle::WorkerTime;
use crate::message::{Job, MessageError, Report, TierDone};
use crate::plan::Plan;

/// Why the link to a worker broke.
#[derive(Debug, Error)]
pub enum LinkError {
    /// A worker (or the coordinator) is gone.
    #[error("{0} is gone")]
    Disconnected(String),
    /// A message could not be read.
    #[error("a message from {from} is damaged")]
    Message {
        /// Who sent it.
        from: String,
        /// What was wrong.
        #[source]
        source: MessageError,
    },
}

/// The coordinator's side of the links to its workers (numbered from 0).
pub trait CoordinatorLink {
    /// How many workers there are.
    fn workers(&self) -> usize;
    /// Sends `job` to `worker`.
    fn send(&mut self, worker: usize, job: &Job) -> Result<(), LinkError>;
    /// The next report of any worker, waiting for one.
    fn receive(&mut self) -> Result<(usize, Report), LinkError>;
}

/// Why a distributed build stopped.
#[derive(Debug, Error)]
pub enum ClusterError {
    /// A worker could not build its tier.
    #[error(
        "rank {worker} failed on tier {tier}: {message}\n\
         the build stopped; finished tier files are kept: run the same command again to resume"
    )]
    WorkerFailed {
        /// The worker (its rank).
        worker: usize,
        /// The tier.
        tier: String,
        /// Why, with every cause.
        message: String,
    },
    /// A worker reported something it was not asked for.
    #[error("rank {worker} broke the protocol: {what}")]
    Protocol {
        /// The worker.
        worker: usize,
        /// What it did.
        what: String,
    },
    /// The plan cannot be scheduled.
    #[error(transparent)]
    Plan(#[from] ReadySetError),
    /// A link broke.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// The build could not start (the directory cannot be created or is
    /// locked by another build, the plan is too large, …).
    #[error("cannot start the build: {0}")]
    Start(String),
    /// The coordinator has no worker.
    #[error("a distributed build needs at least one worker")]
    NoWorkers,
}

/// A finished tier: where it was built and what its worker reported.
#[derive(Clone, Debug)]
pub struct FinishedTier<T> {
    /// The tier.
    pub tier: T,
    /// The worker that built it.
    pub worker: usize,
    /// Its report.
    pub done: TierDone,
}

/// What a distributed build did.
#[derive(Clone, Debug)]
pub struct ClusterBuilt<T> {
    /// Every tier, in the order they finished.
    pub tiers: Vec<FinishedTier<T>>,
    /// Per worker, its busy and idle time.
    pub workers: Vec<WorkerTime>,
    /// Wall time from the first job to the last report.
    pub wall: Duration,
}

/// Runs the build of `plan` over `link`'s workers; `on_finished` hears of
/// every finished tier. Every worker is told to stop at the end (not when
/// the build fails: the caller then takes the processes down).
pub fn coordinate<T: Copy + Ord + std::fmt::Display>(
    plan: &Plan<T>,
    link: &mut dyn CoordinatorLink,
    on_finished: &mut dyn FnMut(&FinishedTier<T>),
) -> Result<ClusterBuilt<T>, ClusterError> {
    let workers = link.workers();
    if workers == 0 {
        return Err(ClusterError::NoWorkers);
    }
    let mut ready = plan.ready_set()?;
    let started = Instant::now();
    let mut assigned: Vec<Option<u32>> = vec![None; workers];
    let mut busy = vec![Duration::ZERO; workers];
    let mut counts = vec![0usize; workers];
    let mut tiers = Vec::with_capacity(plan.nodes().len());
    while !ready.is_done() {
        hand_out(plan, &mut ready, &mut assigned, link)?;
        let (worker, report) = link.receive()?;
        let done = accept(plan, &mut assigned, worker, report)?;
        let tier = plan.tier(done.tier).expect("accepted tiers are planned");
        ready.finish(tier)?;
        busy[worker] += done.busy;
        counts[worker] += 1;
        let finished = FinishedTier { tier, worker, done };
        on_finished(&finished);
        tiers.push(finished);
    }
    for worker in 0..workers {
        link.send(worker, &Job::Stop)?;
    }
    let wall = started.elapsed();
    Ok(ClusterBuilt {
        tiers,
        workers: WorkerTime::of_workers(&busy, &counts, wall),
        wall,
    })
}

/// Gives ready tiers, biggest first, to idle workers, lowest number first.
fn hand_out<T: Copy + Ord + std::fmt::Display>(
    plan: &Plan<T>,
    ready: &mut gamesolver_retro::tablebase::ReadySet<T>,
    assigned: &mut [Option<u32>],
    link: &mut dyn CoordinatorLink,
) -> Result<(), ClusterError> {
    for (worker, slot) in assigned.iter_mut().enumerate() {
        if slot.is_some() {
            continue;
        }
        let Some(tier) = ready.next_ready() else {
            break;
        };
        let position = plan.position(tier).expect("ready tiers are planned");
        link.send(worker, &Job::Build(position))?;
        *slot = Some(position);
    }
    Ok(())
}

/// Checks a report against what its worker was given.
fn accept<T: Copy + Ord + std::fmt::Display>(
    plan: &Plan<T>,
    assigned: &mut [Option<u32>],
    worker: usize,
    report: Report,
) -> Result<TierDone, ClusterError> {
    let reported = match &report {
        Report::Done(done) => done.tier,
        Report::Failed { tier, .. } => *tier,
    };
    let given = assigned.get_mut(worker).and_then(Option::take);
    if given != Some(reported) {
        return Err(ClusterError::Protocol {
            worker,
            what: format!("it reported plan position {reported}, it was given {given:?}"),
        });
    }
    match report {
        Report::Done(done) => Ok(done),
        Report::Failed { tier, message } => Err(ClusterError::WorkerFailed {
            worker,
            tier: plan.tier(tier).map_or(tier.to_string(), |t| t.to_string()),
            message,
        }),
    }
}
