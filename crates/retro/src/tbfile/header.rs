//! What a tablebase file holds, as written in its header.

use std::fmt;

use crate::binfile::{FieldReader, FileError, FileIdentity, put_text};

/// What a tablebase file was built for; checked when the file is opened, so
/// a table is never read for the wrong game, rules, tier or index scheme,
/// nor with another number of entries than the tier has.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TablebaseIdentity {
    /// The game (for example `jungle`).
    pub game: String,
    /// The rules variant (for example `standard`).
    pub variant: String,
    /// The tier (for Jungle: the material, e.g. `R-e`).
    pub tier: String,
    /// The index scheme the entries are laid out by.
    pub scheme: String,
    /// The number of indices of the tier under the scheme.
    pub entries: u64,
}

impl FileIdentity for TablebaseIdentity {
    fn entries(&self) -> u64 {
        self.entries
    }

    fn same_kind(&self, other: &TablebaseIdentity) -> bool {
        (&self.game, &self.variant, &self.tier, &self.scheme)
            == (&other.game, &other.variant, &other.tier, &other.scheme)
    }
}

impl fmt::Display for TablebaseIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} tier {} (index {}, rules {})",
            self.game, self.tier, self.scheme, self.variant
        )
    }
}

impl TablebaseIdentity {
    /// Appends the identity's header fields: game, rules variant, tier and
    /// index scheme (each a length byte then UTF-8), then the entry count.
    pub(crate) fn put(&self, out: &mut Vec<u8>, path: &str) -> Result<(), FileError> {
        for text in [&self.game, &self.variant, &self.tier, &self.scheme] {
            put_text(out, path, text)?;
        }
        out.extend_from_slice(&self.entries.to_le_bytes());
        Ok(())
    }

    /// Reads the header fields [`TablebaseIdentity::put`] writes.
    pub(crate) fn read(fields: &mut FieldReader<'_>) -> Result<TablebaseIdentity, FileError> {
        Ok(TablebaseIdentity {
            game: fields.text("game name")?,
            variant: fields.text("rules variant")?,
            tier: fields.text("tier")?,
            scheme: fields.text("index scheme")?,
            entries: fields.u64("entry count")?,
        })
    }
}
