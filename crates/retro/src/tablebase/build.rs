//! Building a tablebase: every needed tier, in schedule order, each once,
//! under a lock on the directory and within a memory limit checked before
//! the first tier starts.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use thiserror::Error;

use super::{DtzError, ProbeError, Tablebase};
use crate::binfile::{DirectoryLock, FileError, TEMP_SUFFIX, write_atomically};
use crate::loopy::{
    ScheduleError, SolveTierError, TierLayout, TierProgress, TierTable, schedule_waves, solve_tier,
};
use crate::tbfile::encode_tier;

/// Bytes per index of a solved tier kept in memory (the larger tiers
/// probe the smaller ones there): its distance table, and as much again
/// for its distance-to-zeroing table when the game has a no-zeroing rule.
const KEPT_BYTES_PER_INDEX: u64 = 2;
/// Bytes per index while a tier is solved: the 4-byte working state, up to
/// 4 bytes of lists of decided indices, and the 2-byte result.
const SOLVING_BYTES_PER_INDEX: u64 = 10;
/// Bytes per index of a file at most (2-byte entries, before compression).
const FILE_BYTES_PER_INDEX_AT_MOST: u64 = 2;
/// The memory limit of [`build`]: 8 GiB.
pub const DEFAULT_MEMORY_LIMIT: u64 = 8 << 30;

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
    /// A file could not be read or written, or the directory is locked by
    /// another build.
    #[error(transparent)]
    File(#[from] FileError),
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
    /// The observer asked the build to stop ([`TierProgress::cancelled`]):
    /// the tiers finished before are on disk, a later build reuses them.
    #[error("the build was cancelled")]
    Cancelled,
    /// The build would need more memory than allowed.
    #[error(
        "the build needs about {} MiB of memory ({}), more than the limit of {} MiB",
        estimate.memory_bytes >> 20, estimate, limit >> 20
    )]
    TooLarge {
        /// What the build would need.
        estimate: BuildEstimate,
        /// The limit in bytes.
        limit: u64,
    },
}

/// What a build will need, estimated from the tiers' sizes before it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildEstimate {
    /// The tiers to build or reuse.
    pub tiers: usize,
    /// Their indices in all.
    pub positions: u64,
    /// The largest tier and its indices.
    pub largest_tier: (String, u64),
    /// The files' size at most (before compression; much less after).
    pub disk_bytes_at_most: u64,
    /// Peak memory: the solved tiers that larger ones probe, kept, plus
    /// the working state of the tiers solved at once.
    pub memory_bytes: u64,
}

impl std::fmt::Display for BuildEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} tiers, {} positions, largest tier {} with {} positions, files at most {} MiB",
            self.tiers,
            self.positions,
            self.largest_tier.0,
            self.largest_tier.1,
            self.disk_bytes_at_most.div_ceil(1 << 20)
        )
    }
}

/// Estimates the build of `targets` (and every tier their moves lead to).
pub fn estimate<L: TierLayout>(
    layout: &L,
    targets: &[L::Tier],
) -> Result<BuildEstimate, BuildError> {
    Ok(estimate_waves(layout, &schedule_waves(layout, targets)?))
}

