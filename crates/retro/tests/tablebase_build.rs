//! Building a tablebase directory tier by tier: files, probing across tiers,
//! resuming, and cleaning up after an interrupted build.

use crate::common;

use std::sync::Arc;

use common::{Graph, Layout, Node};
use gamesolver_retro::binfile::DirectoryLock;
use gamesolver_retro::loopy::{TierLayout, verify_tier};
use gamesolver_retro::tablebase::{BuildError, Tablebase, build, build_within, estimate};

const TIERS: u32 = 3;
const SIZE: u32 = 40;

fn graph() -> Arc<Graph> {
    Arc::new(Graph::random(99, TIERS, SIZE, 3))
}

#[test]
fn build_probe_resume() {
    let graph = graph();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("1.gstb.123.0.partial"),
        b"left by a killed build",
    )
    .unwrap();
    let tablebase = Tablebase::new(Layout(graph.clone()), dir.path());
    let first = build(&tablebase, &[TIERS - 1], &()).unwrap();
    assert_eq!(
        first.iter().map(|t| t.tier.as_str()).collect::<Vec<_>>(),
        ["0", "1", "2"]
    );
    assert!(first.iter().all(|t| !t.skipped && t.file_bytes > 0));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(
        names.len(),
        9,
        "partial file removed, one distance, one WDL and one statistics file per tier: {names:?}"
    );
    assert_eq!(names.iter().filter(|n| n.ends_with(".gstb")).count(), 3);

    // A fresh handle answers from the files alone, like the in-memory build.
    let from_files = Tablebase::new(Layout(graph.clone()), dir.path());
    for id in 0..TIERS * SIZE {
        let node = Node {
            graph: graph.clone(),
            id,
        };
        assert_eq!(
            from_files.probe(&node).unwrap(),
            tablebase.probe(&node).unwrap()
        );
        assert!(from_files.probe(&node).unwrap().is_some());
    }

    // Every stored tier passes the verifier against the files.
    for tier in 0..TIERS {
        let table = from_files.open_tier(tier).unwrap().unwrap().load().unwrap();
        let lookup = |n: &Node| from_files.probe(n).unwrap();
        assert!(verify_tier(from_files.layout(), tier, &table, &lookup).is_ok());
    }

    // A second build reuses every file.
    let again = build(
        &Tablebase::new(Layout(graph.clone()), dir.path()),
        &[TIERS - 1],
        &(),
    )
    .unwrap();
    assert!(again.iter().all(|t| t.skipped));
}

/// Finding 18: a damaged (truncated or corrupted) tier file left in place
/// is rebuilt and replaced, and the report says why; a foreign file or a
/// directory in its place stops the build with its name.
#[test]
fn a_damaged_tier_file_is_replaced_and_a_foreign_one_stops_the_build() {
    let graph = graph();
    let dir = tempfile::tempdir().unwrap();
    let tablebase = Tablebase::new(Layout(graph.clone()), dir.path());
    build(&tablebase, &[1], &()).unwrap();
    let path = tablebase.path(0);
    let bytes = std::fs::read(&path).unwrap();
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 0xFF;
    for damaged in [&bytes[..bytes.len() / 2], &bytes[..3], &flipped[..]] {
        std::fs::write(&path, damaged).unwrap();
        let rebuilt = build(
            &Tablebase::new(Layout(graph.clone()), dir.path()),
            &[2],
            &(),
        )
        .unwrap();
        let tier0 = rebuilt.iter().find(|t| t.tier == "0").unwrap();
        assert!(!tier0.skipped, "{tier0:?}");
        let reason = tier0.replaced.as_deref().unwrap_or_default();
        assert!(reason.contains("0.gstb"), "{tier0:?}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "the same file again");
    }
    std::fs::write(&path, b"\x7fELF an executable, not a tier file").unwrap();
    let err = build(
        &Tablebase::new(Layout(graph.clone()), dir.path()),
        &[2],
        &(),
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("0.gstb") && err.to_string().contains("bad magic"),
        "{err}"
    );
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    let err = build(&Tablebase::new(Layout(graph), dir.path()), &[2], &()).unwrap_err();
    assert!(err.to_string().contains("is a directory"), "{err}");
}

/// The small tiers' files are written by a thread of the build's own
/// (so the solvers never wait for the disk): a file it cannot write still
/// stops the build with its name, and the build does not hang.
#[test]
fn a_file_the_disk_thread_cannot_write_stops_the_build() {
    let graph = graph();
    let dir = tempfile::tempdir().unwrap();
    let tablebase = Tablebase::new(Layout(graph), dir.path());
    let wdl = tablebase.wdl_path(0);
    std::fs::create_dir(&wdl).unwrap();
    let err = build(&tablebase, &[TIERS - 1], &()).unwrap_err();
    let text = format!("{err:#}");
    assert!(
        text.contains(&wdl.display().to_string()) && text.contains("is a directory"),
        "{text}"
    );
    assert!(wdl.is_dir(), "the directory in the way is left alone");
}

/// Finding 15: a second build in a directory another build holds is
/// refused at once, and leaves the first one's files alone.
#[test]
fn a_second_build_in_a_locked_directory_is_refused() {
    let graph = graph();
    let dir = tempfile::tempdir().unwrap();
    let partial = dir.path().join("1.gstb.77.0.partial");
    std::fs::write(&partial, b"being written by the first build").unwrap();
    let held = DirectoryLock::acquire(dir.path()).unwrap();
    let tablebase = Tablebase::new(Layout(graph.clone()), dir.path());
    let err = build(&tablebase, &[1], &()).unwrap_err();
    assert!(
        err.to_string().contains("another build is running"),
        "{err}"
    );
    assert!(partial.exists(), "the first build's temporary file is kept");
    drop(held);
    build(&tablebase, &[1], &()).unwrap();
    assert!(!partial.exists(), "a stale temporary file is removed");
}

/// Finding 5: a build whose estimate exceeds the memory limit is refused
/// before anything is written, with the estimate and the limit.
#[test]
fn a_build_over_the_memory_limit_is_refused_up_front() {
    let graph = graph();
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("tables");
    let tablebase = Tablebase::new(Layout(graph), &target);
    let needed = estimate(tablebase.layout(), &[2]).unwrap();
    assert_eq!(needed.tiers, 3);
    assert_eq!(needed.positions, u64::from(3 * SIZE));
    assert_eq!(needed.largest_tier.1, u64::from(SIZE));
    let err = build_within(&tablebase, &[2], needed.memory_bytes - 1, &()).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, BuildError::TooLarge { .. }), "{message}");
    assert!(
        message.contains("limit") && message.contains("120 positions"),
        "{message}"
    );
    assert!(!target.exists(), "nothing is written");
    build_within(&tablebase, &[2], needed.memory_bytes, &()).unwrap();
}

