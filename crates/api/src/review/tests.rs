//! The review over a scripted judge: classes, drops, notes, accuracy.

use std::collections::HashMap;

use gamesolver_games::tictactoe::Board;

use super::*;
use crate::types::SearchReport;
use crate::{Registry, text_game};

/// Answers each position from a script (position text → judgement).
struct Scripted(HashMap<String, Judgement>);

impl Judge for Scripted {
    fn judge(&mut self, state: &dyn State) -> Result<Judgement, FacadeError> {
        self.0.get(&state.to_text()).cloned().ok_or_else(|| {
            FacadeError::bad_position(
                crate::PositionErrorKind::Other,
                state.to_text(),
                "unscripted position",
            )
        })
    }
}

fn search(cp: Option<i32>, mate: Option<i32>, best: &str) -> Judgement {
    Judgement::Search(SearchReport {
        engine: "scripted",
        bestmove: Some(best.to_string()),
        score: String::new(),
        score_cp: cp,
        mate_plies: mate,
        depth: 3,
        nodes: 1,
        nps: 1,
        time_ms: 0.0,
        pv: vec![],
        source: "search",
    })
}

fn exact(value: Verdict, best: &str) -> Judgement {
    Judgement::Exact {
        value,
        distance: 3,
        category: None,
        best: vec![best.to_string()],
    }
}

fn registry() -> Registry {
    Registry::new().with(text_game("ttt", "Tic-tac-toe", Board::default()))
}

/// The positions after each prefix of `moves` (texts), from the start.
fn texts(registry: &Registry, moves: &[&str]) -> Vec<String> {
    let mut state = registry.get("ttt").unwrap().start(None).unwrap();
    let mut out = vec![state.to_text()];
    for mv in moves {
        state.play(mv).unwrap();
        out.push(state.to_text());
    }
    out
}

#[test]
fn moves_are_classified_by_the_drop_of_the_movers_expected_score() {
    let registry = registry();
    let moves = ["4", "1", "0", "8"];
    let p = texts(&registry, &moves);
    let script = HashMap::from([
        (p[0].clone(), search(Some(0), None, "4")),
        // After X's best move, O to move stands at -20 cp.
        (p[1].clone(), search(Some(-20), None, "0")),
        // O played 1 (the engine liked 0): X to move at +300 cp.
        (p[2].clone(), search(Some(300), None, "0")),
        // X played its best move; O is mated.
        (p[3].clone(), search(None, Some(-3), "8")),
        (p[4].clone(), search(None, Some(1), "2")),
    ]);
    let start = registry.get("ttt").unwrap().start(None).unwrap();
    let owned: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let mut calls = Vec::new();
    let review = review_game(
        start.as_ref(),
        &owned,
        &mut Scripted(script),
        &mut |done, total| {
            calls.push((done, total));
            true
        },
    )
    .unwrap();
    assert_eq!(calls.last(), Some(&(5, 5)));
    let e = |cp| round(expected::expected_of_cp(cp), 4);
    assert_eq!(review.positions[1].expected, e(-20));
    assert_eq!(review.positions[1].expected_first, round(1.0 - e(-20), 4));
    assert_eq!(review.moves[0].class, MoveClass::Best);
    // O: from 1 - e(20)... its expected score e(-20) fell to 1 - e(300).
    let o_drop = e(-20) - (1.0 - e(300));
    assert!((review.moves[1].drop - o_drop).abs() < 1e-3);
    assert_eq!(review.moves[1].class, MoveClass::Blunder);
    assert_eq!(review.moves[1].better.as_deref(), Some("0"));
    assert_eq!(review.moves[2].class, MoveClass::Best);
    // O's 8 was its only "best" by the script, but the mate stands.
    assert_eq!(review.moves[3].class, MoveClass::Best);
    assert_eq!(review.sides[0].classes, [2, 0, 0, 0, 0]);
    assert_eq!(review.sides[1].classes[4], 1);
    assert_eq!(review.sides[0].accuracy, Some(100.0));
    let o_accuracy = (expected::move_accuracy(o_drop) + 100.0) / 2.0;
    assert!((review.sides[1].accuracy.unwrap() - o_accuracy).abs() < 0.1);
}

