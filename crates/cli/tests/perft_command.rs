//! `gamesolver perft`: parsing of its command line, its report and its
//! errors on bad input.

use crate::common;

use common::run;

#[test]
fn counts_from_the_start_by_default() {
    let out = run(&["perft", "jungle", "3"]).unwrap();
    assert!(out.contains("nodes 12240"), "{out}");
    assert!(
        out.contains("leaves/s") || out.contains("too fast"),
        "{out}"
    );
}

#[test]
fn takes_the_position_quoted_or_not() {
    let quoted = run(&["perft", "jungle", "7/7/7/7/L2t3/7/7/7/7 w", "1"]).unwrap();
    assert!(quoted.contains("nodes 3"), "{quoted}");
    let split = run(&["perft", "jungle", "7/7/7/7/L2t3/7/7/7/7", "w", "1"]).unwrap();
    assert!(split.contains("nodes 3"), "{split}");
    let start = run(&["perft", "jungle", "startpos", "2"]).unwrap();
    assert!(start.contains("nodes 576"), "{start}");
}

#[test]
fn divides_by_first_move() {
    let out = run(&["perft", "jungle", "--divide", "7/7/7/7/L2t3/7/7/7/7 w", "2"]).unwrap();
    assert!(out.contains("a5d5 0"), "{out}");
    assert!(
        out.lines().filter(|l| l.starts_with("a5")).count() == 3,
        "{out}"
    );
}

#[test]
fn follows_the_rule_preset() {
    let fen = "7/7/7/7/7/7/7/w6/D6 w";
    assert!(
        run(&["perft", "jungle", fen, "1"])
            .unwrap()
            .contains("nodes 1")
    );
    let preset = run(&["perft", "jungle", "--rules", "dog-over-wolf", fen, "1"]).unwrap();
    assert!(preset.contains("nodes 2"), "{preset}");
    let error = run(&["perft", "jungle", "--rules", "chess", "1"]).unwrap_err();
    assert!(
        error.contains("jungle has no rules \"chess\"") && error.contains("dog-over-wolf"),
        "{error}"
    );
}

#[test]
fn bad_positions_and_depths_say_what_is_wrong() {
    let cases = [
        (
            vec!["l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L", "3"],
            "side to move is missing",
        ),
        (
            vec!["l5t/1d3c1/r1p1w1e/7/6/7/E1W1P1R/1C3D1/T5L w", "3"],
            "rank 5 covers 6",
        ),
        (
            vec!["l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5Z w", "3"],
            "'Z'",
        ),
        (
            vec!["l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5T w", "3"],
            "two tigers",
        ),
        (
            vec!["l5t/1d3c1/r1p1w2/7/7/5e1/E1W1P1R/1C3D1/T5L w", "3"],
            "only rats",
        ),
        (
            vec!["l2c2t/1d5/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "3"],
            "own den",
        ),
        (
            vec!["l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x", "3"],
            "neither w",
        ),
        (vec!["three"], "not a whole number"),
        (vec!["-1"], "unexpected argument"),
        (vec!["1.5"], "not a whole number"),
        (vec!["99"], "too deep"),
    ];
    for (words, expected) in cases {
        let mut args = vec!["perft", "jungle"];
        args.extend(words);
        let error = run(&args).unwrap_err();
        assert!(error.contains(expected), "{args:?}: {error}");
    }
    assert!(run(&["perft", "jungle"]).is_err());
    assert!(run(&["perft", "chess", "3"]).is_err());
}

#[test]
fn unknown_games_and_foreign_presets_are_refused() {
    let error = run(&["perft", "chess", "3"]).unwrap_err();
    assert!(
        error.contains("unknown game \"chess\"") && error.contains("tictactoe, uttt, jungle"),
        "{error}"
    );
    let error = run(&["perft", "uttt", "--rules", "dog-over-wolf", "1"]).unwrap_err();
    assert!(
        error.contains("uttt has no rules \"dog-over-wolf\"") && error.contains("codingame"),
        "{error}"
    );
    let out = run(&["perft", "ttt", "2"]).unwrap();
    assert!(out.contains("nodes 72"), "{out}");
}
