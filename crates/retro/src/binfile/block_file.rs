//! What both block-compressed file kinds (tablebase and WDL files) share
//! once their header is checked: the open file, its entry count, the
//! offset of each block, and the arithmetic from an index to its block; and
//! on the writing side, the blocks encoded in parallel.
//!
//! Blocks are read with positional reads, never through a memory map: a
//! file cut short or rewritten in place while it is open (by hand, by
//! another program) then gives an error that names it, where a map would
//! kill the process with SIGBUS. The file's identity on disk (device,
//! inode, size, modification time) is kept from the moment it was
//! verified, so a reader can tell when the file under its name has
//! changed since ([`BlockFile::changed_on_disk`]).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use rayon::prelude::*;

use super::{FileError, open_regular, put_blocks};

/// What identifies a file's contents on disk, cheaply: if none of it
/// changed, neither did the file (short of deliberate tampering with the
/// clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileStamp {
    device: u64,
    inode: u64,
    len: u64,
    modified: Option<SystemTime>,
}

impl FileStamp {
    /// The stamp of the file behind `metadata`.
    #[must_use]
    pub fn of(metadata: &std::fs::Metadata) -> FileStamp {
        #[cfg(unix)]
        let (device, inode) = {
            use std::os::unix::fs::MetadataExt;
            (metadata.dev(), metadata.ino())
        };
        #[cfg(not(unix))]
        let (device, inode) = (0, 0);
        FileStamp {
            device,
            inode,
            len: metadata.len(),
            modified: metadata.modified().ok(),
        }
    }
}

/// An open block-compressed file: `entries` entries in blocks of
/// `block_entries` (the last one the rest), block `b` stored in bytes
/// `offsets[b]..offsets[b + 1]`.
#[derive(Debug)]
pub struct BlockFile {
    path: String,
    location: PathBuf,
    file: File,
    size: u64,
    stamp: FileStamp,
    entries: u64,
    block_entries: u32,
    offsets: Vec<u64>,
}

/// A regular file read whole, to be verified: its name for errors, the open
/// file (kept for the block reads), its stamp and its bytes.
#[derive(Debug)]
pub struct ReadFile {
    /// The file's name, for errors.
    pub name: String,
    /// The path it was opened by.
    pub path: PathBuf,
    /// The open file.
    pub file: File,
    /// Its identity on disk when it was read.
    pub stamp: FileStamp,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Opens the regular file `path` and reads it whole (to check its
/// checksum and header), keeping it open for the block reads.
pub fn read_file(path: &Path) -> Result<ReadFile, FileError> {
    let name = path.display().to_string();
    let (file, _) = open_regular(path)?;
    let metadata = file.metadata().map_err(|e| FileError::io(&name, e))?;
    let stamp = FileStamp::of(&metadata);
    let mut bytes = vec![
        0;
        usize::try_from(stamp.len).map_err(|_| {
            FileError::malformed(&name, "larger than this machine can address")
        })?
    ];
    read_exact_at(&file, &mut bytes, 0).map_err(|e| read_error(&name, e))?;
    Ok(ReadFile {
        name,
        path: path.to_path_buf(),
        file,
        stamp,
        bytes,
    })
}

/// Reads exactly `buf.len()` bytes at `offset` without moving a cursor
/// (threads share the file).
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.read_exact_at(buf, offset)
    }
    #[cfg(windows)]
    {
        use std::os::windows::fs::FileExt;
        let mut done = 0;
        while done < buf.len() {
            match file.seek_read(&mut buf[done..], offset + done as u64)? {
                0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
                n => done += n,
            }
        }
        Ok(())
    }
}

/// A failed read of `name`: cut short (changed since it was verified) or
/// the system's error.
fn read_error(name: &str, error: std::io::Error) -> FileError {
    if error.kind() == std::io::ErrorKind::UnexpectedEof {
        FileError::malformed(
            name,
            "cut short (the file changed on disk while it was open)",
        )
    } else {
        FileError::io(name, error)
    }
}

