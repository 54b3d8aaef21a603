//! Building a tablebase directory tier by tier: files, probing across tiers,
//! resuming, and cleaning up after an interrupted build.

mod common;

use std::sync::Arc;

use common::{Graph, Layout, Node};
use gamesolver_retro::loopy::{TierLayout, verify_tier};
use gamesolver_retro::tablebase::{Tablebase, build};

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
        dir.path().join("1.gstb.123.partial"),
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
        3,
        "partial file removed, one file per tier: {names:?}"
    );

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

#[test]
fn a_damaged_tier_file_stops_the_build_with_its_name() {
    let graph = graph();
    let dir = tempfile::tempdir().unwrap();
    let tablebase = Tablebase::new(Layout(graph.clone()), dir.path());
    build(&tablebase, &[1], &()).unwrap();
    let path = tablebase.path(0);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xFF;
    std::fs::write(&path, bytes).unwrap();
    let err = build(&Tablebase::new(Layout(graph), dir.path()), &[2], &()).unwrap_err();
    assert!(err.to_string().contains("0.gstb"), "{err}");
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
