//! A Jungle tablebase directory opened for play: the tablebase, its largest
//! material, and probes that report a damaged or foreign file once (then go
//! on without it) instead of failing the search. The search probes the WDL
//! files (`*.gswdl`, win/draw/loss only), the root the distance files.
//!
//! Opening verifies every file of the directory (checksums, identities),
//! so a damaged or foreign file is an error naming it at start-up; a file
//! that goes bad later is reported by the probe that meets it (naming it)
//! and recorded, so a front end can fail the request that needed it
//! ([`TablebaseHandle::take_failures`]) instead of answering without it.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use gamesolver_api::{TablebaseCause, TablebaseError};
use gamesolver_core::{Game, Outcome, Player, Solution, TierLayout};
use gamesolver_games::jungle::{
    JungleGame, JungleTiers, Material, Move, Position, QUIET_PLIES_DRAW, Variant,
};
use gamesolver_retro::FileError as TablebaseFileError;
use gamesolver_retro::tablebase::{
    BuildError, DirectoryError, ProbeError, Tablebase, TierBuilt, build,
};
use gamesolver_retro::tbfile::zeroing_limit;
use gamesolver_retro::zeroing::{RuleAnalysis, analyse_under_rule};
use rayon::prelude::*;

/// The most pieces of a build of every material up to a piece count
/// (`tablebase build --max-pieces`, Python's `build(max_pieces=…)`): every
/// material up to four pieces is a 6.3 G-index build; all five-piece
/// materials would be hundreds of times more.
pub const MAX_PIECES: u32 = 4;

/// The most pieces of a build of one material (`--material`, Python's
/// `build(material=…)`): a five-piece tier has up to 488 M indices (4.9 GB
/// while it is solved, checked against the memory limit before the build
/// starts); six pieces are out of reach.
pub const MAX_MATERIAL_PIECES: u32 = 5;

/// Why a tablebase directory cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The directory cannot be read or holds no table.
    #[error(transparent)]
    Directory(#[from] DirectoryError),
    /// Its tables were built for other rules (or another game or index).
    #[error("the tablebase in {} is not for the {rules} rules: {source}", dir.display())]
    NotForTheseRules {
        /// The directory.
        dir: PathBuf,
        /// The rules asked for.
        rules: Variant,
        /// What the table file says.
        source: TablebaseFileError,
    },
    /// A file of the directory is damaged, of another format version, or
    /// cannot be read (the message names it).
    #[error("a tablebase file cannot be used: {0}")]
    Unusable(TablebaseFileError),
}

impl OpenError {
    /// The error for a file of `dir` that failed its check under `rules`.
    fn of_file(dir: &Path, rules: Variant, error: ProbeError) -> OpenError {
        let ProbeError::File(source) = error;
        match source {
            TablebaseFileError::WrongIdentity { .. } => OpenError::NotForTheseRules {
                dir: dir.to_path_buf(),
                rules,
                source,
            },
            source => OpenError::Unusable(source),
        }
    }
}

/// What the search probes inside the tree (the root always uses distances).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchProbe {
    /// The WDL files (a tier without one answers from its distance file): a
    /// win is scored as won within the tier's longest win, a loss as lost
    /// within its longest loss.
    #[default]
    Wdl,
    /// The distance files: every verdict at its exact distance.
    Distance,
}

/// Where the one-time warnings about unusable files go.
pub type WarningSink = Arc<dyn Fn(&str) + Send + Sync>;

