//! The WDL files of a tablebase directory (`<tier>.gswdl` beside each
//! `<tier>.gstb`): probed by searches, written by the build beside each
//! distance file, derived from the distance files of directories built
//! before, and checked against them.
//!
//! A WDL file holds any value at the positions its probes answer before
//! reading it (see [`crate::wdlfile`]): finished positions (by their
//! outcome) and those the layout's cheap look finds won in one ply
//! ([`TierLayout::wins_in_one`]). Files derived by `derive_wdl` also
//! hold any lower value where the best move that leaves the tier (Jungle:
//! a capture) reaches the position's value (the exit floor): their probes
//! look at those moves, probing the smaller tables.

use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use gamesolver_core::{Solution, TierLayout, Wdl};

use super::{ProbeError, Tablebase};
use crate::binfile::FileError;
use crate::loopy::TierTable;
use crate::wdlfile::{EXTENSION, Effort, WdlFile, WdlScheme, WdlSummary, encode_wdl, write_wdl};

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

/// The value a WDL probe finds before reading the file: a finished
/// position's outcome (lost at once), a value the layout knows, or a win in
/// one ply the layout's look finds; `None` otherwise.
fn answered_first<L: TierLayout>(layout: &L, position: &L::Game) -> Option<Solution> {
    if let Some(known) = super::store::known(layout, position) {
        return Some(known);
    }
    layout
        .wins_in_one(position)
        .then_some(Solution::new(Wdl::Win, 1))
}

/// The best value a side to move reaches by the moves that leave its tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExitBest {
    /// No move leaves the tier.
    NoExit,
    /// The best of their values.
    Best(Wdl),
    /// Some move's value is unknown (its tier has no file).
    Unknown,
}

/// The best value the side to move of `position` (a position of `tier`)
/// reaches by a move that leaves the tier, each position reached valued
/// by `value` for its own side to move; stops at the first win (or
/// unknown value).
fn best_exit<L: TierLayout, E>(
    layout: &L,
    tier: L::Tier,
    position: &L::Game,
    mut value: impl FnMut(&L::Game) -> Result<Option<Wdl>, E>,
) -> Result<ExitBest, E> {
    let mut best = ExitBest::NoExit;
    let mut failed = None;
    let mut visit = |child: &L::Game| match value(child) {
        Err(error) => {
            failed = Some(error);
            false
        }
        Ok(None) => {
            best = ExitBest::Unknown;
            false
        }
        Ok(Some(theirs)) => {
            let mine = theirs.negate();
            if !matches!(best, ExitBest::Best(found) if found >= mine) {
                best = ExitBest::Best(mine);
            }
            mine != Wdl::Win
        }
    };
    layout.exits_and_children(tier, position, &mut Vec::new(), &mut Vec::new(), &mut visit);
    failed.map_or(Ok(best), Err)
}

/// The value of a position whose WDL file stores `stored`: `stored` itself,
/// or in a floored file the higher of it and the best exit (`exits`, only
/// asked when `stored` is below a win); `None` when an exit's value is
/// unknown.
fn with_floor<E>(
    stored: Wdl,
    floored: bool,
    exits: impl FnOnce() -> Result<ExitBest, E>,
) -> Result<Option<Wdl>, E> {
    if !floored || stored == Wdl::Win {
        return Ok(Some(stored));
    }
    Ok(match exits()? {
        ExitBest::NoExit => Some(stored),
        ExitBest::Best(best) => Some(best.max(stored)),
        ExitBest::Unknown => None,
    })
}

/// The distance tables of the tiers a tier's exits lead to, in memory:
/// the exit floor probes them for every position of the tier (probes into
/// the files decompress a block each, about 2,500 instructions an index).
struct ExitTables<'a, L: TierLayout> {
    layout: &'a L,
    tables: Vec<(L::Tier, TierTable)>,
}

