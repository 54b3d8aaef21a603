//! Table files: round trip, refusal of truncated, corrupted, foreign and
//! special files with a clear error, atomic writes that never write
//! through a device or a link, and the verifier that catches a crafted
//! table with a valid checksum.

use crate::crafted;
use crate::special_files;

use crafted::reseal;

use gamesolver_core::Indexer;
use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::loopfree::{DensePositionMap, GameGraph, LoopFreeSolution};
use gamesolver_retro::{FileError, SolvedTable, TableIdentity};

fn identity() -> TableIdentity {
    TableIdentity::new("tictactoe", "standard", "base3", Base3Indexer.len())
}

fn table() -> SolvedTable {
    let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer)).unwrap();
    SolvedTable::from_solution(&LoopFreeSolution::solve(graph), &Base3Indexer, identity())
}

fn saved(dir: &tempfile::TempDir) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.path().join("ttt.table");
    table().save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

fn load_bytes(dir: &tempfile::TempDir, bytes: &[u8]) -> Result<SolvedTable, FileError> {
    let path = dir.path().join("edited.table");
    std::fs::write(&path, bytes).unwrap();
    SolvedTable::load(&path, &identity())
}

/// Where the entries start: magic, version, three texts (1 + 9, 1 + 8,
/// 1 + 5 bytes), the count.
const ENTRIES_AT: usize = 10 + 25 + 8;

#[test]
fn round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = saved(&dir);
    let loaded = SolvedTable::load(&path, &identity()).unwrap();
    assert_eq!(loaded, table());
    assert_eq!(loaded.verify(&Base3Indexer, &Board::empty()), Ok(5478));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
}

#[test]
fn every_truncation_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, bytes) = saved(&dir);
    for len in (0..bytes.len())
        .step_by(97)
        .chain([bytes.len() - 1, bytes.len() - 4])
    {
        let err = load_bytes(&dir, &bytes[..len]).unwrap_err();
        let ok = matches!(
            err,
            FileError::Malformed { .. } | FileError::ChecksumMismatch { .. }
        );
        assert!(ok, "truncated to {len}: {err}");
    }
}

#[test]
fn every_flipped_byte_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, bytes) = saved(&dir);
    for at in (0..bytes.len()).step_by(61) {
        let mut edited = bytes.clone();
        edited[at] ^= 0x20;
        assert!(load_bytes(&dir, &edited).is_err(), "flip at {at} accepted");
    }
    let mut edited = bytes.clone();
    edited[100] ^= 1;
    let message = load_bytes(&dir, &edited).unwrap_err().to_string();
    assert!(message.contains("corrupted"), "{message}");
}

#[test]
fn foreign_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (path, bytes) = saved(&dir);
    let err = load_bytes(&dir, b"PK\x03\x04 this is a zip file, not a table").unwrap_err();
    assert!(matches!(err, FileError::BadMagic { .. }), "{err}");
    let other = TableIdentity::new("tictactoe", "misere", "base3", Base3Indexer.len());
    let err = SolvedTable::load(&path, &other).unwrap_err();
    assert!(err.to_string().contains("misere"), "{err}");
    let mut future = bytes.clone();
    future[8] = 9;
    let err = load_bytes(&dir, &future).unwrap_err();
    assert!(
        matches!(err, FileError::UnsupportedVersion { version: 9, .. }),
        "{err}"
    );
    let missing = SolvedTable::load(&dir.path().join("absent.table"), &identity()).unwrap_err();
    assert!(missing.to_string().contains("absent.table"), "{missing}");
}

