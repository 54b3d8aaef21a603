//! Opening and probing a WDL file through a memory map.

use std::path::Path;
use std::sync::Mutex;

use gamesolver_core::Wdl;
use memmap2::Mmap;

use super::cache::BlockCache;
use super::codes::{CODES_PER_BYTE, COMPRESSED, WdlSummary, packed_code, value};
use super::{BLOCK_ENTRIES, FRAME};
use crate::binfile::{
    FileError, check_block_entries, check_identity, open_regular, read_block_offsets,
};
use crate::tbfile::TablebaseIdentity;

/// An open, checked WDL file. A probe of a one-value block reads one byte
/// of the map; a probe of a compressed block decodes it once into the
/// file's block cache.
#[derive(Debug)]
pub struct WdlFile {
    path: String,
    map: Mmap,
    identity: TablebaseIdentity,
    summary: WdlSummary,
    offsets: Vec<u64>,
    cache: Mutex<BlockCache>,
}

impl WdlFile {
    /// Opens the regular file `path`, checking magic, version, checksum,
    /// that it holds `expected` (with `expected.entries` entries) and its
    /// structure.
    pub fn open(path: &Path, expected: &TablebaseIdentity) -> Result<WdlFile, FileError> {
        let name = path.display().to_string();
        let (file, _) = open_regular(path)?;
        // SAFETY: the map is read-only and private to this process; the
        // project never modifies a WDL file in place (files are replaced by
        // rename), so its bytes cannot change under the map.
        #[allow(unsafe_code)]
        let map = unsafe { Mmap::map(&file) }.map_err(|e| FileError::io(&name, e))?;
        let (identity, summary, offsets) = parse(&name, &map, expected)?;
        let cache = Mutex::new(BlockCache::new(offsets.len() - 1));
        Ok(WdlFile {
            path: name,
            map,
            identity,
            summary,
            offsets,
            cache,
        })
    }

    /// What the file holds.
    #[must_use]
    pub fn identity(&self) -> &TablebaseIdentity {
        &self.identity
    }

    /// The tier's longest win and loss.
    #[must_use]
    pub fn summary(&self) -> WdlSummary {
        self.summary
    }

    /// The number of indices.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.identity.entries
    }

    /// Whether the file holds no index.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.identity.entries == 0
    }

    /// The file's size in bytes.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.map.len() as u64
    }

    /// The value at `index` (`None` out of range). A hole answers the value
    /// the writer filled it with.
    pub fn probe(&self, index: u64) -> Result<Option<Wdl>, FileError> {
        if index >= self.len() {
            return Ok(None);
        }
        let block = (index / u64::from(BLOCK_ENTRIES)) as usize;
        let within = (index % u64::from(BLOCK_ENTRIES)) as usize;
        let first = self.map[self.offsets[block] as usize];
        if first != COMPRESSED {
            return Ok(value(first));
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let code = match cache.get(block) {
            Some(codes) => packed_code(codes, within),
            None => packed_code(cache.insert(block, self.decode(block)?), within),
        };
        Ok(value(code))
    }

    /// The value of every index, in order (for checks and statistics).
    pub fn values(&self) -> Result<Vec<Wdl>, FileError> {
        let mut all = Vec::with_capacity(usize::try_from(self.len()).unwrap_or(0));
        for block in 0..self.offsets.len() - 1 {
            let count = self.block_len(block);
            let first = self.map[self.offsets[block] as usize];
            if first == COMPRESSED {
                let codes = self.decode(block)?;
                all.extend((0..count).filter_map(|i| value(packed_code(&codes, i))));
            } else {
                all.extend(std::iter::repeat_n(value(first), count).flatten());
            }
        }
        Ok(all)
    }

    /// The number of indices of `block`.
    fn block_len(&self, block: usize) -> usize {
        let first = block as u64 * u64::from(BLOCK_ENTRIES);
        (self.len() - first).min(u64::from(BLOCK_ENTRIES)) as usize
    }

    /// The packed codes of the compressed block `block`, checked: the
    /// frame decodes to exactly the block's bytes and holds no code 3.
    fn decode(&self, block: usize) -> Result<Box<[u8]>, FileError> {
        let bad = || FileError::BadBlock {
            path: self.path.clone(),
            block,
        };
        let start = self.offsets[block] as usize + 1;
        let end = self.offsets[block + 1] as usize;
        let count = self.block_len(block);
        let bytes = count.div_ceil(CODES_PER_BYTE);
        let codes = zstd::bulk::decompress(&self.map[start..end], bytes).map_err(|_| bad())?;
        if codes.len() != bytes || (0..count).any(|i| packed_code(&codes, i) == COMPRESSED) {
            return Err(bad());
        }
        Ok(codes.into_boxed_slice())
    }
}

/// Checks the frame and every header field of a mapped file against
/// `expected`, before allocating anything the header sizes; then the first
/// byte of every block (a value, or [`COMPRESSED`] before a frame).
fn parse(
    path: &str,
    bytes: &[u8],
    expected: &TablebaseIdentity,
) -> Result<(TablebaseIdentity, WdlSummary, Vec<u64>), FileError> {
    let mut fields = FRAME.open(path, bytes)?;
    let identity = TablebaseIdentity::read(&mut fields)?;
    check_identity(path, expected, &identity)?;
    check_block_entries(&mut fields, BLOCK_ENTRIES)?;
    let summary = WdlSummary {
        longest_win: u16::from_le_bytes(fields.array("longest win")?),
        longest_loss: u16::from_le_bytes(fields.array("longest loss")?),
    };
    let offsets = read_block_offsets(&mut fields, identity.entries, BLOCK_ENTRIES)?;
    for (block, span) in offsets.windows(2).enumerate() {
        let first = bytes[span[0] as usize];
        let one_byte = span[1] - span[0] == 1;
        if first > COMPRESSED || (first == COMPRESSED) == one_byte {
            return Err(FileError::malformed(
                path,
                format!("block {block} is neither one value nor a compressed frame"),
            ));
        }
    }
    Ok((identity, summary, offsets))
}
