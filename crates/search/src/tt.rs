//! Transposition table: search results by position key, so positions
//! reached by different move orders (transpositions) and earlier iterations
//! are not searched again, and their best move is tried first.

use crate::Score;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full key of the position, to tell apart positions sharing a slot.
    pub key: u64,
    /// The best move found, if any.
    pub best: Option<M>,
    /// The score, mate distances counted from the position (see
    /// [`Score::to_table`]).
    pub score: Score,
    /// The remaining depth it was searched to.
    pub depth: u8,
    /// How `score` bounds the value.
    pub bound: Bound,
}

/// A fixed-size, always-replace hash table of [`Entry`], sized in megabytes
/// (rounded down to a power of two of entries, at least one).
#[derive(Debug)]
pub struct TranspositionTable<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most about `megabytes` MB.
    #[must_use]
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        let entry = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) << 20) / entry;
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            (wanted.next_power_of_two() >> 1).max(1)
        };
        TranspositionTable {
            entries: vec![None; len],
            mask: len - 1,
        }
    }

    /// The number of slots.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no slots (never: it has at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    /// The entry stored for `key`, if its slot holds that position.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Asks the processor to start loading the slot of `key` into its cache,
    /// so that a probe a little later does not wait for memory. A hint only:
    /// nothing happens on other architectures.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot = self.entries.as_ptr().wrapping_add(key as usize & self.mask);
            // SAFETY: a prefetch is only a hint: it never faults and reads
            // nothing the program sees; `slot` points into the table, and
            // SSE, which the instruction needs, is part of every x86-64.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores `entry` in its slot, replacing what was there.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = entry.key as usize & self.mask;
        self.entries[slot] = Some(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_key() {
        let mut tt = TranspositionTable::<u8>::new(1);
        assert!(tt.len().is_power_of_two());
        let entry = Entry {
            key: 0xABCD,
            best: Some(7),
            score: Score::eval(5),
            depth: 3,
            bound: Bound::Exact,
        };
        tt.store(entry);
        assert_eq!(tt.probe(0xABCD).and_then(|e| e.best), Some(7));
        assert!(tt.probe(0xABCD + tt.len() as u64).is_none());
        tt.clear();
        assert!(tt.probe(0xABCD).is_none());
    }
}
