//! The distance-to-zeroing files of a directory (`<tier>.gsdtz` beside
//! `<tier>.gstb`), for layouts with a no-zeroing rule
//! ([`TierLayout::quiet_ply_limit`]): solved, written, kept, probed and
//! verified (see [`crate::zeroing`] for what they hold).

use std::path::PathBuf;
use std::sync::Arc;

use gamesolver_core::{Game, Solution};

use super::store::Source;
use super::{ProbeError, Tablebase};
use crate::binfile::FileError;
use crate::loopy::{
    SolveTierError, TierLayout, TierProgress, TierTable, VerifyFailure, solve_tier, verify_tier,
};
use crate::tbfile::{DTZ_EXTENSION, TableKind, TablebaseFile, encode_table};
use crate::zeroing::zeroing_value;

impl<L: TierLayout> Tablebase<L> {
    /// The kind of the distance-to-zeroing files, if the layout's game has
    /// a no-zeroing rule.
    #[must_use]
    pub fn dtz_kind(&self) -> Option<TableKind> {
        self.layout()
            .quiet_ply_limit()
            .map(|limit| TableKind::Zeroing { limit })
    }

    /// The distance-to-zeroing file of `tier`.
    pub fn dtz_path(&self, tier: L::Tier) -> PathBuf {
        self.dir().join(format!("{tier}.{DTZ_EXTENSION}"))
    }

    /// Opens the distance-to-zeroing file of `tier` if the layout has the
    /// rule and the file exists; `Ok(None)` otherwise.
    pub fn open_dtz(&self, tier: L::Tier) -> Result<Option<TablebaseFile>, FileError> {
        let Some(kind) = self.dtz_kind() else {
            return Ok(None);
        };
        let path = self.dtz_path(tier);
        if !path.exists() {
            return Ok(None);
        }
        TablebaseFile::open_kind(&path, &self.identity(tier), kind).map(Some)
    }

    /// The distance-to-zeroing source of `tier`: a table kept in memory,
    /// or its file, opened on first use and again when it changed on disk
    /// (as [`Tablebase::probe`]'s distance files are).
    pub(super) fn dtz_source(&self, tier: L::Tier) -> Result<Option<Arc<Source>>, ProbeError> {
        super::store::cached_source(&self.dtz, tier, || self.open_dtz(tier))
    }

    /// The distance-to-zeroing entry of `position` (a finished position:
    /// its outcome at distance 0), or `None` if its tier has no such file
    /// (or the layout no rule).
    pub fn probe_dtz(&self, position: &L::Game) -> Result<Option<Solution>, ProbeError> {
        if let Some(outcome) = position.outcome() {
            return Ok(Some(Solution::finished(outcome.value_for(position.turn()))));
        }
        let tier = self.layout().tier_of(position);
        let Some(source) = self.dtz_source(tier)? else {
            return Ok(None);
        };
        source.get(self.layout().index(tier, position))
    }

    /// Loads `tier`'s distance-to-zeroing file into memory (as
    /// [`Tablebase::load_into_memory`] does the distance file); nothing
    /// for a layout without the rule. A missing file is an error.
    pub fn load_dtz_into_memory(&self, tier: L::Tier) -> Result<(), FileError> {
        if self.dtz_kind().is_none() {
            return Ok(());
        }
        let Some(file) = self.open_dtz(tier)? else {
            return Err(FileError::io(
                &self.dtz_path(tier).display().to_string(),
                std::io::ErrorKind::NotFound.into(),
            ));
        };
        self.keep_dtz_in_memory(tier, file.load()?);
        Ok(())
    }

    /// Keeps `table` in memory as the distance-to-zeroing table of `tier`.
    pub(crate) fn keep_dtz_in_memory(&self, tier: L::Tier, table: TierTable) {
        self.dtz
            .write()
            .expect("no panic while holding the lock")
            .insert(tier, Some(Arc::new(Source::Memory(table))));
    }

