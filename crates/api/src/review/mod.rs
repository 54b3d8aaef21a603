//! Game review: every position of a game evaluated (by the tables'
//! exact value and distance where they know it, by an engine elsewhere),
//! each move classified by the drop of the mover's expected score, the
//! tables' notes where they know both sides of a move, and each side's
//! accuracy. [`review_game`] is a pure function over a [`Judge`]; the
//! formulas are in [`expected`] and [`classify`] (docs/REVIEW.md).
//!
//! ```
//! use gamesolver_api::review::{FacadeJudge, MoveClass, review_game};
//! use gamesolver_api::{EngineSpec, Registry, SearchLimits, text_game};
//! use gamesolver_games::tictactoe::Board;
//!
//! let registry = Registry::new().with(text_game("ttt", "Tic-tac-toe", Board::default()));
//! let game = registry.get("ttt").unwrap();
//! let mut judge = FacadeJudge {
//!     solved: None,
//!     tables: None,
//!     engine: Some(game.engine(&EngineSpec::default()).unwrap()),
//!     limits: SearchLimits { nodes: Some(20_000), ..SearchLimits::default() },
//! };
//! let start = game.start(None).unwrap();
//! // X takes the centre, O answers on an edge: a lost position for O.
//! let moves = ["4".to_string(), "1".to_string()];
//! let review = review_game(start.as_ref(), &moves, &mut judge, &mut |_, _| true).unwrap();
//! assert_eq!(review.positions.len(), 3);
//! assert_eq!(review.moves[0].drop, 0.0); // the centre keeps the draw
//! assert!(review.moves[1].drop > 0.15); // the edge throws the draw away
//! assert_eq!(review.moves[1].class, MoveClass::Blunder);
//! ```

pub mod classify;
pub mod expected;
mod judge;

pub use classify::{ExactNote, MoveClass};
pub use judge::{FacadeJudge, Judge, Judgement};

use gamesolver_core::Player;
use serde::Serialize;

use crate::error::FacadeError;
use crate::state::State;
use crate::types::{Category, Verdict};

/// Where a position's evaluation comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum EvalSource {
    /// The game is over: its outcome.
    Final,
    /// A solved table or tablebase: exact.
    Exact,
    /// The engine's search.
    Engine,
}

/// One position of the game and its evaluation.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PositionEval {
    /// Plies played to reach it (0: the start).
    pub ply: usize,
    /// The position in the game's notation.
    pub position: String,
    /// The side to move, as the game names it.
    pub turn: String,
    /// Where the evaluation comes from.
    pub source: EvalSource,
    /// The engine's score (`cp 35`, `mate -4`), for engine evaluations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    /// The exact value for the side to move (exact and final positions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Verdict>,
    /// Plies to the end under best play (exact positions; 0 at the end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<u32>,
    /// The value under the game's no-zeroing rule, for tables with one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// The search depth, for engine evaluations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The best moves (the engine's one, every one of the tables').
    pub best: Vec<String>,
    /// The side to move's expected score, 0…1 (4 decimals).
    pub expected: f64,
    /// The first player's expected score, 0…1 (4 decimals): the graph.
    pub expected_first: f64,
}

/// One move of the game, judged.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MoveReview {
    /// Its ply, from 1 (it leads from position `ply - 1` to `ply`).
    pub ply: usize,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who played it, as the game names the side.
    pub mover: String,
    /// 0 for the first player, 1 for the second.
    pub side: usize,
    /// Its class.
    pub class: MoveClass,
    /// What the tables say, when they know both positions and the value
    /// changed from a win.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactNote>,
    /// The drop of the mover's expected score (0…1, 4 decimals).
    pub drop: f64,
    /// Its accuracy in percent (1 decimal).
    pub accuracy: f64,
    /// A better move, when it was not a best one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub better: Option<String>,
}

/// One side's summary.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SideSummary {
    /// The side, as the game names it.
    pub side: String,
    /// The mean of its moves' accuracies in percent (1 decimal); None
    /// without a move.
    pub accuracy: Option<f64>,
    /// Its moves per class: best, good, inaccuracy, mistake, blunder.
    pub classes: [usize; 5],
}

/// A whole game reviewed.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameReview {
    /// The game's registry name.
    pub game: String,
    /// Its rules preset.
    pub rules: String,
    /// Every position, from the start to after the last move.
    pub positions: Vec<PositionEval>,
    /// Every move.
    pub moves: Vec<MoveReview>,
    /// The first and the second player's summaries.
    pub sides: [SideSummary; 2],
}

