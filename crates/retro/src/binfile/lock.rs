//! An advisory lock on a directory.

use std::fs::File;
use std::path::Path;

use super::FileError;

/// An exclusive advisory lock (`flock`) on a directory, held until it is
/// dropped. Processes that take it never work in the directory at the same
/// time; others are not stopped.
#[derive(Debug)]
pub struct DirectoryLock {
    _dir: File,
}

impl DirectoryLock {
    /// Takes the lock on `dir` (which must exist), or fails at once with
    /// [`FileError::Locked`] if another process holds it.
    pub fn acquire(dir: &Path) -> Result<DirectoryLock, FileError> {
        let name = dir.display().to_string();
        let file = File::open(dir).map_err(|e| FileError::io(&name, e))?;
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => Ok(DirectoryLock { _dir: file }),
            Err(fs4::TryLockError::WouldBlock) => Err(FileError::Locked { path: name }),
            Err(fs4::TryLockError::Error(e)) => Err(FileError::io(&name, e)),
        }
    }
}
