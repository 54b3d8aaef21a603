//! The file format of a [`SolvedTable`].
//!
//! All integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GSTABLE\0` |
//! | 2 | format version (1) |
//! | 1 + n | game name: length, then UTF-8 |
//! | 1 + n | rules variant: length, then UTF-8 |
//! | 1 + n | index scheme: length, then UTF-8 |
//! | 8 | entry count `N` |
//! | 2·N | entries (see [`SolvedTable`]) |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! The reader checks the length, magic, version, checksum and every entry
//! before it trusts the file; the writer writes a temporary file and renames
//! it, so an interrupted write never leaves a file that looks valid.

use std::fs;
use std::io::Write;
use std::path::Path;

use thiserror::Error;

use crate::table::{SolvedTable, TableIdentity};

const MAGIC: &[u8; 8] = b"GSTABLE\0";
const VERSION: u16 = 1;

/// Why a table file could not be written or read.
#[derive(Debug, Error)]
pub enum TableFileError {
    /// The file could not be read or written.
    #[error("cannot access {path}")]
    Io {
        /// The file.
        path: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// The file does not start with the table magic: not a gamesolver table.
    #[error("not a gamesolver table file (bad magic)")]
    BadMagic,
    /// The file was written by a format version this build cannot read.
    #[error("table format version {0} is not supported (this build reads version {VERSION})")]
    UnsupportedVersion(u16),
    /// The file ends before its declared contents do.
    #[error("table file is truncated: {0}")]
    Truncated(&'static str),
    /// The file is longer than its declared contents.
    #[error("table file has {0} unexpected trailing bytes")]
    TrailingBytes(usize),
    /// The checksum does not match the contents.
    #[error("table file is corrupted: checksum {found:08x}, expected {expected:08x}")]
    ChecksumMismatch {
        /// The checksum stored in the file.
        found: u32,
        /// The checksum of the contents.
        expected: u32,
    },
    /// A header string is not UTF-8.
    #[error("table file header is not UTF-8")]
    BadHeader,
    /// An entry holds no valid encoding.
    #[error("table entry {index} holds the invalid value {entry:#06x}")]
    BadEntry {
        /// The entry's index.
        index: usize,
        /// Its raw value.
        entry: u16,
    },
    /// The file was built for another game, variant or index scheme.
    #[error(
        "table was built for {}/{}/{}, not {}/{}/{}",
        found.game, found.variant, found.scheme, expected.game, expected.variant, expected.scheme
    )]
    WrongIdentity {
        /// What the caller needs.
        expected: Box<TableIdentity>,
        /// What the file holds.
        found: Box<TableIdentity>,
    },
}

/// The bytes of the file for `table`.
pub(crate) fn encode(table: &SolvedTable) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + 2 * table.entries().len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let id = table.identity();
    for text in [&id.game, &id.variant, &id.scheme] {
        let bytes = text.as_bytes();
        let len = u8::try_from(bytes.len()).expect("identity strings are short");
        out.push(len);
        out.extend_from_slice(bytes);
    }
    out.extend_from_slice(&(table.entries().len() as u64).to_le_bytes());
    for &entry in table.entries() {
        out.extend_from_slice(&entry.to_le_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Reads a table from the bytes of a file, checking everything.
pub(crate) fn decode(bytes: &[u8]) -> Result<SolvedTable, TableFileError> {
    let mut reader = Reader { bytes, at: 0 };
    if reader.take(MAGIC.len(), "magic")? != MAGIC {
        return Err(TableFileError::BadMagic);
    }
    let version = u16::from_le_bytes(reader.array("version")?);
    if version != VERSION {
        return Err(TableFileError::UnsupportedVersion(version));
    }
    verify_checksum(bytes)?;
    let identity = TableIdentity {
        game: reader.string()?,
        variant: reader.string()?,
        scheme: reader.string()?,
    };
    let count = u64::from_le_bytes(reader.array("entry count")?);
    let entries = reader.entries(count)?;
    let trailing = bytes.len() - reader.at - 4;
    if trailing != 0 {
        return Err(TableFileError::TrailingBytes(trailing));
    }
    Ok(SolvedTable::from_entries(identity, entries))
}

fn verify_checksum(bytes: &[u8]) -> Result<(), TableFileError> {
    let body_len = bytes
        .len()
        .checked_sub(4)
        .ok_or(TableFileError::Truncated("checksum"))?;
    let (body, stored) = bytes.split_at(body_len);
    let found = u32::from_le_bytes(stored.try_into().expect("4 bytes"));
    let expected = crc32fast::hash(body);
    if found != expected {
        return Err(TableFileError::ChecksumMismatch { found, expected });
    }
    Ok(())
}

/// A cursor over the file's bytes that reports truncation by field name.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, field: &'static str) -> Result<&'a [u8], TableFileError> {
        // The last 4 bytes are the checksum, never part of a field.
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end + 4 <= self.bytes.len());
        let end = end.ok_or(TableFileError::Truncated(field))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self, field: &'static str) -> Result<[u8; N], TableFileError> {
        Ok(self.take(N, field)?.try_into().expect("length checked"))
    }

    fn string(&mut self) -> Result<String, TableFileError> {
        let [len] = self.array("header")?;
        let bytes = self.take(usize::from(len), "header")?;
        String::from_utf8(bytes.to_vec()).map_err(|_| TableFileError::BadHeader)
    }

    fn entries(&mut self, count: u64) -> Result<Vec<u16>, TableFileError> {
        let len = usize::try_from(count)
            .ok()
            .and_then(|c| c.checked_mul(2))
            .ok_or(TableFileError::Truncated("entries"))?;
        let raw = self.take(len, "entries")?;
        raw.chunks_exact(2)
            .enumerate()
            .map(|(index, pair)| {
                let entry = u16::from_le_bytes([pair[0], pair[1]]);
                if entry != 0 && entry & 3 == 0 {
                    Err(TableFileError::BadEntry { index, entry })
                } else {
                    Ok(entry)
                }
            })
            .collect()
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder,
/// flushed to disk before it is renamed into place.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), TableFileError> {
    let io_error = |source| TableFileError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut temp_name = path.as_os_str().to_owned();
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = Path::new(&temp_name);
    let written = (|| {
        let mut file = fs::File::create(temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(temp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(temp);
    }
    written.map_err(io_error)
}
