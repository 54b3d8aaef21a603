//! Every numeric argument of the command line fed arbitrary values, in
//! process: the parse (`Cli::try_parse_from`, with the value parsers that
//! apply the library's rules) and the checks the commands make before
//! they start refuse the value with a message, or accept a value in its
//! range; nothing panics. Case counts are small so the suite stays fast.

use clap::Parser;
use gamesolver_api::HASH_MB_RANGE;
use gamesolver_arena::sprt::Sprt;
use gamesolver_cli::Cli;
use gamesolver_cli::commands::Command;
use gamesolver_cli::commands::mdp::MAX_SIMULATED_GAMES;
use gamesolver_cli::commands::tablebase::Action;
use gamesolver_search::MAX_PLY;
use proptest::prelude::*;

/// Each numeric flag, after a command line it belongs to.
const FLAGS: &[(&[&str], &str)] = &[
    (&["bestmove", "uttt", "start"], "depth"),
    (&["bestmove", "uttt", "start"], "nodes"),
    (&["bestmove", "jungle", "start"], "movetime"),
    (&["bench", "uttt"], "depth"),
    (&["selfplay", "uttt"], "games"),
    (&["selfplay", "uttt"], "movetime"),
    (&["selfplay", "jungle"], "random-plies"),
    (&["selfplay", "jungle"], "seed"),
    (&["play", "uttt"], "movetime"),
    (
        &["match", "uttt", "--engine", "a", "--engine", "b"],
        "games",
    ),
    (
        &["match", "uttt", "--engine", "a", "--engine", "b"],
        "movetime",
    ),
    (
        &["match", "uttt", "--engine", "a", "--engine", "b"],
        "nodes",
    ),
    (
        &["match", "uttt", "--engine", "a", "--engine", "b"],
        "depth",
    ),
    (
        &["match", "uttt", "--engine", "a", "--engine", "b"],
        "grace",
    ),
    (
        &["match", "uttt", "--engine", "a", "--engine", "b"],
        "random-plies",
    ),
    (
        &[
            "match", "jungle", "--engine", "a", "--engine", "b", "--sprt",
        ],
        "elo0",
    ),
    (
        &[
            "match", "jungle", "--engine", "a", "--engine", "b", "--sprt",
        ],
        "elo1",
    ),
    (
        &[
            "match", "jungle", "--engine", "a", "--engine", "b", "--sprt",
        ],
        "alpha",
    ),
    (
        &[
            "match", "jungle", "--engine", "a", "--engine", "b", "--sprt",
        ],
        "beta",
    ),
    (&["engine", "uttt"], "hash"),
    (&["engine", "jungle"], "hash"),
    (&["engine", "uttt"], "movetime"),
    (&["engine", "uttt"], "tempo"),
    (&["engine", "jungle"], "advance"),
    (&["mdp", "tictactoe"], "simulate"),
    (&["mdp", "tictactoe"], "episodes"),
    (&["mdp", "tictactoe"], "seed"),
    (&["mdp", "tictactoe"], "gamma"),
    (&["mdp", "tictactoe"], "tolerance"),
    (&["tablebase", "build", "jungle"], "max-pieces"),
    (
        &["tablebase", "build", "jungle", "--max-pieces", "2"],
        "memory-limit",
    ),
    (&["serve"], "port"),
];

/// Numbers of every size and sign, and text that is no number.
fn values() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..5000).prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| x.to_string()),
        "[0-9]{15,40}",
        "-?[0-9]{0,4}[.eE]?[0-9]{0,3}",
        "\\PC{0,12}",
        Just(String::new()),
        Just(" 7 ".to_string()),
        Just("NaN".to_string()),
        Just("inf".to_string()),
    ]
}