/// An opened tablebase directory and the most pieces its materials have.
#[derive(Clone)]
pub struct TablebaseHandle {
    /// The tablebase.
    pub tablebase: Arc<Tablebase<JungleTiers>>,
    /// The largest material's piece count.
    pub max_pieces: u32,
    /// The directory.
    pub dir: PathBuf,
    /// The rules the tables were built for.
    pub rules: Variant,
    /// The stored materials with a file in the directory when it was opened.
    stored: Arc<BTreeSet<Material>>,
    /// Probe failures not yet collected by [`TablebaseHandle::take_failures`].
    failures: Arc<Mutex<Vec<TablebaseError>>>,
    /// Materials whose file failed a probe (already reported).
    failed: Arc<Mutex<HashSet<Material>>>,
    /// Materials whose WDL file failed a probe (already reported; their
    /// distance files answer instead).
    failed_wdl: Arc<Mutex<HashSet<Material>>>,
    /// Whether `failed_wdl` holds anything (so probes skip its lock).
    any_wdl_failed: Arc<AtomicBool>,
    /// What the search probes.
    search_probe: SearchProbe,
    /// Where the reports go (standard error by default).
    warn: WarningSink,
}

impl std::fmt::Debug for TablebaseHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "TablebaseHandle({}, {} pieces)",
            self.dir.display(),
            self.max_pieces
        )
    }
}

impl TablebaseHandle {
    /// Opens the tablebase in `dir` for `rules` (the colour symmetry
    /// folded: one material of each pair stored, see
    /// [`JungleTiers::colour_folded`]); refuses a directory that cannot be
    /// read or holds no table, and verifies every table file in it (both
    /// cores, a few seconds for the four-piece set): a file built for other
    /// rules ([`OpenError::NotForTheseRules`]; a table is only used under
    /// the rules it was built for), or damaged, of another version or
    /// unreadable ([`OpenError::Unusable`]), is refused with its name.
    ///
    /// The no-capture rule is the one the directory's distance-to-zeroing
    /// files were written under (200 plies unless built with a smaller
    /// limit, [`JungleTiers::with_quiet_ply_limit`], read from its
    /// smallest material's file): every answer under the rule uses it, and
    /// a file of another limit is refused as foreign.
    pub fn open(dir: &Path, rules: Variant) -> Result<TablebaseHandle, OpenError> {
        let (layout, tiers) = layout_of_directory(dir, rules)?;
        let tablebase = Tablebase::new(layout, dir);
        if let Some(&smallest) = tiers.first() {
            tablebase
                .open_checked(smallest)
                .map_err(|e| OpenError::of_file(dir, rules, e))?;
        }
        if let Some(error) = tiers
            .par_iter()
            .map(|&tier| tablebase.open_checked(tier).err())
            .find_map_first(|failed| failed)
        {
            return Err(OpenError::of_file(dir, rules, error));
        }
        let max_pieces = tiers.iter().map(|m| m.count()).max().unwrap_or(0);
        Ok(TablebaseHandle {
            tablebase: Arc::new(tablebase),
            max_pieces,
            dir: dir.to_path_buf(),
            rules,
            stored: Arc::new(tiers.into_iter().collect()),
            failures: Arc::default(),
            failed: Arc::default(),
            failed_wdl: Arc::default(),
            any_wdl_failed: Arc::default(),
            search_probe: SearchProbe::default(),
            warn: Arc::new(|message| eprintln!("warning: {message}")),
        })
    }

