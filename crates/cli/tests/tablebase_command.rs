//! `gamesolver tablebase` as a user runs it: build, probe, stats, verify,
//! and clear refusals of bad input.

use crate::common;

use std::path::Path;

use common::{fails, ok, piped};
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
    assert!(report.contains("36 tiers"), "{report}");
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
    assert!(again.contains("0 built, 36 reused"), "{again}");

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
    assert!(verified.contains("verified 36 materials"), "{verified}");
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
    for name in ["LR-e.gstb", "E-l.gstb", "E-r.gstb"] {
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
    // Issue 26 finding 3: the engine refuses it too, by name (exit 1),
    // whether it would probe it or not; never "not covered".
    for (engine, position) in [("alphabeta", E_E), ("mcts", E_E), ("alphabeta", "start")] {
        let refused = fails(&[
            "bestmove",
            "jungle",
            position,
            "--depth",
            "1",
            "--engine",
            engine,
            "--tablebase",
            dir,
        ]);
        assert!(
            refused.contains("E-e.gstb")
                && refused.contains("corrupted")
                && !refused.contains("not for the"),
            "{refused}"
        );
    }

    // Issue 26 finding 11: an output that is no directory is named.
    let full = fails(&tablebase("wdl", dir, &["--out", "/dev/full"]));
    assert!(full.contains("/dev/full"), "{full}");

    let empty = tempfile::tempdir().unwrap();
    let nowhere = empty.path().join("absent");
    let absent = fails(&tablebase("stats", nowhere.to_str().unwrap(), &[]));
    assert!(absent.contains("absent"), "{absent}");
}

/// Finding 5: one piece limit, checked up front for `--material` as for
/// `--max-pieces`; the estimate is shown before a build starts, and a build
/// over the memory limit is refused with the estimate and the limit.
#[test]
fn builds_are_checked_against_the_limits_up_front() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tables");
    let dir = dir.to_str().unwrap();
    for spec in ["LRE-etw", "RCDWPTLE-rcdwptle"] {
        let refused = fails(&tablebase("build", dir, &["jungle", "--material", spec]));
        assert!(
            refused.contains("pieces") && refused.contains("up to 5 pieces"),
            "{refused}"
        );
    }
    let refused = fails(&tablebase("build", dir, &["jungle", "--max-pieces", "5"]));
    assert!(refused.contains("--max-pieces takes 2 to 4"), "{refused}");
    // Five pieces are accepted for one material, and checked against the
    // memory limit with the estimate before anything is built.
    let words = [
        "jungle",
        "--material",
        "LTE-er",
        "--memory-limit",
        "1000",
        "--quiet",
    ];
    let refused = fails(&tablebase("build", dir, &words));
    assert!(
        refused.contains("limit of 1000 MiB")
            && refused.contains("largest tier ELT-er with 401888984"),
        "{refused}"
    );
    assert!(!Path::new(dir).exists(), "nothing was built");
    let words = [
        "jungle",
        "--material",
        "LR-e",
        "--memory-limit",
        "0",
        "--quiet",
    ];
    let refused = fails(&tablebase("build", dir, &words));
    assert!(
        refused.contains("limit of 0 MiB") && refused.contains("largest tier LR-e"),
        "{refused}"
    );
    assert!(!Path::new(dir).exists(), "nothing was built");
    let report = ok(&tablebase(
        "build",
        dir,
        &["jungle", "--material", "LR-e", "--quiet"],
    ));
    let plan = report.lines().next().unwrap();
    assert!(
        plan.starts_with("plan: 3 tiers") && plan.contains("memory about"),
        "{report}"
    );
}

