//! A directory of tier files, probed across tiers.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, RwLock};

use gamesolver_core::{Game, Solution};
use rustc_hash::FxHashMap;
use thiserror::Error;

use crate::loopy::{TierLayout, TierTable};
use crate::tbfile::{TablebaseFile, TablebaseFileError, TablebaseIdentity};
use crate::wdlfile::WdlFile;

/// Why a tablebase directory cannot be used.
#[derive(Debug, Error)]
pub enum DirectoryError {
    /// The directory cannot be listed (missing, not a directory, no access).
    #[error("cannot read the tablebase directory {}: {source}", dir.display())]
    Unreadable {
        /// The directory.
        dir: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The directory holds no tier file.
    #[error("{} holds no tablebase file (*.gstb)", dir.display())]
    Empty {
        /// The directory.
        dir: PathBuf,
    },
}

/// Why a probe failed.
#[derive(Debug, Error)]
pub enum ProbeError {
    /// The tier's file is damaged or unreadable.
    #[error(transparent)]
    File(#[from] TablebaseFileError),
}

/// The value of `position` without a table: its outcome if finished, else
/// what the layout knows of it ([`TierLayout::known_value`]).
pub(crate) fn known<L: TierLayout>(layout: &L, position: &L::Game) -> Option<Solution> {
    match position.outcome() {
        Some(outcome) => Some(Solution::finished(outcome.value_for(position.turn()))),
        None => layout.known_value(position),
    }
}

/// Where a tier's answers come from: a verified file, or a table in memory
/// (a tier just built, or loaded to build larger ones).
#[derive(Debug)]
pub(super) enum Source {
    File(Box<TablebaseFile>),
    Memory(TierTable),
}

impl Source {
    /// Whether this is a file and the file under its name changed since it
    /// was verified (an in-memory table never changes).
    pub(super) fn changed_on_disk(&self) -> bool {
        match self {
            Source::File(file) => file.changed_on_disk(),
            Source::Memory(_) => false,
        }
    }

    /// The solution at `index` (`None` for a hole).
    pub(super) fn get(&self, index: u64) -> Result<Option<Solution>, ProbeError> {
        Ok(match self {
            Source::File(file) => file.probe(index)?,
            Source::Memory(table) => table.get(index),
        })
    }
}

/// The answers for one tier and its successors, resolved in advance (see
/// [`Tablebase::tier_probe`]).
pub struct TierProbe<'a, L: TierLayout> {
    layout: &'a L,
    sources: Vec<(L::Tier, Arc<Source>)>,
}

impl<L: TierLayout> TierProbe<'_, L> {
    /// The solution of `position`, if its tier is one of this probe's and
    /// the position is stored. Finished positions are answered by their
    /// outcome, and those the layout knows ([`TierLayout::known_value`]) by
    /// it.
    pub fn probe(&self, position: &L::Game) -> Option<Solution> {
        if let Some(known) = known(self.layout, position) {
            return Some(known);
        }
        let tier = self.layout.tier_of(position);
        let (_, source) = self.sources.iter().find(|(t, _)| *t == tier)?;
        source.get(self.layout.index(tier, position)).ok().flatten()
    }
}

/// A tablebase directory for one layout: `DIR/<tier>.gstb` per tier.
///
/// Files are opened (and verified) on first use and kept open; a tier
/// without a file is simply absent, and probes into it answer `None`. A
/// file that cannot be used is an error on every probe that needs it
/// (naming the file), never an absent tier; [`Tablebase::probe`] also
/// notices a file replaced, cut short or rewritten since it was verified
/// and verifies it again (`Tablebase::source`).
pub struct Tablebase<L: TierLayout> {
    layout: L,
    dir: PathBuf,
    open: RwLock<FxHashMap<L::Tier, Option<Arc<Source>>>>,
    /// The WDL files opened so far (`None`: the tier has none).
    pub(super) wdl: RwLock<FxHashMap<L::Tier, Option<Arc<WdlFile>>>>,
    /// The distance-to-zeroing tables opened or kept so far (`None`: the
    /// tier has none).
    pub(super) dtz: RwLock<FxHashMap<L::Tier, Option<Arc<Source>>>>,
}

