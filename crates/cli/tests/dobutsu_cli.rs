//! Dōbutsu shōgi from the command line, reached through its declaration
//! only: `perft` (the committed counts, docs/DOBUTSU.md), `bestmove` with
//! both engines and with a table directory, `bench`, `play` in the
//! terminal with the hands shown, and the engine protocol.

use crate::common;

use common::{fails_cleanly, piped, run};
use gamesolver_core::Game;
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Position};
use gamesolver_retro::tablebase::{Tablebase, TierStats, build};

#[test]
fn perft_follows_the_presets() {
    let out = run(&["perft", "dobutsu", "4"]).unwrap();
    assert!(out.contains("nodes 976"), "{out}");
    let out = run(&["perft", "animal-shogi", "--rules", "pgx", "4"]).unwrap();
    assert!(out.contains("nodes 398"), "{out}");
    let out = run(&["perft", "dobutsu", "C1l/3/3/1L1", "b", "2G2Ec", "3"]).unwrap();
    assert!(out.contains("nodes 5463"), "{out}");
    let error = run(&["perft", "dobutsu", "--rules", "standard", "2"]).unwrap_err();
    assert!(error.contains("official"), "{error}");
}

/// Whether the `bestmove` line of `out` names a legal move of `position`.
fn legal(position: &str, out: &str) -> bool {
    let position: Position = position.parse().unwrap();
    out.lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|best| best.split_whitespace().next()?.parse().ok())
        .is_some_and(|mv| position.play(mv).is_ok())
}

#[test]
fn bestmove_answers_with_both_engines() {
    for engine in [
        ["--engine", "alphabeta", "--depth", "6"],
        ["--engine", "mcts", "--nodes", "500"],
    ] {
        let mut args = vec!["bestmove", "dobutsu", "start"];
        args.extend(engine);
        let out = run(&args).unwrap();
        assert!(legal("gle/1c1/1C1/ELG b -", &out), "{out}");
    }
    // A lion that can be taken is taken.
    let out = run(&["bestmove", "dobutsu", "g1e/1lc/1G1/E1L b C", "--depth", "3"]).unwrap();
    assert!(
        out.contains("bestmove b2b3") && out.contains("mate 1"),
        "{out}"
    );
}

#[test]
fn a_table_directory_is_opened_checked_and_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let bestmove = [
        "bestmove",
        "dobutsu",
        "start",
        "--depth",
        "2",
        "--tablebase",
        path,
    ];
    let error = fails_cleanly(&bestmove);
    assert!(error.contains("dobutsu tables"), "{error}");
    let tablebase = Tablebase::new(DobutsuTiers::default(), dir.path());
    build(&tablebase, &["LC".parse::<Material>().unwrap()], &()).unwrap();
    // The whole game's positions are not in the tables of lions and
    // chicks: the engine searches them.
    let out = run(&bestmove).unwrap();
    assert!(out.contains("bestmove "), "{out}");
    let error = fails_cleanly(&[
        "bestmove",
        "dobutsu",
        "start",
        "--depth",
        "2",
        "--rules",
        "pgx",
        "--tablebase",
        path,
    ]);
    assert!(error.contains("pgx"), "{error}");
    // The protocol host offers the directory as `TablebasePath`, checks a
    // new one and drops it for rules it does not fit.
    let out = piped(
        &["engine", "dobutsu", "--tablebase", path],
        "uci\nsetoption name Rules value pgx\nsetoption name TablebasePath value /no/such/dir\n\
         position startpos\ngo depth 2\nquit\n",
    );
    assert!(
        out.contains(&format!(
            "option name TablebasePath type string default {path}"
        )),
        "{out}"
    );
    assert!(out.contains("tablebase no longer used"), "{out}");
    assert!(
        out.contains("cannot use the dobutsu tables in /no/such/dir"),
        "{out}"
    );
    assert!(legal("gle/1c1/1C1/ELG b -", &out), "{out}");
    let error = fails_cleanly(&["engine", "dobutsu", "--tablebase", "/no/such/dir"]);
    assert!(error.contains("/no/such/dir"), "{error}");
}

#[test]
fn bench_reports_its_nodes() {
    let out = run(&["bench", "dobutsu", "--depth", "5"]).unwrap();
    assert!(out.contains("depth 5: 8089 nodes"), "{out}");
}

#[test]
fn play_shows_the_board_and_the_hands_and_takes_drops() {
    let text = piped(
        &["play", "dobutsu", "--movetime", "5", "--plain"],
        "b2b3\nzz\nC*a2\nquit\n",
    );
    assert!(text.contains("first player's hand: -"), "{text}");
    assert!(text.contains("first player's hand: C"), "{text}");
    assert!(text.contains("engine plays"), "{text}");
}

