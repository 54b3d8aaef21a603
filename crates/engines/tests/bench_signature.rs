//! The bench node counts pinned at a shallow depth: a refactor that
//! changes the search (move order, pruning, evaluation) changes them.
//! The full signatures (`gamesolver bench uttt` 357836 nodes at depth 11,
//! `bench jungle` 3549313 at depth 12, `bench dobutsu` 124717 at depth 9)
//! are checked by the ignored test.

/// The bench's node count of the built-in game `game` (its declaration's
/// bench capability) at `depth` (None = the game's default).
fn nodes(game: &str, depth: Option<u32>) -> u64 {
    let registry = gamesolver_engines::builtin();
    let bench = registry.get(game).unwrap().bench().unwrap();
    bench.run(depth, &mut |_| {}).unwrap().nodes
}

#[test]
fn shallow_bench_signatures_are_unchanged() {
    assert_eq!(nodes("uttt", Some(7)), UTTT_DEPTH_7);
    assert_eq!(nodes("jungle", Some(7)), JUNGLE_DEPTH_7);
    assert_eq!(nodes("dobutsu", Some(7)), DOBUTSU_DEPTH_7);
}

#[test]
#[ignore = "seconds of search: run with --ignored after touching the search"]
fn full_bench_signatures_are_unchanged() {
    assert_eq!(nodes("uttt", None), 357_836);
    assert_eq!(nodes("jungle", None), 3_549_313);
    assert_eq!(nodes("dobutsu", None), 124_717);
}

/// Nodes of `bench uttt --depth 7`.
const UTTT_DEPTH_7: u64 = 24_948;
/// Nodes of `bench jungle --depth 7`.
const JUNGLE_DEPTH_7: u64 = 103_198;
/// Nodes of `bench dobutsu --depth 7`.
const DOBUTSU_DEPTH_7: u64 = 36_226;