impl<L: TierLayout> ExitTables<'_, L> {
    /// The value of `position` (of one of the tables' tiers) for its side
    /// to move: its outcome if finished, else its table's (`None`: a hole
    /// or a tier without a table).
    fn value(&self, position: &L::Game) -> Option<Wdl> {
        if let Some(known) = super::store::known(self.layout, position) {
            return Some(known.wdl);
        }
        let tier = self.layout.tier_of(position);
        let (_, table) = self.tables.iter().find(|(t, _)| *t == tier)?;
        table.get(self.layout.index(tier, position)).map(|s| s.wdl)
    }
}

/// A WDL verdict with the tier's longest win or loss as its distance (a
/// draw at 0).
fn bounded(wdl: Wdl, summary: WdlSummary) -> Solution {
    let distance = match wdl {
        Wdl::Win => summary.longest_win,
        Wdl::Loss => summary.longest_loss,
        Wdl::Draw => 0,
    };
    Solution { wdl, distance }
}

impl<L: TierLayout> Tablebase<L> {
    /// The WDL file of `tier` (`<tier>.gswdl` beside its distance file).
    pub fn wdl_path(&self, tier: L::Tier) -> PathBuf {
        self.dir().join(format!("{tier}.{EXTENSION}"))
    }

    /// Opens the WDL file of `tier` if it exists; `Ok(None)` if it does not.
    /// A file written under another rule than the layout's
    /// ([`TierLayout::wins_in_one_rule`]) or in an older format is refused.
    pub fn open_wdl(&self, tier: L::Tier) -> Result<Option<WdlFile>, FileError> {
        let path = self.wdl_path(tier);
        if !path.exists() {
            return Ok(None);
        }
        let layout = self.layout();
        let rule = layout.wins_in_one_rule();
        let radices = layout.index_radices(tier);
        WdlFile::open(&path, &self.identity(tier), &rule, &radices).map(Some)
    }

    /// Calls `probe` with the WDL file of `tier` (`None`: the tier has
    /// none), opened on first use; while the file is in use the map of open
    /// files stays read-locked, so a warm probe takes no reference count.
    fn with_wdl_file<R>(
        &self,
        tier: L::Tier,
        probe: impl FnOnce(Option<&WdlFile>) -> R,
    ) -> Result<R, ProbeError> {
        {
            let open = self.wdl.read().expect("no panic while holding the lock");
            if let Some(found) = open.get(&tier) {
                return Ok(probe(found.as_deref()));
            }
        }
        let file = self.open_wdl(tier)?.map(Arc::new);
        let found = self
            .wdl
            .write()
            .expect("no panic while holding the lock")
            .entry(tier)
            .or_insert(file)
            .clone();
        Ok(probe(found.as_deref()))
    }

    /// The win/draw/loss of `position` for its side to move, or `None` if
    /// its tier is not in the tablebase: from the tier's WDL file, or its
    /// distance file (or table in memory) when it has no WDL file. Through
    /// the layout's symmetries like [`Tablebase::probe`]; a finished
    /// position is answered by its outcome, a win the layout's look finds
    /// in one ply as such. A damaged or foreign WDL file is an error.
    pub fn probe_wdl(&self, position: &L::Game) -> Result<Option<Wdl>, ProbeError> {
        Ok(self.probe_wdl_bounded(position)?.map(|s| s.wdl))
    }

    /// [`Tablebase::probe_wdl`] with a distance a search can score: the
    /// exact distance when it comes from a distance file, a finished
    /// position or a win in one ply, otherwise a bound from the WDL file's
    /// header: a win is won within the tier's longest win, a loss lost
    /// within its longest loss (a draw at 0). In a floored file
    /// ([`WdlFile::floored`]) a stored code below a win is raised to the
    /// best value of the moves that leave the tier, each probed the same
    /// way (`None` if one of their tiers has no file).
    pub fn probe_wdl_bounded(&self, position: &L::Game) -> Result<Option<Solution>, ProbeError> {
        let layout = self.layout();
        if let Some(found) = answered_first(layout, position) {
            return Ok(Some(found));
        }
        let tier = layout.tier_of(position);
        let stored = self.with_wdl_file(tier, |file| {
            file.map(|file| {
                let wdl = file.probe(layout.index(tier, position))?;
                Ok::<_, FileError>(wdl.map(|wdl| (wdl, file.floored(), file.summary())))
            })
        })?;
        let Some(found) = stored else {
            return self.probe(position);
        };
        let Some((wdl, floored, summary)) = found? else {
            return Ok(None);
        };
        let exits = || best_exit(layout, tier, position, |child| self.probe_wdl(child));
        Ok(with_floor(wdl, floored, exits)?.map(|wdl| bounded(wdl, summary)))
    }

