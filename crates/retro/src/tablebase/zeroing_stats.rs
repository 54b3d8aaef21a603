//! The no-zeroing rule's effect on one stored tier, from its distance file
//! and its distance-to-zeroing file read side by side: positions by their
//! verdict from a counter of zero (win, cursed win, draw, blessed loss,
//! loss), and the longest distances to zeroing of won and of lost
//! positions. The search for cursed wins and blessed losses.

use gamesolver_core::{Solution, TierLayout};

use super::scan::scan_tier_files_until;
use crate::binfile::FileError;
use crate::tbfile::TablebaseFile;
use crate::zeroing::{RuleVerdict, rule_verdict};

/// A tier's positions judged under the rule from a counter of zero, each
/// index counted as the [`TierLayout::multiplicity`] positions it stands
/// for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZeroingStats {
    /// Positions by verdict, in [`RuleVerdict`] order: loss, blessed loss,
    /// draw, cursed win, win ([`ZeroingStats::count`]).
    pub verdicts: [u64; 5],
    /// A position won under the rule with the longest distance to zeroing
    /// (the smallest index among them).
    pub longest_win: Option<ZeroingExtreme>,
    /// A position lost under the rule with the longest distance to zeroing.
    pub longest_loss: Option<ZeroingExtreme>,
    /// The smallest index of a cursed win from a counter of zero.
    pub first_cursed_win: Option<u64>,
    /// The smallest index of a blessed loss from a counter of zero.
    pub first_blessed_loss: Option<u64>,
}

/// A position of a tier with its two entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZeroingExtreme {
    /// Its index in the tier.
    pub index: u64,
    /// Its value and distance to the end.
    pub dtm: Solution,
    /// Its distance-to-zeroing entry.
    pub dtz: Solution,
}

impl ZeroingStats {
    /// Judges every position of `tier` from its distance file `dtm` and
    /// its distance-to-zeroing file `dtz`, written under a rule of `limit`
    /// plies, in one parallel streaming pass; `Ok(None)` once `stop` said
    /// yes (checked before each block).
    pub fn of_files_until<L: TierLayout>(
        layout: &L,
        tier: L::Tier,
        [dtm, dtz]: [&TablebaseFile; 2],
        limit: u16,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<ZeroingStats>, FileError> {
        scan_tier_files_until(
            layout,
            tier,
            [dtm, dtz],
            ZeroingStats::default,
            |stats, index, position, [dtm, dtz]| {
                let weight = layout.multiplicity(tier, position);
                stats.add(index, dtm, dtz, limit, weight);
            },
            ZeroingStats::merge,
            stop,
        )
    }

    /// The positions of `verdict`.
    #[must_use]
    pub const fn count(&self, verdict: RuleVerdict) -> u64 {
        self.verdicts[verdict as usize]
    }

    /// The smallest counter of quiet plies from which a position won
    /// under the rule at zero is a cursed win (its winner can no longer
    /// reach a zeroing move in time): the rule's `limit` less the longest
    /// distance to zeroing, plus one. `None` when nothing is won.
    #[must_use]
    pub fn first_cursing_counter(&self, limit: u16) -> Option<u16> {
        self.longest_win
            .map(|w| (limit + 1).saturating_sub(w.dtz.distance))
    }

    /// Counts `weight` positions at `index` with entries `dtm` and `dtz`.
    fn add(&mut self, index: u64, dtm: Solution, dtz: Solution, limit: u16, weight: u64) {
        let verdict = rule_verdict(dtm, dtz, 0, limit);
        self.verdicts[verdict as usize] += weight;
        let here = Some(ZeroingExtreme { index, dtm, dtz });
        match verdict {
            RuleVerdict::Win => self.longest_win = longer(self.longest_win, here),
            RuleVerdict::Loss => self.longest_loss = longer(self.longest_loss, here),
            RuleVerdict::CursedWin => self.first_cursed_win = first(self.first_cursed_win, index),
            RuleVerdict::BlessedLoss => {
                self.first_blessed_loss = first(self.first_blessed_loss, index);
            }
            RuleVerdict::Draw => {}
        }
    }

    /// Both together (the order does not matter).
    fn merge(mut self, other: ZeroingStats) -> ZeroingStats {
        for (mine, theirs) in self.verdicts.iter_mut().zip(other.verdicts) {
            *mine += theirs;
        }
        self.longest_win = longer(self.longest_win, other.longest_win);
        self.longest_loss = longer(self.longest_loss, other.longest_loss);
        if let Some(index) = other.first_cursed_win {
            self.first_cursed_win = first(self.first_cursed_win, index);
        }
        if let Some(index) = other.first_blessed_loss {
            self.first_blessed_loss = first(self.first_blessed_loss, index);
        }
        self
    }
}

/// The one with the longer distance to zeroing, the smaller index among
/// equally long ones.
fn longer(a: Option<ZeroingExtreme>, b: Option<ZeroingExtreme>) -> Option<ZeroingExtreme> {
    let key = |e: &ZeroingExtreme| (e.dtz.distance, std::cmp::Reverse(e.index));
    match (a, b) {
        (Some(x), Some(y)) => Some(if key(&y) > key(&x) { y } else { x }),
        (x, None) => x,
        (None, y) => y,
    }
}

/// The smaller index.
fn first(known: Option<u64>, index: u64) -> Option<u64> {
    Some(known.map_or(index, |k| k.min(index)))
}
