//! What the file-format tests share: crafting a file (a checksum made
//! valid again after an edit) and the identity of a test tier.

use gamesolver_retro::tbfile::TablebaseIdentity;

/// Recomputes the CRC-32 trailer after an edit, as a crafted file would.
pub fn reseal(bytes: &mut [u8]) {
    let body = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
}

/// The identity of a Jungle test tier `tier` of `entries` entries.
#[allow(dead_code)] // Not every test file that crafts files has tiers.
pub fn identity(tier: &str, entries: u64) -> TablebaseIdentity {
    TablebaseIdentity {
        game: "jungle".into(),
        variant: "standard".into(),
        tier: tier.into(),
        scheme: "test".into(),
        entries,
    }
}