impl<L: TierLayout> Tablebase<L> {
    /// The tablebase of `layout` stored in `dir`.
    pub fn new(layout: L, dir: impl Into<PathBuf>) -> Self {
        Tablebase {
            layout,
            dir: dir.into(),
            open: RwLock::new(FxHashMap::default()),
            wdl: RwLock::new(FxHashMap::default()),
            dtz: RwLock::new(FxHashMap::default()),
        }
    }

    /// Opens the tablebase directory `dir` for `layout`, as
    /// shakmaty-syzygy's `add_directory` does: the directory must be
    /// readable and hold at least one tier file. Files are still opened and
    /// verified on first probe.
    ///
    /// ```
    /// # use gamesolver_retro::tablebase::{DirectoryError, Tablebase};
    /// # use gamesolver_games::jungle::{JungleTiers, Variant};
    /// let empty = tempfile::tempdir().unwrap();
    /// let refused = Tablebase::open_dir(JungleTiers::new(Variant::Standard), empty.path());
    /// assert!(matches!(refused, Err(DirectoryError::Empty { .. })));
    /// ```
    pub fn open_dir(layout: L, dir: impl Into<PathBuf>) -> Result<Self, DirectoryError>
    where
        L::Tier: FromStr,
    {
        let tablebase = Tablebase::new(layout, dir);
        if tablebase.tiers()?.is_empty() {
            return Err(DirectoryError::Empty {
                dir: tablebase.dir.clone(),
            });
        }
        Ok(tablebase)
    }

    /// Every tier with a file (`<tier>.gstb`) in the directory, in the
    /// tiers' order. Files whose names are no tier are ignored.
    pub fn tiers(&self) -> Result<Vec<L::Tier>, DirectoryError>
    where
        L::Tier: FromStr,
    {
        let unreadable = |source| DirectoryError::Unreadable {
            dir: self.dir.clone(),
            source,
        };
        let mut tiers = Vec::new();
        for entry in std::fs::read_dir(&self.dir).map_err(unreadable)? {
            let name = entry.map_err(unreadable)?.file_name();
            let name = name.to_string_lossy();
            if let Some(Ok(tier)) = name.strip_suffix(".gstb").map(str::parse::<L::Tier>) {
                tiers.push(tier);
            }
        }
        tiers.sort();
        Ok(tiers)
    }

    /// The layout.
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of `tier`.
    pub fn path(&self, tier: L::Tier) -> PathBuf {
        self.dir.join(format!("{tier}.gstb"))
    }

    /// What the file of `tier` must hold.
    pub fn identity(&self, tier: L::Tier) -> TablebaseIdentity {
        TablebaseIdentity {
            game: L::Game::NAME.to_string(),
            variant: self.layout.variant(),
            tier: tier.to_string(),
            scheme: self.layout.scheme(),
            entries: self.layout.tier_len(tier),
        }
    }

    /// Opens the file of `tier` if it exists; `Ok(None)` if it does not.
    pub fn open_tier(&self, tier: L::Tier) -> Result<Option<TablebaseFile>, TablebaseFileError> {
        let path = self.path(tier);
        if !path.exists() {
            return Ok(None);
        }
        TablebaseFile::open(&path, &self.identity(tier)).map(Some)
    }

    /// Loads the whole file of `tier` into memory (faster probes), and
    /// returns its table.
    pub fn load_into_memory(&self, tier: L::Tier) -> Result<TierTable, TablebaseFileError> {
        let path = self.path(tier);
        let file = TablebaseFile::open(&path, &self.identity(tier))?;
        let table = file.load()?;
        self.keep_in_memory(tier, table.clone());
        Ok(table)
    }

    /// Keeps `table` in memory as the answers for `tier`.
    pub(crate) fn keep_in_memory(&self, tier: L::Tier, table: TierTable) {
        let mut open = self.open.write().expect("no panic while holding the lock");
        open.insert(tier, Some(Arc::new(Source::Memory(table))));
    }

