//! A tablebase: a directory with one file per solved tier, built tier by
//! tier in schedule order and probed across tiers.

pub use build::{BuildEstimate, DEFAULT_MEMORY_LIMIT, build_within, estimate};
mod build;
mod scan;
mod store;
mod tier_stats;

pub use build::{BuildError, BuildObserver, TierBuilt, build};
pub use scan::scan_tier;
pub use store::{DirectoryError, ProbeError, Tablebase, TierProbe};
pub use tier_stats::{LongestWin, TierStats};
