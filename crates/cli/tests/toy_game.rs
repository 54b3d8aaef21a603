//! Item 3 of issue 22: a loopy game with tiers registered at run time (the
//! `gamesolver-toy` crate's ring coins, named by no front end) reaches the
//! command line: perft, bestmove and the tablebase commands through the
//! registry the program is given, as `main_with(&registry)` serves it.

use gamesolver_api::Registry;
use gamesolver_cli::{Cli, commands};

/// The built-in games and the toy.
fn registry() -> Registry {
    gamesolver_engines::builtin().with(gamesolver_toy::ring_coins())
}

/// `gamesolver WORDS…` on `registry`, in process: its output, or the error
/// as the program prints it.
fn run(registry: &Registry, words: &[&str]) -> Result<String, String> {
    let mut argv = vec!["gamesolver"];
    argv.extend_from_slice(words);
    let cli = Cli::try_parse_with(registry, argv).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    commands::run(registry, cli.command, &mut out).map_err(|e| format!("{e:#}"))?;
    Ok(String::from_utf8(out).expect("UTF-8"))
}

fn ok(words: &[&str]) -> String {
    run(&registry(), words).unwrap_or_else(|e| panic!("{words:?}: {e}"))
}

#[test]
fn perft_and_bestmove_serve_the_registered_game() {
    // From cell 0 with coins left: forward, back, take.
    let perft = ok(&["perft", "ringcoins", "3 0 x", "1"]);
    assert!(perft.contains("nodes 3"), "{perft}");
    let perft = ok(&["perft", "ringcoins", "3 0 x", "2"]);
    // After a step: two steps each; after the take (cell 3): two steps.
    assert!(perft.contains("nodes 6"), "{perft}");
    let best = ok(&[
        "bestmove",
        "ringcoins",
        "1 0 x",
        "--engine",
        "mcts",
        "--nodes",
        "500",
    ]);
    assert!(best.starts_with("bestmove take\n"), "{best}");
}

#[test]
fn tablebase_build_probe_stats_and_verify_serve_the_registered_game() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    let built = ok(&[
        "tablebase",
        "build",
        "ringcoins",
        "--max-pieces",
        "3",
        "--quiet",
        "--dir",
        dir,
    ]);
    assert!(built.starts_with("plan: 4 tiers"), "{built}");
    assert!(
        built.contains("4 tiers in") && built.contains("4 built"),
        "{built}"
    );
    for name in ["0.gstb", "1.gstb", "2.gstb", "3.gstb"] {
        assert!(temp.path().join(name).is_file(), "{name}");
    }

    let probe = ok(&[
        "tablebase",
        "probe",
        "ringcoins",
        "1 0 x",
        "--dir",
        dir,
        "--json",
    ]);
    let answer: serde_json::Value = serde_json::from_str(&probe).unwrap();
    assert_eq!(answer["value"], "win", "{probe}");
    assert_eq!(answer["distance"], 1, "{probe}");
    assert_eq!(answer["material"], "1", "{probe}");
    assert_eq!(answer["best"], serde_json::json!(["take"]), "{probe}");
    let text = ok(&["tablebase", "probe", "ringcoins", "2 1 o", "--dir", dir]);
    assert!(text.contains("value: draw"), "{text}");
    // A game without a draw rule's five categories reads its value.
    let text = ok(&["tablebase", "probe", "ringcoins", "1 0 x", "--dir", dir]);
    assert!(
        text.contains("value: win in 1 plies") && text.contains("take  win in 1 plies"),
        "{text}"
    );

    let stats = ok(&["tablebase", "stats", "ringcoins", "--dir", dir]);
    // Pile 0: every position lost for the side to move (5 cells each).
    assert!(stats.contains("0/0/5"), "{stats}");
    // The generic self-check: the game's engine (MCTS, which takes a win
    // in one and does not step onto cell 0 for the other side) plays
    // samples out; a draw is played for 400 plies, so few nodes a move.
    let checked = ok(&[
        "tablebase",
        "selfcheck",
        "ringcoins",
        "--dir",
        dir,
        "--sample",
        "12",
        "--pieces",
        "1",
        "--nodes",
        "60",
    ]);
    assert!(
        checked.contains("played 12 1-piece positions") && checked.contains("every game ended"),
        "{checked}"
    );
    let verified = ok(&["tablebase", "verify", "ringcoins", "--dir", dir]);
    assert!(verified.contains("verified 4 materials"), "{verified}");
    assert!(verified.contains("4 WDL files agree"), "{verified}");

    let missing = run(
        &registry(),
        &["tablebase", "probe", "ringcoins", "5 0 x", "--dir", dir],
    )
    .unwrap_err();
    assert!(
        missing.contains("5 is not in the tablebase")
            && missing.contains("tablebase build ringcoins --material 5"),
        "{missing}"
    );
}

#[test]
fn a_game_without_views_gets_the_generic_report_page() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    ok(&[
        "tablebase",
        "build",
        "ringcoins",
        "--max-pieces",
        "1",
        "--quiet",
        "--dir",
        dir,
    ]);
    // No views of its own: the generic page of the per-tier counts.
    let page = temp.path().join("report.html");
    let said = ok(&[
        "tablebase",
        "report",
        "ringcoins",
        "--dir",
        dir,
        "--out",
        page.to_str().unwrap(),
    ]);
    assert!(said.starts_with("wrote "), "{said}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("Ring coins (a toy loopy game) tablebase"),
        "{html}"
    );
    // The built-in registry does not know the game at all.
    let unknown = run(
        &gamesolver_engines::builtin(),
        &["tablebase", "stats", "ringcoins", "--dir", dir],
    )
    .unwrap_err();
    assert!(unknown.contains("ringcoins"), "{unknown}");
}