#[test]
fn probing_a_missing_tier_answers_none() {
    let graph = graph();
    let dir = tempfile::tempdir().unwrap();
    let tablebase = Tablebase::new(Layout(graph.clone()), dir.path());
    let node = Node {
        graph: graph.clone(),
        id: 2 * SIZE,
    };
    assert_eq!(tablebase.layout().tier_of(&node), 2);
    assert_eq!(
        tablebase
            .probe(&node)
            .unwrap()
            .filter(|_| !node_is_finished(&node)),
        None
    );
}

fn node_is_finished(node: &Node) -> bool {
    use gamesolver_core::Game;
    node.is_finished()
}

/// An observer that asks the build to stop once it has seen `after`
/// chunks of examined indices, counting how often it was asked after that.
struct StopAfter {
    after: u64,
    seen: std::sync::atomic::AtomicU64,
}

impl gamesolver_retro::loopy::TierProgress for StopAfter {
    fn initialised(&self, _positions: u64) {
        self.seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    fn cancelled(&self) -> bool {
        self.seen.load(std::sync::atomic::Ordering::Relaxed) >= self.after
    }
}

impl gamesolver_retro::tablebase::BuildObserver for StopAfter {}

/// Issue 26 finding 6: a build stops inside a tier when its observer asks
/// (a front end's Ctrl-C), with `BuildError::Cancelled`; what it finished
/// stays on disk and the next build completes it.
#[test]
fn a_cancelled_build_stops_inside_a_tier_and_resumes() {
    use gamesolver_games::jungle::{JungleTiers, Material, Variant};
    let dir = tempfile::tempdir().unwrap();
    let layout = JungleTiers::colour_folded(Variant::Standard);
    let target: Material = "LR-e".parse().unwrap();
    let tablebase = Tablebase::new(layout, dir.path());
    // The two-piece tiers it captures into are one chunk of 4,096 indices
    // each; LR-e has 40, so the stop comes inside it.
    let stop = StopAfter {
        after: 10,
        seen: Default::default(),
    };
    let started = std::time::Instant::now();
    let error = build(&tablebase, &[target], &stop).unwrap_err();
    assert!(matches!(error, BuildError::Cancelled), "{error}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert!(!dir.path().join("LR-e.gstb").exists());
    let resumed = build(&Tablebase::new(layout, dir.path()), &[target], &()).unwrap();
    assert!(resumed.iter().any(|t| t.tier == "LR-e" && !t.skipped));
    assert!(dir.path().join("LR-e.gstb").exists());
}