fn estimate_waves<L: TierLayout>(layout: &L, waves: &[Vec<L::Tier>]) -> BuildEstimate {
    let len = |t: &L::Tier| layout.tier_len(*t);
    let positions: u64 = waves.iter().flatten().map(len).sum();
    let largest = waves.iter().flatten().max_by_key(|t| len(t));
    let tables_kept = if layout.quiet_ply_limit().is_some() {
        2
    } else {
        1
    };
    let kept: u64 = probed_tiers(layout, waves).iter().map(len).sum::<u64>() * tables_kept;
    // Small tiers of a wave are solved side by side, large ones
    // `LARGE_LANES` at a time: counted as all small ones and that many
    // large ones at once (a bound: the small ones finish first).
    let widest_wave = waves
        .iter()
        .map(|w| {
            let small: u64 = w.iter().map(len).filter(|&n| n < LARGE_TIER).sum();
            let mut large: Vec<u64> = w.iter().map(len).filter(|&n| n >= LARGE_TIER).collect();
            large.sort_unstable_by(|a, b| b.cmp(a));
            small + large.iter().take(LARGE_LANES).sum::<u64>()
        })
        .max()
        .unwrap_or(0);
    BuildEstimate {
        tiers: waves.iter().map(Vec::len).sum(),
        positions,
        largest_tier: largest.map_or((String::new(), 0), |t| (t.to_string(), len(t))),
        disk_bytes_at_most: positions.saturating_mul(FILE_BYTES_PER_INDEX_AT_MOST),
        memory_bytes: kept
            .saturating_mul(KEPT_BYTES_PER_INDEX)
            .saturating_add(widest_wave.saturating_mul(SOLVING_BYTES_PER_INDEX)),
    }
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
    /// Why a damaged file of the tier was replaced, if one was.
    pub replaced: Option<String>,
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

/// [`build_within`] with the [`DEFAULT_MEMORY_LIMIT`].
pub fn build<L: TierLayout>(
    tablebase: &Tablebase<L>,
    targets: &[L::Tier],
    observer: &dyn BuildObserver,
) -> Result<Vec<TierBuilt>, BuildError> {
    build_within(tablebase, targets, DEFAULT_MEMORY_LIMIT, observer)
}

/// Builds every tier needed for `targets` (the targets and every tier their
/// moves lead to), smallest first; the tiers of one wave of the schedule
/// (whose successors are all solved) in parallel.
///
/// - A build whose [`estimate`] needs more than `memory_limit` bytes is
///   refused before anything is done.
/// - The directory is locked ([`DirectoryLock`]) for the whole build: a
///   second build in it is refused at once with [`FileError::Locked`].
/// - Tiers whose file already exists and checks out are reused, so an
///   interrupted build resumes where it stopped; a damaged file (cut short,
///   corrupted) is rebuilt and replaced, and the report says so; a foreign
///   file (another kind, version, rules) or one that is no regular file
///   stops the build.
/// - Files are written atomically, so an interruption never leaves a
///   valid-looking partial file; temporary files a killed build left are
///   removed. A large tier's files are written by a thread of their own
///   while the next tiers are solved, so waiting for the disk (each file
///   is synced) never holds up its solver threads; a small tier's by the
///   thread that solved it, alongside the other small tiers of its wave
///   (see `solve_waves`).
/// - The reports come in schedule order.
pub fn build_within<L: TierLayout>(
    tablebase: &Tablebase<L>,
    targets: &[L::Tier],
    memory_limit: u64,
    observer: &dyn BuildObserver,
) -> Result<Vec<TierBuilt>, BuildError> {
    let waves = schedule_waves(tablebase.layout(), targets)?;
    let estimate = estimate_waves(tablebase.layout(), &waves);
    if estimate.memory_bytes > memory_limit {
        return Err(BuildError::TooLarge {
            estimate,
            limit: memory_limit,
        });
    }
    let _lock = prepare_directory(tablebase.dir())?;
    let plan: Vec<(String, u64)> = waves
        .iter()
        .flatten()
        .map(|&t| (t.to_string(), tablebase.layout().tier_len(t)))
        .collect();
    observer.planned(&plan);
    let probed = probed_tiers(tablebase.layout(), &waves);
    let every_tier: Vec<L::Tier> = waves.iter().flatten().copied().collect();
    let backlog = &Backlog::default();
    let mut reports = std::thread::scope(|scope| {
        let (sender, solved) = mpsc::channel();
        let (to_disk, encoded) = mpsc::channel();
        let writer = scope.spawn(move || write_all(tablebase, solved, observer, backlog));
        let disk = scope.spawn(move || store_all(tablebase, encoded, observer));
        let senders = Senders {
            writer: sender,
            disk: to_disk,
        };
        let done_here = solve_waves(tablebase, waves, &probed, observer, &senders, backlog);
        drop(senders);
        let written = writer
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        let stored = disk.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        // The writing threads' errors first: they are why the solvers
        // stopped.
        let mut reports = written?;
        stored?;
        reports.extend(done_here?);
        Ok::<_, BuildError>(reports)
    })?;
    // The last step: each tier's statistics companion, so that the
    // statistics are read at once (reused tiers without one get one too).
    tablebase.write_missing_stats(&every_tier)?;
    let order: BTreeMap<&str, usize> = plan
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.as_str(), i))
        .collect();
    reports.sort_by_key(|r| order.get(r.tier.as_str()).copied());
    Ok(reports)
}

