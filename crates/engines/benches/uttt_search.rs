//! Ultimate tic-tac-toe: the alpha-beta engine on the bench positions at a
//! fixed depth, the evaluation alone, and the bitboard perft walk.
// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamesolver_engines::uttt::bench::POSITIONS;
use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::eval::UtttEval;
use gamesolver_engines::uttt::perft::perft;
use gamesolver_games::uttt::Board;
use gamesolver_search::{Evaluator, Limits};

fn uttt_search(c: &mut Criterion) {
    let boards: Vec<Board> = POSITIONS
        .iter()
        .map(|p| p.parse().expect("bench position"))
        .collect();
    let mut group = c.benchmark_group("uttt_search");
    group.sample_size(10);
    let mut engine = build(&EngineOptions::default());
    group.bench_function("bench_positions_depth_8", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| {
                    engine.new_game();
                    engine
                        .think(black_box(board), &Limits::depth(8), &mut |_| {})
                        .nodes
                })
                .sum::<u64>()
        });
    });
    let eval = UtttEval::default();
    group.bench_function("evaluate_bench_positions", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|p| eval.evaluate(black_box(p)).value())
                .sum::<i32>()
        });
    });
    group.throughput(Throughput::Elements(4_020_960));
    group.bench_function("perft_start_depth_6", |b| {
        b.iter(|| perft(black_box(&Board::empty()), 6));
    });
    group.finish();
}

criterion_group!(benches, uttt_search);
criterion_main!(benches);
