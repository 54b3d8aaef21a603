//! The table of block offsets both block-compressed file kinds share: one
//! offset per block from the file's start, then the end of the last block.

use super::{FieldReader, FileError};

/// Appends the offset table of `blocks` (laid out right after it) and the
/// blocks themselves.
pub fn put_blocks(out: &mut Vec<u8>, blocks: &[Vec<u8>]) {
    let mut offset = (out.len() + 8 * (blocks.len() + 1)) as u64;
    for block in blocks {
        out.extend_from_slice(&offset.to_le_bytes());
        offset += block.len() as u64;
    }
    out.extend_from_slice(&offset.to_le_bytes());
    for block in blocks {
        out.extend_from_slice(block);
    }
}

/// Reads the header's entries-per-block field and checks it is the file
/// kind's `block_entries`.
pub fn check_block_entries(
    fields: &mut FieldReader<'_>,
    block_entries: u32,
) -> Result<(), FileError> {
    let found = fields.u32("entries per block")?;
    if found != block_entries {
        return Err(FileError::malformed(
            fields.path(),
            format!("{found} entries per block, not {block_entries}"),
        ));
    }
    Ok(())
}

/// Reads the offset table of a file with `entries` entries in blocks of
/// `block_entries`: the first right after the table, strictly increasing (a
/// block is never empty), the last at the checksum. Nothing is allocated
/// before the table is known to fit in the file.
pub fn read_block_offsets(
    fields: &mut FieldReader<'_>,
    entries: u64,
    block_entries: u32,
) -> Result<Vec<u64>, FileError> {
    let path = fields.path();
    let blocks = entries.div_ceil(u64::from(block_entries));
    let table_bytes = blocks
        .checked_add(1)
        .and_then(|n| n.checked_mul(8))
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n <= fields.remaining())
        .ok_or_else(|| FileError::malformed(path, "cut short in the block offsets"))?;
    let offsets: Vec<u64> = fields
        .take(table_bytes, "block offsets")?
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    let data_end = (fields.position() + fields.remaining()) as u64;
    let increasing = offsets.windows(2).all(|w| w[0] < w[1]);
    let first = offsets.first() == Some(&(fields.position() as u64));
    if !first || !increasing || offsets.last() != Some(&data_end) {
        return Err(FileError::malformed(
            path,
            "block offsets do not match the file",
        ));
    }
    Ok(offsets)
}
