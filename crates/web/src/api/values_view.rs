//! Exact values from a solved table or a tablebase: the position's value,
//! every move's value and distance sorted as lichess does, the main line.

use gamesolver_api::{Category, MoveVerdictText, PositionReport, Verdict};
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

/// A value under the game's no-zeroing rule (Jungle: 200 plies without a
/// capture draw the game), from the position's counter: a cursed win is
/// won by the distance to the end but drawn by the rule, a blessed loss
/// the other side of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RuleValue {
    /// Won under the rule.
    Win,
    /// Won by the distance to the end, drawn by the rule.
    CursedWin,
    /// Drawn.
    Draw,
    /// Lost by the distance to the end, drawn by the rule.
    BlessedLoss,
    /// Lost under the rule.
    Loss,
}

impl From<Category> for RuleValue {
    fn from(category: Category) -> RuleValue {
        match category {
            Category::Win => RuleValue::Win,
            Category::CursedWin => RuleValue::CursedWin,
            Category::Draw => RuleValue::Draw,
            Category::BlessedLoss => RuleValue::BlessedLoss,
            Category::Loss => RuleValue::Loss,
        }
    }
}

/// One move's exact value.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct MoveValue {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the side that plays it (under the game's draw rules
    /// for Jungle's tables: a cursed win is a draw).
    pub value: Value,
    /// Plies to the end of the game after best play, counting this move
    /// (ignoring the no-zeroing rule).
    pub distance: u32,
    /// Its value under the no-zeroing rule (Jungle's tables).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<RuleValue>,
    /// Plies to the next zeroing move (capture or end of the game) after
    /// it, counting it (Jungle's tables).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtz: Option<u32>,
}

impl From<MoveVerdictText> for MoveValue {
    fn from(verdict: MoveVerdictText) -> MoveValue {
        MoveValue {
            mv: verdict.mv,
            value: verdict.value.into(),
            distance: verdict.distance,
            category: verdict.category.map(RuleValue::from),
            dtz: verdict.dtz,
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
    /// Its value under the game's no-zeroing rule from its counter
    /// (Jungle's tables: the 200-ply rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<RuleValue>,
    /// Plies to the next zeroing move under best play (Jungle's tables).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtz: Option<u32>,
    /// Plies since the last capture: the FEN's half-move field plus the
    /// moves played since (Jungle's tables).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<u32>,
    /// Why the game is drawn already (`200-ply rule`, `threefold
    /// repetition`), if it is: then no move is listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn_by_rule: Option<String>,
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
            category: report.category.map(RuleValue::from),
            dtz: report.dtz,
            counter: report.counter,
            drawn_by_rule: report.drawn_by_rule,
        }
    }
}