    /// The handle of `dir` under `rules` as [`TablebaseHandle::open`] gives
    /// it, shared by every caller in the process while the directory holds
    /// the same table files (by name), so a server that makes an engine
    /// per request verifies the files once; each call gets its own failure
    /// record ([`TablebaseHandle::take_failures`]). A file changed since it
    /// was verified is verified again by the first probe that needs it
    /// (`Tablebase::probe`), which fails if it went bad: only the requests
    /// that need a damaged file fail.
    pub fn open_shared(dir: &Path, rules: Variant) -> Result<TablebaseHandle, OpenError> {
        static OPENED: Mutex<Vec<Opened>> = Mutex::new(Vec::new());
        let listing = listing(dir);
        let cached = OPENED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|(d, r, l, _)| d == dir && *r == rules && *l == listing)
            .map(|(_, _, _, handle)| handle.clone());
        let handle = match cached {
            Some(handle) => handle,
            None => {
                let handle = TablebaseHandle::open(dir, rules)?;
                let mut opened = OPENED.lock().unwrap_or_else(|e| e.into_inner());
                opened.retain(|(d, r, _, _)| !(d == dir && *r == rules));
                opened.push((dir.to_path_buf(), rules, listing, handle.clone()));
                handle
            }
        };
        Ok(handle.with_own_failures())
    }

    /// The same handle with a failure record of its own (the clones of a
    /// handle share one).
    #[must_use]
    pub fn with_own_failures(mut self) -> TablebaseHandle {
        self.failures = Arc::default();
        self
    }

    /// The same handle with its one-time warnings sent to `sink`.
    #[must_use]
    pub fn with_warnings(mut self, sink: WarningSink) -> TablebaseHandle {
        self.warn = sink;
        self
    }

    /// The same handle with the search probing `mode` (WDL files by
    /// default; distance files for comparison).
    #[must_use]
    pub fn with_search_probe(mut self, mode: SearchProbe) -> TablebaseHandle {
        self.search_probe = mode;
        self
    }

    /// Every material with a file in the directory, fewest pieces first
    /// (then by name).
    pub fn materials(&self) -> Result<Vec<Material>, DirectoryError> {
        let mut materials = self.tablebase.tiers()?;
        materials.sort_by_key(|m| (m.count(), m.to_string()));
        Ok(materials)
    }

    /// Whether `position` has at most [`TablebaseHandle::max_pieces`] pieces
    /// and its material had a file when the directory was opened (usable
    /// or not: a probe of a file gone bad is an error, not "not covered").
    #[must_use]
    pub fn covers(&self, position: &Position) -> bool {
        pieces(position) <= self.max_pieces
            && self
                .stored
                .contains(&self.tablebase.layout().stored_tier(Material::of(position)))
    }

    /// The probe failures since the last call (each message names the
    /// file), for a front end that must fail a request whose answer needed
    /// an unusable file rather than give it without.
    #[must_use]
    pub fn take_failures(&self) -> Vec<TablebaseError> {
        std::mem::take(&mut *self.failures.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// The stored solution of `position`, or `None` if its material is not
    /// in the tablebase or its file is damaged or foreign. Such a file is
    /// reported once through the warning sink and skipped from then on.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<Solution> {
        self.probe_by(position, Tablebase::probe)
    }

    /// The distance-to-zeroing entry of `position` (see
    /// [`gamesolver_retro::zeroing`]), or `None` as [`TablebaseHandle::probe`]
    /// answers (a failure is reported and recorded the same way).
    #[must_use]
    pub fn probe_dtz(&self, position: &Position) -> Option<Solution> {
        self.probe_by(position, Tablebase::probe_dtz)
    }

    /// `read`'s answer for `position` within the handle's pieces, a
    /// failure reported and recorded (and `None`).
    fn probe_by(
        &self,
        position: &Position,
        read: impl FnOnce(&Tablebase<JungleTiers>, &Position) -> Result<Option<Solution>, ProbeError>,
    ) -> Option<Solution> {
        if pieces(position) > self.max_pieces {
            return None;
        }
        match read(&self.tablebase, position) {
            Ok(found) => found,
            Err(error) => {
                let stored = self.tablebase.layout().stored_tier(Material::of(position));
                self.report(stored, &error);
                None
            }
        }
    }

    /// The no-capture rule the tables were built for (200 plies, or the
    /// smaller limit of a directory built for tests of the rule).
    #[must_use]
    pub fn quiet_ply_limit(&self) -> u16 {
        self.tablebase
            .layout()
            .quiet_ply_limit()
            .unwrap_or(QUIET_PLIES_DRAW as u16)
    }

    /// The game `game` judged under the draw rules, from its history: its
    /// counter of quiet plies (the 200-ply rule), a child that repeats a
    /// position for the third time counted as drawn, the five verdicts of
    /// the position and of every move (see
    /// [`gamesolver_retro::zeroing::analyse_under_rule`]). `None` when the
    /// tables do not cover the position and all its children, or a file
    /// failed (reported and recorded).
    #[must_use]
    pub fn analyse_game(&self, game: &JungleGame) -> Option<RuleAnalysis<Move>> {
        if !self.covers(game.position()) {
            return None;
        }
        self.analyse_with(
            game,
            |p: &Position| self.probe(p),
            |p: &Position| self.probe_dtz(p),
        )
    }

    /// [`TablebaseHandle::analyse_game`] for an answer that must not be
    /// given without a file it needs: the first file failure is the error
    /// (naming the file), and nothing is reported or recorded. `Ok(None)`:
    /// not covered.
    pub fn analyse_game_exactly(
        &self,
        game: &JungleGame,
    ) -> Result<Option<RuleAnalysis<Move>>, TablebaseError> {
        if !self.covers(game.position()) {
            return Ok(None);
        }
        let failure = std::cell::RefCell::new(None);
        let noted = |result: Result<Option<Solution>, ProbeError>| match result {
            Ok(found) => found,
            Err(error) => {
                failure
                    .borrow_mut()
                    .get_or_insert_with(|| self::failure(&error));
                None
            }
        };
        let analysis = self.analyse_with(
            game,
            |p: &Position| noted(self.tablebase.probe(p)),
            |p: &Position| noted(self.tablebase.probe_dtz(p)),
        );
        match failure.into_inner() {
            Some(error) => Err(error),
            None => Ok(analysis),
        }
    }

    /// The rule-aware analysis of `game` with the tables read by `dtm` and
    /// `dtz`.
    fn analyse_with(
        &self,
        game: &JungleGame,
        dtm: impl Fn(&Position) -> Option<Solution>,
        dtz: impl Fn(&Position) -> Option<Solution>,
    ) -> Option<RuleAnalysis<Move>> {
        let counter = u16::try_from(game.quiet_plies()).unwrap_or(u16::MAX);
        analyse_under_rule(
            game,
            counter,
            self.quiet_ply_limit(),
            |g: &JungleGame, mv| g.position().is_capture(mv),
            |child: &JungleGame| child.outcome() == Some(Outcome::Draw),
            |g: &JungleGame| dtm(g.position()),
            |g: &JungleGame| dtz(g.position()),
        )
    }

    /// The verdict the search scores `position` by, or `None` (not in the
    /// tablebase, or its files are unusable): by default from its WDL file,
    /// with the tier's longest win or loss as the distance (the true one is
    /// at most that); from its distance file with [`SearchProbe::Distance`],
    /// when the tier has no WDL file, or once its WDL file failed (reported
    /// once through the warning sink).
    #[must_use]
    pub fn probe_in_search(&self, position: &Position) -> Option<Solution> {
        if pieces(position) > self.max_pieces {
            return None;
        }
        if self.search_probe == SearchProbe::Distance {
            return self.probe(position);
        }
        let stored = || self.tablebase.layout().stored_tier(Material::of(position));
        if self.any_wdl_failed.load(Ordering::Relaxed) && lock(&self.failed_wdl).contains(&stored())
        {
            return self.probe(position);
        }
        match self.tablebase.probe_wdl_bounded(position) {
            Ok(found) => found,
            Err(error) => {
                self.failures
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(failure(&error));
                if lock(&self.failed_wdl).insert(stored()) {
                    self.any_wdl_failed.store(true, Ordering::Relaxed);
                    (self.warn)(&format!(
                        "WDL file {}.gswdl in {} is unusable, the search probes the distance file instead: {error}",
                        stored(),
                        self.dir.display()
                    ));
                }
                self.probe(position)
            }
        }
    }

    /// Records a failure of `material`'s file, and reports it the first
    /// time.
    fn report(&self, material: Material, error: &ProbeError) {
        self.failures
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(failure(error));
        if lock(&self.failed).insert(material) {
            (self.warn)(&format!(
                "tablebase file {material}.gstb in {} is unusable, playing on without it: {error}",
                self.dir.display()
            ));
        }
    }
}

