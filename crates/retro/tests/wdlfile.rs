//! WDL files: round trip through one-value and compressed blocks, holes,
//! and refusal of truncated, corrupted, foreign and mismatched files with
//! an error that says what is wrong.

use crate::crafted;

use crafted::{identity, reseal};
use gamesolver_core::{Solution, Wdl};
use gamesolver_retro::FileError;
use gamesolver_retro::loopy::TierTable;
use gamesolver_retro::tbfile::write_tier;
use gamesolver_retro::wdlfile::{BLOCK_ENTRIES, WdlFile, WdlScheme, write_wdl};

/// The rule the test files are written under (none).
const NO_RULE: &str = "";

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
    write_wdl(
        &path,
        &identity("R-e", table.len()),
        table,
        &WdlScheme::plain(),
    )
    .unwrap();
    path
}

fn open_error(bytes: &[u8]) -> FileError {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gswdl");
    std::fs::write(&path, bytes).unwrap();
    WdlFile::open(&path, &identity("R-e", sample().len()), NO_RULE, &[]).unwrap_err()
}

#[test]
fn round_trip_of_every_position() {
    let dir = tempfile::tempdir().unwrap();
    let table = sample();
    let path = write(&dir, &table);
    let file = WdlFile::open(&path, &identity("R-e", table.len()), NO_RULE, &[]).unwrap();
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
    let size = file.file().size();
    assert!(size < table.len() / 32, "{size} bytes");
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
    let old = open_error(&version).to_string();
    assert!(old.contains("WDL format version 9"), "{old}");
    assert!(old.contains("gamesolver tablebase wdl"), "{old}");
    // Formats 2 (no exit floor) and 3 (smaller blocks) are refused the
    // same way.
    for older in [2, 3] {
        version[8] = older;
        let old = open_error(&version).to_string();
        assert!(
            old.contains(&format!("WDL format version {older}")),
            "{old}"
        );
        assert!(old.contains("gamesolver tablebase wdl"), "{old}");
    }
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
    let other = WdlFile::open(&path, &identity("L-e", len), NO_RULE, &[]).unwrap_err();
    assert!(matches!(other, FileError::WrongIdentity { .. }), "{other}");
    let size = WdlFile::open(&path, &identity("R-e", len + 1), NO_RULE, &[]).unwrap_err();
    assert!(matches!(size, FileError::WrongSize { .. }), "{size}");
}

#[test]
fn a_crafted_block_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(write(&dir, &sample())).unwrap();
    // The blocks follow the offset table (magic, version, four texts, entry
    // count, block size, longest win and loss, the empty rule, the exit
    // floor, the index order (none), 6 offsets).
    let first_block = 10 + 25 + 8 + 4 + 4 + 1 + 1 + 1 + 6 * 8;
    let floor = first_block - 6 * 8 - 2;
    assert_eq!(bytes[floor], 0);
    let mut bad_floor = bytes.clone();
    bad_floor[floor] = 2;
    reseal(&mut bad_floor);
    let error = open_error(&bad_floor).to_string();
    assert!(error.contains("exit floor 2"), "{error}");
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
    let file = WdlFile::open(&path, &identity("R-e", sample().len()), NO_RULE, &[]).unwrap();
    assert!(file.probe(0).is_ok());
    let error = file.probe(3 * u64::from(BLOCK_ENTRIES)).unwrap_err();
    assert!(
        matches!(error, FileError::BadBlock { block: 3, .. }),
        "{error}"
    );
    assert!(file.values().is_err());
}

#[test]
fn a_file_of_another_rule_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, &sample());
    let len = sample().len();
    let error = WdlFile::open(&path, &identity("R-e", len), "den-v2", &[]).unwrap_err();
    assert!(matches!(error, FileError::WrongRule { .. }), "{error}");
    assert!(
        error.to_string().contains("gamesolver tablebase wdl"),
        "{error}"
    );
}

