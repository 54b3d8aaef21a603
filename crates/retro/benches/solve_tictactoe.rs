//! The full strong solution of tic-tac-toe: enumeration, layering, values
//! and distances. Target: under 0.5 ms on one core.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::loopfree::{DensePositionMap, GameGraph, HashPositionMap, LoopFreeSolution};

fn solve_dense() -> u16 {
    let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer)).unwrap();
    LoopFreeSolution::solve(graph).solution(0).distance
}

fn solve_hashed() -> u16 {
    let graph = GameGraph::enumerate(Board::empty(), HashPositionMap::default()).unwrap();
    LoopFreeSolution::solve(graph).solution(0).distance
}

fn benches(c: &mut Criterion) {
    c.bench_function("tictactoe full solve (base-3 dense map)", |b| {
        b.iter(solve_dense)
    });
    c.bench_function("tictactoe full solve (hash map)", |b| b.iter(solve_hashed));
    let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer)).unwrap();
    let solution = LoopFreeSolution::solve(graph);
    c.bench_function("tictactoe path count", |b| {
        b.iter(|| solution.count_paths())
    });
}

criterion_group!(solve, benches);
criterion_main!(solve);