/// Reviews the game of `moves` from `start`: evaluates each of its
/// positions through `judge` (finished ones by their outcome), then
/// classifies the moves. `progress(done, total)` is called after each
/// position; when it answers false the review stops with
/// [`FacadeError::Cancelled`]. An illegal move is an error naming it.
pub fn review_game(
    start: &dyn State,
    moves: &[String],
    judge: &mut dyn Judge,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<GameReview, FacadeError> {
    let mut states = vec![start.clone_box()];
    for mv in moves {
        let mut next = states[states.len() - 1].clone_box();
        if next.is_terminal() {
            return Err(FacadeError::IllegalMove {
                mv: mv.clone(),
                position: next.to_text(),
                reason: "the game is over".to_string(),
                kind: crate::MoveErrorKind::GameOver,
            });
        }
        next.play(mv)?;
        states.push(next);
    }
    let total = states.len();
    let mut positions = Vec::with_capacity(total);
    for (ply, state) in states.iter().enumerate() {
        positions.push(evaluate(ply, state.as_ref(), judge)?);
        if !progress(ply + 1, total) {
            return Err(FacadeError::Cancelled);
        }
    }
    let moves: Vec<MoveReview> = moves
        .iter()
        .enumerate()
        .map(|(index, mv)| judge_move(index, mv, &states, &positions))
        .collect();
    let sides = [Player::First, Player::Second].map(|player| summary(start, player, &moves));
    Ok(GameReview {
        game: start.game().to_string(),
        rules: start.rules().to_string(),
        positions,
        moves,
        sides,
    })
}

/// Position `ply`'s evaluation.
fn evaluate(
    ply: usize,
    state: &dyn State,
    judge: &mut dyn Judge,
) -> Result<PositionEval, FacadeError> {
    let turn = state.turn();
    let mut eval = PositionEval {
        ply,
        position: state.to_text(),
        turn: state.player_name(turn).to_string(),
        source: EvalSource::Final,
        score: None,
        value: None,
        distance: None,
        category: None,
        depth: None,
        best: Vec::new(),
        expected: 0.5,
        expected_first: 0.5,
    };
    let expected = if let Some(outcome) = state.outcome() {
        let value = Verdict::from(outcome.value_for(turn));
        eval.value = Some(value);
        eval.distance = Some(0);
        expected::expected_of_exact(value, None)
    } else {
        match judge.judge(state)? {
            Judgement::Exact {
                value,
                distance,
                category,
                best,
            } => {
                eval.source = EvalSource::Exact;
                eval.value = Some(value);
                eval.distance = Some(distance);
                eval.category = category;
                eval.best = best;
                expected::expected_of_exact(value, category)
            }
            Judgement::Search(report) => {
                eval.source = EvalSource::Engine;
                eval.score = Some(report.score.clone());
                eval.depth = Some(report.depth);
                eval.best = report.bestmove.into_iter().collect();
                match (report.mate_plies, report.score_cp) {
                    (Some(plies), _) => expected::expected_of_mate(plies),
                    (None, Some(cp)) => expected::expected_of_cp(cp),
                    (None, None) => 0.5,
                }
            }
        }
    };
    eval.expected = round(expected, 4);
    eval.expected_first = round(
        if turn == Player::First {
            expected
        } else {
            1.0 - expected
        },
        4,
    );
    Ok(eval)
}

/// Move `index` (from position `index` to `index + 1`), judged.
fn judge_move(
    index: usize,
    mv: &str,
    states: &[Box<dyn State>],
    positions: &[PositionEval],
) -> MoveReview {
    let (before, after) = (&positions[index], &positions[index + 1]);
    let mover = states[index].turn();
    let mover_after = states[index + 1].turn();
    let expected_after = if mover_after == mover {
        after.expected
    } else {
        1.0 - after.expected
    };
    let best = before.best.iter().any(|b| b == mv);
    // A best move drops nothing: what the evaluation of the next position
    // adds is the search's horizon, not the move.
    let drop = if best {
        0.0
    } else {
        (before.expected - expected_after).max(0.0)
    };
    let exact = match (exact_value(before), exact_value(after)) {
        (Some(was), Some(now)) => {
            let now = if mover_after == mover {
                now
            } else {
                opposite(now)
            };
            classify::exact_note(was, now)
        }
        _ => None,
    };
    MoveReview {
        ply: index + 1,
        mv: mv.to_string(),
        mover: states[index].player_name(mover).to_string(),
        side: mover.index(),
        class: classify::classify(drop, best),
        exact,
        drop: round(drop, 4),
        accuracy: round(expected::move_accuracy(drop), 1),
        better: if best {
            None
        } else {
            before.best.first().cloned()
        },
    }
}

/// The exact value under the game's rules of an exact or final position.
fn exact_value(eval: &PositionEval) -> Option<Verdict> {
    if eval.source == EvalSource::Engine {
        return None;
    }
    match eval.category {
        Some(Category::Win) => Some(Verdict::Win),
        Some(Category::Loss) => Some(Verdict::Loss),
        Some(_) => Some(Verdict::Draw),
        None => eval.value,
    }
}

/// The value for the other side.
fn opposite(value: Verdict) -> Verdict {
    match value {
        Verdict::Win => Verdict::Loss,
        Verdict::Draw => Verdict::Draw,
        Verdict::Loss => Verdict::Win,
    }
}

/// `player`'s summary over `moves`.
fn summary(start: &dyn State, player: Player, moves: &[MoveReview]) -> SideSummary {
    let mut classes = [0; 5];
    let mut sum = 0.0;
    let mut count = 0usize;
    for m in moves.iter().filter(|m| m.side == player.index()) {
        classes[m.class as usize] += 1;
        sum += expected::move_accuracy(m.drop);
        count += 1;
    }
    SideSummary {
        side: start.player_name(player).to_string(),
        accuracy: (count > 0).then(|| round(sum / count as f64, 1)),
        classes,
    }
}

/// `x` rounded to `decimals` places.
fn round(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests;
