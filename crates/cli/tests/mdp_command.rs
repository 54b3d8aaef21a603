//! `gamesolver mdp` as a user runs it.

use crate::common;

use common::{gamesolver, ok as stdout_of};

#[test]
fn policy_iteration_prints_the_reference_trace() {
    let out = stdout_of(&["mdp", "tictactoe", "--exact"]);
    assert!(out.contains("2423 states"), "{out}");
    for (value, changed) in [
        ("(29/48)", "1241"),
        ("(121/128)", "345"),
        ("(191/192)", "7"),
    ] {
        let line = out
            .lines()
            .find(|l| l.contains(value) && l.trim_end().ends_with(changed))
            .unwrap_or_else(|| panic!("no round with {value} and {changed} changes:\n{out}"));
        assert!(line.split_whitespace().count() >= 5);
    }
    assert!(out.contains("optimum V*(start) = 0.994792 (191/192)"));
    assert!(out.contains("cell 0  0.994792 (191/192)"));
    assert!(out.contains("cell 4  0.989583 (95/96)"));
    assert!(out.contains("cell 1  0.986979 (379/384)"));
}

#[test]
fn value_iteration_and_q_learning_reach_the_optimum() {
    let out = stdout_of(&["mdp", "tictactoe", "--method", "value-iteration"]);
    assert!(out.contains("optimum V*(start) = 0.994792"), "{out}");
    let out = stdout_of(&[
        "mdp",
        "tictactoe",
        "--method",
        "q-learning",
        "--episodes",
        "300000",
        "--seed",
        "7",
        "--exact",
    ]);
    assert!(out.contains("greedy policy's value"), "{out}");
    assert!(out.contains("learned Q"));
    assert!(
        out.contains("value of the learned greedy policy 0.99"),
        "{out}"
    );
    assert!(out.contains("optimum V*(start) = 0.994792 (191/192)"));
}

#[test]
fn playing_o_shows_every_opening() {
    let out = stdout_of(&["mdp", "tictactoe", "--as", "o", "--exact"]);
    assert!(
        out.contains("optimum V*(start) = 0.924868 (874/945)"),
        "{out}"
    );
    assert!(out.contains("after ....X.... (probability 1/9): best 0 2 6 8 = 0.742857 (26/35)"));
    assert_eq!(out.matches("after ").count(), 9);
}

#[test]
fn simulation_reports_counts_intervals_and_exact_probabilities() {
    let out = stdout_of(&[
        "mdp",
        "tictactoe",
        "--simulate",
        "20000",
        "--seed",
        "3",
        "--exact",
    ]);
    let loss = out
        .lines()
        .find(|l| l.trim_start().starts_with("loss"))
        .expect("a loss row");
    assert_eq!(loss.split_whitespace().nth(1), Some("0"), "{out}");
    assert!(out.contains("1/192") && out.contains("191/192"));
}

#[test]
fn json_output_and_the_minimax_opponent() {
    let out = stdout_of(&[
        "mdp",
        "tictactoe",
        "--opponent",
        "minimax",
        "--as",
        "o",
        "--exact",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(json["model"]["agent"], "O");
    assert_eq!(json["model"]["opponent"], "minimax");
    assert_eq!(json["optimum"]["exact"], "0");
    assert_eq!(json["method"], "policy-iteration");
    assert!(
        json["first_moves"]
            .as_array()
            .is_some_and(|d| !d.is_empty())
    );
}

#[test]
fn plot_writes_an_svg_chart() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("curve.svg");
    let path_text = path.to_str().expect("UTF-8 path");
    stdout_of(&[
        "mdp",
        "tictactoe",
        "--method",
        "value-iteration",
        "--order",
        "forward",
        "--plot",
        path_text,
    ]);
    let svg = std::fs::read_to_string(&path).expect("the plot exists");
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"));
}

#[test]
fn bad_arguments_get_a_clear_error() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["--method", "sarsa"],
            "invalid value 'sarsa' for '--method",
        ),
        (
            &["--opponent", "perfect"],
            "invalid value 'perfect' for '--opponent",
        ),
        (&["--episodes", "0"], "must be at least 1"),
        (&["--episodes", "-5"], "must be at least 1"),
        (&["--gamma", "0"], "0 < γ ≤ 1"),
        (&["--gamma", "1.5"], "0 < γ ≤ 1"),
        (&["--gamma", "-0.2"], "0 < γ ≤ 1"),
        (&["--gamma", "x"], "not a decimal number"),
    ];
    for (extra, message) in cases {
        let mut args = vec!["mdp", "tictactoe"];
        args.extend_from_slice(extra);
        let output = gamesolver(&args);
        assert!(!output.status.success(), "{args:?} succeeded");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
