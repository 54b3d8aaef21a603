//! One process's share of a build in a directory shared by several
//! processes (the ranks of a distributed build): it is handed a tier whose
//! successors other processes may have solved, reads their files, solves
//! the tier and writes its file, exactly as the single-machine build does.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

use super::Tablebase;
use super::build::{BuildError, BuildObserver, TierBuilt, build_and_write_tier, prepare_directory};
use crate::binfile::DirectoryLock;
use crate::loopy::{TierLayout, schedule};
use crate::tbfile::TablebaseFileError;

/// How long a worker waits for the file of a tier announced finished to
/// appear in its view of the shared directory (network filesystems may
/// show a new file to other machines late).
pub const DEFAULT_VISIBILITY_WAIT: Duration = Duration::from_secs(60);

/// Why a worker could not build its tier.
#[derive(Debug, Error)]
pub enum TierWorkerError {
    /// A tier announced finished has no file here.
    #[error(
        "tier {tier} was announced finished but {} is not there after {} s: \
         is the directory the same shared directory on every machine?",
        path.display(), waited.as_secs()
    )]
    NotVisible {
        /// The finished tier.
        tier: String,
        /// Its file.
        path: PathBuf,
        /// How long this worker waited for it.
        waited: Duration,
    },
    /// The file of a tier announced finished cannot be read.
    #[error("reading tier {tier}, announced finished")]
    Unreadable {
        /// The tier.
        tier: String,
        /// Why.
        #[source]
        source: TablebaseFileError,
    },
    /// The tier itself could not be built.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Builds tiers one at a time in a shared directory, each on all cores.
/// Successors are read from their files once and kept in memory (only
/// tiers some planned tier captures into, as in the single-machine build).
pub struct TierWorker<L: TierLayout> {
    tablebase: Tablebase<L>,
    /// The tiers some planned tier captures into.
    probed: BTreeSet<L::Tier>,
    /// The successors this worker holds in memory.
    loaded: BTreeSet<L::Tier>,
    visibility_wait: Duration,
}

impl<L: TierLayout> TierWorker<L> {
    /// A worker for the build of `targets` in `tablebase`'s directory.
    pub fn new(tablebase: Tablebase<L>, targets: &[L::Tier]) -> Result<Self, BuildError> {
        let tiers = schedule(tablebase.layout(), targets)?;
        let probed = tiers
            .iter()
            .flat_map(|&t| tablebase.layout().successors(t))
            .collect();
        Ok(TierWorker {
            tablebase,
            probed,
            loaded: BTreeSet::new(),
            visibility_wait: DEFAULT_VISIBILITY_WAIT,
        })
    }

    /// Waits at most `wait` for an announced file to appear.
    pub fn with_visibility_wait(mut self, wait: Duration) -> Self {
        self.visibility_wait = wait;
        self
    }

    /// The tablebase it writes to.
    pub fn tablebase(&self) -> &Tablebase<L> {
        &self.tablebase
    }

    /// Builds `tier` (or reuses its valid file) once every successor is
    /// finished (their files written, by any process).
    pub fn build(
        &mut self,
        tier: L::Tier,
        observer: &dyn BuildObserver,
    ) -> Result<TierBuilt, TierWorkerError> {
        for successor in self.tablebase.layout().successors(tier) {
            if successor != tier && !self.loaded.contains(&successor) {
                self.load(successor)?;
            }
        }
        let keep = self.probed.contains(&tier);
        let report = build_and_write_tier(&self.tablebase, tier, keep, observer)?;
        if keep {
            self.loaded.insert(tier);
        }
        Ok(report)
    }

