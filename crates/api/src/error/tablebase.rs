//! A tablebase or table file that cannot be used: its path and a typed
//! cause beside the message.

use std::path::PathBuf;

use gamesolver_retro::FileError;
use gamesolver_retro::tablebase::{DirectoryError, ProbeError};
use thiserror::Error;

/// Why a tablebase (a directory of tier files, or one table file) cannot
/// answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TablebaseCause {
    /// The directory is missing, cannot be listed, or holds no table.
    NoTables,
    /// A file the tables need is not there.
    MissingFile,
    /// The path is a directory, a device … where a file is wanted.
    NotAFile,
    /// The file cannot be read (the system refused: permissions, I/O).
    Unreadable,
    /// The file is no gamesolver file of the kind expected (its magic).
    NotATable,
    /// Written by a format version this build does not read.
    Version,
    /// Built for another game, rules, tier, index scheme or one-ply rule.
    Foreign,
    /// Shorter than its contents, too large, or inconsistent.
    Truncated,
    /// The checksum does not match the contents.
    Checksum,
    /// An entry or compressed block holds no valid value.
    Corrupt,
    /// Another process holds the directory's lock (a build runs).
    Locked,
    /// The tables are for other rules than asked: the position is played
    /// under others, or the preset has no tables.
    RulesMismatch,
    /// The tables hold nothing for what was asked (a material, a size).
    NotCovered,
    /// Building or planning tables failed for another reason.
    Build,
}

impl TablebaseCause {
    /// Every cause, in declaration order.
    pub const ALL: [TablebaseCause; 14] = [
        TablebaseCause::NoTables,
        TablebaseCause::MissingFile,
        TablebaseCause::NotAFile,
        TablebaseCause::Unreadable,
        TablebaseCause::NotATable,
        TablebaseCause::Version,
        TablebaseCause::Foreign,
        TablebaseCause::Truncated,
        TablebaseCause::Checksum,
        TablebaseCause::Corrupt,
        TablebaseCause::Locked,
        TablebaseCause::RulesMismatch,
        TablebaseCause::NotCovered,
        TablebaseCause::Build,
    ];

    /// The stable machine-readable name (`snake_case`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TablebaseCause::NoTables => "no_tables",
            TablebaseCause::MissingFile => "missing_file",
            TablebaseCause::NotAFile => "not_a_file",
            TablebaseCause::Unreadable => "unreadable",
            TablebaseCause::NotATable => "not_a_table",
            TablebaseCause::Version => "version",
            TablebaseCause::Foreign => "foreign",
            TablebaseCause::Truncated => "truncated",
            TablebaseCause::Checksum => "checksum",
            TablebaseCause::Corrupt => "corrupt",
            TablebaseCause::Locked => "locked",
            TablebaseCause::RulesMismatch => "rules_mismatch",
            TablebaseCause::NotCovered => "not_covered",
            TablebaseCause::Build => "build",
        }
    }

    /// Whether the fault is in a file (damaged, foreign, of another
    /// version, missing or unreadable), not in what was asked of sound
    /// tables.
    #[must_use]
    pub const fn is_file_fault(self) -> bool {
        !matches!(
            self,
            TablebaseCause::NoTables
                | TablebaseCause::Locked
                | TablebaseCause::RulesMismatch
                | TablebaseCause::NotCovered
                | TablebaseCause::Build
        )
    }

    /// The cause and the file of a file error.
    #[must_use]
    pub fn of_file(error: &FileError) -> (TablebaseCause, &str) {
        match error {
            FileError::Io { path, .. } => (TablebaseCause::Unreadable, path),
            FileError::NotRegular { path, .. } => (TablebaseCause::NotAFile, path),
            FileError::MissingDirectory { path } => (TablebaseCause::NoTables, path),
            FileError::TooLarge { path, .. }
            | FileError::Malformed { path, .. }
            | FileError::WrongSize { path, .. } => (TablebaseCause::Truncated, path),
            FileError::BadMagic { path, .. } => (TablebaseCause::NotATable, path),
            FileError::UnsupportedVersion { path, .. } => (TablebaseCause::Version, path),
            FileError::WrongRule { path, .. } | FileError::WrongIdentity { path, .. } => {
                (TablebaseCause::Foreign, path)
            }
            FileError::ChecksumMismatch { path, .. } => (TablebaseCause::Checksum, path),
            FileError::BadEntry { path, .. } | FileError::BadBlock { path, .. } => {
                (TablebaseCause::Corrupt, path)
            }
            FileError::Missing { path, .. } => (TablebaseCause::MissingFile, path),
            FileError::Locked { path } => (TablebaseCause::Locked, path),
        }
    }
}

