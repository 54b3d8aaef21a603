//! `gamesolver puzzles` as a user runs it, for Jungle and dōbutsu alike:
//! every puzzle's answer is checked against `tablebase probe` (the only
//! move that keeps the win, or the only fastest one), the set is the same
//! for the same seed, and its grades and distances are what was asked.
//! Also `tablebase stats --write`/`verify` with the statistics files.

use crate::common;

use std::collections::BTreeSet;

use common::run;
use serde_json::Value;

fn build(game: &str, target: &[&str], dir: &str) {
    let mut args = vec!["tablebase", "build", game];
    args.extend_from_slice(target);
    args.extend_from_slice(&["--quiet", "--dir", dir]);
    run(&args).unwrap();
}

fn puzzles(game: &str, dir: &str, extra: &[&str]) -> Value {
    let mut args = vec!["puzzles", game, "--dir", dir];
    args.extend_from_slice(extra);
    serde_json::from_str(&run(&args).unwrap()).unwrap()
}

/// Checks each puzzle of `set` against the probe of its position.
fn check_against_probes(game: &str, dir: &str, set: &Value) {
    let list = set["puzzles"].as_array().unwrap();
    let mut seen = BTreeSet::new();
    for puzzle in list {
        let position = puzzle["position"].as_str().unwrap();
        assert!(seen.insert(position.to_string()), "{position} twice");
        let probe: Value = serde_json::from_str(
            &run(&["tablebase", "probe", game, position, "--dir", dir, "--json"]).unwrap(),
        )
        .unwrap();
        assert_eq!(probe["value"], "win", "{puzzle}");
        assert_eq!(probe["distance"], puzzle["distance"], "{puzzle}");
        assert_eq!(puzzle["result"], "win");
        let moves = probe["moves"].as_array().unwrap();
        let winning: Vec<&Value> = moves.iter().filter(|m| m["value"] == "win").collect();
        let answer = puzzle["answer"].as_str().unwrap();
        let distance = |m: &Value| m["distance"].as_u64().unwrap();
        let the_answer = winning
            .iter()
            .find(|m| m["move"] == answer)
            .unwrap_or_else(|| panic!("{answer} does not win: {puzzle}"));
        match puzzle["kind"].as_str().unwrap() {
            "only" => assert_eq!(winning.len(), 1, "{puzzle}: {winning:?}"),
            "fastest" => {
                assert!(winning.len() > 1, "{puzzle}");
                for other in winning.iter().filter(|m| m["move"] != answer) {
                    assert!(distance(other) > distance(the_answer), "{puzzle}: {other}");
                }
            }
            kind => panic!("kind {kind}"),
        }
        let d = puzzle["distance"].as_u64().unwrap();
        let grade = match d {
            1..=3 => 1,
            4..=7 => 2,
            8..=15 => 3,
            16..=31 => 4,
            _ => 5,
        };
        assert_eq!(puzzle["grade"], grade, "{puzzle}");
    }
}

#[test]
fn jungle_puzzles_have_one_answer_and_follow_the_seed() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    build("jungle", &["--max-pieces", "2"], dir);
    let set = puzzles("jungle", dir, &["--count", "12", "--seed", "4"]);
    assert_eq!(set["format"], "gamesolver-puzzles");
    assert_eq!(set["version"], 1);
    assert_eq!(set["game"], "jungle");
    assert_eq!(set["seed"], 4);
    assert_eq!(set["puzzles"].as_array().unwrap().len(), 12, "{set}");
    check_against_probes("jungle", dir, &set);
    assert_eq!(
        set,
        puzzles("jungle", dir, &["--count", "12", "--seed", "4"])
    );
    assert_ne!(
        set,
        puzzles("jungle", dir, &["--count", "12", "--seed", "5"])
    );

    let long = puzzles(
        "jungle",
        dir,
        &["--count", "5", "--seed", "1", "--grade", "4"],
    );
    let list = long["puzzles"].as_array().unwrap();
    assert!(!list.is_empty(), "{long}");
    assert!(list.iter().all(|p| p["grade"] == 4), "{long}");
    check_against_probes("jungle", dir, &long);

    let out = temp.path().join("set.json");
    let summary = run(&[
        "puzzles",
        "jungle",
        "--dir",
        dir,
        "--count",
        "12",
        "--seed",
        "4",
        "--out",
        out.to_str().unwrap(),
    ])
    .unwrap();
    assert!(summary.starts_with("wrote 12 of 12 puzzles"), "{summary}");
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written, set);
}

