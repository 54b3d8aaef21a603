//! `gamesolver match --sprt` stops once the sequential test decides, and
//! prints the log-likelihood ratio with its bounds.

use gamesolver_cli::commands::match_cmd::{Args, SprtArgs, run_with};
use gamesolver_cli::search_args::RuleArgs;

/// A shell engine that answers the handshake and then `bestmove MOVE`.
fn scripted(reply: &str) -> String {
    format!(
        "while read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; \
         go*) echo 'bestmove {reply}';; quit) exit 0;; esac; done"
    )
}

fn args(a: &str, b: &str, games: usize, sprt: SprtArgs) -> Args {
    Args {
        game: "uttt".into(),
        engines: vec![a.to_string(), b.to_string()],
        games,
        movetime: 10,
        nodes: Some(200),
        depth: None,
        sprt,
        grace: 2000,
        openings: None,
        seed: 1,
        rules: RuleArgs::default(),
        random_plies: None,
        verbose: false,
        progress: None,
        save_games: None,
    }
}

fn play(a: &str, b: &str, games: usize, sprt: SprtArgs) -> String {
    let mut out = Vec::new();
    run_with(
        &gamesolver_engines::builtin(),
        &args(a, b, games, sprt),
        &mut out,
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

fn sprt(elo0: f64, elo1: f64) -> SprtArgs {
    SprtArgs {
        sprt: true,
        elo0,
        elo1,
        ..SprtArgs::default()
    }
}

#[test]
fn a_one_sided_match_stops_early_at_the_upper_bound() {
    let engine = format!("{} engine uttt", env!("CARGO_BIN_EXE_gamesolver"));
    // B plays an illegal move whenever asked: A wins every game.
    let out = play(&engine, &scripted("99"), 40, sprt(0.0, 50.0));
    assert!(out.contains("200 nodes/move"), "{out}");
    let line = out.lines().find(|l| l.starts_with("SPRT")).expect(&out);
    // All wins: LLR 0.31, 1.10, 2.30, then 3.92 > 2.94 after 8 games.
    assert!(line.contains("H1 accepted after 8 games"), "{line}");
    assert!(line.contains("[-2.94, 2.94]"), "{line}");
}

#[test]
fn the_opposite_result_accepts_h0_and_no_sprt_plays_every_game() {
    let engine = format!("{} engine uttt", env!("CARGO_BIN_EXE_gamesolver"));
    let out = play(&scripted("99"), &engine, 40, sprt(0.0, 50.0));
    assert!(out.contains("H0 accepted after 8 games"), "{out}");
    let out = play(&scripted("99"), &engine, 4, SprtArgs::default());
    assert!(out.contains("4 games at 200 nodes/move"), "{out}");
    assert!(!out.contains("SPRT"), "{out}");
}

#[test]
fn progress_lines_give_the_running_score_and_llr() {
    let engine = format!("{} engine uttt", env!("CARGO_BIN_EXE_gamesolver"));
    let mut out = Vec::new();
    let args = Args {
        progress: Some(2),
        ..args(&engine, &scripted("99"), 40, sprt(0.0, 50.0))
    };
    run_with(&gamesolver_engines::builtin(), &args, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("after ")).collect();
    // All wins; the test stops after 8 games: four progress lines.
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with("after 2 games: A wins 2, draws 0, losses 0, score 100.0%"),
        "{out}"
    );
    assert!(
        lines[3].contains("after 8 games: A wins 8") && lines[3].ends_with("LLR 3.92"),
        "{out}"
    );
}

#[test]
fn bad_sprt_settings_are_refused() {
    let engine = scripted("99");
    let refusal = |sprt: SprtArgs| {
        let err = run_with(
            &gamesolver_engines::builtin(),
            &args(&engine, &engine, 2, sprt),
            &mut Vec::new(),
        )
        .unwrap_err();
        format!("{err:#}")
    };
    assert!(refusal(sprt(10.0, 0.0)).contains("elo0 < elo1"));
    let wild = SprtArgs {
        alpha: 0.9,
        ..sprt(0.0, 10.0)
    };
    assert!(refusal(wild).contains("alpha"));
}
