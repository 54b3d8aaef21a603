//! Choosing a tier's index order: each candidate order
//! ([`DigitOrder::candidates`]) is measured and the smallest kept.
//!
//! Both measure the same stretches of the index: one of [`TRIAL_ENTRIES`]
//! indices in [`TRIAL_STRIDE`]. Two measures, by [`Effort`]:
//! * [`Effort::Small`] (`tablebase wdl`): the bytes of the stretches
//!   compressed at zstd level [`TRIAL_LEVEL`] (its files stay as they
//!   were).
//! * [`Effort::Fast`] (the build): the number of places where the file's
//!   code changes, counted without writing a code. On the build's files of
//!   up to three pieces it chose orders whose files are 0.3% smaller than
//!   the compressions' (1.0% counted over every index, for four times the
//!   count's cost); on `ER-lr`, `LR-lr`, `ET-lc` and `DC-dc` the same
//!   orders. A count costs a few instructions an index, a trial
//!   compression gathered, filled and compressed its indices.

use std::ops::Range;

use rayon::prelude::*;

use super::order::DigitOrder;
use super::write::{Compression, Effort, Slot, encode_stretches, stretches};

/// zstd level of the trial compressions ([`Effort::Small`]).
const TRIAL_LEVEL: i32 = 3;
/// The trial compressions: [`TRIAL_LEVEL`], its own hash table.
const TRIAL: Compression = Compression {
    level: TRIAL_LEVEL,
    hash_log: None,
};
/// Indices of one stretch of the trials (a block of format 2: the
/// compressions cost what they did with those blocks).
const TRIAL_ENTRIES: u64 = 65536;
/// One stretch in this many takes part in the trials.
const TRIAL_STRIDE: usize = 4;

/// The order of the tier's index, whose slots in the layout's order are
/// `slots`, that the measure of `effort` finds smallest among the
/// candidates for `radices` (the first of equals: the layout's own order
/// comes first).
pub(super) fn choose_order(
    slots: &[Slot],
    radices: &[u64],
    effort: Effort,
) -> std::io::Result<DigitOrder> {
    let mut candidates = DigitOrder::candidates(radices, slots.len() as u64);
    if candidates.len() == 1 {
        return Ok(candidates.remove(0));
    }
    let trials: Vec<Range<u64>> = stretches(slots.len() as u64, TRIAL_ENTRIES)
        .step_by(TRIAL_STRIDE)
        .collect();
    let mut best: Option<(u64, DigitOrder)> = None;
    for order in candidates {
        let size = match effort {
            Effort::Fast => code_changes(slots, &order, &trials),
            Effort::Small => trial_bytes(slots, &order, &trials)?,
        };
        if best.as_ref().is_none_or(|(smallest, _)| size < *smallest) {
            best = Some((size, order));
        }
    }
    Ok(best.expect("at least two candidates").1)
}

/// The bytes of the stretches `trials` of the file's indices (in
/// `order`) compressed at [`TRIAL_LEVEL`].
fn trial_bytes(slots: &[Slot], order: &DigitOrder, trials: &[Range<u64>]) -> std::io::Result<u64> {
    let encoded = encode_stretches(slots, order, trials.to_vec(), TRIAL)?;
    Ok(encoded.iter().map(|block| block.len() as u64).sum())
}

/// How often, in the stretches `trials` of the file's indices (in
/// `order`, each stretch counted alone), the own code of an index (one
/// that holds a single code) differs from the own code before it: the
/// places where the file's codes change, since the indices that may hold
/// several take the code before them (all but a draw reached after a win,
/// which only the exit floor makes: a count, not the exact changes).
fn code_changes(slots: &[Slot], order: &DigitOrder, trials: &[Range<u64>]) -> u64 {
    trials
        .par_iter()
        .map(|range| {
            let count = (range.end - range.start) as usize;
            // The first own code counts as a change from "none" (3).
            let (mut changes, mut last) = (0, Slot::FREE.0);
            order.for_each_layout_index(range.start, count, |index| {
                let code = slots[index as usize].0;
                let own = code < 3;
                changes += u64::from(own & (code != last));
                last = if own { code } else { last };
            });
            changes.saturating_sub(1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Free slots are skipped; a digit order counts in its own order.
    #[test]
    fn changes_are_counted_between_own_codes() {
        let own = |code| Slot(code);
        let all = 0..6;
        let slots = [own(0), own(1), own(1), Slot::FREE, own(2), Slot::FREE];
        let identity = DigitOrder::identity(&[]);
        assert_eq!(
            code_changes(&slots, &identity, std::slice::from_ref(&all)),
            2
        );
        let with_last = [own(0), own(1), own(1), Slot::FREE, own(2), own(0)];
        assert_eq!(
            code_changes(&with_last, &identity, std::slice::from_ref(&all)),
            3
        );
        // Radices [1, 2, 3]: the file's index with the digit of radix 2
        // fastest visits layout indices 0, 3, 1, 4, 2, 5.
        let swapped = DigitOrder::with_fastest(&[1, 2, 3], 1);
        let mut visited = Vec::new();
        swapped.for_each_layout_index(0, 6, |index| visited.push(index));
        assert_eq!(visited, [0, 3, 1, 4, 2, 5]);
        // Codes 0, free, 1, 2, 1, 0: changes at 1, 2, 1, 0.
        assert_eq!(
            code_changes(&with_last, &swapped, std::slice::from_ref(&all)),
            4
        );
    }

    /// Ties keep the layout's order; a smaller count wins.
    #[test]
    fn the_fewest_changes_are_chosen() {
        let radices = [1, 2, 3];
        // Layout order 0 1 0 / 1 0 1: five changes; with the radix-2 digit
        // fastest 0 1 1 0 0 1: three.
        let slots: Vec<Slot> = [0, 1, 0, 1, 0, 1].into_iter().map(Slot).collect();
        let chosen = choose_order(&slots, &radices, Effort::Fast).unwrap();
        assert!(!chosen.is_identity());
        let uniform = vec![Slot(2); 6];
        let chosen = choose_order(&uniform, &radices, Effort::Fast).unwrap();
        assert!(chosen.is_identity());
    }
}
