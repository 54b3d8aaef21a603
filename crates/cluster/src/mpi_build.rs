//! The build under `mpirun` (feature `mpi`, through rsmpi): rank 0
//! coordinates and also works (a thread of its own with a channel link),
//! every other rank works; jobs and reports are small byte messages.
//!
//! Only rank 0's main thread calls MPI (`MPI_THREAD_FUNNELED`); both sides
//! poll for messages with a short sleep, so an idle rank does not spin on
//! a core its neighbours need.
//!
//! When a rank dies, OpenMPI's runtime (or the batch system) ends the
//! others with SIGTERM: rank 0 then says the build stopped and how to
//! resume. A rank whose tier fails reports the error; rank 0 prints it and
//! aborts every rank ([`MpiSession::abort`]).

use std::path::Path;
use std::time::Duration;

use mpi::environment::Universe;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::point_to_point::{Destination, Source};
use mpi::topology::{Communicator, Rank, SimpleCommunicator};
use mpi::traits::Root;
use thiserror::Error;

use gamesolver_retro::tablebase::lock_build_directory;

use crate::coordinator::{
    ClusterBuilt, ClusterError, CoordinatorLink, FinishedTier, LinkError, coordinate,
};
use crate::local::{LocalCoordinator, LocalWorker, local_links};
use crate::message::{Job, Report};
use crate::plan::Plan;
use crate::worker::{BuildTier, CrashAfterFirstTier, WorkerLink, serve, with_causes};

/// The environment variable of the test fault: the rank it names aborts
/// right after writing its first tier (see [`CrashAfterFirstTier`]).
pub const CRASH_RANK_VARIABLE: &str = "GAMESOLVER_TEST_CRASH_RANK";

/// How long a waiting side sleeps between looks for a message.
const POLL: Duration = Duration::from_millis(1);

/// Why MPI could not be used.
#[derive(Debug, Error)]
pub enum MpiError {
    /// MPI was initialised already, or could not be.
    #[error("MPI cannot be initialised (already initialised in this process?)")]
    Initialise,
    /// The MPI library cannot give rank 0's main thread the MPI calls
    /// while other threads work.
    #[error("the MPI library does not support threads (MPI_THREAD_FUNNELED)")]
    Threading,
    /// Signal handling could not be set up.
    #[error("cannot watch for SIGTERM: {0}")]
    Signals(std::io::Error),
}

/// MPI, initialised for this process until dropped.
pub struct MpiSession {
    _universe: Universe,
    world: SimpleCommunicator,
}

impl MpiSession {
    /// Initialises MPI (once per process).
    pub fn initialize() -> Result<Self, MpiError> {
        let (universe, threading) =
            mpi::initialize_with_threading(mpi::Threading::Funneled).ok_or(MpiError::Initialise)?;
        if threading < mpi::Threading::Funneled {
            return Err(MpiError::Threading);
        }
        let world = universe.world();
        Ok(MpiSession {
            _universe: universe,
            world,
        })
    }

    /// This process's rank.
    pub fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    /// The number of ranks.
    pub fn size(&self) -> usize {
        self.world.size() as usize
    }

    /// Ends every rank of the job with exit code `code`.
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }

    /// Builds `plan` in `dir` over every rank: on rank 0 the result
    /// (every rank stopped), on the others `None` once told to stop.
    /// `new_worker` makes this process's worker (rank 0 builds too, on a
    /// thread of its own); every rank must plan the same build. Rank 0
    /// says, on stderr, why the build stopped when SIGTERM ends it.
    pub fn build<T>(
        &self,
        plan: &Plan<T>,
        dir: &Path,
        new_worker: &dyn Fn() -> Result<Box<dyn BuildTier<T> + Send>, String>,
        on_finished: &mut dyn FnMut(&FinishedTier<T>),
    ) -> Result<Option<ClusterBuilt<T>>, ClusterError>
    where
        T: Copy + Ord + std::fmt::Display + Send + Sync + 'static,
    {
        let worker = new_worker().map_err(ClusterError::Start)?;
        if self.rank() != 0 {
            self.agree_on(plan)?;
            let mut link = MpiWorker { world: &self.world };
            let mut worker = worker;
            serve(&mut *worker, plan, &mut link, crash_here(self.rank()))?;
            return Ok(None);
        }
        let start = |e: &dyn std::error::Error| ClusterError::Start(with_causes(e));
        let _lock = lock_build_directory(dir).map_err(|e| start(&e))?;
        self.agree_on(plan)?;
        explain_termination(&dir.display().to_string()).map_err(|e| start(&e))?;
        let (local, mut ends) = local_links(1);
        let end = ends.pop().expect("one local worker");
        spawn_local_worker(worker, plan.clone(), end);
        let mut link = MpiCoordinator {
            world: &self.world,
            local,
        };
        coordinate(plan, &mut link, on_finished).map(Some)
    }

    /// Every rank must plan the same build: rank 0 gathers the plans'
    /// fingerprints and refuses to start when one differs.
    fn agree_on<T: Copy + Ord + std::fmt::Display>(
        &self,
        plan: &Plan<T>,
    ) -> Result<(), ClusterError> {
        let root = self.world.process_at_rank(0);
        let mine = plan.fingerprint();
        if self.rank() != 0 {
            root.gather_into(&mine);
            return Ok(());
        }
        let mut all = vec![0u64; self.size()];
        root.gather_into_root(&mine, &mut all[..]);
        match all.iter().position(|&f| f != mine) {
            None => Ok(()),
            Some(rank) => Err(ClusterError::Start(format!(
                "rank {rank} plans another build than rank 0 (other arguments or another \
                 gamesolver program?)"
            ))),
        }
    }
}

