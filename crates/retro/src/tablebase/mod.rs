//! A tablebase: a directory with one file per solved tier, built tier by
//! tier in schedule order and probed across tiers; beside each distance
//! file a WDL file (`wdl.rs`) for the search's probes.

pub use build::{BuildEstimate, DEFAULT_MEMORY_LIMIT, build_within, estimate};
mod build;
mod dtz;
mod ready;
mod scan;
mod stats_file;
mod store;
mod tier_stats;
mod tier_worker;
mod wdl;
mod zeroing_stats;

pub use build::{BuildError, BuildObserver, TierBuilt, build};
pub use dtz::DtzError;
pub use ready::{ReadySet, ReadySetError, TierNode, tier_graph};
pub use scan::{scan_tier, scan_tier_files_until, scan_tier_until};
pub use stats_file::{CountedStats, STATS_EXTENSION, StoredStats};
pub use store::{DirectoryError, ProbeError, Tablebase, TierProbe};
pub use tier_stats::{LongestWin, TierStats};
pub use tier_worker::{DEFAULT_VISIBILITY_WAIT, TierWorker, TierWorkerError, lock_build_directory};
pub use wdl::{WdlCheck, WdlDerived};
pub use zeroing_stats::{ZeroingExtreme, ZeroingStats};
