//! Tablebase builds over several processes, and their simulation.
//!
//! A distributed build has one coordinator and any number of workers
//! sharing one directory. The coordinator ([`coordinate`]) keeps the
//! [`ReadySet`](gamesolver_retro::tablebase::ReadySet) of the build's
//! [`Plan`]: tiers whose successors are all finished, handed out biggest
//! first to idle workers; a finished tier releases its parents. A worker
//! ([`serve`]) builds each tier it is given on all its cores with the
//! single-machine build's code, reading its successors from the files
//! other workers wrote, so the files are the same bytes whichever worker
//! builds them. The links are traits: channels between threads
//! ([`local`]) and MPI between processes (`mpi_build`, feature `mpi`).
//!
//! [`simulation`] replays a plan with per-tier times on many ranks.
//!
//! ```
//! use gamesolver_cluster::local::build_on_threads;
//! use gamesolver_games::jungle::{JungleTiers, Material, Variant};
//! use gamesolver_retro::tablebase::Tablebase;
//!
//! // Elephant against elephant, built by two workers on threads.
//! let dir = tempfile::tempdir().unwrap();
//! let open = || Tablebase::new(JungleTiers::colour_folded(Variant::Standard), dir.path());
//! let target: Material = "E-e".parse().unwrap();
//! let built = build_on_threads(&open, &[target], 2, &mut |_| {}).unwrap();
//! assert_eq!(built.tiers.len(), 1);
//! assert!(dir.path().join("E-e.gstb").is_file());
//! ```

mod coordinator;
mod idle;
pub mod local;
mod message;
#[cfg(feature = "mpi")]
pub mod mpi_build;
mod plan;
pub mod simulation;
mod worker;

pub use coordinator::{
    ClusterBuilt, ClusterError, CoordinatorLink, FinishedTier, LinkError, coordinate,
};
pub use idle::WorkerTime;
pub use message::{Job, MessageError, Report, TierDone};
pub use plan::Plan;
pub use worker::{BuildTier, CrashAfterFirstTier, WorkerLink, serve, with_causes};
