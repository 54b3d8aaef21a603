//! The frame every file shares: magic, version, fields, CRC-32 trailer.

use super::FileError;

/// Bytes of the CRC-32 trailer.
const CRC_BYTES: usize = 4;
/// Bytes of the version field.
const VERSION_BYTES: usize = 2;

/// One file kind's frame: its magic and the format version this build
/// writes and reads.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// The first 8 bytes of every file of the kind.
    pub magic: &'static [u8; 8],
    /// The format version written and the only one read.
    pub version: u16,
    /// The kind's name in messages ("table", "tablebase").
    pub kind: &'static str,
    /// How to replace a file of another version (shown when one is read).
    pub rebuild: &'static str,
}

impl Frame {
    /// The bytes of a new file: magic and version; the caller appends the
    /// fields and body, then calls [`Frame::finish`].
    #[must_use]
    pub fn start(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(256);
        out.extend_from_slice(self.magic);
        out.extend_from_slice(&self.version.to_le_bytes());
        out
    }

    /// Appends the CRC-32 trailer of everything before it.
    pub fn finish(&self, out: &mut Vec<u8>) {
        let crc = crc32fast::hash(out);
        out.extend_from_slice(&crc.to_le_bytes());
    }

    /// The smallest possible file: magic, version and checksum.
    #[must_use]
    pub fn overhead(&self) -> usize {
        self.magic.len() + VERSION_BYTES + CRC_BYTES
    }

    /// Checks magic, version and checksum of a whole file, and returns a
    /// reader over its fields (after the version, before the checksum).
    pub fn open<'a>(&self, path: &'a str, bytes: &'a [u8]) -> Result<FieldReader<'a>, FileError> {
        let magic = self.magic.as_slice();
        if bytes.len() < magic.len() {
            return Err(if magic.starts_with(bytes) {
                FileError::malformed(path, "cut short inside the magic")
            } else {
                self.bad_magic(path)
            });
        }
        if &bytes[..magic.len()] != magic {
            return Err(self.bad_magic(path));
        }
        if bytes.len() < self.overhead() {
            return Err(FileError::malformed(path, "cut short before the checksum"));
        }
        let at = magic.len();
        let version = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        if version != self.version {
            return Err(FileError::UnsupportedVersion {
                path: path.to_string(),
                kind: self.kind,
                version,
                supported: self.version,
                rebuild: self.rebuild,
            });
        }
        let body_end = bytes.len() - CRC_BYTES;
        let mut stored = [0; CRC_BYTES];
        stored.copy_from_slice(&bytes[body_end..]);
        let found = u32::from_le_bytes(stored);
        let expected = crc32fast::hash(&bytes[..body_end]);
        if found != expected {
            return Err(FileError::ChecksumMismatch {
                path: path.to_string(),
                found,
                expected,
            });
        }
        Ok(FieldReader {
            path,
            bytes: &bytes[..body_end],
            at: at + VERSION_BYTES,
        })
    }

    fn bad_magic(&self, path: &str) -> FileError {
        FileError::BadMagic {
            path: path.to_string(),
            kind: self.kind,
        }
    }
}

/// Appends a header text: its length in one byte, then its UTF-8 bytes.
pub fn put_text(out: &mut Vec<u8>, path: &str, text: &str) -> Result<(), FileError> {
    let len = u8::try_from(text.len()).map_err(|_| {
        FileError::malformed(path, format!("header text {text:?} is over 255 bytes"))
    })?;
    out.push(len);
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// A cursor over a frame's fields (the checksum excluded) that names the
/// field a file is cut short in.
#[derive(Debug)]
pub struct FieldReader<'a> {
    path: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> FieldReader<'a> {
    /// The file's name, for errors.
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.path
    }

    /// The offset of the next field from the start of the file.
    #[must_use]
    pub fn position(&self) -> usize {
        self.at
    }

    /// Bytes left before the checksum.
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// The next `n` bytes, which hold `field`.
    pub fn take(&mut self, n: usize, field: &str) -> Result<&'a [u8], FileError> {
        if n > self.remaining() {
            return Err(FileError::malformed(
                self.path,
                format!("cut short in the {field}"),
            ));
        }
        let slice = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(slice)
    }

    /// The next `N` bytes as an array.
    pub fn array<const N: usize>(&mut self, field: &str) -> Result<[u8; N], FileError> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N, field)?);
        Ok(out)
    }

    /// A one-byte field.
    pub fn u8(&mut self, field: &str) -> Result<u8, FileError> {
        Ok(self.array::<1>(field)?[0])
    }

    /// A little-endian `u32` field.
    pub fn u32(&mut self, field: &str) -> Result<u32, FileError> {
        Ok(u32::from_le_bytes(self.array(field)?))
    }

    /// A little-endian `u64` field.
    pub fn u64(&mut self, field: &str) -> Result<u64, FileError> {
        Ok(u64::from_le_bytes(self.array(field)?))
    }

    /// A header text written by [`put_text`].
    pub fn text(&mut self, field: &str) -> Result<String, FileError> {
        let len = self.u8(field)?;
        let bytes = self.take(usize::from(len), field)?;
        String::from_utf8(bytes.to_vec())
            .map_err(|_| FileError::malformed(self.path, format!("the {field} is not UTF-8")))
    }

    /// Fails unless every byte before the checksum was read.
    pub fn finish(&self) -> Result<(), FileError> {
        match self.remaining() {
            0 => Ok(()),
            extra => Err(FileError::malformed(
                self.path,
                format!("{extra} unexpected bytes before the checksum"),
            )),
        }
    }
}
