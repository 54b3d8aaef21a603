//! Jungle move generation, counting and copy-make on positions of random
//! games.
// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamesolver_core::Game;
use gamesolver_games::jungle::{Move, Position};

/// Positions of one deterministic game (the moves chosen by a fixed
/// stride through each move list).
fn positions() -> Vec<Position> {
    let mut position = Position::start();
    let mut seen = Vec::new();
    for ply in 0..120 {
        let moves = position.moves();
        if moves.is_empty() {
            break;
        }
        seen.push(position);
        position = position.after(moves[(ply * 7) % moves.len()]);
    }
    seen
}

fn jungle_moves(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("jungle_moves");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("count_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_moves())
                .sum::<u32>()
        });
    });
    let mut buffer: Vec<Move> = Vec::with_capacity(64);
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
                black_box(p).legal_moves(&mut buffer);
                for &mv in &buffer {
                    keys ^= p.after(mv).key();
                }
            }
            keys
        });
    });
    group.finish();
}

criterion_group!(benches, jungle_moves);
criterion_main!(benches);