/// The checks a parsed command line must pass: numbers in their ranges,
/// and the checks the command makes before it starts refusing or
/// accepting without a panic.
fn in_range(command: &Command) -> Result<(), TestCaseError> {
    let max_ply = MAX_PLY as u32;
    let positive = |x: Option<u64>| x.is_none_or(|n| n >= 1);
    let depth_ok = |d: Option<u32>| d.is_none_or(|d| (1..=max_ply).contains(&d));
    match command {
        Command::Bestmove(a) => {
            prop_assert!(depth_ok(a.limits.depth) && positive(a.limits.nodes));
            prop_assert!(positive(a.limits.movetime));
            prop_assert!(a.limits.search_limits().to_limits().is_ok());
        }
        Command::Bench(a) => prop_assert!(depth_ok(a.depth)),
        Command::Selfplay(a) => prop_assert!(a.movetime >= 1),
        Command::Play(a) => prop_assert!(a.movetime >= 1),
        Command::Match(a) => {
            prop_assert!(a.movetime >= 1 && positive(a.nodes) && depth_ok(a.depth));
            let s = &a.sprt;
            // Refused with a reason, or a test with finite bounds.
            if let Ok(test) = Sprt::new(s.elo0, s.elo1, s.alpha, s.beta) {
                let (lower, upper) = test.bounds();
                prop_assert!(lower.is_finite() && upper.is_finite() && lower < upper);
            }
        }
        Command::Engine(a) => {
            prop_assert!(a.hash.is_none_or(|mb| HASH_MB_RANGE.contains(&mb)) && a.movetime >= 1);
        }
        Command::Mdp(a) => {
            prop_assert!(
                a.simulate
                    .is_none_or(|n| (1..=MAX_SIMULATED_GAMES).contains(&n))
            );
            prop_assert!(a.episodes >= 1);
            prop_assert!(a.tolerance > 0.0 && a.tolerance.is_finite());
            let gamma = a.gamma.float();
            prop_assert!(gamma > 0.0 && gamma <= 1.0);
        }
        Command::Tablebase(a) => {
            if let Action::Build(b) = &a.action {
                prop_assert!(b.max_pieces.is_some() || b.material.is_some());
            }
        }
        _ => {}
    }
    Ok(())
}

/// Parses `prefix --flag=value` (and `--flag value`) and checks the result.
fn parse_and_check(prefix: &[&str], flag: &str, value: &str) -> Result<(), TestCaseError> {
    let joined = format!("--{flag}={value}");
    let spaced = format!("--{flag}");
    let forms = [vec![joined.as_str()], vec![spaced.as_str(), value]];
    for tail in forms {
        let args = std::iter::once("gamesolver")
            .chain(prefix.iter().copied())
            .chain(tail.iter().copied())
            .map(str::to_string)
            .collect::<Vec<_>>();
        match Cli::try_parse_from(&args) {
            Ok(cli) => in_range(&cli.command)?,
            Err(error) => {
                let message = error.to_string();
                prop_assert!(!message.trim().is_empty(), "{args:?}: an empty error");
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn numbers_are_refused_clearly_or_accepted_in_range(
        which in 0..FLAGS.len(),
        value in values(),
    ) {
        let (prefix, flag) = FLAGS[which];
        parse_and_check(prefix, flag, &value)?;
    }
}

#[test]
fn out_of_range_numbers_say_the_range() {
    let refusal = |args: &[&str]| {
        let args = std::iter::once("gamesolver").chain(args.iter().copied());
        Cli::try_parse_from(args).expect_err("refused").to_string()
    };
    let hash = refusal(&["engine", "uttt", "--hash", "0"]);
    assert!(hash.contains("hash must be 1..=4096 MB, not 0"), "{hash}");
    let hash = refusal(&["engine", "jungle", "--hash", "1000000000"]);
    assert!(hash.contains("1..=4096"), "{hash}");
    let depth = refusal(&["bestmove", "uttt", "start", "--depth", "4294967295"]);
    assert!(depth.contains("depth must be 1..="), "{depth}");
    let nodes = refusal(&[
        "match", "uttt", "--engine", "a", "--engine", "b", "--nodes", "0",
    ]);
    assert!(nodes.contains("nodes must be at least 1"), "{nodes}");
    let movetime = refusal(&["selfplay", "uttt", "--movetime", "0"]);
    assert!(movetime.contains("at least 1 ms"), "{movetime}");
    let accepted = Cli::try_parse_from(["gamesolver", "engine", "uttt", "--hash", "4096"]);
    assert!(accepted.is_ok());
}