/// The solved tables not yet written, so that the build can wait for the
/// writer before it solves another large tier (a bound on the memory the
/// waiting tables hold). The solver threads never wait for it: the writer
/// compresses on their pool, so a solver thread waiting for the writer
/// could wait for itself.
#[derive(Default)]
struct Backlog {
    /// Tables sent and not yet written, and whether the writer stopped.
    state: Mutex<(usize, bool)>,
    changed: Condvar,
}

impl Backlog {
    fn update(&self, change: impl FnOnce(&mut (usize, bool))) {
        change(&mut self.state.lock().unwrap_or_else(PoisonError::into_inner));
        self.changed.notify_all();
    }

    /// Waits until fewer than `n` tables wait for the writer, or it stopped.
    fn wait_below(&self, n: usize) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let _unused = self
            .changed
            .wait_while(state, |&mut (waiting, stopped)| waiting >= n && !stopped)
            .unwrap_or_else(PoisonError::into_inner);
    }
}

/// Where the solvers send their work: large solved tiers to the writer
/// thread, small tiers' encoded files to the disk thread.
struct Senders<L: TierLayout> {
    writer: Sender<Solved<L>>,
    disk: Sender<EncodedTier<L>>,
}

/// A solved tier on its way to its files.
struct Solved<L: TierLayout> {
    tier: L::Tier,
    table: TierTable,
    /// Its distance-to-zeroing table, when the game has the rule.
    dtz: Option<TierTable>,
    /// Whether the table is kept in memory (for larger tiers to probe).
    kept: bool,
    report: TierBuilt,
}

/// Solves the waves in order; returns the reports of the small tiers
/// (built or reused) and of the large tiers whose files were reused. A
/// small tier's files are encoded by the pool thread that solved it and
/// handed to the disk thread; a large tier is sent to the writer. Stops
/// early (with what it has) when the writer or the disk thread has
/// stopped.
///
/// Small tiers encode their own files because the writer's compression
/// runs on the pool, where it waits behind the solving of every tier the
/// pool has queued: with the 260 tiers up to three pieces solved side by
/// side, only 39 files were written when the last tier started, and the
/// rest was written one tier at a time at the end, one core often idle.
/// They leave the disk to a thread of its own because each file's two
/// syncs hold the thread that waits for them (about 0.6 ms a file here):
/// the 520 files up to three pieces took 0.5 s longer on disk than on a
/// file system in memory when the pool wrote them.
fn solve_waves<L: TierLayout>(
    tablebase: &Tablebase<L>,
    waves: Vec<Vec<L::Tier>>,
    probed: &BTreeSet<L::Tier>,
    observer: &dyn BuildObserver,
    senders: &Senders<L>,
    backlog: &Backlog,
) -> Result<Vec<TierBuilt>, BuildError> {
    let writer_stopped = AtomicBool::new(false);
    let build_small = |tier: L::Tier| -> Result<TierBuilt, BuildError> {
        let report = match build_tier(tablebase, tier, probed.contains(&tier), observer)? {
            Built::Reused(report) => report,
            Built::Solved(solved) => {
                let mut report = solved.report.clone();
                let encoded = encode_solved(tablebase, &solved, &mut report)?;
                // A send fails only when the disk thread stopped on an
                // error, which the caller reports.
                if senders.disk.send(encoded).is_err() {
                    writer_stopped.store(true, Ordering::Relaxed);
                }
                report
            }
        };
        observer.tier_finished(&report);
        Ok(report)
    };
    let build_large = |tier: L::Tier| -> Result<Option<TierBuilt>, BuildError> {
        match build_tier(tablebase, tier, probed.contains(&tier), observer)? {
            Built::Reused(report) => {
                observer.tier_finished(&report);
                Ok(Some(report))
            }
            Built::Solved(solved) => {
                backlog.update(|(waiting, _)| *waiting += 1);
                // A send fails only when the writer stopped on an error,
                // which the caller reports.
                if senders.writer.send(solved).is_err() {
                    writer_stopped.store(true, Ordering::Relaxed);
                }
                Ok(None)
            }
        }
    };
    let mut done = Vec::new();
    for wave in waves {
        if writer_stopped.load(Ordering::Relaxed) {
            break;
        }
        let (large, small): (Vec<L::Tier>, Vec<L::Tier>) = wave
            .into_iter()
            .partition(|&t| tablebase.layout().tier_len(t) >= LARGE_TIER);
        let built: Vec<TierBuilt> = small
            .into_par_iter()
            .map(build_small)
            .collect::<Result<_, BuildError>>()?;
        done.extend(built);
        done.extend(solve_large::<L>(
            large,
            &build_large,
            &writer_stopped,
            backlog,
        )?);
    }
    Ok(done)
}

