//! Tablebase files: round trip through compressed blocks, and refusal of
//! truncated, corrupted, foreign and mismatched files.

use gamesolver_core::{Solution, Wdl};
use gamesolver_retro::loopy::TierTable;
use gamesolver_retro::tbfile::{
    BLOCK_ENTRIES, TablebaseFile, TablebaseFileError, TablebaseIdentity, write_tier,
};
use proptest::prelude::*;

fn identity(tier: &str) -> TablebaseIdentity {
    TablebaseIdentity {
        game: "jungle".into(),
        variant: "standard".into(),
        tier: tier.into(),
        scheme: "test".into(),
    }
}

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
    write_tier(&path, &identity("R-e"), table).unwrap();
    path
}

#[test]
fn round_trip_across_several_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let table = sample(3 * u64::from(BLOCK_ENTRIES) + 17);
    let path = write(&dir, &table);
    let file = TablebaseFile::open(&path, &identity("R-e")).unwrap();
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
    let file = TablebaseFile::open(&path, &identity("R-e")).unwrap();
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
        TablebaseFile::open(&edited, &identity("R-e"))
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
    let err = TablebaseFile::open(&path, &identity("L-l")).unwrap_err();
    assert!(err.to_string().contains("tier R-e"), "{err}");
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
        prop_assert_eq!(TablebaseFile::open(&path, &identity("R-e")).unwrap().load().unwrap(), table);
    }
}