    /// Writes the WDL file of `tier` from its solved `table` (the build
    /// calls it beside each distance file it writes), replacing any;
    /// compressed fast and without the exit floor ([`Effort::Fast`]:
    /// `derive_wdl` writes smaller files).
    pub fn write_wdl_file(&self, tier: L::Tier, table: &TierTable) -> Result<(), ProbeError> {
        let path = self.wdl_path(tier);
        self.with_scheme(tier, Effort::Fast, |scheme| {
            write_wdl(&path, &self.identity(tier), table, scheme)
        })??;
        self.forget_wdl(tier);
        Ok(())
    }

    /// The bytes of the WDL file [`Tablebase::write_wdl_file`] writes for
    /// `tier`, with its path, for a caller that writes them itself (and
    /// then calls [`Tablebase::forget_wdl`]).
    pub(crate) fn encode_wdl_file(
        &self,
        tier: L::Tier,
        table: &TierTable,
    ) -> Result<(PathBuf, Vec<u8>), ProbeError> {
        let path = self.wdl_path(tier);
        let bytes = self.with_scheme(tier, Effort::Fast, |scheme| {
            encode_wdl(&path, &self.identity(tier), table, scheme)
        })??;
        Ok((path, bytes))
    }

    /// Drops what was cached of `tier`'s WDL file (say, that it had none),
    /// so the next probe opens the file written since.
    pub(crate) fn forget_wdl(&self, tier: L::Tier) {
        self.wdl
            .write()
            .expect("no panic while holding the lock")
            .remove(&tier);
    }

    /// Writes the WDL file of `tier` from `table` unless a valid one is
    /// there (the build calls it for each distance file it reuses, so a
    /// directory built before WDL files, or with files of an older format
    /// or rule, gains current ones on its next build).
    pub fn ensure_wdl_file(&self, tier: L::Tier, table: &TierTable) -> Result<(), ProbeError> {
        match self.open_wdl(tier) {
            Ok(Some(_)) => Ok(()),
            _ => self.write_wdl_file(tier, table),
        }
    }

