//! `gamesolver tablebase stats --classes/--heat-map`, `report` and
//! `selfcheck` on small tables (all two-piece materials and lion and rat
//! against an elephant).

use crate::common;

use std::path::Path;

use common::{fails, json, ok};
use serde_json::Value;

/// Builds every two-piece table and LR-e (with what it captures into).
fn build(dir: &Path) -> String {
    let dir = dir.to_str().unwrap().to_string();
    for words in [
        ["--max-pieces", "2"].as_slice(),
        ["--material", "LR-e"].as_slice(),
    ] {
        let mut args = vec!["tablebase", "build", "jungle", "--quiet", "--dir", &dir];
        args.extend_from_slice(words);
        ok(&args);
    }
    dir
}

/// `gamesolver tablebase stats --dir DIR WORDS…`.
fn stats<'a>(dir: &'a str, words: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["tablebase", "stats", "--dir", dir];
    args.extend_from_slice(words);
    args
}

fn material<'a>(rows: &'a Value, name: &str) -> &'a Value {
    rows.as_array()
        .unwrap()
        .iter()
        .find(|r| r["material"] == name)
        .unwrap_or_else(|| panic!("no row {name}"))
}

fn sum(values: &Value) -> u64 {
    values
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum()
}

#[test]
fn stats_classes_heat_map_and_report_agree() {
    let temp = tempfile::tempdir().unwrap();
    let dir = build(temp.path());
    let rows = json(&["tablebase", "stats", "--dir", &dir, "--json"]);
    // The two-piece counts of crates/retro/tests/jungle_tablebase.rs (also
    // the Python tests').
    let e_e = material(&rows, "E-e");
    assert_eq!(
        e_e["bottom_to_move"],
        serde_json::json!({"win": 1317, "draw": 0, "loss": 1035})
    );
    assert_eq!(e_e["longest_win"], 33);
    assert_eq!(
        (e_e["pieces"].as_u64(), e_e["class"].as_str()),
        (Some(2), Some("1-1"))
    );
    let lr_e = material(&rows, "LR-e");
    assert_eq!(lr_e["class"], "2-1");
    for side in ["bottom_to_move", "top_to_move"] {
        for row in [e_e, lr_e] {
            let histogram = &row["win_distances"][side];
            assert_eq!(sum(histogram), row[side]["win"].as_u64().unwrap(), "{side}");
        }
    }

    let classes = json(&["tablebase", "stats", "--dir", &dir, "--classes", "--json"]);
    let two_one = classes["classes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["class"] == "2-1")
        .unwrap();
    assert_eq!(two_one["materials"], 1);
    // LR-e alone: the stronger side wins its wins with it to move and the
    // top side's losses.
    let stronger = &two_one["stronger_side"];
    assert_eq!(
        stronger["win"].as_u64(),
        Some(
            lr_e["bottom_to_move"]["win"].as_u64().unwrap()
                + lr_e["top_to_move"]["loss"].as_u64().unwrap()
        )
    );
    assert_eq!(classes["longest_wins"]["3"]["material"], "LR-e");
    assert_eq!(
        classes["longest_wins"]["3"]["distance"],
        lr_e["longest_win"]
    );
    let text = ok(&["tablebase", "stats", "--dir", &dir, "--classes"]);
    assert!(text.contains("longest 3-piece win:"), "{text}");

    // The heat map of the top elephant in E-e adds up to the material's
    // counts, and E-lr's bottom elephant is LR-e's top elephant turned round.
    let heat = |m: &str, piece: &str| {
        json(&stats(
            &dir,
            &["--heat-map", "--material", m, "--piece", piece, "--json"],
        ))
    };
    let map = heat("E-e", "e");
    let won: u64 = map["bottom_to_move"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["win"].as_u64().unwrap())
        .sum();
    assert_eq!(won, 1317);
    let stored = heat("LR-e", "e");
    let twin = heat("E-lr", "E");
    let square = |map: &Value, side: &str, name: &str| -> Value {
        let found = map[side]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["square"] == name)
            .unwrap();
        serde_json::json!([found["win"], found["draw"], found["loss"]])
    };
    for (name, turned) in [("b2", "f8"), ("d9", "d1"), ("a7", "g3")] {
        assert_eq!(
            square(&stored, "top_to_move", name),
            square(&twin, "bottom_to_move", turned)
        );
    }
    let refused = fails(&stats(
        &dir,
        &["--heat-map", "--material", "LR-e", "--piece", "t"],
    ));
    assert!(refused.contains("LR-e has no top tiger"), "{refused}");

    let page = temp.path().join("report.html");
    let page_arg = page.to_str().unwrap();
    let said = ok(&["tablebase", "report", "--dir", &dir, "--out", page_arg]);
    assert!(said.contains("materials"), "{said}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<svg") && html.contains("Where the top elephant stands: LR-e"));
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("http"));
    assert!(html.contains(lr_e["longest_win_example"].as_str().unwrap()));
    // A directory, a device or a FIFO is never written.
    let refused = fails(&["tablebase", "report", "--dir", &dir, "--out", &dir]);
    assert!(refused.contains(&dir), "{refused}");
    let refused = fails(&["tablebase", "report", "--dir", &dir, "--out", "/dev/null"]);
    assert!(refused.contains("/dev/null"), "{refused}");
}

#[test]
fn selfcheck_plays_sampled_positions_to_the_table_result() {
    let temp = tempfile::tempdir().unwrap();
    let dir = build(temp.path());
    let args = [
        "tablebase",
        "selfcheck",
        "--dir",
        &dir,
        "--sample",
        "60",
        "--seed",
        "7",
    ];
    let said = ok(&args);
    assert!(
        said.contains("played 60 3-piece positions (seed 7)"),
        "{said}"
    );
    assert!(
        said.contains("every game ended as the table says"),
        "{said}"
    );
    assert_eq!(
        ok(&args)
            .lines()
            .next()
            .map(|l| l.split(';').next().map(str::to_string)),
        said.lines()
            .next()
            .map(|l| l.split(';').next().map(str::to_string))
    );
    let two = ok(&[
        "tablebase",
        "selfcheck",
        "--dir",
        &dir,
        "--sample",
        "30",
        "--pieces",
        "2",
    ]);
    assert!(two.contains("played 30 2-piece positions"), "{two}");
    let none = fails(&["tablebase", "selfcheck", "--dir", &dir, "--pieces", "4"]);
    assert!(none.contains("no material of 4 pieces"), "{none}");
}