    /// The exits of `tier` valued as its distance-to-zeroing game values
    /// them: a finished position by its outcome, a position of another
    /// tier by its value under the rule from a counter of zero, both at
    /// distance 0 ([`zeroing_value`]). The successors' tables are resolved
    /// once (kept in memory or read from their files).
    fn zeroing_exits(&self, tier: L::Tier, limit: u16) -> Result<ZeroingExits<'_, L>, ProbeError> {
        let mut sources = Vec::new();
        for t in self.layout().successors(tier) {
            if let Some(source) = self.dtz_source(t)? {
                sources.push((t, source));
            }
        }
        Ok(ZeroingExits {
            layout: self.layout(),
            sources,
            limit,
        })
    }

    /// Solves the distance-to-zeroing table of `tier` (the successors'
    /// tables must be there); `None` when the layout has no rule.
    pub fn solve_dtz(
        &self,
        tier: L::Tier,
        progress: &dyn TierProgress,
    ) -> Result<Option<TierTable>, DtzError> {
        let Some(limit) = self.layout().quiet_ply_limit() else {
            return Ok(None);
        };
        let exits = self.zeroing_exits(tier, limit)?;
        let probe = |position: &L::Game| exits.value(position);
        Ok(Some(solve_tier(self.layout(), tier, &probe, progress)?))
    }

    /// The bytes of `tier`'s distance-to-zeroing file holding `table`, and
    /// its path.
    pub(crate) fn encode_dtz_file(
        &self,
        tier: L::Tier,
        table: &TierTable,
    ) -> Result<Option<(PathBuf, Vec<u8>)>, FileError> {
        let Some(kind) = self.dtz_kind() else {
            return Ok(None);
        };
        let path = self.dtz_path(tier);
        let bytes = encode_table(kind, &path, &self.identity(tier), table)?;
        Ok(Some((path, bytes)))
    }

    /// Checks every stored entry of `tier`'s distance-to-zeroing file
    /// against its children, as [`verify_tier`] checks a distance file,
    /// with the zeroing moves valued as the file's game values them.
    /// `Ok(None)` when the tier has no such file.
    pub fn check_dtz(
        &self,
        tier: L::Tier,
    ) -> Result<Option<Result<u64, Vec<VerifyFailure>>>, ProbeError> {
        let (Some(limit), Some(file)) = (self.layout().quiet_ply_limit(), self.open_dtz(tier)?)
        else {
            return Ok(None);
        };
        let table = file.load()?;
        let exits = self.zeroing_exits(tier, limit)?;
        let lookup = |position: &L::Game| exits.value(position);
        Ok(Some(verify_tier(self.layout(), tier, &table, &lookup)))
    }
}

/// Why a distance-to-zeroing table could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DtzError {
    /// A successor's table could not be read.
    #[error(transparent)]
    Probe(#[from] ProbeError),
    /// The solver failed (or was cancelled).
    #[error(transparent)]
    Solve(#[from] SolveTierError),
}

/// The successors' distance-to-zeroing tables of one tier, resolved.
struct ZeroingExits<'a, L: TierLayout> {
    layout: &'a L,
    sources: Vec<(L::Tier, Arc<Source>)>,
    limit: u16,
}

impl<L: TierLayout> ZeroingExits<'_, L> {
    /// What the zeroing move to `position` is worth (see
    /// [`Tablebase::zeroing_exits`]); `None` if no table knows it.
    fn value(&self, position: &L::Game) -> Option<Solution> {
        if let Some(outcome) = position.outcome() {
            return Some(Solution::finished(outcome.value_for(position.turn())));
        }
        let tier = self.layout.tier_of(position);
        let (_, source) = self.sources.iter().find(|(t, _)| *t == tier)?;
        let entry = source.get(self.layout.index(tier, position)).ok()??;
        Some(zeroing_value(entry, self.limit))
    }
}
