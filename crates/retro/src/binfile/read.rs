//! Opening files for reading: regular files only, bounded reads.

use std::fs::{File, FileType, OpenOptions};
use std::io::Read;
use std::path::Path;

use super::FileError;

/// Opens `path` for reading if it is a regular file (after following
/// symbolic links), and returns it with its size. A FIFO is opened without
/// waiting for a writer and then refused, as are devices, sockets and
/// directories; a dangling link is named as such.
pub fn open_regular(path: &Path) -> Result<(File, u64), FileError> {
    let name = path.display().to_string();
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options
        .open(path)
        .map_err(|e| explain_open_error(path, e))?;
    let meta = file.metadata().map_err(|e| FileError::io(&name, e))?;
    if !meta.is_file() {
        return Err(FileError::NotRegular {
            path: name,
            kind: describe(meta.file_type()),
        });
    }
    Ok((file, meta.len()))
}

/// The whole of the regular file `path`, refused without reading it when
/// it is larger than `limit` bytes (and never reading more than that).
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let name = path.display().to_string();
    let (file, size) = open_regular(path)?;
    let too_large = |size| FileError::TooLarge {
        path: name.clone(),
        size,
        limit,
    };
    if size > limit {
        return Err(too_large(size));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(&name, e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// An open error, naming a dangling symbolic link as such.
fn explain_open_error(path: &Path, error: std::io::Error) -> FileError {
    let name = path.display().to_string();
    let dangling = error.kind() == std::io::ErrorKind::NotFound
        && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if dangling {
        return FileError::NotRegular {
            path: name,
            kind: "a symbolic link to a missing file",
        };
    }
    FileError::io(&name, error)
}

/// What a file that is not regular is, in words.
pub(super) fn describe(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}
