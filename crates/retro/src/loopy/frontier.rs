//! The positions solved but not yet told to their parents, by distance.
//!
//! Resolving strictly by distance needs, at level `d`, every index whose
//! entry is a win or loss at `d`. Lists per distance give them without
//! scanning the tier once per level: an index is listed when its entry
//! becomes decided, and listed again if a win shortens later, so a list may
//! hold stale indices, which the caller skips by checking the entry.

use rayon::prelude::*;

use super::entry::{self, State, Width};
use gamesolver_core::Wdl;

/// Indices per piece of the tier scanned by one task when the lists are
/// first filled.
const SCAN_CHUNK: usize = 1 << 16;

/// Lists of indices by the distance at which their entry was decided.
#[derive(Debug, Default)]
pub(crate) struct Frontier {
    by_distance: Vec<Vec<u32>>,
}

/// The distance of a win or loss entry, `None` for anything else.
pub(crate) fn decided_distance<W: Width>(value: u32) -> Option<u16> {
    match entry::state::<W>(value) {
        State::Solved(s) if s.wdl != Wdl::Draw => Some(s.distance),
        _ => None,
    }
}

impl Frontier {
    /// Lists every decided entry of `entries` (in parallel, in index order
    /// within each distance).
    pub(crate) fn from_entries<W: Width>(entries: &[W::Cell]) -> Frontier {
        let pieces: Vec<Frontier> = entries
            .par_chunks(SCAN_CHUNK)
            .enumerate()
            .map(|(chunk, slots)| {
                let mut piece = Frontier::default();
                let first = chunk * SCAN_CHUNK;
                for (offset, slot) in slots.iter().enumerate() {
                    if let Some(distance) = decided_distance::<W>(W::load(slot)) {
                        piece.push(distance, (first + offset) as u32);
                    }
                }
                piece
            })
            .collect();
        let mut frontier = Frontier::default();
        for piece in pieces {
            frontier.append(piece);
        }
        frontier
    }

    /// Lists `index`, decided at `distance`.
    pub(crate) fn push(&mut self, distance: u16, index: u32) {
        let distance = usize::from(distance);
        if self.by_distance.len() <= distance {
            self.by_distance.resize_with(distance + 1, Vec::new);
        }
        self.by_distance[distance].push(index);
    }

    /// Moves every list of `other` to the end of this one's.
    pub(crate) fn append(&mut self, other: Frontier) {
        if self.by_distance.len() < other.by_distance.len() {
            self.by_distance
                .resize_with(other.by_distance.len(), Vec::new);
        }
        for (mine, mut theirs) in self.by_distance.iter_mut().zip(other.by_distance) {
            if mine.is_empty() {
                *mine = theirs;
            } else {
                mine.append(&mut theirs);
            }
        }
    }

    /// Takes the list of `distance`, or `None` once no list is left at or
    /// beyond it (an empty list before the last one is `Some`).
    pub(crate) fn take(&mut self, distance: u16) -> Option<Vec<u32>> {
        self.by_distance
            .get_mut(usize::from(distance))
            .map(std::mem::take)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::entry::{Narrow, Wide};

    #[test]
    fn lists_decided_entries_by_distance_and_skips_the_rest() {
        check::<Wide>();
        check::<Narrow>();
    }

    fn check<W: Width>() {
        let entries: Vec<W::Cell> = [
            entry::win::<W>(2),
            entry::hole::<W>(),
            entry::loss::<W>(0),
            entry::draw::<W>(),
            entry::unresolved::<W>(3, 1),
            entry::win::<W>(2),
        ]
        .into_iter()
        .map(W::cell)
        .collect();
        let mut frontier = Frontier::from_entries::<W>(&entries);
        assert_eq!(frontier.take(0), Some(vec![2]));
        assert_eq!(frontier.take(1), Some(vec![]));
        frontier.push(4, 1);
        assert_eq!(frontier.take(2), Some(vec![0, 5]));
        assert_eq!(frontier.take(3), Some(vec![]));
        assert_eq!(frontier.take(4), Some(vec![1]));
        assert_eq!(frontier.take(5), None);
    }

    #[test]
    fn appending_keeps_the_order_of_pieces() {
        let mut a = Frontier::default();
        a.push(1, 10);
        let mut b = Frontier::default();
        b.push(1, 20);
        b.push(3, 30);
        a.append(b);
        assert_eq!(a.take(1), Some(vec![10, 20]));
        assert_eq!(a.take(3), Some(vec![30]));
    }
}