    /// Calls `write` with the WDL scheme of `tier`: its index's digits,
    /// as free positions the finished ones and the wins in one ply the
    /// layout's look finds, and `effort`; with [`Effort::Small`] also the
    /// exit floor, the moves that leave the tier valued from the tables
    /// they lead to (which must be there).
    fn with_scheme<R>(
        &self,
        tier: L::Tier,
        effort: Effort,
        write: impl FnOnce(&WdlScheme<'_>) -> R,
    ) -> Result<R, ProbeError> {
        let layout = self.layout();
        // A loss at once (distance 0) is a finished position, the only
        // ones the solver gives that distance, which a probe answers by its
        // outcome; a win in one ply is unfinished, answered first when the
        // layout's look finds it (from the index alone where the layout
        // can: no position built).
        let decided = |index: u64, value: Wdl| match value {
            Wdl::Loss => true,
            Wdl::Win | Wdl::Draw => layout.wins_in_one_at(tier, index),
        };
        let successors = match effort {
            Effort::Small => self.exit_tables(tier)?,
            Effort::Fast => ExitTables {
                layout,
                tables: Vec::new(),
            },
        };
        let exits = |index: u64| match self.exit_best(&successors, tier, index) {
            ExitBest::Best(best) => Some(best),
            ExitBest::NoExit | ExitBest::Unknown => None,
        };
        Ok(write(&WdlScheme {
            rule: layout.wins_in_one_rule(),
            radices: layout.index_radices(tier),
            decided: &decided,
            exits: (effort == Effort::Small).then_some(&exits),
            effort,
        }))
    }

    /// The best exit of the position at `index` of `tier` (none for a
    /// hole), valued from `successors` (the tables the tier's exits reach).
    fn exit_best(&self, successors: &ExitTables<'_, L>, tier: L::Tier, index: u64) -> ExitBest {
        let layout = self.layout();
        let Some(position) = layout.position(tier, index) else {
            return ExitBest::NoExit;
        };
        let Ok(best) = best_exit(layout, tier, &position, |child| {
            Ok::<_, Infallible>(successors.value(child))
        });
        best
    }

    /// Derives the WDL file of `tier` from its distance file, writing it
    /// into `out` (the tablebase's own directory or another), compressed
    /// harder than the build does ([`Effort::Small`]), and says what it
    /// costs.
    pub fn derive_wdl(&self, tier: L::Tier, out: &Path) -> Result<WdlDerived, ProbeError> {
        let table = self.load_distances(tier)?;
        let path = out.join(format!("{tier}.{EXTENSION}"));
        let identity = self.identity(tier);
        let bytes = self.with_scheme(tier, Effort::Small, |scheme| {
            encode_wdl(&path, &identity, &table, scheme)
        })??;
        crate::binfile::write_atomically(&path, &bytes)?;
        Ok(WdlDerived {
            tier: tier.to_string(),
            indices: table.len(),
            positions: table.entries().iter().filter(|&&e| e != 0).count() as u64,
            bytes: bytes.len() as u64,
        })
    }

    /// Compares what WDL probes of every position of `tier` (holes aside)
    /// answer with its distance file: the WDL file's value (raised to the
    /// best exit's in a floored file, the exits valued from the distance
    /// files), or for the positions a probe answers before reading the
    /// file, that answer.
    pub fn check_wdl(&self, tier: L::Tier) -> Result<WdlCheck, ProbeError> {
        let Some(wdl) = self.open_wdl(tier)? else {
            return Ok(WdlCheck::Missing);
        };
        let distance = self.load_distances(tier)?;
        let values = wdl.values()?;
        let layout = self.layout();
        let successors = self.exit_tables(tier)?;
        let answered = |index: u64| {
            let stored = *values.get(index as usize)?;
            let first = layout
                .position(tier, index)
                .and_then(|p| answered_first(layout, &p));
            if let Some(found) = first {
                return Some(found.wdl);
            }
            let exits = || Ok::<_, Infallible>(self.exit_best(&successors, tier, index));
            let Ok(value) = with_floor(stored, wdl.floored(), exits);
            value
        };
        let differing = (0..distance.len()).filter(|&i| {
            distance.get(i).is_some_and(|s| {
                Some(&s.wdl) != values.get(i as usize) && Some(s.wdl) != answered(i)
            })
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

    /// The distance tables of the tiers the exits of `tier` lead to (those
    /// with a distance file), loaded.
    fn exit_tables(&self, tier: L::Tier) -> Result<ExitTables<'_, L>, ProbeError> {
        let mut tables = Vec::new();
        for successor in self.layout().successors(tier) {
            if self.path(successor).exists() {
                tables.push((successor, self.load_distances(successor)?));
            }
        }
        Ok(ExitTables {
            layout: self.layout(),
            tables,
        })
    }

    /// The distance file of `tier`, loaded.
    fn load_distances(&self, tier: L::Tier) -> Result<TierTable, ProbeError> {
        let file = self
            .open_tier(tier)?
            .ok_or_else(|| FileError::io(&self.path(tier).display().to_string(), missing()))?;
        Ok(file.load()?)
    }
}

/// The error of a tier without a distance file.
fn missing() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::NotFound, "no distance file (*.gstb)")
}
