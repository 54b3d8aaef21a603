//! Whole distributed builds on threads (channel links): the same files as
//! the single-machine build, a failing tier stops the build with its
//! name, and a rerun resumes.

use std::collections::BTreeMap;
use std::path::Path;

use gamesolver_cluster::local::build_on_threads;
use gamesolver_cluster::{ClusterError, FinishedTier};
use gamesolver_games::jungle::{JungleTiers, Material, Variant};
use gamesolver_retro::tablebase::{Tablebase, build};

fn layout() -> JungleTiers {
    JungleTiers::colour_folded(Variant::Standard)
}

/// Every two-piece material and two three-piece ones (with their
/// two-piece successors: a few dozen tiers, several waves).
fn targets() -> Vec<Material> {
    let mut targets: Vec<Material> = Material::all_with(2);
    targets.extend(["LR-e", "ER-l"].map(|m| m.parse::<Material>().unwrap()));
    targets
}

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "gstb"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

fn single_machine() -> BTreeMap<String, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    build(&Tablebase::new(layout(), dir.path()), &targets(), &()).unwrap();
    files(dir.path())
}

#[test]
fn three_workers_write_the_single_machine_files() {
    let expected = single_machine();
    let dir = tempfile::tempdir().unwrap();
    let open = || Tablebase::new(layout(), dir.path());
    let mut finished: Vec<FinishedTier<Material>> = Vec::new();
    let built = build_on_threads(&open, &targets(), 3, &mut |t| finished.push(t.clone())).unwrap();
    assert_eq!(files(dir.path()), expected);
    assert_eq!(built.tiers.len(), expected.len());
    assert_eq!(finished.len(), expected.len());
    assert_eq!(built.workers.len(), 3);
    let counted: usize = built.workers.iter().map(|w| w.tiers).sum();
    assert_eq!(counted, expected.len());
    // Every tier finished after the tiers it captures into.
    let order: BTreeMap<Material, usize> =
        (0..).zip(&built.tiers).map(|(i, t)| (t.tier, i)).collect();
    for t in &built.tiers {
        for s in gamesolver_core::TierLayout::successors(&layout(), t.tier) {
            assert!(
                s == t.tier || order[&s] < order[&t.tier],
                "{} before {s}",
                t.tier
            );
        }
    }
}

#[test]
fn a_failing_tier_stops_the_build_by_name_and_a_rerun_resumes() {
    let expected = single_machine();
    let dir = tempfile::tempdir().unwrap();
    // Something that is no tier file where LR-e's file goes.
    let blocker = dir.path().join("LR-e.gstb");
    std::fs::create_dir(&blocker).unwrap();
    let open = || Tablebase::new(layout(), dir.path());
    let err = build_on_threads(&open, &targets(), 2, &mut |_| {}).unwrap_err();
    let ClusterError::WorkerFailed { tier, message, .. } = &err else {
        panic!("expected a worker's failure, got {err}");
    };
    assert_eq!(tier, "LR-e");
    assert!(message.contains("LR-e"), "{message}");
    assert!(
        err.to_string().contains("run the same command again"),
        "{err}"
    );
    // What was written is complete and correct.
    for (name, bytes) in files(dir.path()) {
        if name != "LR-e.gstb" {
            assert_eq!(bytes, expected[&name], "{name}");
        }
    }
    std::fs::remove_dir(&blocker).unwrap();
    let built = build_on_threads(&open, &targets(), 2, &mut |_| {}).unwrap();
    assert!(
        built.tiers.iter().any(|t| t.done.skipped),
        "finished tiers are reused"
    );
    assert_eq!(files(dir.path()), expected);
}

#[test]
fn a_second_build_in_a_directory_being_built_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let _held = gamesolver_retro::tablebase::lock_build_directory(dir.path()).unwrap();
    let open = || Tablebase::new(layout(), dir.path());
    let err = build_on_threads(&open, &targets(), 2, &mut |_| {}).unwrap_err();
    assert!(matches!(err, ClusterError::Start(_)), "{err}");
}
