//! Opening and probing a WDL file: every block's first byte kept in
//! memory, a compressed block read from the disk when first decoded.

use std::path::Path;
use std::sync::Mutex;

use gamesolver_core::Wdl;

use super::cache::BlockCache;
use super::codes::{CODES_PER_BYTE, COMPRESSED, WdlSummary, packed_code, value};
use super::order::DigitOrder;
use super::{BLOCK_ENTRIES, FRAME};
use crate::binfile::{
    BlockFile, FileError, check_block_entries, check_identity, read_block_offsets, read_file,
};
use crate::tbfile::TablebaseIdentity;

/// An open, checked WDL file. A probe of a one-value block reads the
/// block's one byte, kept in memory; a probe of a compressed block decodes
/// it once into the file's block cache.
#[derive(Debug)]
pub struct WdlFile {
    file: BlockFile,
    /// Each block's first byte: its value, or [`COMPRESSED`].
    firsts: Box<[u8]>,
    identity: TablebaseIdentity,
    summary: WdlSummary,
    rule: String,
    floored: bool,
    order: DigitOrder,
    cache: Mutex<BlockCache>,
}

impl WdlFile {
    /// Opens the regular file `path`, checking magic, version, checksum,
    /// that it holds `expected` (with `expected.entries` entries), that it
    /// was written under the one-ply rule `rule` (empty: none) for an index
    /// of the digits `radices` (empty: any), and its structure.
    pub fn open(
        path: &Path,
        expected: &TablebaseIdentity,
        rule: &str,
        radices: &[u64],
    ) -> Result<WdlFile, FileError> {
        let read = read_file(path)?;
        let header = parse(&read.name, &read.bytes, expected, rule, radices)?;
        let firsts = header.offsets[..header.offsets.len() - 1]
            .iter()
            .map(|&offset| read.bytes[offset as usize])
            .collect();
        let file = BlockFile::new(read, header.identity.entries, BLOCK_ENTRIES, header.offsets);
        let cache = Mutex::new(BlockCache::new(file.blocks()));
        Ok(WdlFile {
            file,
            firsts,
            identity: header.identity,
            summary: header.summary,
            rule: rule.to_string(),
            floored: header.floored,
            order: header.order,
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

    /// The one-ply rule the file was written under (empty: none): the
    /// positions it decides hold any value in the file.
    #[must_use]
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// Whether the value of a position is the higher of its stored code
    /// and the best value its side to move reaches by a move that leaves
    /// the tier (the exit floor): a stored code below a win may then be
    /// lower than the position's value.
    #[must_use]
    pub fn floored(&self) -> bool {
        self.floored
    }

    /// The open file: entry count, size in bytes, blocks.
    #[must_use]
    pub fn file(&self) -> &BlockFile {
        &self.file
    }

    /// The code stored at the layout's index `index` (`None` out of
    /// range). A free index (a hole, a finished position, one the rule
    /// decides) answers the value the writer filled it with; so does a
    /// position whose exits reach its value in a [`WdlFile::floored`]
    /// file (a code no higher than that value).
    #[inline]
    pub fn probe(&self, index: u64) -> Result<Option<Wdl>, FileError> {
        if index >= self.file.len() {
            return Ok(None);
        }
        let Some((block, within)) = self.file.locate(self.order.file_index(index)) else {
            return Ok(None);
        };
        let first = self.firsts[block];
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

    /// The code stored at every index, in the layout's order (for checks
    /// and statistics; free indices hold filler).
    pub fn values(&self) -> Result<Vec<Wdl>, FileError> {
        let mut stored = Vec::with_capacity(usize::try_from(self.file.len()).unwrap_or(0));
        for block in 0..self.file.blocks() {
            let count = self.file.block_len(block);
            let first = self.firsts[block];
            if first == COMPRESSED {
                let codes = self.decode(block)?;
                stored.extend((0..count).filter_map(|i| value(packed_code(&codes, i))));
            } else {
                stored.extend(std::iter::repeat_n(value(first), count).flatten());
            }
        }
        if self.order.is_identity() {
            return Ok(stored);
        }
        Ok((0..self.file.len())
            .map(|index| stored[self.order.file_index(index) as usize])
            .collect())
    }

    /// The codes of the compressed block `block`, checked (the frame
    /// decodes to exactly one code 0–2 per index), packed four to a byte
    /// for the cache.
    fn decode(&self, block: usize) -> Result<Box<[u8]>, FileError> {
        let count = self.file.block_len(block);
        let stored = self.file.read_block(block)?;
        let frame = stored.get(1..).ok_or_else(|| self.file.bad_block(block))?;
        let codes = zstd::bulk::decompress(frame, count).map_err(|_| self.file.bad_block(block))?;
        if codes.len() != count || codes.iter().any(|&c| c >= COMPRESSED) {
            return Err(self.file.bad_block(block));
        }
        let mut packed = vec![0u8; count.div_ceil(CODES_PER_BYTE)];
        for (i, &c) in codes.iter().enumerate() {
            packed[i / CODES_PER_BYTE] |= c << (2 * (i % CODES_PER_BYTE));
        }
        Ok(packed.into_boxed_slice())
    }
}

/// What a WDL file's header says.
struct Header {
    identity: TablebaseIdentity,
    summary: WdlSummary,
    floored: bool,
    order: DigitOrder,
    offsets: Vec<u64>,
}

/// Checks the frame and every header field of a mapped file against
/// `expected`, `rule` and `radices`, before allocating anything the header
/// sizes;
/// then the first byte of every block (a value, or [`COMPRESSED`] before a
/// frame).
fn parse(
    path: &str,
    bytes: &[u8],
    expected: &TablebaseIdentity,
    rule: &str,
    radices: &[u64],
) -> Result<Header, FileError> {
    let mut fields = FRAME.open(path, bytes)?;
    let identity = TablebaseIdentity::read(&mut fields)?;
    check_identity(path, expected, &identity)?;
    check_block_entries(&mut fields, BLOCK_ENTRIES)?;
    let summary = WdlSummary {
        longest_win: u16::from_le_bytes(fields.array("longest win")?),
        longest_loss: u16::from_le_bytes(fields.array("longest loss")?),
    };
    let found = fields.text("one-ply rule")?;
    if found != rule {
        return Err(FileError::WrongRule {
            path: path.to_string(),
            expected: rule.to_string(),
            found,
        });
    }
    let floored = match fields.u8("exit floor")? {
        0 => false,
        1 => true,
        other => {
            return Err(FileError::malformed(
                path,
                format!("exit floor {other} is neither 0 nor 1"),
            ));
        }
    };
    let order = DigitOrder::read(&mut fields, radices, identity.entries)?;
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
    Ok(Header {
        identity,
        summary,
        floored,
        order,
        offsets,
    })
}
