//! The bench node counts pinned at a shallow depth: a refactor that
//! changes the search (move order, pruning, evaluation) changes them.
//! The full signatures (`gamesolver bench uttt` 514291 nodes at depth 11,
//! `bench jungle` 3364812 at depth 12) are checked by the ignored test.

use gamesolver_engines::bench::{BenchGame, run};

fn nodes(game: BenchGame, depth: Option<u32>) -> u64 {
    run(game, depth, &mut |_| {}).unwrap().nodes
}

#[test]
fn shallow_bench_signatures_are_unchanged() {
    assert_eq!(nodes(BenchGame::Uttt, Some(7)), UTTT_DEPTH_7);
    assert_eq!(nodes(BenchGame::Jungle, Some(7)), JUNGLE_DEPTH_7);
}

#[test]
#[ignore = "seconds of search: run with --ignored after touching the search"]
fn full_bench_signatures_are_unchanged() {
    assert_eq!(nodes(BenchGame::Uttt, None), 514_291);
    assert_eq!(nodes(BenchGame::Jungle, None), 3_364_812);
}

/// Nodes of `bench uttt --depth 7`.
const UTTT_DEPTH_7: u64 = 36_927;
/// Nodes of `bench jungle --depth 7`.
const JUNGLE_DEPTH_7: u64 = 103_198;
