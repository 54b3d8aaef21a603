//! `gamesolver tablebase` as a user runs it: build, probe, stats, verify,
//! and clear refusals of bad input.

mod common;

use std::path::Path;

use common::{fails, ok};
use serde_json::Value;

/// Elephant against elephant, bottom to move: won in 33 plies.
const E_E: &str = "7/7/7/7/7/7/1e5/7/E6 w";
/// Lion and rat against an elephant.
const LR_E: &str = "7/7/7/7/7/7/4e2/7/L5R w";

/// `gamesolver tablebase ACTION WORDS… --dir DIR`.
fn tablebase<'a>(action: &'a str, dir: &'a str, words: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["tablebase", action];
    args.extend_from_slice(words);
    args.extend_from_slice(&["--dir", dir]);
    args
}

fn build_two_pieces(dir: &Path) -> &str {
    let dir = dir.to_str().unwrap();
    let report = ok(&tablebase(
        "build",
        dir,
        &["jungle", "--max-pieces", "2", "--quiet"],
    ));
    assert!(report.contains("64 tiers"), "{report}");
    dir
}

#[test]
fn build_probe_stats_verify() {
    let temp = tempfile::tempdir().unwrap();
    let dir = build_two_pieces(temp.path());
    let again = ok(&tablebase(
        "build",
        dir,
        &["jungle", "--max-pieces", "2", "--quiet"],
    ));
    assert!(again.contains("0 built, 64 already there"), "{again}");

    let probe = ok(&tablebase("probe", dir, &["jungle", E_E, "--json"]));
    let answer: Value = serde_json::from_str(&probe).unwrap();
    assert_eq!(answer["value"], "win");
    assert_eq!(answer["distance"], 33);
    assert_eq!(answer["material"], "E-e");
    assert_eq!(answer["main_line"].as_array().unwrap().len(), 33);
    assert_eq!(answer["best"], serde_json::json!(["a1b1", "a1a2"]));

    // The FEN may also come unquoted, as two words.
    let text = ok(&tablebase(
        "probe",
        dir,
        &["jungle", "7/r6/7/7/7/7/7/7/R6", "w"],
    ));
    assert!(text.contains("value: win in 21 plies"), "{text}");

    let stats = ok(&tablebase("stats", dir, &[]));
    assert!(
        stats.contains("L-l") && stats.contains("1403/0/949"),
        "{stats}"
    );
    assert!(stats.contains("1712/742/1206"), "{stats}");

    let verified = ok(&tablebase("verify", dir, &[]));
    assert!(verified.contains("verified 64 materials"), "{verified}");
}

#[test]
fn one_material_builds_what_it_captures_into() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    let report = ok(&tablebase(
        "build",
        dir,
        &["jungle", "--material", "LR-e", "--quiet"],
    ));
    assert!(report.contains("3 tiers"), "{report}");
    let files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    for name in ["LR-e.gstb", "L-e.gstb", "R-e.gstb"] {
        assert!(files.contains(&name.to_string()), "{files:?}");
    }
    ok(&tablebase("probe", dir, &["jungle", LR_E]));
    ok(&tablebase("verify", dir, &[]));
}

#[test]
fn tables_built_for_other_rules_are_refused() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    let preset = ["--rules", "dog-over-wolf"];
    ok(&tablebase(
        "build",
        dir,
        &[
            "jungle",
            "--max-pieces",
            "2",
            "--quiet",
            preset[0],
            preset[1],
        ],
    ));
    let refused = fails(&tablebase("probe", dir, &["jungle", E_E]));
    assert!(
        refused.contains("dog-over-wolf") && refused.contains("standard"),
        "{refused}"
    );
    let same = ok(&tablebase(
        "probe",
        dir,
        &["jungle", E_E, preset[0], preset[1]],
    ));
    assert!(same.contains("value: win in 33 plies"), "{same}");
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let temp = tempfile::tempdir().unwrap();
    let dir = build_two_pieces(temp.path());
    let missing = fails(&tablebase("probe", dir, &["jungle", LR_E]));
    assert!(
        missing.contains("LR-e is not in the tablebase") && missing.contains("--material LR-e"),
        "{missing}"
    );
    let bad_fen = fails(&tablebase("probe", dir, &["jungle", "7/7/7 w"]));
    assert!(bad_fen.contains("9"), "{bad_fen}");
    let bad_spec = fails(&tablebase("build", dir, &["jungle", "--material", "LX-e"]));
    assert!(bad_spec.contains("'X'"), "{bad_spec}");
    let too_many = fails(&tablebase("build", dir, &["jungle", "--max-pieces", "9"]));
    assert!(too_many.contains("--max-pieces"), "{too_many}");
    let nothing = fails(&tablebase("build", dir, &["jungle"]));
    assert!(
        nothing.contains("--max-pieces") || nothing.contains("--material"),
        "{nothing}"
    );

    // A damaged file is named, not trusted.
    let file = Path::new(dir).join("E-e.gstb");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    std::fs::write(&file, bytes).unwrap();
    let damaged = fails(&tablebase("probe", dir, &["jungle", E_E]));
    assert!(
        damaged.contains("E-e.gstb") && damaged.contains("corrupted"),
        "{damaged}"
    );
    let verify = fails(&tablebase("verify", dir, &[]));
    assert!(verify.contains("E-e.gstb"), "{verify}");

    let empty = tempfile::tempdir().unwrap();
    let nowhere = empty.path().join("absent");
    let absent = fails(&tablebase("stats", nowhere.to_str().unwrap(), &[]));
    assert!(absent.contains("absent"), "{absent}");
}
