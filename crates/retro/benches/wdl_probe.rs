//! Random WDL probes from a warm cache, single thread, against distance
//! probes of the same positions: a three-piece and a four-piece material
//! (each built with its smaller tiers in a temporary directory first).
//! Target: at least 3 million WDL probes per second.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamesolver_core::TierLayout;
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_retro::tablebase::{Tablebase, build};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions probed per iteration.
const PROBES: usize = 4096;

/// `PROBES` positions of `material` at random indices (holes skipped).
fn random_positions(layout: &JungleTiers, material: Material) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(13);
    let len = layout.tier_len(material);
    std::iter::repeat_with(|| layout.position(material, rng.random_range(0..len)))
        .flatten()
        .take(PROBES)
        .collect()
}

fn bench_material(c: &mut Criterion, spec: &str) {
    let material: Material = spec.parse().expect("a material");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tablebase = Tablebase::new(JungleTiers::colour_folded(Variant::Standard), dir.path());
    build(&tablebase, &[material], &()).expect("the tables build");
    tablebase.close_all();
    let positions = random_positions(tablebase.layout(), material);
    for position in &positions {
        // Warm: every block these positions touch is decoded once.
        tablebase.probe_wdl(position).expect("a valid file");
        tablebase.probe(position).expect("a valid file");
    }
    let mut group = c.benchmark_group("jungle tablebase probes");
    group.throughput(Throughput::Elements(PROBES as u64));
    group.bench_function(format!("wdl {spec}"), |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| tablebase.probe_wdl(p).expect("a valid file"))
                .count()
        });
    });
    group.bench_function(format!("distance {spec}"), |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| tablebase.probe(p).expect("a valid file"))
                .count()
        });
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_material(c, "LR-e");
    bench_material(c, "ER-lr");
}

criterion_group!(probes, benches);
criterion_main!(probes);