#[test]
fn the_engine_protocol_answers_a_legal_move() {
    let out = piped(
        &["engine", "dobutsu"],
        "uci\nisready\nposition startpos moves b2b3\ngo depth 4\nquit\n",
    );
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");
    assert!(legal("gle/1C1/3/ELG w C", &out), "{out}");
}

/// Issue 23 through issue 22's generic capability: `tablebase build`,
/// `probe`, `stats`, `verify` and `wdl` serve dōbutsu with no code of
/// their own (lions and chicks, a build of well under a second); the
/// probe agrees with `retro`'s own probe of the files; the report is the
/// generic page of the per-material counts (dōbutsu has no heat map), and
/// the self-check plays positions of the small material out.
#[test]
fn the_tablebase_commands_serve_dobutsu() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let built = run(&[
        "tablebase",
        "build",
        "dobutsu",
        "--material",
        "LC",
        "--quiet",
        "--dir",
        path,
    ])
    .unwrap();
    assert!(built.starts_with("plan: 1 tiers"), "{built}");
    assert!(built.contains("1 built, 0 reused"), "{built}");
    let again = run(&[
        "tablebase",
        "build",
        "dobutsu",
        "--max-pieces",
        "4",
        "--quiet",
        "--dir",
        path,
    ]);
    assert!(again.is_ok(), "{again:?}");

    // A game position has the whole material, which these tables lack.
    let missing = run(&["tablebase", "probe", "dobutsu", "start", "--dir", path]).unwrap_err();
    assert!(
        missing.contains("LGEC is not in the tablebase")
            && missing.contains("tablebase build dobutsu --material LGEC"),
        "{missing}"
    );

    let stats = run(&["tablebase", "stats", "dobutsu", "--dir", path, "--json"]).unwrap();
    let rows: serde_json::Value = serde_json::from_str(&stats).unwrap();
    let lc = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["material"] == "LC")
        .unwrap();
    assert_eq!(lc["pieces"], 4, "{stats}");
    // The counts are retro's own of the file.
    let tables = Tablebase::new(DobutsuTiers::default(), dir.path());
    let lions_and_chicks: Material = "LC".parse().unwrap();
    let file = tables.open_tier(lions_and_chicks).unwrap().unwrap();
    let counted = TierStats::of_file(tables.layout(), lions_and_chicks, &file).unwrap();
    let first = counted.counts[0];
    assert_eq!(
        lc["bottom_to_move"],
        serde_json::json!({"win": first.win, "draw": first.draw, "loss": first.loss}),
        "{stats}"
    );
    assert!(first.win > 0 && first.loss > 0, "{stats}");
    let verified = run(&["tablebase", "verify", "dobutsu", "--dir", path]).unwrap();
    assert!(
        verified.contains("all ") && verified.contains("agree"),
        "{verified}"
    );

    let page = dir.path().join("report.html");
    let page_arg = page.to_str().unwrap();
    let said = run(&[
        "tablebase",
        "report",
        "dobutsu",
        "--dir",
        path,
        "--out",
        page_arg,
    ])
    .unwrap();
    // The four materials of at most four pieces (L, LG, LE, LC).
    assert!(
        said.starts_with("wrote ") && said.contains("(4 materials"),
        "{said}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let positions: u64 = rows
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| [&r["bottom_to_move"], &r["top_to_move"]])
        .flat_map(|split| ["win", "draw", "loss"].map(|k| split[k].as_u64().unwrap()))
        .sum();
    assert!(
        html.contains("Dōbutsu shōgi (animal shōgi) tablebase"),
        "{html}"
    );
    assert!(
        html.contains(&format!("4 tables; {positions} positions")),
        "{html}"
    );
    assert!(
        html.contains(&format!("<td class=\"num\">{}</td>", first.win)),
        "{html}"
    );
    let longest = counted.longest_win.unwrap().distance;
    assert!(
        html.contains(&format!("<title>won in {longest}: ")),
        "{html}"
    );
    let no_map = run(&[
        "tablebase",
        "report",
        "dobutsu",
        "--dir",
        path,
        "--out",
        page_arg,
        "--piece",
        "L",
    ])
    .unwrap_err();
    assert!(no_map.contains("dobutsu has no heat map"), "{no_map}");

    // Positions of the lions-and-chicks material, played out by the engine
    // reading these tables: each ends as the table says.
    let checked = run(&[
        "tablebase",
        "selfcheck",
        "dobutsu",
        "--dir",
        path,
        "--sample",
        "40",
    ])
    .unwrap();
    assert!(
        checked.contains("played 40 4-piece positions") && checked.contains("every game ended"),
        "{checked}"
    );
    let refused = run(&["tablebase", "build", "uttt", "--max-pieces", "2"]).unwrap_err();
    assert!(refused.contains("uttt has no tablebase"), "{refused}");
}