    /// Reads a finished tier's files into memory (its distance file, and
    /// its distance-to-zeroing file when the game has the rule), waiting
    /// for them to appear.
    fn load(&mut self, tier: L::Tier) -> Result<(), TierWorkerError> {
        let mut paths = vec![self.tablebase.path(tier)];
        if self.tablebase.dtz_kind().is_some() {
            paths.push(self.tablebase.dtz_path(tier));
        }
        for path in paths {
            wait_for(&path, self.visibility_wait).map_err(|waited| {
                TierWorkerError::NotVisible {
                    tier: tier.to_string(),
                    path: path.clone(),
                    waited,
                }
            })?;
        }
        let unreadable = |source| TierWorkerError::Unreadable {
            tier: tier.to_string(),
            source,
        };
        self.tablebase.load_into_memory(tier).map_err(unreadable)?;
        self.tablebase
            .load_dtz_into_memory(tier)
            .map_err(unreadable)?;
        self.loaded.insert(tier);
        Ok(())
    }
}

/// Waits until `path` exists, at most `wait`; the time waited if it never
/// appears.
fn wait_for(path: &Path, wait: Duration) -> Result<(), Duration> {
    let started = Instant::now();
    while !path.exists() {
        if started.elapsed() >= wait {
            return Err(started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(50).min(wait));
    }
    Ok(())
}

/// Creates and locks the build directory and removes the temporary files
/// a killed build left, as the single-machine build does: the process
/// that coordinates a distributed build holds this lock for the whole
/// build, so no second build works in the same directory.
pub fn lock_build_directory(dir: &Path) -> Result<DirectoryLock, BuildError> {
    prepare_directory(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::build;
    use gamesolver_games::jungle::{JungleTiers, Material, Variant};

    fn material(spec: &str) -> Material {
        spec.parse().unwrap()
    }

    fn layout() -> JungleTiers {
        JungleTiers::colour_folded(Variant::Standard)
    }

    #[test]
    fn a_tier_built_from_files_others_wrote_is_the_single_machine_file() {
        let target = material("LR-e");
        let single = tempfile::tempdir().unwrap();
        build(&Tablebase::new(layout(), single.path()), &[target], &()).unwrap();
        let shared = tempfile::tempdir().unwrap();
        // Another "process" wrote every successor.
        for s in layout().successors(target) {
            for extension in ["gstb", "gsdtz"] {
                std::fs::copy(
                    single.path().join(format!("{s}.{extension}")),
                    shared.path().join(format!("{s}.{extension}")),
                )
                .unwrap();
            }
        }
        let mut worker =
            TierWorker::new(Tablebase::new(layout(), shared.path()), &[target]).unwrap();
        let report = worker.build(target, &()).unwrap();
        assert!(!report.skipped);
        for name in [format!("{target}.gstb"), format!("{target}.gsdtz")] {
            assert_eq!(
                std::fs::read(shared.path().join(&name)).unwrap(),
                std::fs::read(single.path().join(&name)).unwrap()
            );
        }
        let again = worker.build(target, &()).unwrap();
        assert!(again.skipped, "a valid file is reused");
    }

    #[test]
    fn a_successor_missing_from_the_directory_is_named() {
        let target = material("LR-e");
        let empty = tempfile::tempdir().unwrap();
        let mut worker = TierWorker::new(Tablebase::new(layout(), empty.path()), &[target])
            .unwrap()
            .with_visibility_wait(Duration::from_millis(20));
        let err = worker.build(target, &()).unwrap_err().to_string();
        assert!(err.contains("announced finished"), "{err}");
        assert!(err.contains("same shared directory"), "{err}");
    }

    #[test]
    fn solving_a_tier_gives_the_same_bytes_on_one_thread_or_several() {
        let target = material("LR-e");
        let files: Vec<Vec<u8>> = [1, 3]
            .into_iter()
            .map(|threads| {
                let dir = tempfile::tempdir().unwrap();
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let tablebase = Tablebase::new(layout(), dir.path());
                pool.install(|| build(&tablebase, &[target], &())).unwrap();
                std::fs::read(dir.path().join(format!("{target}.gstb"))).unwrap()
            })
            .collect();
        assert_eq!(files[0], files[1]);
    }
}
