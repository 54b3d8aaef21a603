//! What a file's header says it holds, checked against what the caller
//! needs.

use std::fmt::Display;

use super::FileError;

/// The identity a file kind writes in its header: what it was built for
/// (shown in errors) and its number of entries.
pub trait FileIdentity: Display {
    /// The number of entries the index scheme gives.
    fn entries(&self) -> u64;
    /// Whether `other` was built for the same thing (game, rules, scheme,
    /// tier…), the entry count aside.
    fn same_kind(&self, other: &Self) -> bool;
}

/// Fails unless `found` (a header's) is `expected`: first what the file was
/// built for ([`FileError::WrongIdentity`]), then its entry count
/// ([`FileError::WrongSize`]).
pub fn check_identity<I: FileIdentity>(
    path: &str,
    expected: &I,
    found: &I,
) -> Result<(), FileError> {
    if !found.same_kind(expected) {
        return Err(FileError::WrongIdentity {
            path: path.to_string(),
            expected: expected.to_string(),
            found: found.to_string(),
        });
    }
    if found.entries() != expected.entries() {
        return Err(FileError::WrongSize {
            path: path.to_string(),
            found: found.entries(),
            expected: expected.entries(),
        });
    }
    Ok(())
}
