//! A Jungle tablebase directory opened for play: the tablebase, its largest
//! material, and probes that report a damaged or foreign file once (then go
//! on without it) instead of failing the search. The search probes the WDL
//! files (`*.gswdl`, win/draw/loss only), the root the distance files.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use gamesolver_core::{Player, Solution, TierLayout};
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_retro::FileError as TablebaseFileError;
use gamesolver_retro::tablebase::{BuildError, DirectoryError, Tablebase, TierBuilt, build};

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
    /// Its tables were built for other rules (or are damaged).
    #[error("the tablebase in {} is not for the {rules} rules: {source}", dir.display())]
    NotForTheseRules {
        /// The directory.
        dir: PathBuf,
        /// The rules asked for.
        rules: Variant,
        /// What the table file says.
        source: TablebaseFileError,
    },
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
    /// read, holds no table, or whose smallest table was built for other
    /// rules (a table is only used under the rules it was built for).
    pub fn open(dir: &Path, rules: Variant) -> Result<TablebaseHandle, OpenError> {
        let tablebase = Tablebase::open_dir(JungleTiers::colour_folded(rules), dir)?;
        let tiers = tablebase.tiers()?;
        let max_pieces = tiers.iter().map(|m| m.count()).max().unwrap_or(0);
        if let Some(&smallest) = tiers.iter().min_by_key(|m| (m.count(), m.to_string())) {
            tablebase
                .open_tier(smallest)
                .map_err(|source| OpenError::NotForTheseRules {
                    dir: dir.to_path_buf(),
                    rules,
                    source,
                })?;
        }
        Ok(TablebaseHandle {
            tablebase: Arc::new(tablebase),
            max_pieces,
            dir: dir.to_path_buf(),
            rules,
            failed: Arc::default(),
            failed_wdl: Arc::default(),
            any_wdl_failed: Arc::default(),
            search_probe: SearchProbe::default(),
            warn: Arc::new(|message| eprintln!("warning: {message}")),
        })
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
    /// and its material has a file.
    #[must_use]
    pub fn covers(&self, position: &Position) -> bool {
        pieces(position) <= self.max_pieces && self.tablebase.covers(position)
    }

    /// The stored solution of `position`, or `None` if its material is not
    /// in the tablebase or its file is damaged or foreign. Such a file is
    /// reported once through the warning sink and skipped from then on.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<Solution> {
        if pieces(position) > self.max_pieces {
            return None;
        }
        match self.tablebase.probe(position) {
            Ok(found) => found,
            Err(error) => {
                let stored = self.tablebase.layout().stored_tier(Material::of(position));
                self.report(stored, &error.to_string());
                None
            }
        }
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

    /// Reports `material`'s file the first time it fails.
    fn report(&self, material: Material, error: &str) {
        if lock(&self.failed).insert(material) {
            (self.warn)(&format!(
                "tablebase file {material}.gstb in {} is unusable, playing on without it: {error}",
                self.dir.display()
            ));
        }
    }
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

/// Builds (quietly) the tables of `materials` and of every material they
/// capture into, for `rules`, in `dir` (created if missing), one material
/// of each colour pair; tables already there are kept. Two-piece tables take a fraction of a second.
pub fn build_tablebase(
    dir: &Path,
    rules: Variant,
    materials: &[Material],
) -> Result<Vec<TierBuilt>, BuildError> {
    let tablebase = Tablebase::new(JungleTiers::colour_folded(rules), dir);
    build(&tablebase, materials, &())
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

    #[test]
    fn a_damaged_file_is_reported_once_and_skipped() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let file = dir.path().join("E-e.gstb");
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last / 2] ^= 0xFF;
        bytes[last] ^= 0xFF;
        std::fs::write(&file, bytes).unwrap();
        let (handle, messages) = open_recording_warnings(dir.path());
        let position: Position = "7/7/7/7/7/7/1e5/7/E6 w".parse().unwrap();
        assert_eq!(handle.probe(&position), None);
        assert_eq!(handle.probe(&position), None);
        let messages = messages.lock().unwrap();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].contains("E-e.gstb"), "{messages:?}");
        let other: Position = "7/7/7/7/7/7/1l5/7/E6 w".parse().unwrap();
        assert!(handle.probe(&other).is_some());
    }

    #[test]
    fn a_damaged_wdl_file_is_reported_once_and_the_distance_file_answers() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let file = dir.path().join("E-e.gswdl");
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0xFF;
        std::fs::write(&file, bytes).unwrap();
        let (handle, messages) = open_recording_warnings(dir.path());
        let position: Position = "7/7/7/7/7/7/1e5/7/E6 w".parse().unwrap();
        let exact = handle.probe(&position);
        assert!(exact.is_some());
        assert_eq!(handle.probe_in_search(&position), exact);
        assert_eq!(handle.probe_in_search(&position), exact);
        let messages = messages.lock().unwrap();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].contains("E-e.gswdl"), "{messages:?}");
        assert!(messages[0].contains("corrupted"), "{messages:?}");
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
