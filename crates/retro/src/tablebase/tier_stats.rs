//! The statistics of one stored tier: positions by value for each side to
//! move, wins by distance, and the longest win. The one implementation the
//! command line, the façade (web, Python) and the report share.

use gamesolver_core::{Game, Solution, TierLayout, Wdl, WdlCounts};

use super::scan::scan_tier_until;
use crate::binfile::FileError;
use crate::tbfile::TablebaseFile;

/// A tier's positions counted, each index as the
/// [`TierLayout::multiplicity`] positions it stands for (for Jungle, a
/// position and its different mirror image count twice).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TierStats {
    /// Won, drawn and lost for the side to move, per side to move
    /// (`[first, second]`, indexed by `Player::index`).
    pub counts: [WdlCounts; 2],
    /// Per side to move, the positions it wins in exactly `d` plies at
    /// `[d]` (no trailing zeros; empty if it wins none).
    pub win_distances: [Vec<u64>; 2],
    /// A longest win: the smallest index among those with the largest
    /// win distance, and that distance. `None` if nothing is won.
    pub longest_win: Option<LongestWin>,
}

/// The longest win of a tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongestWin {
    /// Its index in the tier (the smallest of the longest).
    pub index: u64,
    /// Its distance in plies.
    pub distance: u16,
}

impl TierStats {
    /// Counts every position of `file`, the stored table of `tier`, in one
    /// parallel streaming pass (one block per worker in memory).
    pub fn of_file<L: TierLayout>(
        layout: &L,
        tier: L::Tier,
        file: &TablebaseFile,
    ) -> Result<TierStats, FileError> {
        let all = TierStats::of_file_until(layout, tier, file, &|| false)?;
        Ok(all.unwrap_or_else(|| unreachable!("a count that is never stopped ends")))
    }

    /// [`TierStats::of_file`] that looks at `stop` before each block and
    /// answers `Ok(None)` once it said yes (see [`scan_tier_until`]).
    pub fn of_file_until<L: TierLayout>(
        layout: &L,
        tier: L::Tier,
        file: &TablebaseFile,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<TierStats>, FileError> {
        scan_tier_until(
            layout,
            tier,
            file,
            TierStats::default,
            |stats, index, position, solution| {
                let weight = layout.multiplicity(tier, position);
                stats.add(position.turn().index(), index, solution, weight);
            },
            TierStats::merge,
            stop,
        )
    }

    /// All positions counted, both sides to move.
    #[must_use]
    pub fn total(&self) -> WdlCounts {
        let [mut all, top] = self.counts;
        all.add_counts(top);
        all
    }

    /// Whether the parts agree: each side's wins are its histogram's sum,
    /// the histograms have no trailing zeros, and the longest win is the
    /// longest distance of either (a check of a stored copy).
    #[must_use]
    pub fn consistent(&self) -> bool {
        let sums = (0..2).all(|side| {
            let histogram = &self.win_distances[side];
            histogram.iter().sum::<u64>() == self.counts[side].win && histogram.last() != Some(&0)
        });
        let longest = self
            .win_distances
            .iter()
            .map(|h| h.len().checked_sub(1))
            .max()
            .flatten();
        sums && longest == self.longest_win.map(|w| usize::from(w.distance))
    }

    /// Counts `weight` positions of value `solution` at `index`, with side
    /// `side` (0 or 1) to move.
    fn add(&mut self, side: usize, index: u64, solution: Solution, weight: u64) {
        self.counts[side].add_many(solution.wdl, weight);
        if solution.wdl != Wdl::Win {
            return;
        }
        let histogram = &mut self.win_distances[side];
        let d = usize::from(solution.distance);
        if histogram.len() <= d {
            histogram.resize(d + 1, 0);
        }
        histogram[d] += weight;
        let candidate = LongestWin {
            index,
            distance: solution.distance,
        };
        self.longest_win = longer(self.longest_win, Some(candidate));
    }

    /// Both counts together (the order does not matter).
    fn merge(mut self, other: TierStats) -> TierStats {
        for side in 0..2 {
            self.counts[side].add_counts(other.counts[side]);
            let (mine, theirs) = (&mut self.win_distances[side], &other.win_distances[side]);
            if mine.len() < theirs.len() {
                mine.resize(theirs.len(), 0);
            }
            mine.iter_mut().zip(theirs).for_each(|(m, t)| *m += t);
        }
        self.longest_win = longer(self.longest_win, other.longest_win);
        self
    }
}

/// The longer win, the smaller index among equally long ones.
fn longer(a: Option<LongestWin>, b: Option<LongestWin>) -> Option<LongestWin> {
    let key = |w: &LongestWin| (w.distance, std::cmp::Reverse(w.index));
    match (a, b) {
        (Some(x), Some(y)) => Some(if key(&y) > key(&x) { y } else { x }),
        (x, None) => x,
        (None, y) => y,
    }
}
