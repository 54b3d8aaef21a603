//! The file format of a [`SolvedTable`], built on the [`crate::binfile`]
//! frame.
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
//! The reader opens only a regular file, refuses one larger than the
//! expected identity's entry count allows before reading it, then checks
//! magic, version, checksum, identity, the entry count against the index
//! scheme's, the exact length and every entry, before it trusts the file.
//! Whether the values agree with the rules is [`SolvedTable::verify`]'s
//! business. The writer writes a temporary file and renames it
//! ([`crate::binfile::write_atomically`]), so an interrupted write never
//! leaves a file that looks valid.

use crate::binfile::{FieldReader, FileError, Frame, check_identity, put_text};
use crate::table::{SolvedTable, TableIdentity, decode as decode_entry};

/// The table's frame: magic and the one version read and written.
pub(crate) const FRAME: Frame = Frame {
    magic: b"GSTABLE\0",
    version: 1,
    kind: "table",
    rebuild: "solve the game again to write it in this version",
};

/// The largest header: three texts of at most 255 bytes and the count.
const MAX_FIELDS: u64 = 3 * 256 + 8;

/// The bytes of the file for `table` (`path` only names it in errors).
pub(crate) fn encode(table: &SolvedTable, path: &str) -> Result<Vec<u8>, FileError> {
    let mut out = FRAME.start();
    let id = table.identity();
    for text in [&id.game, &id.variant, &id.scheme] {
        put_text(&mut out, path, text)?;
    }
    out.extend_from_slice(&(table.entries().len() as u64).to_le_bytes());
    out.reserve(2 * table.entries().len() + 4);
    for &entry in table.entries() {
        out.extend_from_slice(&entry.to_le_bytes());
    }
    FRAME.finish(&mut out);
    Ok(out)
}

/// The largest file a table for `expected` can be.
pub(crate) fn size_limit(expected: &TableIdentity) -> u64 {
    (FRAME.overhead() as u64 + MAX_FIELDS).saturating_add(expected.entries.saturating_mul(2))
}

/// Reads a table for `expected` from the bytes of a file, checking
/// everything but the values' agreement with the rules.
pub(crate) fn decode(
    path: &str,
    bytes: &[u8],
    expected: &TableIdentity,
) -> Result<SolvedTable, FileError> {
    let mut fields = FRAME.open(path, bytes)?;
    let found = TableIdentity {
        game: fields.text("game name")?,
        variant: fields.text("rules variant")?,
        scheme: fields.text("index scheme")?,
        entries: fields.u64("entry count")?,
    };
    check_identity(path, expected, &found)?;
    let entries = read_entries(&mut fields, expected.entries)?;
    fields.finish()?;
    Ok(SolvedTable::from_entries(found, entries))
}

/// `count` 16-bit entries, each 0 or a valid encoding.
fn read_entries(fields: &mut FieldReader<'_>, count: u64) -> Result<Vec<u16>, FileError> {
    let len = usize::try_from(count)
        .ok()
        .and_then(|c| c.checked_mul(2))
        .filter(|&len| len <= fields.remaining())
        .ok_or_else(|| FileError::malformed(fields.path(), "cut short in the entries"))?;
    let raw = fields.take(len, "entries")?;
    raw.chunks_exact(2)
        .enumerate()
        .map(|(index, pair)| {
            let entry = u16::from_le_bytes([pair[0], pair[1]]);
            if entry != 0 && decode_entry(entry).is_none() {
                return Err(FileError::BadEntry {
                    path: fields.path().to_string(),
                    index: index as u64,
                    problem: format!("holds the invalid value {entry:#06x}"),
                });
            }
            Ok(entry)
        })
        .collect()
}