#[test]
fn exact_positions_give_notes_and_finished_games_their_outcome() {
    let registry = registry();
    // X wins along the top row: 0 3 1 4 2.
    let moves = ["0", "3", "1", "4", "2"];
    let p = texts(&registry, &moves);
    let script = HashMap::from([
        (p[0].clone(), exact(Verdict::Draw, "0")),
        (p[1].clone(), exact(Verdict::Draw, "4")),
        // O's 3 throws the draw away: X wins.
        (p[2].clone(), exact(Verdict::Win, "1")),
        (p[3].clone(), exact(Verdict::Loss, "2")),
        // O had a drawn... it is lost either way; then 4 loses at once.
        (p[4].clone(), exact(Verdict::Win, "2")),
    ]);
    let start = registry.get("ttt").unwrap().start(None).unwrap();
    let owned: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let review = review_game(
        start.as_ref(),
        &owned,
        &mut Scripted(script),
        &mut |_, _| true,
    )
    .unwrap();
    assert_eq!(review.positions[5].source, EvalSource::Final);
    assert_eq!(review.positions[5].expected_first, 1.0);
    assert_eq!(review.moves[1].class, MoveClass::Blunder);
    assert_eq!(review.moves[1].drop, 0.5);
    assert_eq!(
        review.moves[1].exact, None,
        "a draw lost is no win thrown away"
    );
    assert_eq!(review.moves[4].class, MoveClass::Best);
    let mut script = HashMap::from([
        (p[0].clone(), exact(Verdict::Draw, "0")),
        (p[1].clone(), exact(Verdict::Draw, "4")),
        (p[2].clone(), exact(Verdict::Win, "1")),
    ]);
    // X, winning, plays 2 instead of 1: say it is now drawn, then lost.
    let mut after = registry.get("ttt").unwrap().parse(&p[2], None).unwrap();
    after.play("8").unwrap();
    script.insert(after.to_text(), exact(Verdict::Draw, "1"));
    let moves = ["0".to_string(), "3".to_string(), "8".to_string()];
    let review = review_game(
        start.as_ref(),
        &moves,
        &mut Scripted(script.clone()),
        &mut |_, _| true,
    )
    .unwrap();
    assert_eq!(review.moves[2].exact, Some(ExactNote::MissedWin));
    assert_eq!(review.moves[2].better.as_deref(), Some("1"));
    script.insert(after.to_text(), exact(Verdict::Win, "1"));
    let review = review_game(
        start.as_ref(),
        &moves,
        &mut Scripted(script),
        &mut |_, _| true,
    )
    .unwrap();
    assert_eq!(review.moves[2].exact, Some(ExactNote::ThrewAwayWin));
    assert_eq!(review.moves[2].class, MoveClass::Blunder);
}

#[test]
fn illegal_moves_and_cancellation_are_errors() {
    let registry = registry();
    let start = registry.get("ttt").unwrap().start(None).unwrap();
    let mut judge = Scripted(HashMap::new());
    let error = review_game(
        start.as_ref(),
        &["9".to_string()],
        &mut judge,
        &mut |_, _| true,
    );
    assert!(matches!(
        error,
        Err(FacadeError::IllegalMove { .. }) | Err(FacadeError::BadPosition(_))
    ));
    let p = texts(&registry, &[]);
    let mut judge = Scripted(HashMap::from([(p[0].clone(), exact(Verdict::Draw, "4"))]));
    let error = review_game(start.as_ref(), &[], &mut judge, &mut |_, _| false);
    assert!(matches!(error, Err(FacadeError::Cancelled)));
}
