//! Property tests of the file readers (the solved table, the tablebase
//! tier file and the WDL file) on hostile input: arbitrary bytes, and valid files mutated by
//! bit flips, truncations, extensions and header field changes with the
//! checksum recomputed (as a crafted file would be). The property: an
//! error, or a table that is exactly right; never a panic, and never a
//! single allocation larger than [`ALLOCATION_BOUND`] (checked by a
//! counting allocator).
// The counting allocator needs `unsafe impl GlobalAlloc`; it only forwards
// to the system allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use gamesolver_core::{Indexer, Solution, Wdl};
use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::loopfree::{DensePositionMap, GameGraph, LoopFreeSolution};
use gamesolver_retro::loopy::TierTable;
use gamesolver_retro::tbfile::{TablebaseFile, TablebaseIdentity, write_tier};
use gamesolver_retro::wdlfile::{WdlFile, WdlScheme, write_wdl};
use gamesolver_retro::{SolvedTable, TableIdentity};
use proptest::prelude::*;

/// The largest single allocation any case may make: far above what the
/// valid files here need (a few hundred KiB), far below what a trusted
/// crafted header would ask for (gigabytes to terabytes).
const ALLOCATION_BOUND: usize = 64 << 20;

/// The system allocator, recording the largest request.
struct Counting;

static LARGEST: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn assert_allocations_bounded() -> Result<(), TestCaseError> {
    let largest = LARGEST.load(Ordering::Relaxed);
    prop_assert!(
        largest <= ALLOCATION_BOUND,
        "an allocation of {largest} bytes"
    );
    Ok(())
}

/// One way to damage a valid file.
#[derive(Clone, Debug)]
enum Mutation {
    /// XOR a byte with a non-zero mask.
    Flip(prop::sample::Index, u8),
    /// Keep only a prefix.
    Truncate(prop::sample::Index),
    /// Append bytes.
    Extend(Vec<u8>),
    /// Overwrite the little-endian field of `width` bytes at a header
    /// offset, then recompute the checksum.
    SetField { at: usize, width: usize, value: u64 },
}

impl Mutation {
    fn apply(&self, bytes: &mut Vec<u8>) {
        match self {
            Mutation::Flip(at, mask) if !bytes.is_empty() => {
                let at = at.index(bytes.len());
                bytes[at] ^= mask;
            }
            Mutation::Truncate(len) if !bytes.is_empty() => {
                let len = len.index(bytes.len());
                bytes.truncate(len);
            }
            Mutation::Extend(extra) => bytes.extend_from_slice(extra),
            Mutation::SetField { at, width, value } if at + width + 4 <= bytes.len() => {
                bytes[*at..at + width].copy_from_slice(&value.to_le_bytes()[..*width]);
                let body = bytes.len() - 4;
                let crc = crc32fast::hash(&bytes[..body]);
                bytes[body..].copy_from_slice(&crc.to_le_bytes());
            }
            // The file is already too short for this mutation.
            _ => {}
        }
    }
}

/// Values a crafted field takes: small, near the real one, huge.
fn field_value() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..20_000,
        Just(8192),
        Just(19_683),
        Just(1 << 32),
        Just(1 << 40),
        Just(u64::MAX),
        any::<u64>(),
    ]
}

/// Mutations of a file whose header fields sit at `fields` (offset, width).
fn mutation(fields: &'static [(usize, usize)]) -> impl Strategy<Value = Vec<Mutation>> {
    let one = prop_oneof![
        (any::<prop::sample::Index>(), 1u8..=255).prop_map(|(at, m)| Mutation::Flip(at, m)),
        any::<prop::sample::Index>().prop_map(Mutation::Truncate),
        prop::collection::vec(any::<u8>(), 1..64).prop_map(Mutation::Extend),
        (prop::sample::select(fields), field_value())
            .prop_map(|((at, width), value)| Mutation::SetField { at, width, value }),
    ];
    prop::collection::vec(one, 1..4)
}