/// Findings 11 and 12: every file in the directory is used or reported;
/// stats and verify fail if one cannot be used, and on an empty or missing
/// directory.
#[test]
fn stats_and_verify_report_every_unusable_file() {
    let temp = tempfile::tempdir().unwrap();
    let dir = build_two_pieces(temp.path());
    let path = |name: &str| Path::new(dir).join(name);
    std::os::unix::fs::symlink(path("nowhere"), path("LR-e.gstb")).unwrap();
    std::fs::copy(path("E-r.gstb"), path("e-R.gstb")).unwrap();
    std::fs::write(path("E-l.gstb"), b"junk bytes, not a table").unwrap();
    std::fs::create_dir(path("ER-e.gstb")).unwrap();
    std::fs::write(path("README.txt"), b"notes").unwrap();
    for action in ["stats", "verify"] {
        let output = common::gamesolver(&tablebase(action, dir, &[]));
        assert_eq!(output.status.code(), Some(1), "{action}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains(".gsdtz") && !stderr.contains(".gswdl"),
            "{action}: the tiers' companion files are no strangers: {stderr}"
        );
        for expected in [
            "LR-e.gstb: is a symbolic link",
            "e-R.gstb: misnamed",
            "E-r.gstb",
            "E-l.gstb is not a gamesolver tablebase file",
            "ER-e.gstb: is a directory",
            "README.txt is not a tablebase file; ignored",
        ] {
            assert!(stderr.contains(expected), "{action}: {expected}: {stderr}");
        }
    }
    let stats =
        String::from_utf8(common::gamesolver(&tablebase("stats", dir, &[])).stdout).unwrap();
    assert!(
        stats.contains("L-l"),
        "the usable files are still shown: {stats}"
    );

    let empty = tempfile::tempdir().unwrap();
    let empty_dir = empty.path().to_str().unwrap();
    let missing = empty.path().join("absent");
    for action in ["stats", "verify"] {
        let refused = fails(&tablebase(action, empty_dir, &[]));
        assert!(refused.contains("holds no tablebase file"), "{refused}");
        let refused = fails(&tablebase(action, missing.to_str().unwrap(), &[]));
        assert!(refused.contains("absent does not exist"), "{refused}");
    }
}

/// Finding 15: a second build in a directory another one holds is refused
/// with a clear message.
#[test]
fn a_second_build_in_the_same_directory_is_refused() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    let held = gamesolver_retro::binfile::DirectoryLock::acquire(temp.path()).unwrap();
    let refused = fails(&tablebase(
        "build",
        dir,
        &["jungle", "--max-pieces", "2", "--quiet"],
    ));
    assert!(refused.contains("another build is running"), "{refused}");
    drop(held);
    build_two_pieces(temp.path());
}

/// Finding 18: a missing directory, a tier file that is a directory or a
/// FIFO are named as such; a truncated file is rebuilt, and the build says
/// it replaced it.
#[test]
fn missing_directories_special_files_and_truncated_files() {
    let temp = tempfile::tempdir().unwrap();
    let missing = temp.path().join("absent");
    let refused = fails(&tablebase(
        "probe",
        missing.to_str().unwrap(),
        &["jungle", E_E],
    ));
    assert!(refused.contains("absent does not exist"), "{refused}");

    let dir = build_two_pieces(temp.path());
    let file = Path::new(dir).join("E-e.gstb");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    let rebuilt = ok(&tablebase(
        "build",
        dir,
        &["jungle", "--max-pieces", "2", "--quiet"],
    ));
    assert!(
        rebuilt.contains("replaced a damaged file") && rebuilt.contains("E-e.gstb"),
        "{rebuilt}"
    );
    assert!(rebuilt.contains("1 built, 35 reused"), "{rebuilt}");
    ok(&tablebase("probe", dir, &["jungle", E_E]));

    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir(&file).unwrap();
    let refused = fails(&tablebase("probe", dir, &["jungle", E_E]));
    assert!(refused.contains("E-e.gstb is a directory"), "{refused}");
    std::fs::remove_dir(&file).unwrap();
    common::fifo(Path::new(dir), "E-e.gstb");
    let refused = common::fails_without_hanging(&tablebase("probe", dir, &["jungle", E_E]));
    assert!(refused.contains("named pipe"), "{refused}");
}

/// Issue 13 item 3: the build writes a WDL file beside each distance file,
/// `verify` checks them, `wdl` derives them (here into another directory)
/// and measures them, and a damaged WDL file fails `verify` by name.
#[test]
fn wdl_files_are_built_verified_derived_and_checked() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_str().unwrap();
    ok(&tablebase(
        "build",
        dir,
        &["jungle", "--material", "LR-e", "--quiet"],
    ));
    for name in ["LR-e.gswdl", "E-l.gswdl", "E-r.gswdl"] {
        assert!(temp.path().join(name).is_file(), "{name} missing");
    }
    let verified = ok(&tablebase("verify", dir, &[]));
    assert!(verified.contains("3 WDL files agree"), "{verified}");
    let out = tempfile::tempdir().unwrap();
    let out_dir = out.path().to_str().unwrap();
    let derived = ok(&tablebase("wdl", dir, &["--out", out_dir]));
    assert!(
        derived.contains("LR-e: ") && derived.contains("bits/position"),
        "{derived}"
    );
    assert!(derived.contains("3 pieces: 1 files"), "{derived}");
    // `wdl` compresses harder than the build: never a larger file.
    let derived = std::fs::read(out.path().join("LR-e.gswdl")).unwrap();
    let file = temp.path().join("LR-e.gswdl");
    let mut bytes = std::fs::read(&file).unwrap();
    assert!(
        derived.len() <= bytes.len(),
        "{} > {}",
        derived.len(),
        bytes.len()
    );
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    std::fs::write(&file, bytes).unwrap();
    let verify = fails(&tablebase("verify", dir, &[]));
    assert!(
        verify.contains("LR-e.gswdl") && verify.contains("corrupted"),
        "{verify}"
    );
    // The distance files were all right: the failing run still says so.
    let output = common::gamesolver(&tablebase("verify", dir, &[]));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("stored positions agree with their children"),
        "{stdout}"
    );
}