impl BlockFile {
    /// The file `read` (its whole bytes checked by the caller, and dropped
    /// here), whose header gives `entries`, `block_entries` and the block
    /// `offsets` ([`super::read_block_offsets`]).
    #[must_use]
    pub fn new(read: ReadFile, entries: u64, block_entries: u32, offsets: Vec<u64>) -> BlockFile {
        BlockFile {
            size: read.bytes.len() as u64,
            path: read.name,
            location: read.path,
            file: read.file,
            stamp: read.stamp,
            entries,
            block_entries,
            offsets,
        }
    }

    /// The file's name, for errors.
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether the file holds no entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The file's size in bytes.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The number of blocks.
    #[must_use]
    pub fn blocks(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The block holding `index` and the index's place in it, or `None`
    /// out of range.
    #[inline]
    #[must_use]
    pub fn locate(&self, index: u64) -> Option<(usize, usize)> {
        let per_block = u64::from(self.block_entries);
        (index < self.entries).then(|| ((index / per_block) as usize, (index % per_block) as usize))
    }

    /// The number of entries of `block` (all but the last hold
    /// `block_entries`).
    #[must_use]
    pub fn block_len(&self, block: usize) -> usize {
        let first = block as u64 * u64::from(self.block_entries);
        (self.entries - first).min(u64::from(self.block_entries)) as usize
    }

    /// The stored bytes of `block` (`block` < [`BlockFile::blocks`]), read
    /// from the disk; an error names the file if it was cut short since.
    pub fn read_block(&self, block: usize) -> Result<Vec<u8>, FileError> {
        let (start, end) = (self.offsets[block], self.offsets[block + 1]);
        let len = usize::try_from(end - start)
            .map_err(|_| FileError::malformed(&self.path, "a block larger than memory"))?;
        let mut bytes = vec![0; len];
        read_exact_at(&self.file, &mut bytes, start).map_err(|e| read_error(&self.path, e))?;
        Ok(bytes)
    }

    /// Whether the file now under this file's name is not the one that was
    /// verified (replaced, cut short, rewritten, removed): its stamp
    /// differs, or it cannot be looked at.
    #[must_use]
    pub fn changed_on_disk(&self) -> bool {
        std::fs::metadata(&self.location).map_or(true, |m| FileStamp::of(&m) != self.stamp)
    }

    /// The error of a damaged `block`.
    #[must_use]
    pub fn bad_block(&self, block: usize) -> FileError {
        FileError::BadBlock {
            path: self.path.clone(),
            block,
        }
    }
}

/// Fails with [`FileError::WrongSize`] unless a table of `found` entries
/// is what a header declaring `expected` entries may describe.
pub fn check_entry_count(path: &str, found: u64, expected: u64) -> Result<(), FileError> {
    if found == expected {
        return Ok(());
    }
    Err(FileError::WrongSize {
        path: path.to_string(),
        found,
        expected,
    })
}

/// Encodes `blocks` blocks by `encode` (called in parallel with each
/// block's number), and appends the offset table and the blocks to `out`.
pub fn put_encoded_blocks(
    out: &mut Vec<u8>,
    path: &str,
    blocks: usize,
    encode: impl Fn(usize) -> std::io::Result<Vec<u8>> + Sync,
) -> Result<(), FileError> {
    let blocks: Vec<Vec<u8>> = (0..blocks)
        .into_par_iter()
        .map(&encode)
        .collect::<std::io::Result<_>>()
        .map_err(|e| FileError::io(path, e))?;
    put_blocks(out, &blocks);
    Ok(())
}

/// The entries of block `block` of `entries` in blocks of `block_entries`.
#[must_use]
pub fn block_of<T>(entries: &[T], block_entries: u32, block: usize) -> &[T] {
    let start = block * block_entries as usize;
    &entries[start..entries.len().min(start + block_entries as usize)]
}