// ---- the solved tic-tac-toe table ----

fn table_identity() -> TableIdentity {
    TableIdentity::new("tictactoe", "standard", "base3", Base3Indexer.len())
}

static TABLE: LazyLock<(SolvedTable, Vec<u8>)> = LazyLock::new(|| {
    let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer)).unwrap();
    let table = SolvedTable::from_solution(
        &LoopFreeSolution::solve(graph),
        &Base3Indexer,
        table_identity(),
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ttt.table");
    table.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (table, bytes)
});

/// Header fields of the table: the three text lengths, the entry count,
/// the first entries.
const TABLE_FIELDS: &[(usize, usize)] = &[(10, 1), (20, 1), (29, 1), (35, 8), (43, 2), (45, 2)];

/// An error, or (once verified) exactly the solved table.
fn check_table(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(table) = SolvedTable::from_bytes("case", bytes, &table_identity())
        && table.verify(&Base3Indexer, &Board::empty()).is_ok()
    {
        prop_assert_eq!(&table, &TABLE.0);
    }
    assert_allocations_bounded()
}

// ---- the tablebase tier file ----

const TIER_ENTRIES: u64 = 20_000;

fn tier_identity() -> TablebaseIdentity {
    TablebaseIdentity {
        game: "jungle".into(),
        variant: "standard".into(),
        tier: "R-e".into(),
        scheme: "test".into(),
        entries: TIER_ENTRIES,
    }
}

static TIER: LazyLock<(TierTable, Vec<u8>)> = LazyLock::new(|| {
    let table = TierTable::from_solutions((0..TIER_ENTRIES).map(|i| match i % 5 {
        0 => None,
        1 => Some(Solution::finished(Wdl::Draw)),
        2 => Some(Solution::new(Wdl::Win, (i % 300) as u16)),
        _ => Some(Solution::new(Wdl::Loss, (i % 40) as u16)),
    }));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gstb");
    write_tier(&path, &tier_identity(), &table).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (table, bytes)
});

/// Header fields of the tier file: a text length, the entry count, the
/// entries per block, the width, the first and last block offsets.
const TIER_FIELDS: &[(usize, usize)] = &[(10, 1), (35, 8), (43, 4), (47, 1), (48, 8), (56, 8)];

/// An error, or a file whose every probe and load answers within bounds.
fn check_tier(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gstb");
    std::fs::write(&path, bytes).unwrap();
    if let Ok(file) = TablebaseFile::open(&path, &tier_identity()) {
        prop_assert_eq!(file.len(), TIER_ENTRIES);
        for index in [0, 8191, 8192, TIER_ENTRIES - 1, TIER_ENTRIES] {
            let _ = file.probe(index);
        }
        if let Ok(table) = file.load() {
            prop_assert_eq!(table.len(), TIER_ENTRIES);
        }
    }
    assert_allocations_bounded()
}

// ---- the WDL file ----

const WDL_BLOCK: u32 = gamesolver_retro::wdlfile::BLOCK_ENTRIES;
/// One block of one value, one mixed block and a short mixed block.
const WDL_ENTRIES: u64 = 2 * WDL_BLOCK as u64 + 100;

fn wdl_identity() -> TablebaseIdentity {
    TablebaseIdentity {
        entries: WDL_ENTRIES,
        ..tier_identity()
    }
}

/// A tier whose first block is one value (a one-byte block) and whose
/// other blocks mix every value and holes (compressed blocks).
static WDL_TIER: LazyLock<(TierTable, Vec<u8>)> = LazyLock::new(|| {
    let table = TierTable::from_solutions((0..WDL_ENTRIES).map(|i| match i % 5 {
        _ if i < u64::from(WDL_BLOCK) => Some(Solution::new(Wdl::Win, 3)),
        0 => None,
        1 => Some(Solution::finished(Wdl::Draw)),
        2 => Some(Solution::new(Wdl::Win, (i % 300) as u16)),
        _ => Some(Solution::new(Wdl::Loss, (i % 40) as u16)),
    }));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gswdl");
    write_wdl(&path, &wdl_identity(), &table, &WdlScheme::plain()).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (table, bytes)
});

