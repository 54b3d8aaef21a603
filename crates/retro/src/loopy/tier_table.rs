//! The solved values of one tier, two bytes per index.

use gamesolver_core::{Game, Solution, TierLayout, Wdl};

use crate::WdlCounts;

use crate::table::{decode, encode};

/// The solution of every index of a tier, packed as the 16-bit entries of
/// [`crate::SolvedTable`] (0 for a hole; value in bits 0–1, distance in
/// bits 2–15).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierTable {
    entries: Vec<u16>,
}

impl TierTable {
    /// Packs one optional solution per index (`None` for a hole).
    pub fn from_solutions(solutions: impl IntoIterator<Item = Option<Solution>>) -> TierTable {
        TierTable {
            entries: solutions.into_iter().map(|s| s.map_or(0, encode)).collect(),
        }
    }

    /// Wraps raw entries (as read from a file, or packed by the solver);
    /// each must be 0 or valid.
    pub(crate) fn from_entries(entries: Vec<u16>) -> TierTable {
        TierTable { entries }
    }

    /// The number of indices.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.entries.len() as u64
    }

    /// Whether the tier has no index.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The solution at `index`, or `None` for a hole or an index out of range.
    #[must_use]
    pub fn get(&self, index: u64) -> Option<Solution> {
        decode(*self.entries.get(usize::try_from(index).ok()?)?)
    }

    /// The raw 16-bit entries.
    #[must_use]
    pub fn entries(&self) -> &[u16] {
        &self.entries
    }

    /// Positions won, drawn and lost for each side to move (`[first,
    /// second]`), each index counted as the
    /// [`TierLayout::multiplicity`] positions it stands for.
    pub fn counts<L: TierLayout>(&self, layout: &L, tier: L::Tier) -> [WdlCounts; 2] {
        let mut counts = [WdlCounts::default(); 2];
        for index in 0..self.len() {
            let (Some(position), Some(s)) = (layout.position(tier, index), self.get(index)) else {
                continue;
            };
            let weight = layout.multiplicity(tier, &position);
            counts[position.turn().index()].add_many(s.wdl, weight);
        }
        counts
    }

    /// The index and distance of a longest win, if any position is won.
    #[must_use]
    pub fn longest_win(&self) -> Option<(u64, u16)> {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, &e)| {
                decode(e)
                    .filter(|s| s.wdl == Wdl::Win)
                    .map(|s| (i as u64, s.distance))
            })
            .max_by_key(|&(i, d)| (d, std::cmp::Reverse(i)))
    }
}