/// A probe's failure as the façade's error: the file and its typed cause.
fn failure(error: &ProbeError) -> TablebaseError {
    TablebaseError::from_chain(TablebaseCause::Corrupt, error, error.to_string())
}

/// A directory opened by [`TablebaseHandle::open_shared`]: the directory,
/// the rules, the names of its table files then, and the handle.
type Opened = (PathBuf, Variant, Vec<FileListing>, TablebaseHandle);

/// One file of a directory listing: its name.
type FileListing = std::ffi::OsString;

/// The names of the table files of `dir` (`*.gstb`, `*.gswdl`), sorted;
/// empty when the directory cannot be read.
fn listing(dir: &Path) -> Vec<FileListing> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<FileListing> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .filter(|name| {
            let name = name.to_string_lossy();
            name.ends_with(".gstb") || name.ends_with(".gswdl")
        })
        .collect();
    files.sort_unstable();
    files
}

/// A set of failed materials, locked (a panic elsewhere does not matter:
/// the set stays valid).
fn lock(set: &Mutex<HashSet<Material>>) -> std::sync::MutexGuard<'_, HashSet<Material>> {
    set.lock().unwrap_or_else(|e| e.into_inner())
}

impl TablebaseHandle {}

/// The number of pieces on the board.
fn pieces(position: &Position) -> u32 {
    (position.occupied(Player::First) | position.occupied(Player::Second)).count_ones()
}

