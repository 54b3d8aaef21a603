//! Jungle perft from the start position: the speed of the rules as the
//! search sees them (bulk counting at the last ply).
// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamesolver_games::jungle::Position;
use gamesolver_search::perft::perft;

fn jungle_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("jungle_perft");
    group.sample_size(10);
    for (depth, leaves) in [(4, 260_099), (5, 5_111_620), (6, 100_453_636)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&Position::start()), depth));
        });
    }
    group.finish();
}

criterion_group!(benches, jungle_perft);
criterion_main!(benches);