/// Large tiers solved at the same time, each on the whole pool: the
/// sequential steps of one (between its distance levels, packing its
/// table) and the levels too small to split leave a core to the other.
const LARGE_LANES: usize = 2;

/// Solves the large tiers of a wave ([`LARGE_LANES`] at a time, each lane
/// a thread of its own, when called from outside the pool; one at a time
/// inside a caller's pool, whose threads must not wait for the writer:
/// see [`Backlog`]); returns the reports of those whose files were
/// reused. The first error stops the lanes and is returned.
fn solve_large<L: TierLayout>(
    large: Vec<L::Tier>,
    build_large: &(dyn Fn(L::Tier) -> Result<Option<TierBuilt>, BuildError> + Sync),
    writer_stopped: &AtomicBool,
    backlog: &Backlog,
) -> Result<Vec<TierBuilt>, BuildError> {
    if rayon::current_thread_index().is_some() {
        let mut done = Vec::new();
        for tier in large {
            if writer_stopped.load(Ordering::Relaxed) {
                break;
            }
            done.extend(build_large(tier)?);
        }
        return Ok(done);
    }
    let queue = Mutex::new(large.into_iter());
    let failed = AtomicBool::new(false);
    let lane = || -> Result<Vec<TierBuilt>, BuildError> {
        let mut done = Vec::new();
        loop {
            // At most one table per lane waits for the writer.
            backlog.wait_below(LARGE_LANES);
            if writer_stopped.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                return Ok(done);
            }
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some(tier) = next else {
                return Ok(done);
            };
            match build_large(tier) {
                Ok(report) => done.extend(report),
                Err(e) => {
                    failed.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
    };
    std::thread::scope(|scope| {
        let lanes: Vec<_> = (0..LARGE_LANES).map(|_| scope.spawn(lane)).collect();
        let mut done = Vec::new();
        let mut first_error = None;
        for lane in lanes {
            match lane.join().unwrap_or_else(|e| std::panic::resume_unwind(e)) {
                Ok(reports) => done.extend(reports),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        first_error.map_or(Ok(done), Err)
    })
}

/// Writes every solved tier it receives, in turn; returns their reports,
/// or the first error (dropping the channel, so the solvers stop).
fn write_all<L: TierLayout>(
    tablebase: &Tablebase<L>,
    solved: Receiver<Solved<L>>,
    observer: &dyn BuildObserver,
    backlog: &Backlog,
) -> Result<Vec<TierBuilt>, BuildError> {
    let written = write_each(tablebase, solved, observer, backlog);
    backlog.update(|(_, stopped)| *stopped = true);
    written
}

/// [`write_all`] until the channel closes or a write fails.
fn write_each<L: TierLayout>(
    tablebase: &Tablebase<L>,
    solved: Receiver<Solved<L>>,
    observer: &dyn BuildObserver,
    backlog: &Backlog,
) -> Result<Vec<TierBuilt>, BuildError> {
    let mut reports = Vec::new();
    for solved in solved {
        let mut report = solved.report.clone();
        write_solved(tablebase, &solved, &mut report)?;
        backlog.update(|(waiting, _)| *waiting -= 1);
        observer.tier_finished(&report);
        reports.push(report);
    }
    Ok(reports)
}

/// Stores every encoded tier it receives, in turn, until the channel
/// closes or a write fails (dropping the channel, so the solvers stop).
/// Once the observer cancels the build, the tiers still queued are not
/// written (a later build solves them again): Ctrl-C does not wait for a
/// queue of small files and their syncs.
fn store_all<L: TierLayout>(
    tablebase: &Tablebase<L>,
    encoded: Receiver<EncodedTier<L>>,
    observer: &dyn BuildObserver,
) -> Result<(), BuildError> {
    for tier in encoded {
        if observer.cancelled() {
            return Err(BuildError::Cancelled);
        }
        store_encoded(tablebase, &tier)?;
    }
    Ok(())
}

/// A solved tier's files, encoded, on their way to the disk.
struct EncodedTier<L: TierLayout> {
    tier: L::Tier,
    /// Whether the table is kept in memory (for larger tiers to probe).
    kept: bool,
    /// Each file's path and bytes: the distance file, the WDL file, then
    /// the distance-to-zeroing file if the game has the rule.
    files: Vec<(PathBuf, Vec<u8>)>,
}

/// Writes a solved tier's distance file and its WDL file beside it, and
/// completes `report` (file size, time spent writing).
fn write_solved<L: TierLayout>(
    tablebase: &Tablebase<L>,
    solved: &Solved<L>,
    report: &mut TierBuilt,
) -> Result<(), BuildError> {
    let encoded = encode_solved(tablebase, solved, report)?;
    let started = Instant::now();
    store_encoded(tablebase, &encoded)?;
    report.elapsed += started.elapsed();
    Ok(())
}

/// Encodes a solved tier's distance file and its WDL file (the processor's
/// part of writing them), and completes `report` (file size, time spent).
fn encode_solved<L: TierLayout>(
    tablebase: &Tablebase<L>,
    solved: &Solved<L>,
    report: &mut TierBuilt,
) -> Result<EncodedTier<L>, BuildError> {
    let started = Instant::now();
    let tier = solved.tier;
    let path = tablebase.path(tier);
    let distance = encode_tier(&path, &tablebase.identity(tier), &solved.table)?;
    let wdl = tablebase.encode_wdl_file(tier, &solved.table)?;
    report.file_bytes = distance.len() as u64;
    let mut files = vec![(path, distance), wdl];
    if let Some(dtz) = &solved.dtz {
        files.extend(tablebase.encode_dtz_file(tier, dtz)?);
    }
    report.elapsed += started.elapsed();
    Ok(EncodedTier {
        tier,
        kept: solved.kept,
        files,
    })
}

/// Writes an encoded tier's files atomically (the disk's part), then
/// drops what the tablebase cached of their absence: kept tiers answer
/// from memory, the others' own probe cached "no file", and the files are
/// there now.
fn store_encoded<L: TierLayout>(
    tablebase: &Tablebase<L>,
    encoded: &EncodedTier<L>,
) -> Result<(), BuildError> {
    for (path, bytes) in &encoded.files {
        write_atomically(path, bytes)?;
    }
    if encoded.kept {
        tablebase.forget_wdl(encoded.tier);
    } else {
        tablebase.forget(encoded.tier);
    }
    Ok(())
}

/// Builds one tier and writes its files before returning (the distributed
/// build's workers, which announce a tier only once its file is there).
pub(super) fn build_and_write_tier<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    keep: bool,
    observer: &dyn BuildObserver,
) -> Result<TierBuilt, BuildError> {
    match build_tier(tablebase, tier, keep, observer)? {
        Built::Reused(report) => Ok(report),
        Built::Solved(solved) => {
            let mut report = solved.report.clone();
            write_solved(tablebase, &solved, &mut report)?;
            Ok(report)
        }
    }
}

/// Tiers with at least this many indices are solved [`LARGE_LANES`] at a
/// time (each in parallel inside), so only that many large tiers' working
/// state is in memory; smaller tiers of a wave are solved side by side.
const LARGE_TIER: u64 = 1 << 20;

/// The tiers some tier of the plan captures into: only these are kept in
/// memory once built (the largest tiers of a build are never probed by it).
fn probed_tiers<L: TierLayout>(layout: &L, waves: &[Vec<L::Tier>]) -> BTreeSet<L::Tier> {
    waves
        .iter()
        .flatten()
        .flat_map(|&t| layout.successors(t))
        .collect()
}

/// What became of one tier.
enum Built<L: TierLayout> {
    /// Its file was there and checked out.
    Reused(TierBuilt),
    /// Solved; its file is still to be written.
    Solved(Solved<L>),
}

/// Solves one tier (or reuses its file), leaving its table in memory for
/// the larger tiers when `keep`.
fn build_tier<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    keep: bool,
    observer: &dyn BuildObserver,
) -> Result<Built<L>, BuildError> {
    if observer.cancelled() {
        return Err(BuildError::Cancelled);
    }
    let layout = tablebase.layout();
    let indices = layout.tier_len(tier);
    observer.tier_started(&tier.to_string(), indices);
    let mut report = TierBuilt {
        tier: tier.to_string(),
        indices,
        skipped: true,
        replaced: None,
        elapsed: Duration::ZERO,
        file_bytes: 0,
    };
    match existing_table(tablebase, tier) {
        Ok(Some((table, file_bytes))) => {
            tablebase.ensure_wdl_file(tier, &table)?;
            ensure_dtz(tablebase, tier, keep, observer)?;
            if keep {
                tablebase.keep_in_memory(tier, table);
            }
            report.file_bytes = file_bytes;
            return Ok(Built::Reused(report));
        }
        Ok(None) => {}
        Err(e) if e.is_damaged() => {
            // Removed now, so the tier's own probe does not open it again.
            let path = tablebase.path(tier);
            std::fs::remove_file(&path)
                .map_err(|source| FileError::io(&path.display().to_string(), source))?;
            report.replaced = Some(e.to_string());
        }
        Err(e) => return Err(e.into()),
    }
    let started = Instant::now();
    // The successors are in memory (built or loaded before this tier).
    let successors = tablebase.tier_probe(tier)?;
    let probe = |position: &L::Game| successors.probe(position);
    let table = solve_tier(layout, tier, &probe, observer).map_err(|source| match source {
        SolveTierError::Cancelled => BuildError::Cancelled,
        source => BuildError::Solve {
            tier: tier.to_string(),
            source,
        },
    })?;
    let dtz = solve_dtz(tablebase, tier, observer)?;
    if keep {
        // The next waves probe them before their files may be written.
        tablebase.keep_in_memory(tier, table.clone());
        if let Some(dtz) = &dtz {
            tablebase.keep_dtz_in_memory(tier, dtz.clone());
        }
    }
    report.skipped = false;
    report.elapsed = started.elapsed();
    Ok(Built::Solved(Solved {
        tier,
        table,
        dtz,
        kept: keep,
        report,
    }))
}

/// The distance-to-zeroing table of `tier` (`None` for a game without the
/// rule), solved after its distance table: the successors' tables are
/// there. The observer may stop it; its progress counts are not fed (the
/// build's plan counts each tier's indices once).
fn solve_dtz<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    observer: &dyn BuildObserver,
) -> Result<Option<TierTable>, BuildError> {
    tablebase
        .solve_dtz(tier, &CancelOnly(observer))
        .map_err(|error| match error {
            DtzError::Solve(SolveTierError::Cancelled) => BuildError::Cancelled,
            DtzError::Solve(source) => BuildError::Solve {
                tier: tier.to_string(),
                source,
            },
            DtzError::Probe(error) => BuildError::Probe(error),
        })
}

/// An observer's cancellation alone (for the distance-to-zeroing solve,
/// whose progress the build's plan does not count).
struct CancelOnly<'a>(&'a dyn BuildObserver);

