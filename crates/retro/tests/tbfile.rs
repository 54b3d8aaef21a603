//! Tablebase files: round trip through compressed blocks, and refusal of
//! truncated, corrupted, foreign and mismatched files.

use crate::crafted;
use crate::special_files;

use crafted::{identity, reseal};

use gamesolver_core::{Solution, Wdl};
use gamesolver_retro::loopy::TierTable;
use gamesolver_retro::tbfile::{BLOCK_ENTRIES, TablebaseFile, TablebaseFileError, write_tier};
use proptest::prelude::*;

/// Where the entry count sits in a file for `identity("R-e", _)`: magic,
/// version, then four texts (1 + 6, 1 + 8, 1 + 3, 1 + 4 bytes).
const ENTRY_COUNT_AT: usize = 10 + 25;
/// Where the entries per block sit.
const BLOCK_ENTRIES_AT: usize = ENTRY_COUNT_AT + 8;

fn sample(len: u64) -> TierTable {
    TierTable::from_solutions((0..len).map(|i| match i % 7 {
        0 => None,
        1 | 2 => Some(Solution::new(Wdl::Win, (i % 41) as u16 | 1)),
        3 => Some(Solution::finished(Wdl::Draw)),
        _ => Some(Solution::new(Wdl::Loss, (i % 30) as u16 * 2)),
    }))
}

fn write(dir: &tempfile::TempDir, table: &TierTable) -> std::path::PathBuf {
    let path = dir.path().join("t.gstb");
    write_tier(&path, &identity("R-e", table.len()), table).unwrap();
    path
}

#[test]
fn round_trip_across_several_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let table = sample(3 * u64::from(BLOCK_ENTRIES) + 17);
    let path = write(&dir, &table);
    let file = TablebaseFile::open(&path, &identity("R-e", table.len())).unwrap();
    assert_eq!(file.len(), table.len());
    for index in (0..table.len()).step_by(13).chain([table.len() - 1]) {
        assert_eq!(
            file.probe(index).unwrap(),
            table.get(index),
            "index {index}"
        );
    }
    assert_eq!(file.probe(table.len()).unwrap(), None);
    assert_eq!(file.load().unwrap(), table);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no partial file left"
    );
}

#[test]
fn empty_tier_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, &TierTable::from_solutions([]));
    let file = TablebaseFile::open(&path, &identity("R-e", 0)).unwrap();
    assert!(file.is_empty());
    assert_eq!(file.load().unwrap().len(), 0);
}

#[test]
fn damaged_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, &sample(20_000));
    let bytes = std::fs::read(&path).unwrap();
    let edited = dir.path().join("edited.gstb");
    let open = |data: &[u8]| {
        std::fs::write(&edited, data).unwrap();
        TablebaseFile::open(&edited, &identity("R-e", 20_000))
    };
    for len in (0..bytes.len()).step_by(211).chain([bytes.len() - 1]) {
        assert!(open(&bytes[..len]).is_err(), "truncated to {len} accepted");
    }
    for at in (0..bytes.len()).step_by(97) {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x10;
        assert!(open(&flipped).is_err(), "flip at {at} accepted");
    }
    let err = open(b"\x7fELF not a tablebase").unwrap_err();
    assert!(matches!(err, TablebaseFileError::BadMagic { .. }), "{err}");
    let mut future = bytes.clone();
    future[8] = 7;
    assert!(matches!(
        open(&future).unwrap_err(),
        TablebaseFileError::UnsupportedVersion { version: 7, .. }
    ));
    let err = TablebaseFile::open(&path, &identity("L-l", 20_000)).unwrap_err();
    assert!(err.to_string().contains("tier R-e"), "{err}");
}

/// Finding 16: a crafted file with a valid checksum whose header does not
/// match the tier is refused before anything is allocated.
#[test]
fn crafted_headers_with_valid_checksums_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let len = 20_000;
    let bytes = std::fs::read(write(&dir, &sample(len))).unwrap();
    let edited = dir.path().join("crafted.gstb");
    let open = |data: &[u8]| {
        std::fs::write(&edited, data).unwrap();
        TablebaseFile::open(&edited, &identity("R-e", len))
    };
    for count in [0, 8192, len + 1, 1 << 40, u64::MAX] {
        let mut crafted = bytes.clone();
        crafted[ENTRY_COUNT_AT..ENTRY_COUNT_AT + 8].copy_from_slice(&count.to_le_bytes());
        reseal(&mut crafted);
        match open(&crafted) {
            Err(TablebaseFileError::WrongSize {
                found, expected, ..
            }) => {
                assert_eq!((found, expected), (count, len));
            }
            other => panic!("{count} entries: {other:?}"),
        }
    }
    for per_block in [0, 1, 4096, u32::MAX] {
        let mut crafted = bytes.clone();
        crafted[BLOCK_ENTRIES_AT..BLOCK_ENTRIES_AT + 4].copy_from_slice(&per_block.to_le_bytes());
        reseal(&mut crafted);
        let err = open(&crafted).unwrap_err();
        assert!(err.to_string().contains("entries per block"), "{err}");
    }
    // A whole, valid file of the first block only, given for the tier.
    let first_block = dir.path().join("short.gstb");
    write_tier(&first_block, &identity("R-e", 8192), &sample(8192)).unwrap();
    let err = TablebaseFile::open(&first_block, &identity("R-e", len)).unwrap_err();
    assert!(err.to_string().contains("declares 8192 entries"), "{err}");
}

/// Findings 10 and 18: only regular files are opened; a FIFO or a device
/// never blocks or allocates, a directory is named as one.
#[test]
fn special_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = special_files::fifo(dir.path(), "fifo.gstb");
    let expected = identity("R-e", 10);
    let err = TablebaseFile::open(&fifo, &expected).unwrap_err();
    assert!(err.to_string().contains("named pipe"), "{err}");
    let err = TablebaseFile::open(std::path::Path::new("/dev/zero"), &expected).unwrap_err();
    assert!(err.to_string().contains("character device"), "{err}");
    let err = TablebaseFile::open(dir.path(), &expected).unwrap_err();
    assert!(err.to_string().contains("is a directory"), "{err}");
    let link = dir.path().join("dangling.gstb");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &link).unwrap();
    let err = TablebaseFile::open(&link, &expected).unwrap_err();
    assert!(err.to_string().contains("missing file"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn any_table_round_trips(raw in proptest::collection::vec((0u8..4, 0u16..600), 0..20_000)) {
        let table = TierTable::from_solutions(raw.iter().map(|&(v, d)| match v {
            0 => None,
            1 => Some(Solution::new(Wdl::Loss, d)),
            2 => Some(Solution::finished(Wdl::Draw)),
            _ => Some(Solution::new(Wdl::Win, d)),
        }));
        let dir = tempfile::tempdir().unwrap();
        let path = write(&dir, &table);
        let expected = identity("R-e", table.len());
        prop_assert_eq!(TablebaseFile::open(&path, &expected).unwrap().load().unwrap(), table);
    }
}
