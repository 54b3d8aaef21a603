//! The decoded blocks of one WDL file kept for the next probes: a
//! direct-mapped cache (block `b` lives in slot `b mod slots`), so a
//! lookup is one comparison and a miss replaces one slot.

/// At most this many decoded blocks per file (256 KiB each, so 64 MiB):
/// a four-piece tier (up to about 10 blocks of 2^20 indices) and a
/// five-piece one (up to about 400) fit whole or nearly.
pub(crate) const MAX_SLOTS: usize = 256;

/// Decoded blocks (packed 2-bit codes) by slot.
#[derive(Debug)]
pub(crate) struct BlockCache {
    slots: Vec<Option<(usize, Box<[u8]>)>>,
}

impl BlockCache {
    /// A cache for a file of `blocks` blocks (no larger than the file).
    pub(crate) fn new(blocks: usize) -> BlockCache {
        BlockCache {
            slots: vec![None; blocks.clamp(1, MAX_SLOTS)],
        }
    }

    /// The decoded codes of `block`, if cached.
    #[inline]
    pub(crate) fn get(&self, block: usize) -> Option<&[u8]> {
        match &self.slots[block % self.slots.len()] {
            Some((cached, codes)) if *cached == block => Some(codes),
            _ => None,
        }
    }

    /// Keeps `codes` as `block`'s, replacing what its slot held.
    pub(crate) fn insert(&mut self, block: usize, codes: Box<[u8]>) -> &[u8] {
        let slot = block % self.slots.len();
        &self.slots[slot].insert((block, codes)).1
    }
}
