//! Writing a solved tier to a tablebase file.

use std::fs;
use std::io::Write;
use std::path::Path;

use rayon::prelude::*;

use super::{BLOCK_ENTRIES, MAGIC, TablebaseFileError, TablebaseIdentity, VERSION};
use crate::loopy::TierTable;

/// zstd level: high ratio, still fast enough not to dominate a build.
const ZSTD_LEVEL: i32 = 6;

/// Writes `table` to `path` as a tablebase file for `identity`, through a
/// temporary file renamed into place once complete and flushed.
pub fn write_tier(
    path: &Path,
    identity: &TablebaseIdentity,
    table: &TierTable,
) -> Result<(), TablebaseFileError> {
    let io = |source| TablebaseFileError::Io {
        path: path.display().to_string(),
        source,
    };
    let bytes = encode(identity, table.entries()).map_err(io)?;
    let mut temp_name = path.as_os_str().to_owned();
    temp_name.push(format!(".{}.partial", std::process::id()));
    let temp = Path::new(&temp_name);
    let written = (|| {
        let mut file = fs::File::create(temp)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        fs::rename(temp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(temp);
    }
    written.map_err(io)
}

/// The whole file's bytes.
fn encode(identity: &TablebaseIdentity, entries: &[u16]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    for text in [
        &identity.game,
        &identity.variant,
        &identity.tier,
        &identity.scheme,
    ] {
        let len = u8::try_from(text.len())
            .map_err(|_| std::io::Error::other("identity string too long"))?;
        out.push(len);
        out.extend_from_slice(text.as_bytes());
    }
    out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    out.extend_from_slice(&BLOCK_ENTRIES.to_le_bytes());
    let narrow = entries.iter().all(|&e| narrow_entry(e).is_some());
    out.push(if narrow { 1 } else { 2 });
    let blocks: Vec<Vec<u8>> = entries
        .par_chunks(BLOCK_ENTRIES as usize)
        .map(|block| compress_block(block, narrow))
        .collect::<std::io::Result<_>>()?;
    let mut offset = (out.len() + 8 * (blocks.len() + 1)) as u64;
    for block in &blocks {
        out.extend_from_slice(&offset.to_le_bytes());
        offset += block.len() as u64;
    }
    out.extend_from_slice(&offset.to_le_bytes());
    for block in &blocks {
        out.extend_from_slice(block);
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    Ok(out)
}

/// One block, compressed: one byte per entry when `narrow`, else low
/// bytes then high bytes.
fn compress_block(entries: &[u16], narrow: bool) -> std::io::Result<Vec<u8>> {
    let bytes: Vec<u8> = if narrow {
        entries.iter().filter_map(|&e| narrow_entry(e)).collect()
    } else {
        let low = entries.iter().map(|&e| e as u8);
        low.chain(entries.iter().map(|&e| (e >> 8) as u8)).collect()
    };
    zstd::bulk::compress(&bytes, ZSTD_LEVEL)
}

/// The one-byte form of a 16-bit entry, if its distance is at most 126.
pub(crate) fn narrow_entry(entry: u16) -> Option<u8> {
    let (value, distance) = (entry & 3, entry >> 2);
    match value {
        0 => Some(0),
        2 => Some(1),
        _ if distance <= 126 => Some((2 + 2 * distance + u16::from(value == 1)) as u8),
        _ => None,
    }
}

/// The 16-bit entry of a one-byte form.
pub(crate) fn widen_entry(byte: u8) -> u16 {
    match byte {
        0 => 0,
        1 => 2,
        _ => {
            let distance = u16::from(byte - 2) / 2;
            let value = if byte.is_multiple_of(2) { 3 } else { 1 };
            value | distance << 2
        }
    }
}