/// Header fields of the WDL file: a text length, the entry count, the
/// entries per block, the longest win, the rule's length, the index
/// order's length, the first and last block offsets.
const WDL_FIELDS: &[(usize, usize)] = &[
    (10, 1),
    (35, 8),
    (43, 4),
    (47, 2),
    (51, 1),
    (52, 1),
    (53, 8),
    (77, 8),
];

/// An error, or a file whose every probe answers within bounds.
fn check_wdl(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gswdl");
    std::fs::write(&path, bytes).unwrap();
    if let Ok(file) = WdlFile::open(&path, &wdl_identity(), "", &[]) {
        prop_assert_eq!(file.file().len(), WDL_ENTRIES);
        let block = u64::from(WDL_BLOCK);
        for index in [0, block - 1, block, 2 * block + 1, WDL_ENTRIES - 1] {
            let _ = file.probe(index);
        }
        prop_assert_eq!(file.probe(WDL_ENTRIES).ok().flatten(), None);
        if let Ok(values) = file.values() {
            prop_assert_eq!(values.len() as u64, WDL_ENTRIES);
        }
    }
    assert_allocations_bounded()
}

/// `bytes` with every mutation applied.
fn mutated(bytes: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    for m in mutations {
        m.apply(&mut bytes);
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn both_readers_survive_arbitrary_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..512),
        prefix in prop::sample::select(vec![&b""[..], b"GSTABLE\0\x01\0", b"GSTBASE\0\x01\0", b"GSTBWDL\0\x04\0"]),
    ) {
        let bytes = [prefix, &bytes].concat();
        check_table(&bytes)?;
        check_tier(&bytes)?;
        check_wdl(&bytes)?;
    }

    #[test]
    fn table_reader_survives_mutations(mutations in mutation(TABLE_FIELDS)) {
        check_table(&mutated(&TABLE.1, &mutations))?;
    }

    #[test]
    fn tier_reader_survives_mutations(mutations in mutation(TIER_FIELDS)) {
        check_tier(&mutated(&TIER.1, &mutations))?;
    }

    #[test]
    fn wdl_reader_survives_mutations(mutations in mutation(WDL_FIELDS)) {
        check_wdl(&mutated(&WDL_TIER.1, &mutations))?;
    }
}

#[test]
fn unmutated_files_read_back_exactly() {
    let (table, bytes) = &*TABLE;
    let read = SolvedTable::from_bytes("case", bytes, &table_identity()).unwrap();
    assert_eq!(&read, table);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gstb");
    std::fs::write(&path, &TIER.1).unwrap();
    let file = TablebaseFile::open(&path, &tier_identity()).unwrap();
    assert_eq!(file.load().unwrap(), TIER.0);
}

#[test]
fn an_unmutated_wdl_file_reads_back_every_value() {
    let (table, bytes) = &*WDL_TIER;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("R-e.gswdl");
    std::fs::write(&path, bytes).unwrap();
    let file = WdlFile::open(&path, &wdl_identity(), "", &[]).unwrap();
    let values = file.values().unwrap();
    for index in 0..table.len() {
        if let Some(solution) = table.get(index) {
            assert_eq!(values[index as usize], solution.wdl, "index {index}");
            assert_eq!(
                file.probe(index).unwrap(),
                Some(solution.wdl),
                "index {index}"
            );
        }
    }
    let longest = |wdl| {
        (0..table.len())
            .filter_map(|i| table.get(i).filter(|s| s.wdl == wdl))
            .map(|s| s.distance)
            .max()
    };
    assert_eq!(Some(file.summary().longest_win), longest(Wdl::Win));
    assert_eq!(Some(file.summary().longest_loss), longest(Wdl::Loss));
}