/// Opens `dir` as a tablebase when given.
pub fn open_tablebase(
    dir: Option<&Path>,
    rules: Variant,
) -> Result<Option<TablebaseHandle>, OpenError> {
    dir.map(|d| TablebaseHandle::open(d, rules)).transpose()
}

/// The tables of `rules` in `dir` as every front end builds and reads
/// them: the colour symmetry folded (one material of each colour pair is
/// stored, `LR-e`, not `E-lr`, and the other probed through it). The one
/// layout of the command line, Python and distributed builds, so their
/// directories are the same file for file.
#[must_use]
pub fn tables_in(dir: &Path, rules: Variant) -> Tablebase<JungleTiers> {
    Tablebase::new(JungleTiers::colour_folded(rules), dir)
}

/// Builds (quietly) the tables of `materials` and of every material they
/// capture into, for `rules`, in `dir` (created if missing), one material
/// of each colour pair; tables already there are kept. Two-piece tables take a fraction of a second.
pub fn build_tablebase(
    dir: &Path,
    rules: Variant,
    materials: &[Material],
) -> Result<Vec<TierBuilt>, BuildError> {
    build(&tables_in(dir, rules), materials, &())
}

/// [`build_tablebase`] under a no-capture rule of `plies` plies
/// ([`tables_under_rule`]), for tests of the rule.
pub fn build_tablebase_under_rule(
    dir: &Path,
    rules: Variant,
    materials: &[Material],
    plies: u16,
) -> Result<Vec<TierBuilt>, BuildError> {
    build(&tables_under_rule(dir, rules, plies), materials, &())
}

/// [`tables_in`] under a no-capture rule of `plies` plies instead of the
/// game's 200: a directory whose distance-to-zeroing files (and so every
/// answer under the rule, [`TablebaseHandle::open`] reads the limit back)
/// show the rule's effects within a few pieces, for tests.
#[must_use]
pub fn tables_under_rule(dir: &Path, rules: Variant, plies: u16) -> Tablebase<JungleTiers> {
    Tablebase::new(
        JungleTiers::colour_folded(rules).with_quiet_ply_limit(plies),
        dir,
    )
}

