//! Jungle alpha-beta on the bench positions to a fixed depth: the engine's
//! speed as criterion sees it (`gamesolver bench jungle` prints the node
//! counts and nodes per second).
// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gamesolver_engines::jungle::bench::POSITIONS;
use gamesolver_engines::jungle::engine::{JungleEngine, JungleOptions};
use gamesolver_games::jungle::{JungleGame, Position};
use gamesolver_search::{Engine, Limits};

fn jungle_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("jungle_search");
    group.sample_size(10);
    let mut engine = JungleEngine::new(&JungleOptions::default());
    for (i, fen) in POSITIONS.iter().enumerate().take(3) {
        let game = JungleGame::new(fen.parse::<Position>().expect("bench positions are valid"));
        group.bench_function(format!("position_{}_depth_9", i + 1), |b| {
            b.iter(|| {
                engine.new_game();
                black_box(engine.think(&game, &Limits::depth(9), &mut |_| {}))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, jungle_search);
criterion_main!(benches);
