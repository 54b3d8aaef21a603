//! Links over channels between threads of one process: the coordinating
//! rank's own worker uses one, and tests run whole distributed builds on
//! threads with them.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

use gamesolver_core::TierLayout;
use gamesolver_retro::tablebase::{Tablebase, TierWorker, lock_build_directory};

use crate::coordinator::{
    ClusterBuilt, ClusterError, CoordinatorLink, FinishedTier, LinkError, coordinate,
};
use crate::message::{Job, Report};
use crate::plan::Plan;
use crate::worker::{CrashAfterFirstTier, WorkerLink, serve};

/// The coordinator's end of channels to `n` workers.
pub struct LocalCoordinator {
    jobs: Vec<Sender<Job>>,
    reports: Receiver<(usize, Report)>,
}

/// One worker's end.
pub struct LocalWorker {
    id: usize,
    jobs: Receiver<Job>,
    reports: Sender<(usize, Report)>,
}

/// Channels between a coordinator and `workers` workers.
pub fn local_links(workers: usize) -> (LocalCoordinator, Vec<LocalWorker>) {
    let (report_tx, reports) = channel();
    let (jobs, ends): (Vec<_>, Vec<_>) = (0..workers)
        .map(|id| {
            let (tx, rx) = channel();
            let end = LocalWorker {
                id,
                jobs: rx,
                reports: report_tx.clone(),
            };
            (tx, end)
        })
        .unzip();
    (LocalCoordinator { jobs, reports }, ends)
}

fn gone(who: String) -> LinkError {
    LinkError::Disconnected(who)
}

impl LocalCoordinator {
    /// A report if one is waiting, without waiting.
    pub fn try_receive(&mut self) -> Result<Option<(usize, Report)>, LinkError> {
        match self.reports.try_recv() {
            Ok(report) => Ok(Some(report)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(gone("every local worker".into())),
        }
    }
}

impl CoordinatorLink for LocalCoordinator {
    fn workers(&self) -> usize {
        self.jobs.len()
    }

    fn send(&mut self, worker: usize, job: &Job) -> Result<(), LinkError> {
        let channel = self
            .jobs
            .get(worker)
            .ok_or_else(|| gone(format!("worker {worker}")))?;
        channel
            .send(job.clone())
            .map_err(|_| gone(format!("worker {worker}")))
    }

    fn receive(&mut self) -> Result<(usize, Report), LinkError> {
        self.reports
            .recv()
            .map_err(|_| gone("every local worker".into()))
    }
}

impl WorkerLink for LocalWorker {
    fn next_job(&mut self) -> Result<Job, LinkError> {
        self.jobs.recv().map_err(|_| gone("the coordinator".into()))
    }

    fn report(&mut self, report: &Report) -> Result<(), LinkError> {
        self.reports
            .send((self.id, report.clone()))
            .map_err(|_| gone("the coordinator".into()))
    }
}

/// A whole distributed build on threads of this process: `workers`
/// workers, each with its own handle on the directory made by
/// `tablebase`, as separate processes would have. The directory is locked
/// for the build.
pub fn build_on_threads<L: TierLayout>(
    tablebase: &(dyn Fn() -> Tablebase<L> + Sync),
    targets: &[L::Tier],
    workers: usize,
    on_finished: &mut dyn FnMut(&FinishedTier<L::Tier>),
) -> Result<ClusterBuilt<L::Tier>, ClusterError>
where
    L::Tier: 'static,
{
    let first = tablebase();
    let plan =
        Plan::for_build(first.layout(), targets).map_err(|e| ClusterError::Plan(e.into()))?;
    let _lock = lock_build_directory(first.dir())
        .map_err(|e| ClusterError::Start(crate::worker::with_causes(&e)))?;
    let (mut coordinator, ends) = local_links(workers);
    std::thread::scope(|scope| {
        for mut end in ends {
            let plan = &plan;
            scope.spawn(move || -> Result<(), ClusterError> {
                let mut worker = TierWorker::new(tablebase(), targets)
                    .map_err(|e| ClusterError::Start(crate::worker::with_causes(&e)))?;
                Ok(serve(
                    &mut worker,
                    plan,
                    &mut end,
                    CrashAfterFirstTier(false),
                )?)
            });
        }
        let result = coordinate(&plan, &mut coordinator, on_finished);
        // Dropping the channels lets workers still waiting for a job leave.
        drop(coordinator);
        result
    })
}