impl std::fmt::Display for TablebaseCause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A tablebase or table file that cannot be used: the cause, the file or
/// directory when one is to blame, and the message (its `Display`).
///
/// ```
/// use gamesolver_api::{TablebaseCause, TablebaseError};
///
/// let error = TablebaseError::new(TablebaseCause::NoTables, "no tables here")
///     .at("/no/such/dir");
/// assert_eq!(error.cause.name(), "no_tables");
/// assert_eq!(error.path.as_deref(), Some(std::path::Path::new("/no/such/dir")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct TablebaseError {
    /// Why.
    pub cause: TablebaseCause,
    /// The file (or directory) at fault, when one is.
    pub path: Option<PathBuf>,
    /// What is wrong, for a person (naming the file).
    pub message: String,
}

impl TablebaseError {
    /// An error of `cause` said by `message`, at no particular file.
    pub fn new(cause: TablebaseCause, message: impl Into<String>) -> TablebaseError {
        TablebaseError {
            cause,
            path: None,
            message: message.into(),
        }
    }

    /// The same error, at `path`.
    #[must_use]
    pub fn at(self, path: impl Into<PathBuf>) -> TablebaseError {
        TablebaseError {
            path: Some(path.into()),
            ..self
        }
    }

    /// The error `message` about `error`: its cause and file are those of
    /// the first [`FileError`] (also inside a [`ProbeError`]),
    /// [`DirectoryError`] or façade tablebase error in its chain of
    /// sources, else `fallback` (with no file).
    pub fn from_chain(
        fallback: TablebaseCause,
        error: &(dyn std::error::Error + 'static),
        message: impl Into<String>,
    ) -> TablebaseError {
        let plain = TablebaseError::new(fallback, message);
        let mut next = Some(error);
        while let Some(error) = next {
            let file = error.downcast_ref::<FileError>().or_else(|| {
                error
                    .downcast_ref::<ProbeError>()
                    .map(|ProbeError::File(file)| file)
            });
            if let Some(file) = file {
                let (cause, path) = TablebaseCause::of_file(file);
                return TablebaseError { cause, ..plain }.at(path);
            }
            if let Some(crate::FacadeError::Tablebase(inner)) =
                error.downcast_ref::<crate::FacadeError>()
            {
                return TablebaseError {
                    cause: inner.cause,
                    path: inner.path.clone(),
                    ..plain
                };
            }
            if let Some(directory) = error.downcast_ref::<DirectoryError>() {
                let dir = match directory {
                    DirectoryError::Unreadable { dir, .. } | DirectoryError::Empty { dir } => dir,
                };
                return TablebaseError {
                    cause: TablebaseCause::NoTables,
                    ..plain
                }
                .at(dir);
            }
            next = error.source();
        }
        plain
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn names_are_distinct() {
        let names: std::collections::BTreeSet<_> =
            TablebaseCause::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), TablebaseCause::ALL.len());
    }

    #[test]
    fn a_file_error_in_the_chain_gives_cause_and_path() {
        #[derive(Debug, Error)]
        #[error("building failed")]
        struct Outer(#[source] FileError);
        let checksum = FileError::ChecksumMismatch {
            path: "/t/LR-e.gstb".into(),
            found: 1,
            expected: 2,
        };
        let error = TablebaseError::from_chain(TablebaseCause::Build, &Outer(checksum), "m");
        assert_eq!(error.cause, TablebaseCause::Checksum);
        assert!(error.cause.is_file_fault());
        assert_eq!(error.path.as_deref(), Some(Path::new("/t/LR-e.gstb")));
        assert_eq!(error.to_string(), "m");
        let io = std::io::Error::other("x");
        let error = TablebaseError::from_chain(TablebaseCause::Build, &io, "m");
        assert_eq!((error.cause, error.path), (TablebaseCause::Build, None));
    }

    #[test]
    fn every_file_error_has_a_cause() {
        let path = || "/t/f".to_string();
        let cases = [
            (
                FileError::Io {
                    path: path(),
                    source: std::io::Error::other("x"),
                },
                TablebaseCause::Unreadable,
            ),
            (
                FileError::BadMagic {
                    path: path(),
                    kind: "tablebase",
                },
                TablebaseCause::NotATable,
            ),
            (
                FileError::Malformed {
                    path: path(),
                    what: "short".into(),
                },
                TablebaseCause::Truncated,
            ),
            (
                FileError::WrongIdentity {
                    path: path(),
                    expected: "a".into(),
                    found: "b".into(),
                },
                TablebaseCause::Foreign,
            ),
            (
                FileError::BadBlock {
                    path: path(),
                    block: 3,
                },
                TablebaseCause::Corrupt,
            ),
            (
                FileError::Missing {
                    path: path(),
                    why: "w".into(),
                },
                TablebaseCause::MissingFile,
            ),
            (FileError::Locked { path: path() }, TablebaseCause::Locked),
        ];
        for (error, cause) in cases {
            assert_eq!(TablebaseCause::of_file(&error), (cause, "/t/f"), "{error}");
            // A lock held by a build is no file's fault; the rest are.
            assert_eq!(
                cause.is_file_fault(),
                cause != TablebaseCause::Locked,
                "{error}"
            );
            assert!(!error.is_damaged() || cause.is_file_fault(), "{error}");
        }
    }
}