    /// Forgets what is known of `tier` (an in-memory table, an open file,
    /// or that it had no file), so its next probe opens its file afresh:
    /// used once a build has written the tier's file.
    pub(crate) fn forget(&self, tier: L::Tier) {
        self.open
            .write()
            .expect("no panic while holding the lock")
            .remove(&tier);
        self.wdl
            .write()
            .expect("no panic while holding the lock")
            .remove(&tier);
        self.dtz
            .write()
            .expect("no panic while holding the lock")
            .remove(&tier);
    }

    /// The source of `tier`, opening its file on first use, and again when
    /// the file on disk changed since it was verified (one `stat` per
    /// call): a damaged file is then an error naming it, on this call and
    /// every later one.
    pub(super) fn source(&self, tier: L::Tier) -> Result<Option<Arc<Source>>, ProbeError> {
        cached_source(&self.open, tier, || self.open_tier(tier))
    }

    /// The solution of `position`, or `None` if its tier is not in the
    /// tablebase. A finished position is answered by its outcome, one the
    /// layout knows ([`TierLayout::known_value`]) by it.
    pub fn probe(&self, position: &L::Game) -> Result<Option<Solution>, ProbeError> {
        if let Some(known) = known(&self.layout, position) {
            return Ok(Some(known));
        }
        let tier = self.layout.tier_of(position);
        let Some(source) = self.source(tier)? else {
            return Ok(None);
        };
        let index = self.layout.index(tier, position);
        source.get(index)
    }

    /// Whether `position`'s tier is in the tablebase: in memory, or with a
    /// file in the directory (usable or not: probing a damaged file is an
    /// error, not an absent tier).
    pub fn covers(&self, position: &L::Game) -> bool {
        let tier = self.layout.tier_of(position);
        let known = self
            .open
            .read()
            .expect("no panic while holding the lock")
            .get(&tier)
            .map(Option::is_some);
        known.unwrap_or_else(|| self.path(tier).exists())
    }

    /// A probe for the positions of `tier` and of the tiers its moves lead
    /// to, resolved once: it answers from memory or the files without locks
    /// or hashing, so it suits hot loops (building, verifying). Positions of
    /// other tiers, and tiers without a file, answer `None`.
    pub fn tier_probe(&self, tier: L::Tier) -> Result<TierProbe<'_, L>, ProbeError> {
        let mut sources = Vec::new();
        for t in std::iter::once(tier).chain(self.layout.successors(tier)) {
            if let Some(source) = self.source(t)? {
                sources.push((t, source));
            }
        }
        Ok(TierProbe {
            layout: &self.layout,
            sources,
        })
    }

    /// Forgets every open file and in-memory table.
    pub fn close_all(&self) {
        self.open
            .write()
            .expect("no panic while holding the lock")
            .clear();
        self.wdl
            .write()
            .expect("no panic while holding the lock")
            .clear();
        self.dtz
            .write()
            .expect("no panic while holding the lock")
            .clear();
    }
}

/// The source of `tier` kept in `cache`, opened by `open` on first use and
/// again when its file changed on disk since (one `stat` per call); a file
/// that fails is forgotten, so the next call looks at it again.
pub(super) fn cached_source<T, E>(
    cache: &RwLock<FxHashMap<T, Option<Arc<Source>>>>,
    tier: T,
    open: impl FnOnce() -> Result<Option<TablebaseFile>, E>,
) -> Result<Option<Arc<Source>>, ProbeError>
where
    T: Copy + Eq + std::hash::Hash,
    E: Into<ProbeError>,
{
    if let Some(found) = cache
        .read()
        .expect("no panic while holding the lock")
        .get(&tier)
        && !found
            .as_ref()
            .is_some_and(|source| source.changed_on_disk())
    {
        return Ok(found.clone());
    }
    let opened = open();
    let mut cached = cache.write().expect("no panic while holding the lock");
    match opened {
        Ok(file) => {
            let source = file.map(|f| Arc::new(Source::File(Box::new(f))));
            cached.insert(tier, source.clone());
            Ok(source)
        }
        Err(error) => {
            cached.remove(&tier);
            Err(error.into())
        }
    }
}
