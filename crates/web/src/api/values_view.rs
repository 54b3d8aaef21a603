//! Exact values from a solved table or a tablebase: the position's value,
//! every move's value and distance sorted as lichess does, the main line.

use gamesolver_api::{MoveVerdictText, PositionReport, Verdict};
use serde::Serialize;
use utoipa::ToSchema;

/// Win, draw or loss for the side to move (for a move: for its mover).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// A win with best play.
    Win,
    /// A draw with best play.
    Draw,
    /// A loss with best play.
    Loss,
}

impl From<Verdict> for Value {
    fn from(verdict: Verdict) -> Value {
        match verdict {
            Verdict::Win => Value::Win,
            Verdict::Draw => Value::Draw,
            Verdict::Loss => Value::Loss,
        }
    }
}

/// One move's exact value.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct MoveValue {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the side that plays it.
    pub value: Value,
    /// Plies to the end of the game after best play, counting this move.
    pub distance: u32,
}

impl From<MoveVerdictText> for MoveValue {
    fn from(verdict: MoveVerdictText) -> MoveValue {
        MoveValue {
            mv: verdict.mv,
            value: verdict.value.into(),
            distance: verdict.distance,
        }
    }
}

/// A position's exact value, its moves best first and the main line.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct PositionValues {
    /// The position text.
    pub position: String,
    /// Its value for the side to move.
    pub value: Value,
    /// Plies to the end under best play (0 when finished).
    pub distance: u32,
    /// Every move, sorted best first: wins shortest first, then draws, then
    /// losses longest first.
    pub moves: Vec<MoveValue>,
    /// The best moves (all ties).
    pub best: Vec<String>,
    /// Best play to the end of the game (or of the tables).
    pub main_line: Vec<String>,
}

impl From<PositionReport> for PositionValues {
    fn from(report: PositionReport) -> PositionValues {
        PositionValues {
            position: report.position,
            value: report.value.into(),
            distance: report.distance,
            moves: report.moves.into_iter().map(MoveValue::from).collect(),
            best: report.best,
            main_line: report.main_line,
        }
    }
}