/// Free indices hold the code before them: a block whose other indices
/// agree becomes one byte, and the stored positions keep their values.
#[test]
fn free_indices_extend_runs() {
    let block = u64::from(BLOCK_ENTRIES);
    // Losses, but every index divisible by 5 a win in one ply.
    let table = TierTable::from_solutions((0..2 * block).map(|i| {
        Some(if i % 5 == 0 {
            Solution::new(Wdl::Win, 1)
        } else {
            Solution::new(Wdl::Loss, 4)
        })
    }));
    let decided = |index: u64, value: Wdl| value == Wdl::Win && index >= block;
    let free = WdlScheme {
        rule: "every fifth".to_string(),
        radices: Vec::new(),
        decided: &decided,
        ..WdlScheme::plain()
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gswdl");
    let id = identity("R-e", table.len());
    write_wdl(&path, &id, &table, &free).unwrap();
    let file = WdlFile::open(&path, &id, "every fifth", &[]).unwrap();
    for index in 0..table.len() {
        let stored = if index < block {
            table.get(index).unwrap().wdl
        } else {
            Wdl::Loss
        };
        assert_eq!(file.probe(index).unwrap(), Some(stored), "index {index}");
    }
    let exact = dir.path().join("exact.gswdl");
    write_wdl(&exact, &id, &table, &WdlScheme::plain()).unwrap();
    let exact = WdlFile::open(&exact, &id, NO_RULE, &[]).unwrap();
    // The second block is one byte: the file shrinks by its frame.
    assert!(
        file.file().size() + 8 < exact.file().size(),
        "{} and {} bytes",
        file.file().size(),
        exact.file().size()
    );
}

/// A tier whose value is a scrambled function of its second digit alone,
/// written with its index's digits: the writer tries each order and keeps
/// one whose file is no larger than the layout's order gives (its
/// header's order costs 21 bytes); the probes and `values` answer by the
/// layout's index whatever the order, and a file is refused for an index
/// of other digits.
#[test]
fn the_writer_reorders_the_index_digits() {
    let radices = vec![2, 64, 32, 64];
    let len: u64 = radices.iter().product();
    let table = TierTable::from_solutions((0..len).map(|i| {
        let second = (i / (32 * 64)) % 64;
        let scrambled = (second + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63;
        Some(if scrambled == 0 {
            Solution::new(Wdl::Win, 3)
        } else {
            Solution::new(Wdl::Loss, 2)
        })
    }));
    let id = identity("R-e", len);
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.gswdl");
    write_wdl(&plain, &id, &table, &WdlScheme::plain()).unwrap();
    let reordered = dir.path().join("R-e.gswdl");
    let scheme = WdlScheme {
        radices: radices.clone(),
        ..WdlScheme::plain()
    };
    write_wdl(&reordered, &id, &table, &scheme).unwrap();
    let plain = WdlFile::open(&plain, &id, NO_RULE, &radices).unwrap();
    let file = WdlFile::open(&reordered, &id, NO_RULE, &radices).unwrap();
    assert!(
        file.file().size() <= plain.file().size() + 21,
        "{} and {} bytes",
        file.file().size(),
        plain.file().size()
    );
    let values = file.values().unwrap();
    for index in 0..len {
        let expected = table.get(index).map(|s| s.wdl);
        assert_eq!(file.probe(index).unwrap(), expected, "index {index}");
        assert_eq!(Some(values[index as usize]), expected, "index {index}");
    }
    let error = WdlFile::open(&reordered, &id, NO_RULE, &[2, 64, 64, 32]).unwrap_err();
    assert!(error.to_string().contains("index order"), "{error}");
}

/// The exit floor: a position whose exits reach its value holds that value
/// or a lower one (a win anything, a draw a loss or a draw, a loss a
/// loss); every other position holds its own; the header says which
/// files are floored, and the freedom shrinks the file.
#[test]
fn the_exit_floor_lowers_only_the_positions_their_exits_reach() {
    let block = u64::from(BLOCK_ENTRIES);
    // Losses, but every third position a win or a draw in turn.
    let value = |i: u64| match (i % 3, i / 3 % 2) {
        (0, 0) => Wdl::Win,
        (0, _) => Wdl::Draw,
        _ => Wdl::Loss,
    };
    let table = TierTable::from_solutions((0..2 * block).map(|i| {
        Some(match value(i) {
            Wdl::Win => Solution::new(Wdl::Win, 3),
            Wdl::Draw => Solution::new(Wdl::Draw, 0),
            Wdl::Loss => Solution::new(Wdl::Loss, 2),
        })
    }));
    // The wins' and draws' exits reach their value; so do the exits of
    // every third position but as a loss, which stays a loss.
    let exits = |i: u64| match i % 3 {
        0 => Some(value(i)),
        1 => Some(Wdl::Loss),
        _ => None,
    };
    let id = identity("R-e", table.len());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gswdl");
    let scheme = WdlScheme {
        exits: Some(&exits),
        ..WdlScheme::plain()
    };
    write_wdl(&path, &id, &table, &scheme).unwrap();
    let file = WdlFile::open(&path, &id, NO_RULE, &[]).unwrap();
    assert!(file.floored());
    let mut lowered = 0;
    for index in 0..table.len() {
        let stored = file.probe(index).unwrap().unwrap();
        if index % 3 == 0 {
            assert!(stored <= value(index), "index {index}: {stored}");
            lowered += usize::from(stored < value(index));
        } else {
            assert_eq!(stored, value(index), "index {index}");
        }
    }
    assert!(lowered > 1000, "{lowered} lowered");
    let exact = dir.path().join("exact.gswdl");
    write_wdl(&exact, &id, &table, &WdlScheme::plain()).unwrap();
    let exact = WdlFile::open(&exact, &id, NO_RULE, &[]).unwrap();
    assert!(!exact.floored());
    assert!(
        file.file().size() < exact.file().size(),
        "{} and {} bytes",
        file.file().size(),
        exact.file().size()
    );
}
