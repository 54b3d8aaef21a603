//! The Jungle engine through its public faces: the protocol, `bestmove`,
//! `selfplay` and `bench`, and the repetition rule inside the search.

use std::io::BufRead;

use gamesolver_api::EngineKind;
use gamesolver_api::protocol::uci::serve;
use gamesolver_cli::commands::{bench, bestmove, selfplay};
use gamesolver_cli::search_args::{LimitArgs, RuleArgs};
use gamesolver_core::Game;
use gamesolver_engines::jungle::engine::{JungleEngine, JungleOptions};
use gamesolver_engines::jungle::host::JungleHost;
use gamesolver_games::jungle::{JungleGame, Position};
use gamesolver_search::{Engine, Limits, Score};

fn talk(input: &str) -> String {
    let mut out = Vec::new();
    let reader: Box<dyn BufRead + Send> =
        Box::new(std::io::Cursor::new(input.to_string().into_bytes()));
    serve(JungleHost::default(), reader, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn errors(out: &str) -> usize {
    out.lines()
        .filter(|l| l.starts_with("info string error"))
        .count()
}

#[test]
fn protocol_handshake_and_moves() {
    let out = talk("uci\nisready\nposition startpos moves g3g4 a7a6\ngo depth 4\nquit\n");
    assert!(out.contains("id name gamesolver jungle"), "{out}");
    assert!(out.contains("option name TablebasePath"), "{out}");
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");
    assert_eq!(errors(&out), 0, "{out}");
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    let after: Position = "l5t/1d3c1/2p1w1e/r6/7/6R/E1W1P2/1C3D1/T5L w"
        .parse()
        .unwrap();
    assert!(after.play(best.parse().unwrap()).is_ok(), "{best}");
}

#[test]
fn tuning_options_and_long_fens_go_through_the_protocol() {
    let out = talk(
        "uci\n\
         setoption name NullMove value false\n\
         setoption name Advance value 50\n\
         setoption name Advance value 5000\n\
         setoption name Quiescence value maybe\n\
         position fen 7/7/7/7/7/7/7/r6/R5l w - - 199 80\n\
         go depth 2\n\
         position fen 7/7/7/7/7/7/7/r6/R5l w - - x 80\n\
         quit\n",
    );
    assert!(
        out.contains("option name MaterialOnly type check default false"),
        "{out}"
    );
    assert!(
        out.contains("option name Advance type spin default 100 min 0 max 1000"),
        "{out}"
    );
    // Advance 5000, Quiescence maybe, the bad half-move field.
    assert_eq!(errors(&out), 3, "{out}");
    assert!(out.contains("half-move field"), "{out}");
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
}

#[test]
fn protocol_refuses_bad_lines_and_carries_on() {
    let out = talk(
        "position startpos moves g3g5\n\
         position startpos moves a7a6\n\
         position fen l5t/1d3c1 w\n\
         position fen 7/7/7/7/7/7/7/7/7 w\n\
         position startpos moves zz\n\
         setoption name Rules value chess\n\
         setoption name TablebasePath value /nonexistent/tables\n\
         go movetime soon\n\
         frobnicate\n\
         \u{0}\u{ff}\n\
         position fen 7/3L3/7/7/7/7/7/7/r6 w\n\
         go depth 3\n",
    );
    assert_eq!(errors(&out), 10, "{out}");
    assert!(out.contains("bestmove d8d9"), "{out}");
}

#[test]
fn a_finished_game_is_not_searched() {
    let out = talk("position fen 3L3/7/7/7/7/7/7/7/r6 b\ngo depth 2\nisready\n");
    assert_eq!(errors(&out), 1, "{out}");
    assert!(out.contains("readyok"));
}

fn best(fen: &str, depth: u32) -> (String, String) {
    let args = bestmove::Args {
        game: "jungle".to_string(),
        position: vec![fen.to_string()],
        limits: LimitArgs {
            depth: Some(depth),
            ..LimitArgs::default()
        },
        engine: EngineKind::Alphabeta,
        rules: RuleArgs::default(),
        tablebase: None,
        json: true,
    };
    let mut out = Vec::new();
    bestmove::run_with(&gamesolver_engines::builtin(), &args, &mut out).unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&out).unwrap();
    (
        answer["bestmove"].as_str().unwrap().to_string(),
        answer["score"].as_str().unwrap().to_string(),
    )
}

#[test]
fn bestmove_enters_the_den_in_one() {
    // The bottom leopard on d8 steps into the den; capturing would not win.
    let fen = "l6/1d1P1c1/r1p1w2/7/7/e6/E1W3R/1C3D1/T5L w";
    assert_eq!(best(fen, 6), ("d8d9".into(), "mate 1".into()));
}

#[test]
fn bestmove_finds_forced_captures() {
    // Taking the last top piece wins at once.
    assert_eq!(
        best("7/7/7/7/7/7/7/c6/L6 w", 4),
        ("a1a2".into(), "mate 1".into())
    );
    // The top elephant on the bottom's trap d2 threatens the den: only
    // the cat's capture saves the game, and it wins the elephant.
    let (mv, score) = best("l6/7/7/7/7/7/3C3/3e3/6L w", 5);
    assert_eq!(mv, "d3d2", "{score}");
}

#[test]
fn a_repeated_position_scores_as_a_draw() {
    // A lone bottom rat against an elephant and a lion: lost, unless the
    // rat can repeat a position the game has seen.
    let start: Position = "el5/7/7/7/7/7/7/7/R6 w".parse().unwrap();
    let mut game = JungleGame::new(start);
    let mut engine = JungleEngine::new(&JungleOptions::default());
    let fresh = engine.think(&game, &Limits::depth(4), &mut |_| {});
    assert!(fresh.score < Score::eval(-500), "{}", fresh.score);
    for mv in ["a1a2", "b9b8", "a2a1", "b8b9"] {
        game = game.play(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(game.occurrences(), 2);
    let info = engine.think(&game, &Limits::depth(4), &mut |_| {});
    assert_eq!(info.score, Score::DRAW);
    assert_eq!(info.best_move(), Some("a1a2".parse().unwrap()));
}

#[test]
fn selfplay_games_end_by_the_rules() {
    let args = selfplay::Args {
        game: "jungle".into(),
        games: 2,
        movetime: 2,
        engine: EngineKind::Alphabeta,
        random_plies: 4,
        seed: 7,
        rules: RuleArgs::default(),
        tablebase: None,
        options: Vec::new(),
    };
    let mut out = Vec::new();
    selfplay::run_with(&gamesolver_engines::builtin(), &args, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let reasons = [
        "den entered",
        "all pieces captured",
        "no legal move",
        "threefold repetition",
        "200 plies without capture",
    ];
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game")).collect();
    assert_eq!(games.len(), 2, "{text}");
    for line in games {
        assert!(reasons.iter().any(|r| line.contains(r)), "{line}");
    }
}

#[test]
fn bench_node_counts_are_deterministic() {
    let run = || {
        let mut out = Vec::new();
        let args = bench::Args {
            game: "jungle".into(),
            depth: Some(5),
        };
        bench::run_with(&gamesolver_engines::builtin(), &args, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let last = text.lines().last().unwrap().to_string();
        last.split(',').next().unwrap().to_string()
    };
    let first = run();
    assert!(first.starts_with("depth 5: "), "{first}");
    assert_eq!(first, run());
}

#[test]
fn the_no_capture_rule_scores_as_a_draw_in_the_search() {
    use gamesolver_engines::jungle::eval::JungleEval;
    use gamesolver_search::{AlphaBeta, SearchConfig};
    let position: Position = "el5/7/7/7/7/7/7/7/R6 w".parse().unwrap();
    let config = SearchConfig {
        reversible_draw_plies: Some(200),
        ..SearchConfig::default()
    };
    let mut search = AlphaBeta::new(JungleEval::default(), 1).with_config(config);
    let lost = search.search(&position, &Limits::depth(3), |_| {});
    assert!(lost.score < Score::eval(-500), "{}", lost.score);
    // 199 quiet plies before the root (stand-in keys): every quiet move now
    // completes 200 plies without a capture.
    let keys: Vec<u64> = (1..=199).collect();
    search.set_game_history(&keys);
    let drawn = search.search(&position, &Limits::depth(3), |_| {});
    assert_eq!(drawn.score, Score::DRAW);
}
