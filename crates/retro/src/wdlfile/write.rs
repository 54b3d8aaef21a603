//! Writing a solved tier's values to a WDL file.

use std::ops::Range;
use std::path::Path;

use gamesolver_core::Wdl;
use rayon::prelude::*;

use super::codes::{COMPRESSED, WdlSummary};
use super::order::DigitOrder;
use super::trials::choose_order;
use super::{BLOCK_ENTRIES, FRAME};
use crate::binfile::{FileError, check_entry_count, put_blocks, put_text, write_atomically};
use crate::loopy::TierTable;
use crate::tbfile::TablebaseIdentity;

/// How hard the writer compresses the blocks, and how it chooses the
/// index order (see `trials.rs`). On seven four-piece tiers (bits per
/// position, CPU seconds per tier with loading and the order trials,
/// measured under load): zstd level 9 0.203 and 0.5 s, 16 0.154 and
/// 1.1 s, 19 0.148 and 2.1 s, 22 0.143 and 5.2 s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// zstd level 9, the order with the fewest code changes: for the
    /// build, which writes every tier.
    Fast,
    /// zstd level 19, the order whose trial compressions are smallest: for
    /// `tablebase wdl`, which rewrites a directory's WDL files once, for
    /// keeps.
    Small,
}

impl Effort {
    /// How the blocks are compressed.
    fn compression(self) -> Compression {
        match self {
            Effort::Fast => Compression {
                level: 9,
                hash_log: Some(FAST_HASH_LOG),
            },
            Effort::Small => Compression {
                level: 19,
                hash_log: None,
            },
        }
    }
}

/// The hash table of the build's compressions: 2^16 entries, where level
/// 9 would size it by the block, up to 2^21 for a block of 2^20 codes,
/// and clear it for every block (7% of the writer's instructions on the
/// tables of up to three pieces, the same bytes; `ER-lr`, `LR-lr`,
/// `ET-lc`, `DC-dc` +0.04%; 2^15: +0.2% and +0.05%, 2^14: +3.8%).
const FAST_HASH_LOG: u32 = 16;

/// A zstd level, and the hash table's size if not the level's own.
#[derive(Clone, Copy, Debug)]
pub(super) struct Compression {
    /// The zstd level.
    pub(super) level: i32,
    /// The base-2 logarithm of the hash table's entries (`None`: the
    /// level's, sized by each block).
    pub(super) hash_log: Option<u32>,
}

impl Compression {
    /// A zstd context set up for it.
    fn compressor(self) -> std::io::Result<zstd::bulk::Compressor<'static>> {
        let mut compressor = zstd::bulk::Compressor::new(self.level)?;
        if let Some(hash_log) = self.hash_log {
            compressor.set_parameter(zstd::zstd_safe::CParameter::HashLog(hash_log))?;
        }
        Ok(compressor)
    }
}

/// The entry of a win in one ply (value 3, distance 1) and of a position
/// lost at once (value 1, distance 0): the only ones a one-ply look can
/// decide.
const WIN_IN_ONE: u16 = 3 | 1 << 2;
const LOST_AT_ONCE: u16 = 1;

/// The best value the side to move of the position at a layout index
/// reaches by a move that leaves the tier (`None`: no such move, or one
/// whose value is unknown).
pub type ExitValue<'a> = &'a (dyn Fn(u64) -> Option<Wdl> + Sync);

