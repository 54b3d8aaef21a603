//! Random WDL probes from a warm cache, single thread, against distance
//! probes of the same positions: a three-piece and a four-piece material
//! (each built with its smaller tiers in a temporary directory first).
//! Target: at least 3 million WDL probes per second. A WDL probe first
//! looks one ply ahead (a finished position, an animal beside the enemy
//! den: `wdl`), so the positions that pass that look and read the file are
//! measured alone too (`wdl from the file`). The WDL files are those
//! `tablebase wdl` writes (with the exit floor: a probe of a position
//! whose stored code is below a win looks at its captures, probing the
//! smaller tables).

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use gamesolver_core::{Solution, TierLayout};
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_retro::tablebase::{ProbeError, Tablebase, build};
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

/// Benchmarks `probe` over `positions` as `name`.
fn bench_probes<M: criterion::measurement::Measurement>(
    group: &mut BenchmarkGroup<'_, M>,
    name: String,
    positions: &[Position],
    probe: impl Fn(&Position) -> Result<Option<Solution>, ProbeError>,
) {
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| probe(p).expect("a valid file"))
                .count()
        });
    });
}

fn bench_material(c: &mut Criterion, spec: &str) {
    let material: Material = spec.parse().expect("a material");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tablebase = Tablebase::new(JungleTiers::colour_folded(Variant::Standard), dir.path());
    build(&tablebase, &[material], &()).expect("the tables build");
    for tier in tablebase.tiers().expect("a readable directory") {
        tablebase
            .derive_wdl(tier, dir.path())
            .expect("the WDL file derives");
    }
    tablebase.close_all();
    let positions = random_positions(tablebase.layout(), material);
    for position in &positions {
        // Warm: every block these positions touch is decoded once.
        tablebase.probe_wdl(position).expect("a valid file");
        tablebase.probe(position).expect("a valid file");
    }
    let from_file: Vec<Position> = positions
        .iter()
        .filter(|p| p.game_end().is_none() && !p.wins_in_one())
        .copied()
        .collect();
    let mut group = c.benchmark_group("jungle tablebase probes");
    let wdl = |p: &Position| tablebase.probe_wdl_bounded(p);
    bench_probes(&mut group, format!("wdl {spec}"), &positions, wdl);
    bench_probes(
        &mut group,
        format!("wdl from the file {spec}"),
        &from_file,
        wdl,
    );
    let distance = |p: &Position| tablebase.probe(p);
    bench_probes(&mut group, format!("distance {spec}"), &positions, distance);
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_material(c, "LR-e");
    bench_material(c, "ER-lr");
}

criterion_group!(probes, benches);
criterion_main!(probes);
