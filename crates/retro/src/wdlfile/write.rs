//! Writing a solved tier's values to a WDL file.

use std::path::Path;

use rayon::prelude::*;

use super::codes::{CODES_PER_BYTE, COMPRESSED, WdlSummary};
use super::{BLOCK_ENTRIES, FRAME};
use crate::binfile::{FileError, put_blocks, write_atomically};
use crate::loopy::TierTable;
use crate::tbfile::TablebaseIdentity;

/// zstd level: on four-piece tiers level 19 saves 9% of the bytes but
/// takes four times as long (measured on three tiers), which the build
/// would pay for every tier.
const ZSTD_LEVEL: i32 = 9;

/// Writes the values of `table` to `path` as a WDL file for `identity`
/// (whose entry count must be the table's), atomically
/// ([`crate::binfile::write_atomically`]).
pub fn write_wdl(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
) -> Result<(), FileError> {
    write_atomically(path, &encode_wdl(path, identity, table)?)
}

/// The bytes of the WDL file of `table` for `identity` (the file
/// [`write_wdl`] writes; also for measuring a file's size).
pub fn encode_wdl(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
) -> Result<Vec<u8>, FileError> {
    let name = path.display().to_string();
    if identity.entries != table.len() {
        return Err(FileError::WrongSize {
            path: name,
            found: table.len(),
            expected: identity.entries,
        });
    }
    let entries = table.entries();
    let summary = summarise(entries);
    let mut out = FRAME.start();
    identity.put(&mut out, &name)?;
    out.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
    out.extend_from_slice(&summary.longest_win.to_le_bytes());
    out.extend_from_slice(&summary.longest_loss.to_le_bytes());
    let blocks: Vec<Vec<u8>> = entries
        .par_chunks(BLOCK_ENTRIES as usize)
        .map(encode_block)
        .collect::<std::io::Result<_>>()
        .map_err(|e| FileError::io(&name, e))?;
    put_blocks(&mut out, &blocks);
    FRAME.finish(&mut out);
    Ok(out)
}

/// The longest win and loss of a tier's 16-bit entries (value in bits 0–1:
/// 1 loss, 2 draw, 3 win; distance in bits 2–15).
fn summarise(entries: &[u16]) -> WdlSummary {
    let longest = |value: u16| {
        entries
            .iter()
            .filter(|&&e| e & 3 == value)
            .map(|&e| e >> 2)
            .max()
            .unwrap_or(0)
    };
    WdlSummary {
        longest_win: longest(3),
        longest_loss: longest(1),
    }
}

/// One block: the code of every index (holes take the value before them),
/// as one byte when they are all equal, else [`COMPRESSED`] and a zstd
/// frame of the packed codes.
fn encode_block(entries: &[u16]) -> std::io::Result<Vec<u8>> {
    let codes = fill_holes(entries);
    if let Some(&first) = codes.first()
        && codes.iter().all(|&c| c == first)
    {
        return Ok(vec![first]);
    }
    let mut packed = vec![0u8; codes.len().div_ceil(CODES_PER_BYTE)];
    for (i, &c) in codes.iter().enumerate() {
        packed[i / CODES_PER_BYTE] |= c << (2 * (i % CODES_PER_BYTE));
    }
    let mut out = vec![COMPRESSED];
    out.extend(zstd::bulk::compress(&packed, ZSTD_LEVEL)?);
    Ok(out)
}

/// The code of every entry (0 loss, 1 draw, 2 win), a hole taking the code
/// before it, or the block's first value's for leading holes (draw for a
/// block of holes only).
fn fill_holes(entries: &[u16]) -> Vec<u8> {
    let first_value = entries.iter().find(|&&e| e & 3 != 0).map_or(2, |&e| e & 3);
    let mut previous = (first_value - 1) as u8;
    entries
        .iter()
        .map(|&e| {
            if e & 3 != 0 {
                previous = (e & 3) as u8 - 1;
            }
            previous
        })
        .collect()
}
