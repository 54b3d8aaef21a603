//! Building a tablebase: every needed tier, in schedule order, each once.

use std::time::{Duration, Instant};

use thiserror::Error;

use super::{ProbeError, Tablebase};
use rayon::prelude::*;

use crate::loopy::{
    ScheduleError, SolveTierError, TierLayout, TierProgress, schedule_waves, solve_tier,
};
use crate::tbfile::{TablebaseFileError, write_tier};

/// Why a build stopped.
#[derive(Debug, Error)]
pub enum BuildError {
    /// No order of tiers exists.
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
    /// A tier could not be solved.
    #[error("solving tier {tier}")]
    Solve {
        /// The tier.
        tier: String,
        /// Why.
        #[source]
        source: SolveTierError,
    },
    /// A file could not be read or written.
    #[error(transparent)]
    File(#[from] TablebaseFileError),
    /// A solved tier could not be read back.
    #[error(transparent)]
    Probe(#[from] ProbeError),
    /// The directory could not be created or cleaned.
    #[error("cannot prepare the tablebase directory {path}")]
    Directory {
        /// The directory.
        path: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
}

/// What was done for one tier.
#[derive(Clone, Debug)]
pub struct TierBuilt {
    /// The tier's name.
    pub tier: String,
    /// Indices in the tier.
    pub indices: u64,
    /// Whether a valid file already existed (and was reused).
    pub skipped: bool,
    /// Time spent solving and writing (zero when skipped).
    pub elapsed: Duration,
    /// Size of the tier's file in bytes.
    pub file_bytes: u64,
}

/// Follows a build (for progress bars and logs). Every method has an empty
/// default; the progress within a tier arrives through [`TierProgress`].
pub trait BuildObserver: TierProgress {
    /// The build will handle these tiers (with their numbers of indices),
    /// in this order; tiers of one wave may be worked on at the same time.
    fn planned(&self, _tiers: &[(String, u64)]) {}
    /// Work on a tier with `indices` indices starts.
    fn tier_started(&self, _tier: &str, _indices: u64) {}
    /// A tier is done.
    fn tier_finished(&self, _report: &TierBuilt) {}
}

impl BuildObserver for () {}

/// Builds every tier needed for `targets` (the targets and every tier their
/// moves lead to), smallest first; the tiers of one wave of the schedule
/// (whose successors are all solved) in parallel. Tiers whose file already exists and
/// checks out are reused, so an interrupted build resumes where it stopped;
/// files are written atomically, so an interruption never leaves a
/// valid-looking partial file.
pub fn build<L: TierLayout>(
    tablebase: &Tablebase<L>,
    targets: &[L::Tier],
    observer: &dyn BuildObserver,
) -> Result<Vec<TierBuilt>, BuildError> {
    prepare_directory(tablebase)?;
    let waves = schedule_waves(tablebase.layout(), targets)?;
    let plan: Vec<(String, u64)> = waves
        .iter()
        .flatten()
        .map(|&t| (t.to_string(), tablebase.layout().tier_len(t)))
        .collect();
    observer.planned(&plan);
    let mut reports = Vec::with_capacity(plan.len());
    for wave in waves {
        let built: Vec<TierBuilt> = wave
            .into_par_iter()
            .map(|tier| {
                let report = build_tier(tablebase, tier, observer)?;
                observer.tier_finished(&report);
                Ok(report)
            })
            .collect::<Result<_, BuildError>>()?;
        reports.extend(built);
    }
    Ok(reports)
}

/// Solves one tier (or reuses its file), leaving its table in memory for
/// the larger tiers.
fn build_tier<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    observer: &dyn BuildObserver,
) -> Result<TierBuilt, BuildError> {
    let layout = tablebase.layout();
    let indices = layout.tier_len(tier);
    observer.tier_started(&tier.to_string(), indices);
    if let Some(file) = tablebase.open_tier(tier)? {
        tablebase.keep_in_memory(tier, file.load()?);
        return Ok(TierBuilt {
            tier: tier.to_string(),
            indices,
            skipped: true,
            elapsed: Duration::ZERO,
            file_bytes: file.size(),
        });
    }
    let started = Instant::now();
    // The successors are in memory (built or loaded before this tier).
    let successors = tablebase.tier_probe(tier)?;
    let probe = |position: &L::Game| successors.probe(position);
    let table = solve_tier(layout, tier, &probe, observer).map_err(|source| BuildError::Solve {
        tier: tier.to_string(),
        source,
    })?;
    let path = tablebase.path(tier);
    write_tier(&path, &tablebase.identity(tier), &table)?;
    let file_bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    tablebase.keep_in_memory(tier, table);
    Ok(TierBuilt {
        tier: tier.to_string(),
        indices,
        skipped: false,
        elapsed: started.elapsed(),
        file_bytes,
    })
}

/// Creates the directory and removes partial files left by a killed build.
fn prepare_directory<L: TierLayout>(tablebase: &Tablebase<L>) -> Result<(), BuildError> {
    let dir = tablebase.dir();
    let err = |source| BuildError::Directory {
        path: dir.display().to_string(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(err)?;
    for entry in std::fs::read_dir(dir).map_err(err)? {
        let path = entry.map_err(err)?.path();
        if path.extension().is_some_and(|e| e == "partial") {
            std::fs::remove_file(&path).map_err(err)?;
        }
    }
    Ok(())
}
