//! Reading or writing a file failed: the path and the system's kind.

use std::io::ErrorKind;
use std::path::PathBuf;

use thiserror::Error;

/// Reading or writing `path` failed with an error of `kind` (the
/// message says what was done and why).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct IoError {
    /// The file, when one is to blame.
    pub path: Option<PathBuf>,
    /// The system's kind of error (`NotFound`, `PermissionDenied` …).
    pub kind: ErrorKind,
    /// What failed, for a person.
    pub message: String,
}

impl IoError {
    /// `message` about `error` on `path`.
    pub fn new(
        path: impl Into<PathBuf>,
        error: &std::io::Error,
        message: impl Into<String>,
    ) -> IoError {
        IoError {
            path: Some(path.into()),
            kind: error.kind(),
            message: message.into(),
        }
    }

    /// The stable machine-readable name of the kind (`snake_case`:
    /// `not_found`, `permission_denied` …, `other` for kinds without a
    /// name of their own).
    #[must_use]
    pub fn kind_name(&self) -> String {
        io_kind_name(self.kind)
    }
}

/// The `snake_case` name of an I/O error kind: its `Debug` name split at
/// its capitals (`NotFound` → `not_found`).
#[must_use]
pub fn io_kind_name(kind: ErrorKind) -> String {
    let mut name = String::new();
    for c in format!("{kind:?}").chars() {
        if c.is_ascii_uppercase() && !name.is_empty() {
            name.push('_');
        }
        name.push(c.to_ascii_lowercase());
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_snake_case() {
        assert_eq!(io_kind_name(ErrorKind::NotFound), "not_found");
        assert_eq!(
            io_kind_name(ErrorKind::PermissionDenied),
            "permission_denied"
        );
        assert_eq!(io_kind_name(ErrorKind::Other), "other");
    }
}
