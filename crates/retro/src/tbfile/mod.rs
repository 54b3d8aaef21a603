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
//! The writer writes a temporary file and renames it into place, so a crash
//! never leaves a file that looks valid. The reader checks magic, version,
//! identity, the offsets and the checksum of the whole file before the
//! first probe.

mod header;
mod read;
mod write;

pub use header::TablebaseIdentity;
pub use read::TablebaseFile;
pub use write::write_tier;

use thiserror::Error;

pub(crate) const MAGIC: &[u8; 8] = b"GSTBASE\0";
pub(crate) const VERSION: u16 = 1;
/// Entries per compressed block: 8192 entries, 16 KiB before compression.
pub const BLOCK_ENTRIES: u32 = 8192;

/// Why a tablebase file could not be written or read.
#[derive(Debug, Error)]
pub enum TablebaseFileError {
    /// The file could not be read or written.
    #[error("cannot access {path}")]
    Io {
        /// The file.
        path: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// Not a tablebase file.
    #[error("{path} is not a gamesolver tablebase file (bad magic)")]
    BadMagic {
        /// The file.
        path: String,
    },
    /// Written by a format version this build cannot read.
    #[error(
        "{path}: tablebase format version {version} is not supported (this build reads version {VERSION})"
    )]
    UnsupportedVersion {
        /// The file.
        path: String,
        /// The version found.
        version: u16,
    },
    /// The file is shorter than its declared contents or its structure is inconsistent.
    #[error("{path} is truncated or malformed: {what}")]
    Malformed {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// The checksum does not match.
    #[error("{path} is corrupted: checksum {found:08x}, expected {expected:08x}")]
    ChecksumMismatch {
        /// The file.
        path: String,
        /// Stored checksum.
        found: u32,
        /// Checksum of the contents.
        expected: u32,
    },
    /// Built for another game, rules variant, tier or index scheme.
    #[error("{path} holds {found}, not {expected}")]
    WrongIdentity {
        /// The file.
        path: String,
        /// What the caller needs.
        expected: Box<TablebaseIdentity>,
        /// What the file holds.
        found: Box<TablebaseIdentity>,
    },
    /// A block does not decompress to its entries.
    #[error("{path}: block {block} is damaged")]
    BadBlock {
        /// The file.
        path: String,
        /// The block number.
        block: usize,
    },
}
