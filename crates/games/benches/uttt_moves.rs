//! Ultimate tic-tac-toe move generation: listing, counting and copy-make on
//! a set of positions from random games.
// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gamesolver_core::Game;
use gamesolver_games::uttt::Board;

/// Positions along a few pseudo-random games.
fn positions() -> Vec<Board> {
    let mut out = Vec::new();
    for game in 0..20usize {
        let mut board = Board::empty();
        let mut step = game;
        while !board.is_finished() {
            out.push(board);
            let moves = board.moves();
            step = step
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            board = board.after(moves[(step >> 33) % moves.len()]);
        }
    }
    out
}

fn uttt_moves(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("uttt_moves");
    group.throughput(criterion::Throughput::Elements(positions.len() as u64));
    let mut buffer = Vec::new();
    group.bench_function("move_count", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).move_count())
                .sum::<u32>()
        });
    });
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    black_box(p).legal_moves(&mut buffer);
                    buffer.len()
                })
                .sum::<usize>()
        });
    });
    group.bench_function("legal_moves_and_play_each", |b| {
        b.iter(|| {
            let mut keys = 0u64;
            for p in &positions {
                p.for_each_move(|mv| keys ^= black_box(p).after(mv).key());
            }
            keys
        });
    });
    group.finish();
}

criterion_group!(benches, uttt_moves);
criterion_main!(benches);