impl TierProgress for CancelOnly<'_> {
    fn cancelled(&self) -> bool {
        self.0.cancelled()
    }
}

/// Makes sure a reused tier has a valid distance-to-zeroing file (solving
/// and writing it when it is missing or damaged: a directory built before
/// such files gains them on its next build; a foreign one stops the
/// build), and keeps its table in memory when `keep`.
fn ensure_dtz<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    keep: bool,
    observer: &dyn BuildObserver,
) -> Result<(), BuildError> {
    if tablebase.dtz_kind().is_none() {
        return Ok(());
    }
    let table = match tablebase.open_dtz(tier) {
        Ok(Some(file)) if keep => file.load()?,
        Ok(Some(_)) => return Ok(()),
        Ok(None) => write_dtz(tablebase, tier, observer)?,
        Err(e) if e.is_damaged() => write_dtz(tablebase, tier, observer)?,
        Err(e) => return Err(e.into()),
    };
    if keep {
        tablebase.keep_dtz_in_memory(tier, table);
    }
    Ok(())
}

/// Solves and writes `tier`'s distance-to-zeroing file; returns its table.
fn write_dtz<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    observer: &dyn BuildObserver,
) -> Result<TierTable, BuildError> {
    let Some(table) = solve_dtz(tablebase, tier, observer)? else {
        return Ok(TierTable::from_entries(Vec::new()));
    };
    if let Some((path, bytes)) = tablebase.encode_dtz_file(tier, &table)? {
        write_atomically(&path, &bytes)?;
    }
    Ok(table)
}

