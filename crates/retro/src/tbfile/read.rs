//! Opening and probing a tablebase file (each probe reads one block).

use std::path::Path;

use gamesolver_core::Solution;

use super::write::widen_entry;
use super::{BLOCK_ENTRIES, TableKind, TablebaseIdentity};
use crate::binfile::{
    BlockFile, FileError, check_block_entries, check_identity, read_block_offsets, read_file,
};
use crate::loopy::TierTable;
use crate::table::decode;

/// An open, verified tablebase file. Each probe decompresses only the block
/// that holds the index.
#[derive(Debug)]
pub struct TablebaseFile {
    file: BlockFile,
    identity: TablebaseIdentity,
    width: u8,
}

/// What the header says beyond the identity.
struct Layout {
    identity: TablebaseIdentity,
    width: u8,
    offsets: Vec<u64>,
}

impl TablebaseFile {
    /// Opens the regular file `path`, checking magic, version, checksum,
    /// that it holds `expected` (with `expected.entries` entries) and its
    /// structure.
    pub fn open(path: &Path, expected: &TablebaseIdentity) -> Result<TablebaseFile, FileError> {
        TablebaseFile::open_kind(path, expected, TableKind::Distance)
    }

    /// [`TablebaseFile::open`] for a file of `kind` (a distance-to-zeroing
    /// file must have been written under the same rule).
    pub fn open_kind(
        path: &Path,
        expected: &TablebaseIdentity,
        kind: TableKind,
    ) -> Result<TablebaseFile, FileError> {
        let read = read_file(path)?;
        let layout = parse(kind, &read.name, &read.bytes, expected)?;
        let entries = layout.identity.entries;
        Ok(TablebaseFile {
            file: BlockFile::new(read, entries, BLOCK_ENTRIES, layout.offsets),
            identity: layout.identity,
            width: layout.width,
        })
    }

    /// What the file holds.
    #[must_use]
    pub fn identity(&self) -> &TablebaseIdentity {
        &self.identity
    }

    /// The file's path, as its errors name it.
    #[must_use]
    pub fn path(&self) -> &str {
        self.file.path()
    }

    /// The number of indices.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.file.len()
    }

    /// Whether the file holds no index.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.file.is_empty()
    }

    /// The file's size in bytes.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.file.size()
    }

    /// Whether the file under this file's name changed since it was
    /// verified (see [`BlockFile::changed_on_disk`]).
    #[must_use]
    pub fn changed_on_disk(&self) -> bool {
        self.file.changed_on_disk()
    }

    /// The solution at `index` (`None` for a hole or an index out of range).
    pub fn probe(&self, index: u64) -> Result<Option<Solution>, FileError> {
        let Some((block, within)) = self.file.locate(index) else {
            return Ok(None);
        };
        Ok(decode(self.block(block)?[within]))
    }

    /// Every entry, decoded into memory (for building larger tiers).
    pub fn load(&self) -> Result<TierTable, FileError> {
        let capacity = usize::try_from(self.len()).map_err(|_| {
            FileError::malformed(
                self.file.path(),
                "more entries than this machine can address",
            )
        })?;
        let mut all = Vec::with_capacity(capacity);
        for block in 0..self.blocks() {
            all.extend(self.block(block)?);
        }
        Ok(TierTable::from_entries(all))
    }

    /// The number of compressed blocks ([`super::BLOCK_ENTRIES`] entries
    /// each, the last one the rest).
    #[must_use]
    pub fn blocks(&self) -> usize {
        self.file.blocks()
    }

    /// The raw 16-bit entries of block `block` (of [`TablebaseFile::blocks`];
    /// 0 for a hole), decompressed and checked: index
    /// `block * BLOCK_ENTRIES + i` is entry `i`.
    pub fn block(&self, block: usize) -> Result<Vec<u16>, FileError> {
        if block >= self.blocks() {
            let blocks = self.blocks();
            return Err(FileError::malformed(
                self.file.path(),
                format!("no block {block}: the file has {blocks}"),
            ));
        }
        let count = self.file.block_len(block);
        let width = usize::from(self.width);
        let bytes = zstd::bulk::decompress(&self.file.read_block(block)?, width * count)
            .map_err(|_| self.file.bad_block(block))?;
        if bytes.len() != width * count {
            return Err(self.file.bad_block(block));
        }
        let entries: Vec<u16> = if width == 1 {
            bytes.iter().map(|&b| widen_entry(b)).collect()
        } else {
            let (low, high) = bytes.split_at(count);
            low.iter()
                .zip(high)
                .map(|(&l, &h)| u16::from_le_bytes([l, h]))
                .collect()
        };
        if entries.iter().any(|&e| e != 0 && decode(e).is_none()) {
            return Err(self.file.bad_block(block));
        }
        Ok(entries)
    }
}

/// The plies of the no-zeroing rule the distance-to-zeroing file `path`
/// was written under (its header says), its frame and checksum checked
/// but not its tier: what a reader opens a directory of such files under.
pub fn zeroing_limit(path: &Path) -> Result<u16, FileError> {
    let read = read_file(path)?;
    let mut fields = TableKind::Zeroing { limit: 0 }
        .frame()
        .open(&read.name, &read.bytes)?;
    TablebaseIdentity::read(&mut fields)?;
    Ok(u16::from_le_bytes(fields.array("quiet-ply rule")?))
}

/// Checks the frame and every header field of a mapped file against
/// `expected`, before allocating anything the header sizes.
fn parse(
    kind: TableKind,
    path: &str,
    bytes: &[u8],
    expected: &TablebaseIdentity,
) -> Result<Layout, FileError> {
    let mut fields = kind.frame().open(path, bytes)?;
    let identity = TablebaseIdentity::read(&mut fields)?;
    check_identity(path, expected, &identity)?;
    if let TableKind::Zeroing { limit } = kind {
        let found = u16::from_le_bytes(fields.array("quiet-ply rule")?);
        if found != limit {
            return Err(FileError::WrongIdentity {
                path: path.to_string(),
                expected: format!("{expected} under a {limit}-ply rule"),
                found: format!("{identity} under a {found}-ply rule"),
            });
        }
    }
    check_block_entries(&mut fields, BLOCK_ENTRIES)?;
    let width = fields.u8("entry width")?;
    if width != 1 && width != 2 {
        return Err(FileError::malformed(path, "entry width is neither 1 nor 2"));
    }
    let offsets = read_block_offsets(&mut fields, identity.entries, BLOCK_ENTRIES)?;
    Ok(Layout {
        identity,
        width,
        offsets,
    })
}
