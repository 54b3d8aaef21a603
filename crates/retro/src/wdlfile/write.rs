//! Writing a solved tier's values to a WDL file.

use std::path::Path;

use gamesolver_core::Wdl;
use rayon::prelude::*;

use super::codes::{COMPRESSED, WdlSummary};
use super::order::DigitOrder;
use super::{BLOCK_ENTRIES, FRAME};
use crate::binfile::{
    FileError, check_entry_count, put_encoded_blocks, put_text, write_atomically,
};
use crate::loopy::TierTable;
use crate::tbfile::TablebaseIdentity;

/// How hard the writer compresses the blocks. On seven four-piece tiers
/// (bits per position, CPU seconds per tier with loading and the order
/// trials, measured under load): zstd level 9 0.203 and 0.5 s, 16 0.154
/// and 1.1 s, 19 0.148 and 2.1 s, 22 0.143 and 5.2 s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// zstd level 9: for the build, which writes every tier.
    Fast,
    /// zstd level 19: for `tablebase wdl`, which rewrites a directory's
    /// WDL files once, for keeps.
    Small,
}

impl Effort {
    /// The zstd level.
    fn level(self) -> i32 {
        match self {
            Effort::Fast => 9,
            Effort::Small => 19,
        }
    }
}
/// zstd level of the trial compressions that choose a tier's index order.
const TRIAL_LEVEL: i32 = 3;
/// One block in this many takes part in the trials.
const TRIAL_STRIDE: usize = 4;

/// The entry of a win in one ply (value 3, distance 1) and of a position
/// lost at once (value 1, distance 0): the only ones a one-ply look can
/// decide.
const WIN_IN_ONE: u16 = 3 | 1 << 2;
const LOST_AT_ONCE: u16 = 1;

/// How a tier's WDL file is laid out, from the tier layout: the digits of
/// its index (so the writer may reorder them) and the positions it may
/// hold any value at besides its holes, those its probes answer before
/// reading it.
pub struct WdlScheme<'a> {
    /// The name of the one-ply rule the probes follow, written in the
    /// header (empty: none).
    pub rule: String,
    /// The tier's index as a mixed-radix number, most significant digit
    /// first (empty: the index is kept as it is).
    pub radices: Vec<u64>,
    /// Whether the position at `index`, whose value is `value` (a win in
    /// one ply or a loss at once), is answered before the file is read:
    /// finished, or decided by the rule with that very value.
    pub decided: &'a (dyn Fn(u64, Wdl) -> bool + Sync),
    /// How hard the blocks are compressed.
    pub effort: Effort,
}

/// Decides nothing.
fn never(_: u64, _: Wdl) -> bool {
    false
}

impl WdlScheme<'_> {
    /// The index kept as it is, no free index but the holes, no rule.
    #[must_use]
    pub fn plain() -> WdlScheme<'static> {
        WdlScheme {
            rule: String::new(),
            radices: Vec::new(),
            decided: &never,
            effort: Effort::Fast,
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

/// Writes the values of `table` to `path` as a WDL file for `identity`
/// (whose entry count must be the table's), atomically
/// ([`crate::binfile::write_atomically`]), laid out by `scheme`.
pub fn write_wdl(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
    scheme: &WdlScheme<'_>,
) -> Result<(), FileError> {
    write_atomically(path, &encode_wdl(path, identity, table, scheme)?)
}

/// The bytes of the WDL file of `table` for `identity` (the file
/// [`write_wdl`] writes; also for measuring a file's size).
pub fn encode_wdl(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
    scheme: &WdlScheme<'_>,
) -> Result<Vec<u8>, FileError> {
    let name = path.display().to_string();
    check_entry_count(&name, table.len(), identity.entries)?;
    let entries = table.entries();
    let summary = summarise(entries);
    let order = choose_order(entries, scheme).map_err(|e| FileError::io(&name, e))?;
    let mut out = FRAME.start();
    identity.put(&mut out, &name)?;
    out.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
    out.extend_from_slice(&summary.longest_win.to_le_bytes());
    out.extend_from_slice(&summary.longest_loss.to_le_bytes());
    put_text(&mut out, &name, &scheme.rule)?;
    order.put(&mut out);
    let blocks = entries.len().div_ceil(BLOCK_ENTRIES as usize);
    put_encoded_blocks(&mut out, &name, blocks, |block| {
        encode_block(
            &block_codes(entries, &order, scheme, block),
            scheme.effort.level(),
        )
    })?;
    FRAME.finish(&mut out);
    Ok(out)
}

/// The index order whose codes compress best: each candidate
/// ([`DigitOrder::candidates`]) compressed fast on one block in
/// [`TRIAL_STRIDE`].
fn choose_order(entries: &[u16], scheme: &WdlScheme<'_>) -> std::io::Result<DigitOrder> {
    let mut candidates = DigitOrder::candidates(&scheme.radices, entries.len() as u64);
    if candidates.len() == 1 {
        return Ok(candidates.remove(0));
    }
    let blocks = entries.len().div_ceil(BLOCK_ENTRIES as usize);
    let mut best: Option<(usize, DigitOrder)> = None;
    for order in candidates {
        let size = (0..blocks)
            .into_par_iter()
            .step_by(TRIAL_STRIDE)
            .map(|block| {
                encode_block(&block_codes(entries, &order, scheme, block), TRIAL_LEVEL)
                    .map(|b| b.len())
            })
            .sum::<std::io::Result<usize>>()?;
        if best.as_ref().is_none_or(|(smallest, _)| size < *smallest) {
            best = Some((size, order));
        }
    }
    Ok(best.expect("at least two candidates").1)
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
/// and a zstd frame of the codes, one byte each.
fn encode_block(codes: &[u8], level: i32) -> std::io::Result<Vec<u8>> {
    if let Some(&first) = codes.first()
        && codes.iter().all(|&c| c == first)
    {
        return Ok(vec![first]);
    }
    let mut out = vec![COMPRESSED];
    out.extend(zstd::bulk::compress(codes, level)?);
    Ok(out)
}

/// The code of every index of block `block` in the file's `order` (0
/// loss, 1 draw, 2 win), a free index taking the code before it, or the
/// block's first stored code for leading ones (a win for a block of free
/// indices only).
fn block_codes(
    entries: &[u16],
    order: &DigitOrder,
    scheme: &WdlScheme<'_>,
    block: usize,
) -> Vec<u8> {
    let start = block as u64 * u64::from(BLOCK_ENTRIES);
    let end = (entries.len() as u64).min(start + u64::from(BLOCK_ENTRIES));
    let stored: Vec<Option<u8>> = (start..end)
        .map(|file| {
            let index = order.layout_index(file);
            let entry = entries[index as usize];
            (!scheme.is_free(index, entry)).then(|| (entry & 3) as u8 - 1)
        })
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
