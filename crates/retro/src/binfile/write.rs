//! Writing a file atomically: a new temporary file, every write and the
//! `fsync` checked, renamed into place.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::FileError;
use super::read::describe;

/// The suffix of the temporary files [`write_atomically`] writes (a
/// killed process may leave one behind).
pub const TEMP_SUFFIX: &str = ".partial";

/// Makes temporary names unique within the process.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` atomically: into a new temporary file beside
/// it (`PATH.<pid>.<n>.partial`), flushed to disk, renamed over `path`, then
/// the directory synced. Readers see the old file or the new one, never a
/// part. `path` must be a new name or a regular file: a device, a FIFO, a
/// directory or a symbolic link is refused (the link itself is neither
/// followed nor replaced).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let name = path.display().to_string();
    refuse_special(path, &name)?;
    let temp = temp_path(path);
    let written = write_new(&temp, bytes)
        .and_then(|()| fs::rename(&temp, path))
        .and_then(|()| sync_parent(path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written.map_err(|e| FileError::io(&name, e))
}

/// Refuses a `path` that exists and is not a regular file.
fn refuse_special(path: &Path, name: &str) -> Result<(), FileError> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) => Err(FileError::NotRegular {
            path: name.to_string(),
            kind: describe(meta.file_type()),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(FileError::io(name, e)),
    }
}

/// A temporary name beside `path`, unique in this process.
fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    name.push(format!(".{}.{n}{TEMP_SUFFIX}", std::process::id()));
    PathBuf::from(name)
}

/// Creates `temp` (never opening an existing file or link), writes and
/// syncs it.
fn write_new(temp: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(temp)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Syncs the directory holding `path`, so the rename itself is on disk.
fn sync_parent(path: &Path) -> std::io::Result<()> {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    #[cfg(unix)]
    {
        fs::File::open(parent)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = parent;
        Ok(())
    }
}
