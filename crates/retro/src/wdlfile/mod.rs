//! WDL files: the win/draw/loss of every index of one tier, without
//! distances, compressed for the search's probes (the Syzygy split: a
//! compact value file probed inside the search, the distance file of
//! [`crate::tbfile`] used at the root).
//!
//! Layout (integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GSTBWDL\0` |
//! | 2 | format version (4) |
//! | 1 + n each | game, rules variant, tier, index scheme: length then UTF-8 |
//! | 8 | entry count `N` |
//! | 4 | entries per block `B` (1,048,576) |
//! | 2 + 2 | the tier's longest win and longest loss, in plies |
//! | 1 + n | the one-ply rule: length then UTF-8 (empty for none) |
//! | 1 | exit floor: 1 if probes take the higher of the stored code and the best value a move leaving the tier reaches, else 0 |
//! | 1 + 5 · k | the index order: `k` digits (0: the layout's index as it is), then per digit of the file's index, most significant first, the layout's digit and its radix (u32) |
//! | 8 · (⌈N/B⌉ + 1) | offset of each block from the file start, then the end of the last |
//! | … | the blocks |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! Values are codes from the side to move's view: 0 loss, 1 draw, 2 win.
//! The file's index is the layout's with its digits reordered (see
//! `order`: the writer tries moving each digit to the fastest place and
//! keeps the order that measures smallest: `trials`). A block is either one
//! byte, the code every index of the block holds, or the byte 3 followed by
//! a zstd frame of the block's codes, one byte each (level 9 from the
//! build, 19 from `tablebase wdl`: [`Effort`]).
//!
//! **Free indices** hold whatever compresses best: the writer gives each
//! the code of the index before it (the block's first stored code for
//! leading ones), so they extend runs instead of breaking them, and a block
//! whose other indices all agree is one byte. They are the *holes*
//! (indices that are no position), finished positions (a probe answers
//! them by their outcome), and the positions the layout's one-ply rule
//! decides ([`gamesolver_core::TierLayout::wins_in_one`]; Jungle: an
//! animal beside the enemy den), whose probes ask the rule before the
//! file. The rule's name is in the header, so a file is never probed
//! under another rule ([`crate::FileError::WrongRule`]).
//!
//! **Exit floor** (since version 3, Syzygy's capture rule): when the header's
//! floor byte is 1, a position whose value equals the best value its side
//! to move reaches by a move that leaves the tier (Jungle: a capture, into
//! a smaller table) may hold any lower value: a position the exits win
//! holds any code, one they draw a loss or a draw. Its probe looks at the
//! exits and answers the higher of their best and the stored code (a
//! stored win needs no look). The writer fills these like the free
//! indices, as far as the ceiling allows.
//!
//! Files of versions 1 and 2 (without the floor byte) and 3 (blocks of
//! 65536 indices) are refused with the command that writes them again.
//!
//! The longest win and loss bound the distance of every win and loss of the
//! tier, so a search can score a WDL verdict as "won within that many
//! plies".
//!
//! The reader checks frame, identity (as [`crate::tbfile`] does: game,
//! rules, tier, scheme, entry count before anything is allocated), block
//! size, rule, offsets and every block's first byte when the file is
//! opened; a zstd block that does not decode to its codes is refused at its
//! first probe ([`crate::FileError::BadBlock`]). Decoded blocks are kept,
//! packed four codes to a byte, in a small per-file cache (`cache`), so
//! warm probes decode nothing.

mod cache;
mod codes;
mod order;
mod read;
mod trials;
mod write;

pub use codes::WdlSummary;
pub use read::WdlFile;
pub use write::{Effort, WdlScheme, encode_wdl, write_wdl};

use crate::binfile::Frame;

/// The WDL file's frame: magic and the one version read and written.
pub(crate) const FRAME: Frame = Frame {
    magic: b"GSTBWDL\0",
    version: 4,
    kind: "WDL",
    rebuild: "derive it again from the distance files (gamesolver tablebase wdl --dir DIR), \
              or build the tablebase again, which replaces it",
};
/// Indices per block (format 4): 2^20, 256 KiB of packed codes once
/// decoded. Larger blocks compress better, as zstd finds the repeats one
/// step of a slow digit away (format 1 on three four-piece tiers, 8192:
/// 0.51 bit per position, 32768: 0.41, 65536: 0.38, 131072: 0.37; format
/// 2's codes on 14 four-piece tiers at level 19, against 65536: 262144
/// −13%, 2^20 −28%, 2^22 −32%) and cost more per cache miss (a miss
/// decodes the whole block, about a millisecond at 2^20).
pub const BLOCK_ENTRIES: u32 = 1 << 20;
/// The file name extension of a WDL file (`LR-e.gswdl` beside `LR-e.gstb`).
pub const EXTENSION: &str = "gswdl";
