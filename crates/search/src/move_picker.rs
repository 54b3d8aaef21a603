//! Handing out a node's scored moves best first, sorting only as far as
//! the search gets: most nodes stop after a move or two (a cut-off), so the
//! first picks are selection scans and the rest of the list is sorted only
//! when the search goes on past them. The order handed out is always that
//! of a stable sort by descending score (ties in list order), so the tree
//! searched does not depend on how far the list was sorted.

use std::cmp::Reverse;

/// The picks made by a selection scan before the rest of the list is
/// sorted at once.
const SCANNED_PICKS: usize = 3;

/// Moves `list[next]` to be the entry a stable sort of `list` by descending
/// score (the `i32`) would put at place `next`, given that `list[..next]`
/// already holds the first `next` of that order (the previous calls, with
/// `next` counting up from 0). The entries after `next` keep their relative
/// order until the rest is sorted. Does nothing when `next` is past the end.
#[inline]
pub(crate) fn bring_next_best<M>(list: &mut [(i32, M)], next: usize) {
    if next >= list.len() {
        return;
    }
    match next.cmp(&SCANNED_PICKS) {
        std::cmp::Ordering::Less => {
            let rest = &mut list[next..];
            let (mut best, mut best_score) = (0, rest[0].0);
            for (i, entry) in rest.iter().enumerate().skip(1) {
                if entry.0 > best_score {
                    (best, best_score) = (i, entry.0);
                }
            }
            // A rotation, not a swap: the entries passed over keep their
            // order, so ties still go in list order.
            rest[..=best].rotate_right(1);
        }
        std::cmp::Ordering::Equal => list[next..].sort_by_key(|entry| Reverse(entry.0)),
        std::cmp::Ordering::Greater => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pick from a list agrees with a stable sort of it, for lists of
    /// every length up to 100 with many ties (scores in a small range, the
    /// move being its place in the original list).
    #[test]
    fn picks_follow_a_stable_sort_by_descending_score() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for len in 0..100 {
            for range in [1, 3, 10, 1000] {
                let list: Vec<(i32, usize)> = (0..len)
                    .map(|i| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        ((state % range) as i32 - 2, i)
                    })
                    .collect();
                let mut sorted = list.clone();
                sorted.sort_by_key(|entry| Reverse(entry.0));
                let mut picked = list.clone();
                for next in 0..len {
                    bring_next_best(&mut picked, next);
                    assert_eq!(picked[next], sorted[next], "{list:?} at {next}");
                }
                assert_eq!(picked, sorted);
            }
        }
    }

    #[test]
    fn a_pick_past_the_end_changes_nothing() {
        let mut list = [(1, 'a'), (5, 'b')];
        bring_next_best(&mut list, 2);
        assert_eq!(list, [(1, 'a'), (5, 'b')]);
        bring_next_best(&mut list, 0);
        assert_eq!(list, [(5, 'b'), (1, 'a')]);
    }
}
