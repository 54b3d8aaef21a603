//! The match runner against scripted engines that break the rules: an
//! illegal move and a crash each lose the game.

use gamesolver_cli::commands::match_cmd::{Args, SprtArgs, run_with};
use gamesolver_cli::search_args::RuleArgs;

/// A shell engine that answers the handshake and then `bestmove MOVE`, or
/// exits on `go` when `MOVE` is `crash`.
fn scripted(reply: &str) -> String {
    let on_go = if reply == "crash" {
        "exit 1".to_string()
    } else {
        format!("echo 'bestmove {reply}'")
    };
    format!(
        "while read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; \
         go*) {on_go};; quit) exit 0;; esac; done"
    )
}

fn play(a: &str, b: &str, games: usize) -> String {
    let args = Args {
        game: "uttt".into(),
        engines: vec![scripted(a), scripted(b)],
        games,
        movetime: 10,
        nodes: None,
        depth: None,
        sprt: SprtArgs::default(),
        grace: 2000,
        openings: None,
        seed: 1,
        rules: RuleArgs::default(),
        random_plies: None,
        verbose: true,
        progress: None,
        save_games: None,
    };
    let mut out = Vec::new();
    run_with(&gamesolver_engines::builtin(), &args, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn illegal_moves_and_crashes_lose() {
    let out = play("99", "crash", 2);
    // Game 1: A (illegal) moves first and loses; game 2: B crashes first.
    assert!(
        out.contains("A wins 1, draws 0, losses 1 (2 by forfeit)"),
        "{out}"
    );
    assert!(out.contains("cannot read move"), "{out}");
    assert!(out.contains("stopped answering"), "{out}");
}
