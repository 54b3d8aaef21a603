//! Opening and probing a tablebase file through a memory map.

use std::fs::File;
use std::path::Path;

use gamesolver_core::Solution;
use memmap2::Mmap;

use super::write::widen_entry;
use super::{MAGIC, TablebaseFileError, TablebaseIdentity, VERSION};
use crate::loopy::TierTable;
use crate::table::decode;

/// An open, verified tablebase file. Each probe decompresses only the block
/// that holds the index.
#[derive(Debug)]
pub struct TablebaseFile {
    path: String,
    map: Mmap,
    identity: TablebaseIdentity,
    entries: u64,
    block_entries: u32,
    width: u8,
    offsets: Vec<u64>,
}

impl TablebaseFile {
    /// Opens `path`, checking magic, version, structure and checksum, and
    /// that it holds `expected`.
    pub fn open(
        path: &Path,
        expected: &TablebaseIdentity,
    ) -> Result<TablebaseFile, TablebaseFileError> {
        let file = Self::open_any(path)?;
        if file.identity != *expected {
            return Err(TablebaseFileError::WrongIdentity {
                path: file.path,
                expected: Box::new(expected.clone()),
                found: Box::new(file.identity),
            });
        }
        Ok(file)
    }

    /// Opens `path` whatever it holds (see [`TablebaseFile::identity`]).
    pub fn open_any(path: &Path) -> Result<TablebaseFile, TablebaseFileError> {
        let name = path.display().to_string();
        let io = |source| TablebaseFileError::Io {
            path: name.clone(),
            source,
        };
        let file = File::open(path).map_err(io)?;
        // SAFETY: the map is read-only and private to this process; the
        // project never modifies a tablebase file in place (files are
        // replaced by rename), so its bytes cannot change under the map.
        #[allow(unsafe_code)]
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        Header::parse(&name, map)
    }

    /// What the file holds.
    #[must_use]
    pub fn identity(&self) -> &TablebaseIdentity {
        &self.identity
    }

    /// The number of indices.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether the file holds no index.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The file's size in bytes.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.map.len() as u64
    }

    /// The solution at `index` (`None` for a hole or an index out of range).
    pub fn probe(&self, index: u64) -> Result<Option<Solution>, TablebaseFileError> {
        if index >= self.entries {
            return Ok(None);
        }
        let block = (index / u64::from(self.block_entries)) as usize;
        let entries = self.block(block)?;
        Ok(decode(
            entries[(index % u64::from(self.block_entries)) as usize],
        ))
    }

    /// Every entry, decoded into memory (for building larger tiers).
    pub fn load(&self) -> Result<TierTable, TablebaseFileError> {
        let mut all = Vec::with_capacity(self.entries as usize);
        for block in 0..self.offsets.len() - 1 {
            all.extend(self.block(block)?);
        }
        Ok(TierTable::from_entries(all))
    }

    /// The entries of block `block`.
    fn block(&self, block: usize) -> Result<Vec<u16>, TablebaseFileError> {
        let bad = || TablebaseFileError::BadBlock {
            path: self.path.clone(),
            block,
        };
        let start = self.offsets[block] as usize;
        let end = self.offsets[block + 1] as usize;
        let first = block as u64 * u64::from(self.block_entries);
        let count = (self.entries - first).min(u64::from(self.block_entries)) as usize;
        let width = usize::from(self.width);
        let bytes =
            zstd::bulk::decompress(&self.map[start..end], width * count).map_err(|_| bad())?;
        if bytes.len() != width * count {
            return Err(bad());
        }
        let entries: Vec<u16> = if width == 1 {
            bytes.iter().map(|&b| widen_entry(b)).collect()
        } else {
            let (low, high) = bytes.split_at(count);
            low.iter()
                .zip(high)
                .map(|(&l, &h)| u16::from_le_bytes([l, h]))
                .collect()
        };
        if entries.iter().any(|&e| e != 0 && e & 3 == 0) {
            return Err(bad());
        }
        Ok(entries)
    }
}

