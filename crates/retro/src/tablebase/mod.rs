//! A tablebase: a directory with one file per solved tier, built tier by
//! tier in schedule order and probed across tiers.

pub use build::{BuildEstimate, DEFAULT_MEMORY_LIMIT, build_within, estimate};
mod build;
mod store;

pub use build::{BuildError, BuildObserver, TierBuilt, build};
pub use store::{DirectoryError, ProbeError, Tablebase, TierProbe};