/// The positions of `data/jungle-rule-cases.json`: per rule (plies), the
/// cases every front end answers alike.
fn rule_cases() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/jungle-rule-cases.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Issue 26: cursed wins, blessed losses and draws by rule, under the
/// game's 200-ply rule and under tables built with `--quiet-ply-limit 20`
/// (where two pieces hold them from a counter of 0), as `tablebase probe`,
/// `bestmove` and the engine protocol give them: the same verdicts as the
/// shared table, the engine's score a draw for a cursed win or blessed
/// loss and its move one of the probe's best.
#[test]
fn the_command_line_agrees_on_cursed_wins_and_blessed_losses() {
    let cases = rule_cases();
    let temp = tempfile::tempdir().unwrap();
    for directory in cases["directories"].as_array().unwrap() {
        let plies = directory["rule_plies"].to_string();
        let dir = temp.path().join(&plies);
        let dir = dir.to_str().unwrap();
        let mut build = vec!["jungle", "--material", "C-c", "--quiet"];
        if plies != "200" {
            build.extend_from_slice(&["--quiet-ply-limit", &plies]);
        }
        ok(&tablebase("build", dir, &build));
        for case in directory["cases"].as_array().unwrap() {
            let fen = case["fen"].as_str().unwrap();
            let probe: Value =
                serde_json::from_str(&ok(&tablebase("probe", dir, &["jungle", fen, "--json"])))
                    .unwrap();
            for field in ["category", "value", "distance"] {
                assert_eq!(probe[field], case[field], "{plies} {fen}: {probe}");
            }
            assert_eq!(
                probe.get("drawn_by_rule").unwrap_or(&Value::Null),
                &case["drawn_by_rule"],
                "{plies} {fen}"
            );
            let text = ok(&tablebase("probe", dir, &["jungle", fen]));
            if case["category"] == "cursed-win" || case["category"] == "blessed-loss" {
                assert!(
                    text.contains(&format!("a draw by the {plies}-ply rule")),
                    "{text}"
                );
            }
            let bestmove = ["bestmove", "jungle", fen, "--tablebase", dir, "--json"];
            let Some(score) = case["score"].as_str() else {
                assert!(fails(&bestmove).contains("over"), "{plies} {fen}");
                continue;
            };
            let best = probe["best"].as_array().unwrap();
            let answer: Value = serde_json::from_str(&ok(&bestmove)).unwrap();
            assert_eq!(answer["score"], score, "{plies} {fen}: {answer}");
            assert_eq!(answer["source"], "tablebase", "{plies} {fen}: {answer}");
            if !best.is_empty() {
                assert!(
                    best.contains(&answer["bestmove"]),
                    "{plies} {fen}: {answer}"
                );
            }
            let protocol = piped(
                &["engine", "jungle", "--tablebase", dir],
                &format!("position fen {fen}\ngo depth 2\nquit\n"),
            );
            assert!(
                protocol.contains(&format!("score {} ", in_moves(score))),
                "{plies} {fen}: {protocol}"
            );
            let played = protocol
                .lines()
                .find_map(|l| l.strip_prefix("bestmove "))
                .unwrap();
            assert_eq!(played, answer["bestmove"], "{plies} {fen}: {protocol}");
        }
    }
}

/// A score in plies (`mate -18`) as the engine protocol gives it, in
/// moves (`mate -9`).
fn in_moves(score: &str) -> String {
    match score.strip_prefix("mate ") {
        Some(plies) => {
            let plies: i32 = plies.parse().unwrap();
            format!("mate {}", plies.signum() * (plies.abs() + 1) / 2)
        }
        None => score.to_string(),
    }
}
