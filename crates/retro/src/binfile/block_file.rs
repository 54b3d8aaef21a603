//! What both block-compressed file kinds (tablebase and WDL files) share
//! once their header is checked: the file mapped read-only, its entry
//! count, the offset of each block, and the arithmetic from an index to
//! its block; and on the writing side, the blocks encoded in parallel.

use std::path::Path;

use memmap2::Mmap;
use rayon::prelude::*;

use super::{FileError, open_regular, put_blocks};

/// A mapped block-compressed file: `entries` entries in blocks of
/// `block_entries` (the last one the rest), block `b` stored in bytes
/// `offsets[b]..offsets[b + 1]`.
#[derive(Debug)]
pub struct BlockFile {
    path: String,
    map: Mmap,
    entries: u64,
    block_entries: u32,
    offsets: Vec<u64>,
}

/// Maps the regular file `path` read-only, with its name for errors.
pub fn map_file(path: &Path) -> Result<(String, Mmap), FileError> {
    let name = path.display().to_string();
    let (file, _) = open_regular(path)?;
    // SAFETY: the map is read-only and private to this process; the
    // project never modifies its files in place (they are replaced by
    // rename, see `write_atomically`), so the bytes cannot change under it.
    #[allow(unsafe_code)]
    let map = unsafe { Mmap::map(&file) }.map_err(|e| FileError::io(&name, e))?;
    Ok((name, map))
}

impl BlockFile {
    /// The file `path` mapped as `map`, whose header (checked by the
    /// caller) gives `entries`, `block_entries` and the block `offsets`
    /// ([`super::read_block_offsets`]).
    #[must_use]
    pub fn new(
        path: String,
        map: Mmap,
        entries: u64,
        block_entries: u32,
        offsets: Vec<u64>,
    ) -> BlockFile {
        BlockFile {
            path,
            map,
            entries,
            block_entries,
            offsets,
        }
    }

    /// The file's name, for errors.
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether the file holds no entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The file's size in bytes.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.map.len() as u64
    }

    /// The number of blocks.
    #[must_use]
    pub fn blocks(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The block holding `index` and the index's place in it, or `None`
    /// out of range.
    #[inline]
    #[must_use]
    pub fn locate(&self, index: u64) -> Option<(usize, usize)> {
        let per_block = u64::from(self.block_entries);
        (index < self.entries).then(|| ((index / per_block) as usize, (index % per_block) as usize))
    }

    /// The number of entries of `block` (all but the last hold
    /// `block_entries`).
    #[must_use]
    pub fn block_len(&self, block: usize) -> usize {
        let first = block as u64 * u64::from(self.block_entries);
        (self.entries - first).min(u64::from(self.block_entries)) as usize
    }

    /// The stored bytes of `block`.
    #[inline]
    #[must_use]
    pub fn block_bytes(&self, block: usize) -> &[u8] {
        &self.map[self.offsets[block] as usize..self.offsets[block + 1] as usize]
    }

    /// The error of a damaged `block`.
    #[must_use]
    pub fn bad_block(&self, block: usize) -> FileError {
        FileError::BadBlock {
            path: self.path.clone(),
            block,
        }
    }
}

/// Fails with [`FileError::WrongSize`] unless a table of `found` entries
/// is what a header declaring `expected` entries may describe.
pub fn check_entry_count(path: &str, found: u64, expected: u64) -> Result<(), FileError> {
    if found == expected {
        return Ok(());
    }
    Err(FileError::WrongSize {
        path: path.to_string(),
        found,
        expected,
    })
}

/// Encodes `blocks` blocks by `encode` (called in parallel with each
/// block's number), and appends the offset table and the blocks to `out`.
pub fn put_encoded_blocks(
    out: &mut Vec<u8>,
    path: &str,
    blocks: usize,
    encode: impl Fn(usize) -> std::io::Result<Vec<u8>> + Sync,
) -> Result<(), FileError> {
    let blocks: Vec<Vec<u8>> = (0..blocks)
        .into_par_iter()
        .map(&encode)
        .collect::<std::io::Result<_>>()
        .map_err(|e| FileError::io(path, e))?;
    put_blocks(out, &blocks);
    Ok(())
}

/// The entries of block `block` of `entries` in blocks of `block_entries`.
#[must_use]
pub fn block_of<T>(entries: &[T], block_entries: u32, block: usize) -> &[T] {
    let start = block * block_entries as usize;
    &entries[start..entries.len().min(start + block_entries as usize)]
}
