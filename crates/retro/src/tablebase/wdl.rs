//! The WDL files of a tablebase directory (`<tier>.gswdl` beside each
//! `<tier>.gstb`): probed by searches, written by the build beside each
//! distance file, derived from the distance files of directories built
//! before, and checked against them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use gamesolver_core::{Game, Solution, Wdl};

use super::{ProbeError, Tablebase};
use crate::binfile::FileError;
use crate::loopy::{TierLayout, TierTable};
use crate::wdlfile::{EXTENSION, WdlFile, encode_wdl, write_wdl};

/// How a tier's WDL file compares with its distance file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WdlCheck {
    /// The tier has no WDL file (probes answer from the distance file).
    Missing,
    /// Every position's value is the distance file's.
    Agrees,
    /// Some positions' values differ.
    Disagrees {
        /// How many positions differ.
        positions: u64,
        /// The first index that differs.
        first: u64,
    },
}

/// A WDL file derived from a distance file, and what it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WdlDerived {
    /// The tier.
    pub tier: String,
    /// Indices of the tier.
    pub indices: u64,
    /// Indices that are positions (not holes).
    pub positions: u64,
    /// The WDL file's size in bytes.
    pub bytes: u64,
}

impl WdlDerived {
    /// Bits of file per position (per index that is no hole).
    #[must_use]
    pub fn bits_per_position(&self) -> f64 {
        (self.bytes * 8) as f64 / self.positions.max(1) as f64
    }
}

impl<L: TierLayout> Tablebase<L> {
    /// The WDL file of `tier` (`<tier>.gswdl` beside its distance file).
    pub fn wdl_path(&self, tier: L::Tier) -> PathBuf {
        self.dir().join(format!("{tier}.{EXTENSION}"))
    }

    /// Opens the WDL file of `tier` if it exists; `Ok(None)` if it does not.
    pub fn open_wdl(&self, tier: L::Tier) -> Result<Option<WdlFile>, FileError> {
        let path = self.wdl_path(tier);
        if !path.exists() {
            return Ok(None);
        }
        WdlFile::open(&path, &self.identity(tier)).map(Some)
    }

    /// The WDL file of `tier`, opened on first use.
    fn wdl_source(&self, tier: L::Tier) -> Result<Option<Arc<WdlFile>>, ProbeError> {
        if let Some(found) = self
            .wdl
            .read()
            .expect("no panic while holding the lock")
            .get(&tier)
        {
            return Ok(found.clone());
        }
        let file = self.open_wdl(tier)?.map(Arc::new);
        let mut open = self.wdl.write().expect("no panic while holding the lock");
        Ok(open.entry(tier).or_insert(file).clone())
    }

    /// The win/draw/loss of `position` for its side to move, or `None` if
    /// its tier is not in the tablebase: from the tier's WDL file, or its
    /// distance file (or table in memory) when it has no WDL file. Through
    /// the layout's symmetries like [`Tablebase::probe`]; a finished
    /// position is answered by its outcome. A damaged or foreign WDL file is
    /// an error.
    pub fn probe_wdl(&self, position: &L::Game) -> Result<Option<Wdl>, ProbeError> {
        Ok(self.probe_wdl_bounded(position)?.map(|s| s.wdl))
    }

    /// [`Tablebase::probe_wdl`] with a distance a search can score: the
    /// exact distance when it comes from a distance file or a finished
    /// position, otherwise a bound from the WDL file's header: a win is won
    /// within the tier's longest win, a loss lost within its longest loss
    /// (a draw at 0).
    pub fn probe_wdl_bounded(&self, position: &L::Game) -> Result<Option<Solution>, ProbeError> {
        if let Some(outcome) = position.outcome() {
            return Ok(Some(Solution::finished(outcome.value_for(position.turn()))));
        }
        let layout = self.layout();
        let tier = layout.tier_of(position);
        let Some(file) = self.wdl_source(tier)? else {
            return self.probe(position);
        };
        let Some(wdl) = file.probe(layout.index(tier, position))? else {
            return Ok(None);
        };
        let summary = file.summary();
        let distance = match wdl {
            Wdl::Win => summary.longest_win,
            Wdl::Loss => summary.longest_loss,
            Wdl::Draw => 0,
        };
        Ok(Some(Solution { wdl, distance }))
    }

    /// Writes the WDL file of `tier` from its solved `table` (the build
    /// calls it beside each distance file it writes), replacing any.
    pub fn write_wdl_file(&self, tier: L::Tier, table: &TierTable) -> Result<(), FileError> {
        write_wdl(&self.wdl_path(tier), &self.identity(tier), table)?;
        self.wdl
            .write()
            .expect("no panic while holding the lock")
            .remove(&tier);
        Ok(())
    }

    /// Writes the WDL file of `tier` from `table` unless a valid one is
    /// there (the build calls it for each distance file it reuses, so a
    /// directory built before WDL files gains them on its next build).
    pub fn ensure_wdl_file(&self, tier: L::Tier, table: &TierTable) -> Result<(), FileError> {
        match self.open_wdl(tier) {
            Ok(Some(_)) => Ok(()),
            _ => self.write_wdl_file(tier, table),
        }
    }

    /// Derives the WDL file of `tier` from its distance file, writing it
    /// into `out` (the tablebase's own directory or another), and says
    /// what it costs.
    pub fn derive_wdl(&self, tier: L::Tier, out: &Path) -> Result<WdlDerived, ProbeError> {
        let file = self
            .open_tier(tier)?
            .ok_or_else(|| FileError::io(&self.path(tier).display().to_string(), missing()))?;
        let table = file.load()?;
        let path = out.join(format!("{tier}.{EXTENSION}"));
        let identity = self.identity(tier);
        let bytes = encode_wdl(&path, &identity, &table)?;
        crate::binfile::write_atomically(&path, &bytes)?;
        Ok(WdlDerived {
            tier: tier.to_string(),
            indices: table.len(),
            positions: table.entries().iter().filter(|&&e| e != 0).count() as u64,
            bytes: bytes.len() as u64,
        })
    }

    /// Compares the WDL file of `tier` with its distance file at every
    /// position (holes aside).
    pub fn check_wdl(&self, tier: L::Tier) -> Result<WdlCheck, ProbeError> {
        let Some(wdl) = self.open_wdl(tier)? else {
            return Ok(WdlCheck::Missing);
        };
        let distance = self
            .open_tier(tier)?
            .ok_or_else(|| FileError::io(&self.path(tier).display().to_string(), missing()))?
            .load()?;
        let values = wdl.values()?;
        let differing = (0..distance.len()).filter(|&i| {
            distance
                .get(i)
                .is_some_and(|s| Some(&s.wdl) != values.get(i as usize))
        });
        let (mut positions, mut first) = (0, None);
        for index in differing {
            positions += 1;
            first.get_or_insert(index);
        }
        Ok(match first {
            None => WdlCheck::Agrees,
            Some(first) => WdlCheck::Disagrees { positions, first },
        })
    }
}

/// The error of a tier without a distance file.
fn missing() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::NotFound, "no distance file (*.gstb)")
}