/// Finding 16 for tables: the entry count must be the index scheme's, and
/// a file longer than a table can be is refused before it is read.
#[test]
fn crafted_entry_counts_and_oversized_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (_, bytes) = saved(&dir);
    for count in [0u64, 100, 1 << 40] {
        let mut crafted = bytes.clone();
        crafted[ENTRIES_AT - 8..ENTRIES_AT].copy_from_slice(&count.to_le_bytes());
        reseal(&mut crafted);
        let err = load_bytes(&dir, &crafted).unwrap_err();
        assert!(
            matches!(err, FileError::WrongSize { found, .. } if found == count),
            "{err}"
        );
    }
    let mut longer = bytes.clone();
    longer.splice(bytes.len() - 4..bytes.len() - 4, vec![0; 2000]);
    reseal(&mut longer);
    let err = load_bytes(&dir, &longer).unwrap_err();
    assert!(matches!(err, FileError::TooLarge { .. }), "{err}");
}

/// A change to one raw entry.
type EntryEdit = fn(u16) -> u16;

/// Finding 17: a crafted table with a valid checksum (win and loss swapped,
/// a distance of 16383, the start removed) loads, but fails verification.
#[test]
fn crafted_values_fail_verification() {
    let dir = tempfile::tempdir().unwrap();
    let (_, bytes) = saved(&dir);
    let start = Base3Indexer.index(&Board::empty()) as usize;
    let x_won: Board = "XXXOO....".parse().unwrap();
    let finished = Base3Indexer.index(&x_won) as usize;
    let edits: [(usize, EntryEdit); 3] = [
        (finished, |e| e ^ 2),             // the loss becomes a win
        (start, |e| (e & 3) | 16383 << 2), // a distance of 16383
        (start, |_| 0),                    // the start removed
    ];
    for (index, edit) in edits {
        let mut crafted = bytes.clone();
        let at = ENTRIES_AT + 2 * index;
        let entry = u16::from_le_bytes([crafted[at], crafted[at + 1]]);
        crafted[at..at + 2].copy_from_slice(&edit(entry).to_le_bytes());
        reseal(&mut crafted);
        let loaded = load_bytes(&dir, &crafted).unwrap();
        // The edited entry, or a parent that sees it, is named.
        let err = loaded.verify(&Base3Indexer, &Board::empty()).unwrap_err();
        assert!(err.to_string().contains("table entry"), "{err}");
    }
    let mut invalid = bytes.clone();
    invalid[ENTRIES_AT + 2 * start] = 4; // value bits 0: no encoding
    reseal(&mut invalid);
    let err = load_bytes(&dir, &invalid).unwrap_err();
    assert!(err.to_string().contains("invalid value"), "{err}");
}

/// Finding 10: a FIFO, a device or a directory is refused without reading.
#[test]
fn only_regular_files_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = special_files::fifo(dir.path(), "fifo.table");
    let err = SolvedTable::load(&fifo, &identity()).unwrap_err();
    assert!(err.to_string().contains("named pipe"), "{err}");
    let zero = std::path::Path::new("/dev/zero");
    let err = SolvedTable::load(zero, &identity()).unwrap_err();
    assert!(err.to_string().contains("character device"), "{err}");
    let err = SolvedTable::load(dir.path(), &identity()).unwrap_err();
    assert!(err.to_string().contains("directory"), "{err}");
}

/// Finding 13: saving refuses devices, FIFOs, directories and links (a
/// link's target is never replaced); a regular file is replaced.
#[test]
fn saving_writes_only_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    let err = table().save(std::path::Path::new("/dev/full")).unwrap_err();
    assert!(err.to_string().contains("character device"), "{err}");
    assert!(std::fs::metadata("/dev/full").unwrap().len() == 0);
    let target = dir.path().join("target.txt");
    std::fs::write(&target, b"keep me").unwrap();
    let link = dir.path().join("link.table");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let err = table().save(&link).unwrap_err();
    assert!(err.to_string().contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read(&target).unwrap(), b"keep me");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let err = table().save(dir.path()).unwrap_err();
    assert!(err.to_string().contains("directory"), "{err}");
    let in_missing_dir = dir.path().join("absent").join("t.table");
    assert!(table().save(&in_missing_dir).is_err());
    table().save(&target).unwrap();
    assert_eq!(SolvedTable::load(&target, &identity()).unwrap(), table());
}
