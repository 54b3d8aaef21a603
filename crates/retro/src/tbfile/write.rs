//! Writing a solved tier to a tablebase file.

use std::cell::RefCell;
use std::path::Path;

use super::{BLOCK_ENTRIES, TableKind, TablebaseIdentity};
use crate::binfile::{
    FileError, block_of, check_entry_count, put_encoded_blocks, write_atomically,
};
use crate::loopy::TierTable;

/// zstd level: high ratio, still fast enough not to dominate a build.
const ZSTD_LEVEL: i32 = 6;

/// Writes `table` to `path` as a tablebase file for `identity` (whose entry
/// count must be the table's), atomically
/// ([`crate::binfile::write_atomically`]).
pub fn write_tier(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
) -> Result<(), FileError> {
    write_atomically(path, &encode_tier(path, identity, table)?)
}

/// The bytes of the tablebase file [`write_tier`] writes to `path` (named
/// in errors), for a caller that writes them itself (the build hands them
/// to a thread that waits for the disk).
pub fn encode_tier(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
) -> Result<Vec<u8>, FileError> {
    encode_table(TableKind::Distance, path, identity, table)
}

/// The bytes of a file of `kind` (a distance or a distance-to-zeroing
/// file) holding `table`, for `path` (named in errors).
pub fn encode_table(
    kind: TableKind,
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
) -> Result<Vec<u8>, FileError> {
    let name = path.display().to_string();
    check_entry_count(&name, table.len(), identity.entries)?;
    encode(kind, &name, identity, table.entries())
}

/// The whole file's bytes.
fn encode(
    kind: TableKind,
    path: &str,
    identity: &TablebaseIdentity,
    entries: &[u16],
) -> Result<Vec<u8>, FileError> {
    let frame = kind.frame();
    let mut out = frame.start();
    identity.put(&mut out, path)?;
    if let TableKind::Zeroing { limit } = kind {
        out.extend_from_slice(&limit.to_le_bytes());
    }
    out.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
    let narrow = entries.iter().all(|&e| narrow_entry(e).is_some());
    out.push(if narrow { 1 } else { 2 });
    let blocks = entries.len().div_ceil(BLOCK_ENTRIES as usize);
    put_encoded_blocks(&mut out, path, blocks, |block| {
        compress_block(block_of(entries, BLOCK_ENTRIES, block), narrow)
    })?;
    frame.finish(&mut out);
    Ok(out)
}

/// One block, compressed: one byte per entry when `narrow`, else low
/// bytes then high bytes.
fn compress_block(entries: &[u16], narrow: bool) -> std::io::Result<Vec<u8>> {
    let bytes: Vec<u8> = if narrow {
        entries.iter().filter_map(|&e| narrow_entry(e)).collect()
    } else {
        let low = entries.iter().map(|&e| e as u8);
        low.chain(entries.iter().map(|&e| (e >> 8) as u8)).collect()
    };
    compress(&bytes)
}

thread_local! {
    /// Each thread's zstd context, made on its first block and reused: a
    /// new context per block allocated and cleared its tables (about
    /// 230 KB) every time, 1.5% of the instructions of a four-piece tier.
    static COMPRESSOR: RefCell<Option<zstd::bulk::Compressor<'static>>> =
        const { RefCell::new(None) };
}

/// `bytes` as one zstd frame at [`ZSTD_LEVEL`] (the same bytes as a
/// fresh context gives), with this thread's context.
fn compress(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    COMPRESSOR.with(|cell| {
        let mut slot = cell.borrow_mut();
        let compressor = match slot.as_mut() {
            Some(compressor) => compressor,
            None => slot.insert(zstd::bulk::Compressor::new(ZSTD_LEVEL)?),
        };
        compressor.compress(bytes)
    })
}

/// The one-byte form of a 16-bit entry, if its distance is at most 126.
pub(crate) fn narrow_entry(entry: u16) -> Option<u8> {
    let (value, distance) = (entry & 3, entry >> 2);
    match value {
        0 => Some(0),
        2 => Some(1),
        _ if distance <= 126 => Some((2 + 2 * distance + u16::from(value == 1)) as u8),
        _ => None,
    }
}

/// The 16-bit entry of a one-byte form.
pub(crate) fn widen_entry(byte: u8) -> u16 {
    match byte {
        0 => 0,
        1 => 2,
        _ => {
            let distance = u16::from(byte - 2) / 2;
            let value = if byte.is_multiple_of(2) { 3 } else { 1 };
            value | distance << 2
        }
    }
}
