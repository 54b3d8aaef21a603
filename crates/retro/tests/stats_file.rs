//! The statistics companions (`<tier>.gsst`): written by the build, read
//! back equal to a count of the table, and set aside (the tier counted
//! again) when damaged, foreign or counted from another version of the
//! table; `check_stats` catches a companion whose counts are wrong.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use common::{Graph, Layout};
use gamesolver_retro::tablebase::{StoredStats, Tablebase, TierStats, build};

const TIERS: u32 = 3;
const SIZE: u32 = 40;

fn built(seed: u64, dir: &Path) -> Tablebase<Layout> {
    let tablebase = Tablebase::new(Layout(Arc::new(Graph::random(seed, TIERS, SIZE, 3))), dir);
    build(&tablebase, &[TIERS - 1], &()).unwrap();
    tablebase
}

fn counted(tablebase: &Tablebase<Layout>, tier: u32) -> TierStats {
    let file = tablebase.open_tier(tier).unwrap().unwrap();
    TierStats::of_file(tablebase.layout(), tier, &file).unwrap()
}

fn stale(stored: StoredStats) -> String {
    match stored {
        StoredStats::Stale(why) => why,
        other => panic!("expected a stale companion, got {other:?}"),
    }
}

#[test]
fn the_build_writes_companions_equal_to_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let tablebase = built(7, dir.path());
    for tier in 0..TIERS {
        assert!(tablebase.stats_path(tier).is_file());
        let expected = counted(&tablebase, tier);
        assert_eq!(
            tablebase.stored_stats(tier).unwrap(),
            StoredStats::Valid(expected.clone())
        );
        let read = tablebase
            .tier_stats_until(tier, &|| false)
            .unwrap()
            .unwrap();
        assert_eq!(read.stats, expected);
        assert_eq!(read.recounted, None, "read from the companion");
        assert_eq!(tablebase.check_stats(tier).unwrap(), Some(Ok(())));
    }
}

#[test]
fn missing_damaged_and_foreign_companions_are_counted_again() {
    let dir = tempfile::tempdir().unwrap();
    let tablebase = built(7, dir.path());
    let expected = counted(&tablebase, 1);

    // Missing: counted, and said so.
    std::fs::remove_file(tablebase.stats_path(1)).unwrap();
    assert_eq!(tablebase.stored_stats(1).unwrap(), StoredStats::Missing);
    let read = tablebase.tier_stats_until(1, &|| false).unwrap().unwrap();
    assert_eq!(
        (read.stats, read.recounted),
        (expected.clone(), Some(StoredStats::Missing))
    );
    assert_eq!(tablebase.check_stats(1).unwrap(), None);
    assert_eq!(tablebase.write_missing_stats(&[0, 1, 2]).unwrap(), 1);
    assert_eq!(
        tablebase.stored_stats(1).unwrap(),
        StoredStats::Valid(expected.clone())
    );

    // Damaged: a flipped byte fails the checksum.
    let path = tablebase.stats_path(1);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let why = stale(tablebase.stored_stats(1).unwrap());
    assert!(why.contains("checksum"), "{why}");
    let read = tablebase.tier_stats_until(1, &|| false).unwrap().unwrap();
    assert_eq!(read.stats, expected);
    assert!(matches!(read.recounted, Some(StoredStats::Stale(_))));
    assert!(tablebase.check_stats(1).unwrap().unwrap().is_err());

    // Foreign: another tier's companion under this tier's name.
    std::fs::copy(tablebase.stats_path(0), &path).unwrap();
    let why = stale(tablebase.stored_stats(1).unwrap());
    assert!(why.contains("tier"), "{why}");
    assert_eq!(
        tablebase
            .tier_stats_until(1, &|| false)
            .unwrap()
            .unwrap()
            .stats,
        expected
    );
}

#[test]
fn a_companion_of_an_earlier_table_is_stale() {
    let old = tempfile::tempdir().unwrap();
    let first = built(7, old.path());
    let dir = tempfile::tempdir().unwrap();
    let second = built(8, dir.path());
    // Same tiers and sizes, other positions: the identity matches, the
    // table's size or checksum does not.
    std::fs::copy(first.stats_path(2), second.stats_path(2)).unwrap();
    let why = stale(second.stored_stats(2).unwrap());
    assert!(why.contains("another version of the table"), "{why}");
    assert_eq!(
        second
            .tier_stats_until(2, &|| false)
            .unwrap()
            .unwrap()
            .stats,
        counted(&second, 2)
    );
}

#[test]
fn wrong_counts_under_a_valid_checksum_fail_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let tablebase = built(7, dir.path());
    let path = tablebase.stats_path(2);
    let mut bytes = std::fs::read(&path).unwrap();
    // The draws of the first player to move: after the magic and version,
    // the identity (four texts and the entry count), the table's size and
    // checksum, and the first player's wins.
    let id = tablebase.identity(2);
    let texts: usize = [&id.game, &id.variant, &id.tier, &id.scheme]
        .iter()
        .map(|t| 1 + t.len())
        .sum();
    let at = 10 + texts + 8 + 8 + 4 + 8;
    let stats = counted(&tablebase, 2);
    assert_eq!(bytes[at..at + 8], stats.counts[0].draw.to_le_bytes());
    bytes[at..at + 8].copy_from_slice(&(stats.counts[0].draw + 1).to_le_bytes());
    let end = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..end]);
    bytes[end..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        tablebase.stored_stats(2).unwrap(),
        StoredStats::Valid(_)
    ));
    let verdict = tablebase.check_stats(2).unwrap().unwrap();
    assert!(verdict.unwrap_err().contains("disagrees"));
}