/// How a tier's WDL file is laid out, from the tier layout: the digits of
/// its index (so the writer may reorder them), the positions it may hold
/// any value at besides its holes (those its probes answer before reading
/// it), and the positions whose best exit reaches their value.
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
    /// The exits' best value of each position (Syzygy's capture rule): a
    /// position whose value they reach may hold any lower value, and its
    /// probes answer the higher of the exits' best and the stored code
    /// (the header says so). `None`: every position holds its value.
    pub exits: Option<ExitValue<'a>>,
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
            exits: None,
            effort: Effort::Fast,
        }
    }

    /// What the file may hold at index `index`, whose entry is `entry`.
    fn slot(&self, index: u64, entry: u16) -> Slot {
        let free = match entry {
            0 => true,
            WIN_IN_ONE => (self.decided)(index, Wdl::Win),
            LOST_AT_ONCE => (self.decided)(index, Wdl::Loss),
            _ => false,
        };
        if free {
            return Slot::FREE;
        }
        let Slot(code) = Slot::own(entry);
        let Some(exits) = self.exits else {
            return Slot(code);
        };
        let reached = exits(index).is_some_and(|best| best as u8 == code);
        match code {
            2 if reached => Slot::FREE,
            1 if reached => Slot::DRAW_REACHED,
            _ => Slot(code),
        }
    }

    /// The byte of the header that says whether probes take the higher of
    /// the exits' best and the stored code.
    fn floor_byte(&self) -> u8 {
        u8::from(self.exits.is_some())
    }
}

/// What the file may hold at one index: its code (0–2), any code
/// ([`Slot::FREE`]: a hole, a position answered first, or one whose exits
/// reach a win), or a loss or a draw ([`Slot::DRAW_REACHED`]: its exits
/// reach a draw, its value).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Slot(pub(super) u8);

impl Slot {
    pub(super) const FREE: Slot = Slot(3);
    const DRAW_REACHED: Slot = Slot(4);

    /// The code of a position's 16-bit entry (not 0: a hole): its value
    /// (bits 0–1: 1 loss, 2 draw, 3 win) less one.
    fn own(entry: u16) -> Slot {
        Slot((entry & 3) as u8 - 1)
    }

    /// The highest code the slot may hold.
    fn ceiling(self) -> u8 {
        match self {
            Slot::DRAW_REACHED => 1,
            Slot(code) if code < 3 => code,
            _ => 2,
        }
    }
}

/// What the file may hold at every layout index, worked out once (the
/// order trials read it for every candidate).
fn slots(entries: &[u16], scheme: &WdlScheme<'_>) -> Vec<Slot> {
    let mut slots = vec![Slot::FREE; entries.len()];
    slots
        .par_chunks_mut(SLOT_CHUNK)
        .zip(entries.par_chunks(SLOT_CHUNK))
        .enumerate()
        .for_each(|(chunk, (slots, entries))| {
            let start = (chunk * SLOT_CHUNK) as u64;
            let unfloored = scheme.exits.is_none();
            for (offset, (slot, &entry)) in slots.iter_mut().zip(entries).enumerate() {
                // Without the exit floor a position that is no win in one
                // and no loss at once holds its own code: no look at it.
                *slot = match entry {
                    0 | WIN_IN_ONE | LOST_AT_ONCE => scheme.slot(start + offset as u64, entry),
                    _ if unfloored => Slot::own(entry),
                    _ => scheme.slot(start + offset as u64, entry),
                };
            }
        });
    slots
}

/// Indices per task of [`slots`].
const SLOT_CHUNK: usize = 1 << 14;

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
    let slots = slots(entries, scheme);
    let order = choose_order(&slots, &scheme.radices, scheme.effort)
        .map_err(|e| FileError::io(&name, e))?;
    let mut out = FRAME.start();
    identity.put(&mut out, &name)?;
    out.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
    out.extend_from_slice(&summary.longest_win.to_le_bytes());
    out.extend_from_slice(&summary.longest_loss.to_le_bytes());
    put_text(&mut out, &name, &scheme.rule)?;
    out.push(scheme.floor_byte());
    order.put(&mut out);
    let blocks = stretches(entries.len() as u64, u64::from(BLOCK_ENTRIES)).collect();
    let encoded = encode_stretches(&slots, &order, blocks, scheme.effort.compression())
        .map_err(|e| FileError::io(&name, e))?;
    put_blocks(&mut out, &encoded);
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