/// Dōbutsu's tables of a part of the material (`LC`: the lions and the
/// chicks) make puzzles through the same capability as Jungle's; each is
/// checked against `tablebase probe`.
#[test]
fn dobutsu_puzzles_from_a_part_of_the_material() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    build("dobutsu", &["--material", "LC"], dir);
    let set = puzzles("dobutsu", dir, &["--count", "3", "--seed", "1"]);
    assert_eq!(set["game"], "dobutsu");
    let list = set["puzzles"].as_array().unwrap();
    assert_eq!(list.len(), 3, "{set}");
    assert!(list.iter().all(|p| p["material"] == "LC"), "{set}");
    check_against_probes("dobutsu", dir, &set);
}

#[test]
fn bad_puzzle_requests_are_refused() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    assert!(
        run(&["puzzles", "uttt", "--dir", dir])
            .unwrap_err()
            .contains("tablebase")
    );
    assert!(run(&["puzzles", "jungle", "--dir", dir, "--count", "0"]).is_err());
    assert!(run(&["puzzles", "jungle", "--dir", dir, "--grade", "6"]).is_err());
    assert!(
        run(&[
            "puzzles",
            "jungle",
            "--dir",
            dir,
            "--grade",
            "2",
            "--min-distance",
            "3"
        ])
        .is_err()
    );
    build("jungle", &["--material", "C-c"], dir);
    let error = run(&[
        "puzzles",
        "jungle",
        "--dir",
        dir,
        "--min-distance",
        "9",
        "--max-distance",
        "3",
    ])
    .unwrap_err();
    assert!(error.contains("--min-distance 9"), "{error}");
}

#[test]
fn statistics_files_are_written_read_and_verified() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    build("jungle", &["--material", "C-c"], dir);
    let stats_file = temp.path().join("C-c.gsst");
    assert!(stats_file.is_file(), "the build writes the statistics");
    let from_file = run(&["tablebase", "stats", "jungle", "--dir", dir, "--json"]).unwrap();
    let verified = run(&["tablebase", "verify", "jungle", "--dir", dir]).unwrap();
    assert!(verified.contains("1 statistics files agree"), "{verified}");

    // Without it the tier is counted: the same numbers.
    std::fs::remove_file(&stats_file).unwrap();
    assert_eq!(
        run(&["tablebase", "stats", "jungle", "--dir", dir, "--json"]).unwrap(),
        from_file
    );
    let verified = run(&["tablebase", "verify", "jungle", "--dir", dir]).unwrap();
    assert!(verified.contains("0 statistics files agree"), "{verified}");
    run(&["tablebase", "stats", "jungle", "--dir", dir, "--write"]).unwrap();
    assert!(stats_file.is_file(), "--write writes it again");

    // A damaged one is counted around, and `verify` fails on it.
    let mut bytes = std::fs::read(&stats_file).unwrap();
    let at = bytes.len() - 10;
    bytes[at] ^= 1;
    std::fs::write(&stats_file, &bytes).unwrap();
    assert_eq!(
        run(&["tablebase", "stats", "jungle", "--dir", dir, "--json"]).unwrap(),
        from_file
    );
    let error = run(&["tablebase", "verify", "jungle", "--dir", dir]).unwrap_err();
    assert!(error.contains("statistics files do not belong"), "{error}");
}