/// The table and file size of `tier`'s existing file, fully checked
/// (every block decoded); `None` when there is no file.
fn existing_table<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
) -> Result<Option<(TierTable, u64)>, FileError> {
    let Some(file) = tablebase.open_tier(tier)? else {
        return Ok(None);
    };
    Ok(Some((file.load()?, file.size())))
}

/// Creates and locks the directory, then removes the temporary files a
/// killed build left (no other build can be writing them: the lock is
/// ours).
pub(super) fn prepare_directory(dir: &Path) -> Result<DirectoryLock, BuildError> {
    let err = |source| BuildError::Directory {
        path: dir.display().to_string(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(err)?;
    let lock = DirectoryLock::acquire(dir)?;
    for entry in std::fs::read_dir(dir).map_err(err)? {
        let path = entry.map_err(err)?.path();
        let temporary = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().ends_with(TEMP_SUFFIX));
        if temporary && path.is_file() {
            std::fs::remove_file(&path).map_err(err)?;
        }
    }
    Ok(lock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_games::jungle::{JungleTiers, Material};

    fn report(tier: Material) -> TierBuilt {
        TierBuilt {
            tier: tier.to_string(),
            indices: 0,
            skipped: true,
            replaced: None,
            elapsed: Duration::ZERO,
            file_bytes: 0,
        }
    }

    fn tiers() -> Vec<Material> {
        Material::all_with(3).into_iter().take(12).collect()
    }

    #[test]
    fn the_lanes_build_every_large_tier_once() {
        let built = Mutex::new(Vec::new());
        let build_large = |tier: Material| -> Result<Option<TierBuilt>, BuildError> {
            // Every other tier is "solved" (its report comes from the
            // writer), the others "reused": counted under the same lock as
            // the push, or two lanes could both read an even count.
            let count = {
                let mut built = built.lock().unwrap();
                built.push(tier);
                built.len()
            };
            Ok((count % 2 == 0).then(|| report(tier)))
        };
        let done = solve_large::<JungleTiers>(
            tiers(),
            &build_large,
            &AtomicBool::new(false),
            &Backlog::default(),
        )
        .unwrap();
        let mut built = built.into_inner().unwrap();
        built.sort_unstable();
        let mut expected = tiers();
        expected.sort_unstable();
        assert_eq!(built, expected);
        assert_eq!(done.len(), expected.len() / 2);
    }

    #[test]
    fn a_failing_large_tier_ends_the_lanes_with_its_error() {
        let failing = tiers()[3];
        let built = Mutex::new(Vec::new());
        let build_large = |tier: Material| -> Result<Option<TierBuilt>, BuildError> {
            built.lock().unwrap().push(tier);
            if tier == failing {
                return Err(BuildError::Directory {
                    path: tier.to_string(),
                    source: std::io::Error::other("disk full"),
                });
            }
            Ok(Some(report(tier)))
        };
        let err = solve_large::<JungleTiers>(
            tiers(),
            &build_large,
            &AtomicBool::new(false),
            &Backlog::default(),
        )
        .unwrap_err();
        assert!(
            matches!(&err, BuildError::Directory { path, .. } if *path == failing.to_string()),
            "{err:?}"
        );
        assert!(built.into_inner().unwrap().contains(&failing));
    }

    #[test]
    fn the_estimate_counts_two_large_tiers_at_once() {
        let layout = JungleTiers::colour_folded(gamesolver_games::jungle::Variant::Standard);
        let targets: Vec<Material> = ["ER-lr", "LR-lr", "ET-lc"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let estimate = estimate(&layout, &targets).unwrap();
        let mut sizes: Vec<u64> = targets.iter().map(|&t| layout.tier_len(t)).collect();
        sizes.sort_unstable();
        // The distance table and the distance-to-zeroing table of each.
        let kept: u64 = 2 * probed_tiers(&layout, &schedule_waves(&layout, &targets).unwrap())
            .iter()
            .map(|&t| layout.tier_len(t))
            .sum::<u64>();
        assert_eq!(
            estimate.memory_bytes,
            kept * KEPT_BYTES_PER_INDEX + (sizes[1] + sizes[2]) * SOLVING_BYTES_PER_INDEX
        );
    }
}
