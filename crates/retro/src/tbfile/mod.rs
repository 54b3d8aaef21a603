//! Tablebase files: one solved tier per file, compressed in independently
//! decodable blocks, probed through a memory map.
//!
//! Layout (integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GSTBASE\0` |
//! | 2 | format version (1) |
//! | 1 + n each | game, rules variant, tier, index scheme: length then UTF-8 |
//! | 8 | entry count `N` |
//! | 4 | entries per block `B` |
//! | 1 | entry width `W`: 1 or 2 bytes |
//! | 8 · (⌈N/B⌉ + 1) | offset of each compressed block from the file start, then the end of the last |
//! | … | the blocks: zstd frames, each holding `B` entries (the last: the rest) |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! With `W = 2`, entries are those of [`crate::SolvedTable`] (0 for an index
//! that is no position, otherwise the value in bits 0–1 — 1 loss, 2 draw,
//! 3 win — and the distance in bits 2–15), a block's low bytes first, then
//! its high bytes, so that zstd sees the long runs. When every distance is
//! at most 126, `W = 1` and each entry is one byte: 0 for no position, 1
//! for a draw, `2 + 2d` for a win in `d`, `3 + 2d` for a loss in `d`.
//!
//! Every header field is checked against what the caller's identity
//! implies before anything is allocated: game, rules, tier and index
//! scheme; the entry count against the tier's size under the scheme;
//! `B` = 8192 (the only block size written); `W`; the offsets (one per
//! block, the first right after the table, increasing, the last at the
//! checksum).
//!
//! **Distance-to-zeroing files** (`<tier>.gsdtz`, magic `GSTBDTZ\0`,
//! version 1) have the same layout with one more header field after the
//! entry count: the game's no-zeroing rule in plies (2 bytes, e.g. 200 for
//! Jungle), which a reader must match. Each entry holds, for the side to
//! move, the value of the game in which reaching a zeroing move (one that
//! leaves the tier, a capture, or ends the game) decides, each zeroing
//! move worth what the position it reaches is worth under the rule from a
//! counter of zero (a win only if it is won within the rule), and the
//! distance in plies to that zeroing move under best play: the winner
//! shortest, the loser longest (see `crate::zeroing`).
//!
//! The writer writes a temporary file and renames it into place
//! ([`crate::binfile::write_atomically`]), so a crash never leaves a file
//! that looks valid. The reader opens only a regular file
//! ([`crate::binfile::open_regular`]), maps it and checks magic, version,
//! checksum, identity and structure before the first probe.

mod directory;
mod header;
mod read;
mod write;

pub use directory::{RejectedFile, TierFiles, scan_tier_files};
pub use header::TablebaseIdentity;
pub use read::{TablebaseFile, zeroing_limit};
pub use write::{encode_table, encode_tier, write_tier};

use crate::binfile::{FileError, Frame};

/// The tablebase file's frame: magic and the one version read and written.
pub(crate) const FRAME: Frame = Frame {
    magic: b"GSTBASE\0",
    version: 1,
    kind: "tablebase",
    rebuild: "remove it and build the tablebase again (gamesolver tablebase build)",
};

/// The distance-to-zeroing file's frame.
pub(crate) const DTZ_FRAME: Frame = Frame {
    magic: b"GSTBDTZ\0",
    version: 1,
    kind: "distance-to-zeroing",
    rebuild: "remove it and build the tablebase again (gamesolver tablebase build writes it beside the distance file)",
};

/// The file name extension of a tier's distance-to-zeroing file.
pub const DTZ_EXTENSION: &str = "gsdtz";

/// What a tablebase file holds at each index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// The value and the distance to the end of the game (`GSTBASE`).
    Distance,
    /// The value and the distance to the next zeroing move, under a rule
    /// that draws after `limit` plies without one (`GSTBDTZ`).
    Zeroing {
        /// The rule's plies.
        limit: u16,
    },
}

impl TableKind {
    /// The kind's frame.
    pub(crate) const fn frame(self) -> &'static Frame {
        match self {
            TableKind::Distance => &FRAME,
            TableKind::Zeroing { .. } => &DTZ_FRAME,
        }
    }
}
/// Entries per compressed block: 8192 entries, 16 KiB before compression.
pub const BLOCK_ENTRIES: u32 = 8192;
/// The file name extension of a tier file.
pub const EXTENSION: &str = "gstb";

/// Why a tablebase file could not be written or read: the file toolkit's
/// one error enum.
pub type TablebaseFileError = FileError;
