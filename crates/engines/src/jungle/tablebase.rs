//! A Jungle tablebase directory opened for play: the tablebase, its largest
//! material, and probes that report a damaged or foreign file once (then go
//! on without it) instead of failing the search.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use gamesolver_core::{Player, Solution, TierLayout};
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_retro::FileError as TablebaseFileError;
use gamesolver_retro::tablebase::{BuildError, DirectoryError, Tablebase, TierBuilt, build};

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
            warn: Arc::new(|message| eprintln!("warning: {message}")),
        })
    }

    /// The same handle with its one-time warnings sent to `sink`.
    #[must_use]
    pub fn with_warnings(mut self, sink: WarningSink) -> TablebaseHandle {
        self.warn = sink;
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

    /// Reports `material`'s file the first time it fails.
    fn report(&self, material: Material, error: &str) {
        let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        if failed.insert(material) {
            (self.warn)(&format!(
                "tablebase file {material}.gstb in {} is unusable, playing on without it: {error}",
                self.dir.display()
            ));
        }
    }
}

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
        let messages = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&messages);
        let handle = TablebaseHandle::open(dir.path(), Variant::Standard)
            .unwrap()
            .with_warnings(Arc::new(move |m| sink.lock().unwrap().push(m.to_string())));
        let position: Position = "7/7/7/7/7/7/1e5/7/E6 w".parse().unwrap();
        assert_eq!(handle.probe(&position), None);
        assert_eq!(handle.probe(&position), None);
        let messages = messages.lock().unwrap();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].contains("E-e.gstb"), "{messages:?}");
        let other: Position = "7/7/7/7/7/7/1l5/7/E6 w".parse().unwrap();
        assert!(handle.probe(&other).is_some());
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
