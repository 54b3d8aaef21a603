//! WDL files: round trip through one-value and compressed blocks, holes,
//! and refusal of truncated, corrupted, foreign and mismatched files with
//! an error that says what is wrong.

use gamesolver_core::{Solution, Wdl};
use gamesolver_retro::FileError;
use gamesolver_retro::loopy::TierTable;
use gamesolver_retro::tbfile::{TablebaseIdentity, write_tier};
use gamesolver_retro::wdlfile::{BLOCK_ENTRIES, WdlFile, write_wdl};

/// Recomputes the CRC-32 trailer after an edit, as a crafted file would.
fn reseal(bytes: &mut [u8]) {
    let body = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
}

fn identity(tier: &str, entries: u64) -> TablebaseIdentity {
    TablebaseIdentity {
        game: "jungle".into(),
        variant: "standard".into(),
        tier: tier.into(),
        scheme: "test".into(),
        entries,
    }
}

/// Three blocks of one value (the second with holes), then mixed blocks.
fn sample() -> TierTable {
    let block = u64::from(BLOCK_ENTRIES);
    TierTable::from_solutions((0..4 * block + 17).map(|i| match i {
        _ if i < block => Some(Solution::new(Wdl::Loss, 8)),
        _ if i < 2 * block => (i % 3 != 0).then_some(Solution::new(Wdl::Win, 5)),
        _ if i < 3 * block => None,
        _ => match i % 7 {
            0 => None,
            1 | 2 => Some(Solution::new(Wdl::Win, (i % 41) as u16 | 1)),
            3 => Some(Solution::finished(Wdl::Draw)),
            _ => Some(Solution::new(Wdl::Loss, (i % 30) as u16 * 2)),
        },
    }))
}

fn write(dir: &tempfile::TempDir, table: &TierTable) -> std::path::PathBuf {
    let path = dir.path().join("R-e.gswdl");
    write_wdl(&path, &identity("R-e", table.len()), table).unwrap();
    path
}

fn open_error(bytes: &[u8]) -> FileError {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gswdl");
    std::fs::write(&path, bytes).unwrap();
    WdlFile::open(&path, &identity("R-e", sample().len())).unwrap_err()
}

#[test]
fn round_trip_of_every_position() {
    let dir = tempfile::tempdir().unwrap();
    let table = sample();
    let path = write(&dir, &table);
    let file = WdlFile::open(&path, &identity("R-e", table.len())).unwrap();
    let values = file.values().unwrap();
    assert_eq!(values.len() as u64, table.len());
    for index in 0..table.len() {
        if let Some(s) = table.get(index) {
            assert_eq!(file.probe(index).unwrap(), Some(s.wdl), "index {index}");
            assert_eq!(values[index as usize], s.wdl, "index {index}");
        }
    }
    assert_eq!(file.probe(table.len()).unwrap(), None);
    assert_eq!(file.summary().longest_win, 41);
    assert_eq!(file.summary().longest_loss, 58);
    // Three one-byte blocks and two compressed ones: far below a byte per
    // 32 indices.
    assert!(file.size() < table.len() / 32, "{} bytes", file.size());
}

#[test]
fn truncated_corrupted_and_foreign_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(write(&dir, &sample())).unwrap();
    let cut = open_error(&bytes[..bytes.len() / 2]).to_string();
    assert!(
        cut.contains("corrupted") || cut.contains("truncated"),
        "{cut}"
    );
    let cut = open_error(&bytes[..12]).to_string();
    assert!(cut.contains("cut short"), "{cut}");
    let mut flipped = bytes.clone();
    flipped[bytes.len() - 20] ^= 0x40;
    assert!(matches!(
        open_error(&flipped),
        FileError::ChecksumMismatch { .. }
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(
        open_error(&version)
            .to_string()
            .contains("WDL format version 9")
    );
    // A distance file is no WDL file.
    let distance = dir.path().join("R-e.gstb");
    write_tier(&distance, &identity("R-e", sample().len()), &sample()).unwrap();
    let foreign = open_error(&std::fs::read(&distance).unwrap()).to_string();
    assert!(foreign.contains("not a gamesolver WDL file"), "{foreign}");
}

#[test]
fn files_of_another_tier_or_size_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, &sample());
    let len = sample().len();
    let other = WdlFile::open(&path, &identity("L-e", len)).unwrap_err();
    assert!(matches!(other, FileError::WrongIdentity { .. }), "{other}");
    let size = WdlFile::open(&path, &identity("R-e", len + 1)).unwrap_err();
    assert!(matches!(size, FileError::WrongSize { .. }), "{size}");
}

#[test]
fn a_crafted_block_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(write(&dir, &sample())).unwrap();
    // The blocks follow the offset table (magic, version, four texts, entry
    // count, block size, longest win and loss, 6 offsets).
    let first_block = 10 + 25 + 8 + 4 + 4 + 6 * 8;
    let mut bad_value = bytes.clone();
    bad_value[first_block] = 7;
    reseal(&mut bad_value);
    let error = open_error(&bad_value).to_string();
    assert!(error.contains("block 0 is neither"), "{error}");
    // The first compressed block's (block 3's) zstd magic, damaged with the
    // checksum recomputed: the file opens, the block's probes fail.
    let mut bad_frame = bytes.clone();
    bad_frame[first_block + 4] ^= 0xFF;
    reseal(&mut bad_frame);
    let path = dir.path().join("bad.gswdl");
    std::fs::write(&path, &bad_frame).unwrap();
    let file = WdlFile::open(&path, &identity("R-e", sample().len())).unwrap();
    assert!(file.probe(0).is_ok());
    let error = file.probe(3 * u64::from(BLOCK_ENTRIES)).unwrap_err();
    assert!(
        matches!(error, FileError::BadBlock { block: 3, .. }),
        "{error}"
    );
    assert!(file.values().is_err());
}
