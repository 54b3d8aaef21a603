//! Solving Jungle tablebase tiers: a three-piece and a four-piece material,
//! their smaller tiers already solved. Target: at least 10 million
//! positions per second on 2 cores for the four-piece material.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamesolver_core::TierLayout;
use gamesolver_games::jungle::{JungleTiers, Material};
use gamesolver_retro::loopy::solve_tier;
use gamesolver_retro::tablebase::{Tablebase, build};

fn bench_tier(c: &mut Criterion, spec: &str, samples: usize) {
    let material: Material = spec.parse().expect("a material");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tablebase = Tablebase::new(JungleTiers::default(), dir.path());
    build(&tablebase, &tablebase.layout().successors(material), &())
        .expect("the smaller tiers build");
    let successors = tablebase
        .tier_probe(material)
        .expect("the smaller tiers load");
    let probe = |p: &_| successors.probe(p);
    let mut group = c.benchmark_group("jungle tablebase");
    group
        .sample_size(samples)
        .measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(tablebase.layout().tier_len(material)));
    group.bench_function(format!("solve {spec}"), |b| {
        b.iter(|| solve_tier(tablebase.layout(), material, &probe, &()).expect("the tier solves"));
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_tier(c, "LR-e", 20);
    bench_tier(c, "ER-lr", 10);
}

criterion_group!(tablebase, benches);
criterion_main!(tablebase);
