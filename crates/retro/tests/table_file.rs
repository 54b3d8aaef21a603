//! Table files: round trip, and refusal of truncated, corrupted and foreign
//! files with a clear error.

use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::loopfree::{DensePositionMap, GameGraph, LoopFreeSolution};
use gamesolver_retro::{SolvedTable, TableFileError, TableIdentity};

fn identity() -> TableIdentity {
    TableIdentity::new("tictactoe", "standard", "base3")
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

fn load_bytes(dir: &tempfile::TempDir, bytes: &[u8]) -> Result<SolvedTable, TableFileError> {
    let path = dir.path().join("edited.table");
    std::fs::write(&path, bytes).unwrap();
    SolvedTable::load(&path, &identity())
}

#[test]
fn round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = saved(&dir);
    assert_eq!(SolvedTable::load(&path, &identity()).unwrap(), table());
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
            TableFileError::Truncated(_)
                | TableFileError::ChecksumMismatch { .. }
                | TableFileError::BadMagic
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
    assert!(matches!(err, TableFileError::BadMagic), "{err}");
    let other = TableIdentity::new("tictactoe", "misere", "base3");
    let err = SolvedTable::load(&path, &other).unwrap_err();
    assert!(err.to_string().contains("misere"), "{err}");
    let mut future = bytes.clone();
    future[8] = 9;
    let err = load_bytes(&dir, &future).unwrap_err();
    assert!(
        matches!(err, TableFileError::UnsupportedVersion(9)),
        "{err}"
    );
    let missing = SolvedTable::load(&dir.path().join("absent.table"), &identity()).unwrap_err();
    assert!(missing.to_string().contains("absent.table"), "{missing}");
}