/// Whether this rank is the one the test fault names.
fn crash_here(rank: usize) -> CrashAfterFirstTier {
    let named = std::env::var(CRASH_RANK_VARIABLE).ok();
    CrashAfterFirstTier(named.and_then(|v| v.parse::<usize>().ok()) == Some(rank))
}

/// Rank 0's own worker, on a thread that makes no MPI call.
fn spawn_local_worker<T>(
    mut worker: Box<dyn BuildTier<T> + Send>,
    plan: Plan<T>,
    mut end: LocalWorker,
) where
    T: Copy + Ord + std::fmt::Display + Send + Sync + 'static,
{
    std::thread::spawn(move || {
        // A broken channel means the coordinator has stopped: nothing to say.
        let _ = serve(&mut *worker, &plan, &mut end, crash_here(0));
    });
}

/// On SIGTERM (OpenMPI ends the other ranks this way when one dies; a
/// batch system when the job is cancelled or out of time), says what
/// happened and exits with code 1.
fn explain_termination(dir: &str) -> Result<(), MpiError> {
    use signal_hook::consts::SIGTERM;
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM]).map_err(MpiError::Signals)?;
    let dir = dir.to_string();
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            eprintln!(
                "error: the build was stopped by SIGTERM: a rank died (mpirun names it) or the \
                 job was cancelled or ran out of time. Finished tier files in {dir} are kept: \
                 run the same command again to resume."
            );
            std::process::exit(1);
        }
    });
    Ok(())
}

/// Rank 0's links: worker 0 is its own thread, worker `r` is rank `r`.
struct MpiCoordinator<'a> {
    world: &'a SimpleCommunicator,
    local: LocalCoordinator,
}

impl CoordinatorLink for MpiCoordinator<'_> {
    fn workers(&self) -> usize {
        self.world.size() as usize
    }

    fn send(&mut self, worker: usize, job: &Job) -> Result<(), LinkError> {
        if worker == 0 {
            return self.local.send(0, job);
        }
        let rank = Rank::try_from(worker)
            .map_err(|_| LinkError::Disconnected(format!("rank {worker}")))?;
        self.world.process_at_rank(rank).send(&job.encode()[..]);
        Ok(())
    }

    fn receive(&mut self) -> Result<(usize, Report), LinkError> {
        loop {
            if let Some(report) = self.local.try_receive()? {
                return Ok(report);
            }
            if let Some(probed) = self.world.any_process().immediate_matched_probe() {
                let (bytes, status) = probed.matched_receive_vec::<u8>();
                let rank = status.source_rank() as usize;
                let report = Report::decode(&bytes).map_err(|source| LinkError::Message {
                    from: format!("rank {rank}"),
                    source,
                })?;
                return Ok((rank, report));
            }
            std::thread::sleep(POLL);
        }
    }
}

/// A worker rank's link to rank 0.
struct MpiWorker<'a> {
    world: &'a SimpleCommunicator,
}

impl WorkerLink for MpiWorker<'_> {
    fn next_job(&mut self) -> Result<Job, LinkError> {
        let root = self.world.process_at_rank(0);
        loop {
            if let Some(probed) = root.immediate_matched_probe() {
                let (bytes, _) = probed.matched_receive_vec::<u8>();
                return Job::decode(&bytes).map_err(|source| LinkError::Message {
                    from: "rank 0".into(),
                    source,
                });
            }
            std::thread::sleep(POLL);
        }
    }

    fn report(&mut self, report: &Report) -> Result<(), LinkError> {
        self.world.process_at_rank(0).send(&report.encode()[..]);
        Ok(())
    }
}