/// Parses and checks the header of a mapped file.
struct Header<'a> {
    path: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Header<'a> {
    fn parse(path: &str, map: Mmap) -> Result<TablebaseFile, TablebaseFileError> {
        let (identity, entries, block_entries, width, offsets) = {
            let mut h = Header {
                path,
                bytes: &map,
                at: 0,
            };
            h.check_magic_version()?;
            h.check_checksum()?;
            let identity = TablebaseIdentity {
                game: h.string()?,
                variant: h.string()?,
                tier: h.string()?,
                scheme: h.string()?,
            };
            let entries = u64::from_le_bytes(h.array()?);
            let block_entries = u32::from_le_bytes(h.array()?);
            let [width] = h.array()?;
            if width != 1 && width != 2 {
                return Err(h.malformed("entry width is neither 1 nor 2"));
            }
            let offsets = h.offsets(entries, block_entries)?;
            (identity, entries, block_entries, width, offsets)
        };
        Ok(TablebaseFile {
            path: path.to_string(),
            map,
            identity,
            entries,
            block_entries,
            width,
            offsets,
        })
    }

    fn malformed(&self, what: &str) -> TablebaseFileError {
        TablebaseFileError::Malformed {
            path: self.path.to_string(),
            what: what.to_string(),
        }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], TablebaseFileError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e + 4 <= self.bytes.len());
        let end = end.ok_or_else(|| self.malformed("header cut short"))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], TablebaseFileError> {
        Ok(self.take(N)?.try_into().expect("length checked"))
    }

    fn string(&mut self) -> Result<String, TablebaseFileError> {
        let [len] = self.array()?;
        let bytes = self.take(usize::from(len))?;
        String::from_utf8(bytes.to_vec()).map_err(|_| self.malformed("header text is not UTF-8"))
    }

    fn check_magic_version(&mut self) -> Result<(), TablebaseFileError> {
        if self.bytes.len() < MAGIC.len() || &self.bytes[..MAGIC.len()] != MAGIC {
            return Err(TablebaseFileError::BadMagic {
                path: self.path.to_string(),
            });
        }
        self.at = MAGIC.len();
        let version = u16::from_le_bytes(self.array()?);
        if version != VERSION {
            return Err(TablebaseFileError::UnsupportedVersion {
                path: self.path.to_string(),
                version,
            });
        }
        Ok(())
    }

    fn check_checksum(&self) -> Result<(), TablebaseFileError> {
        let body = self.bytes.len() - 4;
        let found = u32::from_le_bytes(self.bytes[body..].try_into().expect("4 bytes"));
        let expected = crc32fast::hash(&self.bytes[..body]);
        if found != expected {
            return Err(TablebaseFileError::ChecksumMismatch {
                path: self.path.to_string(),
                found,
                expected,
            });
        }
        Ok(())
    }

    fn offsets(
        &mut self,
        entries: u64,
        block_entries: u32,
    ) -> Result<Vec<u64>, TablebaseFileError> {
        if block_entries == 0 {
            return Err(self.malformed("zero entries per block"));
        }
        let blocks = entries.div_ceil(u64::from(block_entries));
        let count = usize::try_from(blocks + 1).map_err(|_| self.malformed("too many blocks"))?;
        let raw = self.take(
            count
                .checked_mul(8)
                .ok_or_else(|| self.malformed("too many blocks"))?,
        )?;
        let offsets: Vec<u64> = raw
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let data_end = (self.bytes.len() - 4) as u64;
        let ordered = offsets.windows(2).all(|w| w[0] <= w[1]);
        if offsets[0] != self.at as u64 || !ordered || offsets[count - 1] != data_end {
            return Err(self.malformed("block offsets do not match the file"));
        }
        Ok(offsets)
    }
}
