//! Writing a solved tier's values to a WDL file.

use std::path::Path;

use gamesolver_core::Wdl;

use super::codes::{CODES_PER_BYTE, COMPRESSED, WdlSummary};
use super::{BLOCK_ENTRIES, FRAME};
use crate::binfile::{
    FileError, check_entry_count, put_encoded_blocks, put_text, write_atomically,
};
use crate::loopy::TierTable;
use crate::tbfile::TablebaseIdentity;

/// zstd level: on four-piece tiers level 19 saves 9% of the bytes but
/// takes four times as long (measured on three tiers), which the build
/// would pay for every tier.
const ZSTD_LEVEL: i32 = 9;

/// The entry of a win in one ply (value 3, distance 1) and of a position
/// lost at once (value 1, distance 0): the only ones a one-ply look can
/// decide.
const WIN_IN_ONE: u16 = 3 | 1 << 2;
const LOST_AT_ONCE: u16 = 1;

/// Which positions of a tier a WDL file may hold any value at, besides
/// its holes: those its probes answer before reading it.
pub struct FreeIndices<'a> {
    /// The name of the one-ply rule the probes follow, written in the
    /// header (empty: none).
    pub rule: String,
    /// Whether the position at `index`, whose value is `value` (a win in
    /// one ply or a loss at once), is answered before the file is read:
    /// finished, or decided by the rule with that very value.
    pub decided: &'a (dyn Fn(u64, Wdl) -> bool + Sync),
}

impl FreeIndices<'_> {
    /// No free index but the holes, and no rule.
    #[must_use]
    pub fn none() -> FreeIndices<'static> {
        FreeIndices {
            rule: String::new(),
            decided: &never,
        }
    }

    /// Whether index `index` holding `entry` is free.
    fn is_free(&self, index: u64, entry: u16) -> bool {
        match entry {
            0 => true,
            WIN_IN_ONE => (self.decided)(index, Wdl::Win),
            LOST_AT_ONCE => (self.decided)(index, Wdl::Loss),
            _ => false,
        }
    }
}

/// Decides nothing.
fn never(_: u64, _: Wdl) -> bool {
    false
}

/// Writes the values of `table` to `path` as a WDL file for `identity`
/// (whose entry count must be the table's), atomically
/// ([`crate::binfile::write_atomically`]), `free` indices holding any
/// value.
pub fn write_wdl(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
    free: &FreeIndices<'_>,
) -> Result<(), FileError> {
    write_atomically(path, &encode_wdl(path, identity, table, free)?)
}

/// The bytes of the WDL file of `table` for `identity` (the file
/// [`write_wdl`] writes; also for measuring a file's size).
pub fn encode_wdl(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
    free: &FreeIndices<'_>,
) -> Result<Vec<u8>, FileError> {
    let name = path.display().to_string();
    check_entry_count(&name, table.len(), identity.entries)?;
    let entries = table.entries();
    let summary = summarise(entries);
    let mut out = FRAME.start();
    identity.put(&mut out, &name)?;
    out.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
    out.extend_from_slice(&summary.longest_win.to_le_bytes());
    out.extend_from_slice(&summary.longest_loss.to_le_bytes());
    put_text(&mut out, &name, &free.rule)?;
    put_encoded_blocks(&mut out, &name, entries, BLOCK_ENTRIES, |block, chunk| {
        let first = block as u64 * u64::from(BLOCK_ENTRIES);
        encode_block(&codes_of(chunk, first, free))
    })?;
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

/// One block: as one byte when every code is equal, else [`COMPRESSED`]
/// and a zstd frame of the packed codes.
fn encode_block(codes: &[u8]) -> std::io::Result<Vec<u8>> {
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

/// The code of every entry of a block whose first index is `first` (0
/// loss, 1 draw, 2 win), a free index taking the code before it, or the
/// block's first stored code for leading ones (a win for a block of free
/// indices only).
fn codes_of(entries: &[u16], first: u64, free: &FreeIndices<'_>) -> Vec<u8> {
    let stored: Vec<Option<u8>> = entries
        .iter()
        .enumerate()
        .map(|(i, &e)| (!free.is_free(first + i as u64, e)).then(|| (e & 3) as u8 - 1))
        .collect();
    let mut previous = stored.iter().flatten().next().copied().unwrap_or(2);
    stored
        .iter()
        .map(|&code| {
            if let Some(code) = code {
                previous = code;
            }
            previous
        })
        .collect()
}