/// The stretches of `len` indices from 0, `size` each (the last shorter).
pub(super) fn stretches(len: u64, size: u64) -> impl Iterator<Item = Range<u64>> {
    (0..len.div_ceil(size)).map(move |k| k * size..len.min((k + 1) * size))
}

/// The file's codes of each of the stretches `ranges` of its indices (in
/// `order`), each encoded by [`encode_block`] with `compression`, in
/// parallel with one zstd context and one set of buffers per thread.
pub(super) fn encode_stretches(
    slots: &[Slot],
    order: &DigitOrder,
    ranges: Vec<Range<u64>>,
    compression: Compression,
) -> std::io::Result<Vec<Vec<u8>>> {
    ranges
        .into_par_iter()
        .map_init(
            || (compression.compressor(), BlockBuffers::default()),
            |(compressor, buffers), range| match compressor {
                Ok(compressor) => encode_block(buffers.codes(slots, order, range), compressor),
                Err(error) => Err(std::io::Error::new(error.kind(), error.to_string())),
            },
        )
        .collect()
}

/// One block: as one byte when every code is equal, else [`COMPRESSED`]
/// and a zstd frame of the codes, one byte each.
fn encode_block(
    codes: &[u8],
    compressor: &mut zstd::bulk::Compressor<'_>,
) -> std::io::Result<Vec<u8>> {
    if let Some(&first) = codes.first()
        && codes.iter().all(|&c| c == first)
    {
        return Ok(vec![first]);
    }
    let mut out = vec![COMPRESSED];
    out.extend(compressor.compress(codes)?);
    Ok(out)
}

/// A thread's buffers for the codes of one block after another: the
/// block's slots in the file's order (unused in the layout's order, whose
/// slots are a slice of the tier's) and its codes.
#[derive(Default)]
struct BlockBuffers {
    gathered: Vec<Slot>,
    codes: Vec<u8>,
}

impl BlockBuffers {
    /// The codes of the file's indices `range` (in `order`): see
    /// [`fill_codes`].
    fn codes(&mut self, slots: &[Slot], order: &DigitOrder, range: Range<u64>) -> &[u8] {
        let block = if order.is_identity() {
            &slots[range.start as usize..range.end as usize]
        } else {
            self.gathered.clear();
            let count = (range.end - range.start) as usize;
            order.for_each_layout_index(range.start, count, |index| {
                self.gathered.push(slots[index as usize]);
            });
            &self.gathered
        };
        fill_codes(block, &mut self.codes);
        &self.codes
    }
}

/// Replaces `codes` by the code of every slot of `block` (the slots of a
/// range of the file's indices, in order: 0 loss, 1 draw, 2 win): a
/// position's own code, or for an index that may hold several the code
/// before it if the slot allows it, else the next own code if it does,
/// else the slot's ceiling. The code before the block's first index
/// counts as its first own code (a win for a block without one).
/// (Measured on the 260 files of three pieces, level 19: 11% smaller than
/// without the exit floor; keeping the reached values, or copying the code
/// one row up, chosen per tier by fast trials, gave only 5%.)
///
/// Only a slot whose ceiling is below the code before it (a draw reached
/// after a win) looks ahead, up to the next own code; the slots up to
/// there take the lower code it gets, so no slot is looked at twice.
fn fill_codes(block: &[Slot], codes: &mut Vec<u8>) {
    codes.clear();
    codes.resize(block.len(), 0);
    let mut previous = next_own(block).unwrap_or(2);
    for (i, (code, &slot)) in codes.iter_mut().zip(block).enumerate() {
        if slot.0 < 3 {
            previous = slot.0;
        } else {
            let ceiling = slot.ceiling();
            if previous > ceiling {
                previous = next_own(&block[i + 1..])
                    .filter(|&next| next <= ceiling)
                    .unwrap_or(ceiling);
            }
        }
        *code = previous;
    }
}

/// The first own code (a slot that holds one code) of `slots`.
fn next_own(slots: &[Slot]) -> Option<u8> {
    slots.iter().map(|slot| slot.0).find(|&code| code < 3)
}