/// The colour-folded layout of the tables in `dir` under `rules`, with the
/// no-capture rule its distance-to-zeroing files were written under (read
/// from the smallest material's file; the game's 200 plies when there is
/// none), and its stored materials, smallest first (so a directory of
/// other rules is named as such by its first file, before the others are
/// read).
pub fn layout_of_directory(
    dir: &Path,
    rules: Variant,
) -> Result<(JungleTiers, Vec<Material>), OpenError> {
    let standard = Tablebase::open_dir(JungleTiers::colour_folded(rules), dir)?;
    let mut tiers = standard.tiers()?;
    tiers.sort_by_key(|m| (m.count(), m.to_string()));
    let layout = match tiers.first().map(|&m| standard.dtz_path(m)) {
        Some(path) if path.exists() => {
            let plies = zeroing_limit(&path).map_err(OpenError::Unusable)?;
            JungleTiers::colour_folded(rules).with_quiet_ply_limit(plies)
        }
        _ => JungleTiers::colour_folded(rules),
    };
    Ok((layout, tiers))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The directory's handle, with the warnings it gives collected.
    fn open_recording_warnings(
        dir: &std::path::Path,
    ) -> (TablebaseHandle, Arc<Mutex<Vec<String>>>) {
        let messages = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&messages);
        let handle = TablebaseHandle::open(dir, Variant::Standard)
            .unwrap()
            .with_warnings(Arc::new(move |m| sink.lock().unwrap().push(m.to_string())));
        (handle, messages)
    }

    /// Issue 26 finding 3: a damaged or cut file is refused when the
    /// directory is opened, with its name (never taken for "not covered").
    #[test]
    fn a_damaged_file_is_refused_at_open_with_its_name() {
        for (file, damage) in [("E-e.gstb", 0), ("E-e.gstb", 1), ("C-c.gswdl", 0)] {
            let dir = tempfile::tempdir().unwrap();
            build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
            let path = dir.path().join(file);
            let mut bytes = std::fs::read(&path).unwrap();
            if damage == 0 {
                let middle = bytes.len() / 2;
                bytes[middle] ^= 0xFF;
            } else {
                bytes.truncate(100);
            }
            std::fs::write(&path, bytes).unwrap();
            let error = TablebaseHandle::open(dir.path(), Variant::Standard).unwrap_err();
            assert!(matches!(error, OpenError::Unusable(_)), "{error}");
            assert!(error.to_string().contains(file), "{error}");
            assert!(!error.to_string().contains("not for the"), "{error}");
        }
    }

    /// A file damaged after the directory was opened (rewritten in place,
    /// cut short) is found by the next probe that needs it: reported once,
    /// recorded for the front end, and skipped by the search.
    #[test]
    fn a_file_damaged_after_opening_is_reported_and_recorded() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let (handle, messages) = open_recording_warnings(dir.path());
        let position: Position = "7/7/7/7/7/7/1e5/7/E6 w".parse().unwrap();
        assert!(handle.probe(&position).is_some());
        assert!(handle.take_failures().is_empty());
        let file = dir.path().join("E-e.gstb");
        let mut bytes = std::fs::read(&file).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0xFF;
        std::fs::write(&file, &bytes).unwrap();
        assert!(handle.covers(&position), "damaged is not uncovered");
        assert_eq!(handle.probe(&position), None);
        assert_eq!(handle.probe(&position), None);
        let failures = handle.take_failures();
        assert_eq!(failures.len(), 2, "{failures:?}");
        assert!(
            failures.iter().all(|f| f.message.contains("E-e.gstb")
                && f.cause.is_file_fault()
                && f.path.as_deref() == Some(file.as_path())),
            "{failures:?}"
        );
        {
            let messages = messages.lock().unwrap();
            assert_eq!(messages.len(), 1, "{messages:?}");
            assert!(messages[0].contains("E-e.gstb"), "{messages:?}");
        }
        let other: Position = "7/7/7/7/7/7/1l5/7/E6 w".parse().unwrap();
        assert!(handle.probe(&other).is_some());
        // Cut short in place: the same.
        std::fs::OpenOptions::new()
            .write(true)
            .open(dir.path().join("E-l.gstb"))
            .unwrap()
            .set_len(100)
            .unwrap();
        assert_eq!(handle.probe(&other), None);
        assert!(handle.take_failures()[0].message.contains("E-l.gstb"));
    }

    #[test]
    fn a_wdl_file_cut_after_opening_is_recorded_and_the_distance_file_answers() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let (handle, messages) = open_recording_warnings(dir.path());
        let position: Position = "7/7/7/7/7/7/1e5/7/E6 w".parse().unwrap();
        let exact = handle.probe(&position);
        assert!(exact.is_some());
        std::fs::OpenOptions::new()
            .write(true)
            .open(dir.path().join("E-e.gswdl"))
            .unwrap()
            .set_len(100)
            .unwrap();
        assert_eq!(handle.probe_in_search(&position), exact);
        assert_eq!(handle.probe_in_search(&position), exact);
        let messages = messages.lock().unwrap();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].contains("E-e.gswdl"), "{messages:?}");
        assert!(!handle.take_failures().is_empty());
    }

    #[test]
    fn the_search_probe_bounds_the_distance_by_the_longest_win() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let handle = TablebaseHandle::open(dir.path(), Variant::Standard).unwrap();
        let exact_handle = handle.clone().with_search_probe(SearchProbe::Distance);
        for fen in [
            "7/7/7/7/7/7/1e5/7/E6 w",
            "7/7/7/7/2r4/7/7/7/C6 w",
            "7/7/7/7/7/7/1e5/7/E6 b",
        ] {
            let position: Position = fen.parse().unwrap();
            let exact = exact_handle.probe_in_search(&position).unwrap();
            assert_eq!(exact, handle.probe(&position).unwrap(), "{fen}");
            let bounded = handle.probe_in_search(&position).unwrap();
            assert_eq!(bounded.wdl, exact.wdl, "{fen}");
            assert!(bounded.distance >= exact.distance, "{fen}");
        }
    }

    /// The WDL files hold any value where a win in one ply is found before
    /// reading them (an animal beside the enemy den): the search's probes
    /// still give every position of every two-piece material the distance
    /// file's value, and those wins their exact distance.
    #[test]
    fn in_search_probes_answer_wins_in_one_before_the_file() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let handle = TablebaseHandle::open(dir.path(), Variant::Standard).unwrap();
        let layout = JungleTiers::new(Variant::Standard);
        let mut found_first = 0;
        for material in Material::all_with(2) {
            for index in 0..layout.tier_len(material) {
                let Some(position) = layout.position(material, index) else {
                    continue;
                };
                let exact = handle.probe(&position).unwrap();
                let in_search = handle.probe_in_search(&position).unwrap();
                assert_eq!(in_search.wdl, exact.wdl, "{position}");
                if position.game_end().is_none() && position.wins_in_one() {
                    assert_eq!(in_search, exact, "{position}");
                    found_first += 1;
                }
            }
        }
        assert!(found_first > 1000, "{found_first} wins in one");
    }

    /// Issue 10 finding 1: tables of other rules are refused, not used.
    #[test]
    fn tables_of_other_rules_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let error = TablebaseHandle::open(dir.path(), Variant::RatAcrossWater).unwrap_err();
        assert!(error.to_string().contains("not for the"), "{error}");
        assert!(TablebaseHandle::open(dir.path(), Variant::Standard).is_ok());
    }

    #[test]
    fn bad_directories_are_refused() {
        let empty = tempfile::tempdir().unwrap();
        let error = TablebaseHandle::open(empty.path(), Variant::Standard).unwrap_err();
        assert!(error.to_string().contains("no tablebase file"), "{error}");
        let missing = empty.path().join("nowhere");
        assert!(open_tablebase(Some(&missing), Variant::Standard).is_err());
    }
}
