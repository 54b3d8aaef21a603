//! The binary-file toolkit both file kinds of this crate are made with: the
//! solved table ([`crate::SolvedTable`], `table_file.rs`), the tablebase
//! tier file ([`crate::tbfile`]) and the WDL file ([`crate::wdlfile`]).
//!
//! Every file is one *frame* (integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic, naming the file kind (`GSTABLE\0`, `GSTBASE\0`) |
//! | 2 | format version of that kind |
//! | … | the kind's header fields and body (documented with each kind) |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! - [`Frame`] starts and finishes a frame when writing, and checks magic,
//!   version and checksum when reading; [`FieldReader`] reads the header
//!   fields, naming the field that is cut short or malformed.
//! - [`check_identity`] compares a header's [`FileIdentity`] (what the
//!   file was built for, its entry count) with the caller's.
//! - [`open_regular`] and [`read_bounded`] open only regular files (never a
//!   FIFO, a device or a directory, so a read never blocks or runs for
//!   ever) and read at most a size the caller derives from what the header
//!   may imply.
//! - [`write_atomically`] writes a temporary file beside the target
//!   (created new, never through an existing name), checks every write and
//!   the final `fsync`, renames it into place and syncs the directory. It
//!   refuses to replace anything but a regular file: never a device, a FIFO,
//!   a directory or a symbolic link (so a link's target is never replaced).
//! - [`put_blocks`] and [`read_block_offsets`]: the offset table of the
//!   block-compressed kinds (tablebase and WDL files); [`BlockFile`] (with
//!   [`read_file`]): such a file open, its blocks read by positional reads
//!   (no memory map: a file changed under a running process is an error
//!   naming it, never SIGBUS), with the arithmetic from an index to its
//!   block and whether the file on disk changed since it was verified;
//!   [`put_encoded_blocks`]: blocks encoded in parallel.
//! - [`DirectoryLock`]: an advisory lock on a directory, so two builds never
//!   work in the same one.
//! - [`FileError`]: the one error enum of all of it.

mod block_file;
mod blocks;
mod error;
mod frame;
mod identity;
mod lock;
mod read;
mod write;

pub use block_file::{
    BlockFile, FileStamp, ReadFile, block_of, check_entry_count, put_encoded_blocks, read_file,
};
pub use blocks::{check_block_entries, put_blocks, read_block_offsets};
pub use error::FileError;
pub use frame::{FieldReader, Frame, put_text};
pub use identity::{FileIdentity, check_identity};
pub use lock::DirectoryLock;
pub use read::{open_regular, read_bounded};
pub use write::{TEMP_SUFFIX, write_atomically};
