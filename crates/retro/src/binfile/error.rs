//! The one error enum of the file toolkit and of both file kinds.

use thiserror::Error;

/// Why a table or tablebase file could not be written, read or trusted.
/// Every variant names the file.
#[derive(Debug, Error)]
pub enum FileError {
    /// The system refused an operation on the file.
    #[error("cannot access {path}")]
    Io {
        /// The file.
        path: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// The path is not a regular file (a directory, a FIFO, a device, a
    /// socket, a symbolic link where one is not followed, a dangling link).
    #[error("{path} is {kind}, not a regular file")]
    NotRegular {
        /// The file.
        path: String,
        /// What it is, e.g. "a directory".
        kind: &'static str,
    },
    /// A directory that must exist does not, or is no directory.
    #[error("the directory {path} does not exist (or is not a directory)")]
    MissingDirectory {
        /// The directory.
        path: String,
    },
    /// The file is larger than its header can account for.
    #[error("{path} is too large: {size} bytes, at most {limit} expected")]
    TooLarge {
        /// The file.
        path: String,
        /// Its size in bytes.
        size: u64,
        /// The largest size a valid file can have.
        limit: u64,
    },
    /// The file does not start with the magic of the kind expected.
    #[error("{path} is not a gamesolver {kind} file (bad magic)")]
    BadMagic {
        /// The file.
        path: String,
        /// The kind expected ("table", "tablebase").
        kind: &'static str,
    },
    /// Written by a format version this build cannot read.
    #[error(
        "{path}: {kind} format version {version} is not supported (this build reads version {supported}); {rebuild}"
    )]
    UnsupportedVersion {
        /// The file.
        path: String,
        /// The kind ("table", "tablebase").
        kind: &'static str,
        /// The version found.
        version: u16,
        /// The version this build reads.
        supported: u16,
        /// How to replace the file.
        rebuild: &'static str,
    },
    /// A WDL file written under another one-ply rule than the game's (see
    /// `gamesolver_core::TierLayout::one_ply_rule`): the positions it
    /// stores any value at are not those the probes decide first.
    #[error(
        "{path} was written under the one-ply rule {found:?}, not {expected:?}: derive it again from the distance files (gamesolver tablebase wdl --dir DIR)"
    )]
    WrongRule {
        /// The file.
        path: String,
        /// The game's rule.
        expected: String,
        /// The file's rule.
        found: String,
    },
    /// The file is shorter than its declared contents, or its structure is
    /// inconsistent.
    #[error("{path} is truncated or malformed: {what}")]
    Malformed {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// The checksum does not match the contents.
    #[error("{path} is corrupted: checksum {found:08x}, expected {expected:08x}")]
    ChecksumMismatch {
        /// The file.
        path: String,
        /// The checksum stored in the file.
        found: u32,
        /// The checksum of the contents.
        expected: u32,
    },
    /// Built for another game, rules variant, tier or index scheme.
    #[error("{path} holds {found}, not {expected}")]
    WrongIdentity {
        /// The file.
        path: String,
        /// What the caller needs.
        expected: String,
        /// What the file holds.
        found: String,
    },
    /// The header declares another number of entries than the index
    /// scheme gives.
    #[error("{path} declares {found} entries, but its index scheme has {expected}")]
    WrongSize {
        /// The file.
        path: String,
        /// The entry count in the header.
        found: u64,
        /// The entry count the scheme gives.
        expected: u64,
    },
    /// An entry holds no valid encoding or a value out of range.
    #[error("{path}: entry {index} {problem}")]
    BadEntry {
        /// The file.
        path: String,
        /// The entry's index.
        index: u64,
        /// What is wrong with it.
        problem: String,
    },
    /// A compressed block does not decode to its entries.
    #[error("{path}: block {block} is damaged")]
    BadBlock {
        /// The file.
        path: String,
        /// The block number.
        block: usize,
    },
    /// A file the directory must hold is not there.
    #[error("{path} is missing: {why}")]
    Missing {
        /// The file.
        path: String,
        /// Why it must be there, and how to make it.
        why: String,
    },
    /// Another process holds the directory's lock (another build runs).
    #[error(
        "{path} is locked by another process (another build is running in it); wait for it to finish or use another directory"
    )]
    Locked {
        /// The directory.
        path: String,
    },
}

impl FileError {
    /// An I/O error on `path`.
    pub(crate) fn io(path: &str, source: std::io::Error) -> FileError {
        FileError::Io {
            path: path.to_string(),
            source,
        }
    }

    /// A malformed-file error on `path`.
    pub(crate) fn malformed(path: &str, what: impl Into<String>) -> FileError {
        FileError::Malformed {
            path: path.to_string(),
            what: what.into(),
        }
    }

    /// Whether the file exists as a regular file but its contents are
    /// damaged (cut short, corrupted, inconsistent): a file a rebuild may
    /// replace. Foreign files (another kind, version or identity) and files
    /// that cannot be accessed are not damaged.
    #[must_use]
    pub fn is_damaged(&self) -> bool {
        matches!(
            self,
            FileError::Malformed { .. }
                | FileError::ChecksumMismatch { .. }
                | FileError::WrongSize { .. }
                | FileError::BadEntry { .. }
                | FileError::BadBlock { .. }
                | FileError::TooLarge { .. }
        )
    }
}
