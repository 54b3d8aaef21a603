//! A move's class from the drop of the mover's expected score, and the
//! exact notes where the tables know both positions.

use serde::Serialize;

use crate::types::Verdict;

/// A move's class, by the drop of the mover's expected score (0…1) from
/// the position before it to the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    /// The move the evaluation named best (or one of the tables' best).
    Best,
    /// Another move, the drop below [`INACCURACY`].
    Good,
    /// A drop of at least [`INACCURACY`].
    Inaccuracy,
    /// A drop of at least [`MISTAKE`].
    Mistake,
    /// A drop of at least [`BLUNDER`].
    Blunder,
}

/// The drop of an inaccuracy (lichess's 0.1 of winning chances on −1…1).
pub const INACCURACY: f64 = 0.05;
/// The drop of a mistake.
pub const MISTAKE: f64 = 0.10;
/// The drop of a blunder.
pub const BLUNDER: f64 = 0.15;

/// What the tables say of a move that changed an exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ExactNote {
    /// From a won position to a lost one.
    ThrewAwayWin,
    /// From a won position to a drawn one.
    MissedWin,
}

/// The class of a move that dropped the mover's expected score by `drop`,
/// `best` when it is a best move.
#[must_use]
pub fn classify(drop: f64, best: bool) -> MoveClass {
    if best {
        MoveClass::Best
    } else if drop >= BLUNDER {
        MoveClass::Blunder
    } else if drop >= MISTAKE {
        MoveClass::Mistake
    } else if drop >= INACCURACY {
        MoveClass::Inaccuracy
    } else {
        MoveClass::Good
    }
}

/// The note of a move from a position of exact value `before` (for the
/// mover) to one of exact value `after` (for the mover), both under the
/// game's rules.
#[must_use]
pub fn exact_note(before: Verdict, after: Verdict) -> Option<ExactNote> {
    match (before, after) {
        (Verdict::Win, Verdict::Loss) => Some(ExactNote::ThrewAwayWin),
        (Verdict::Win, Verdict::Draw) => Some(ExactNote::MissedWin),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_fall_in_their_classes() {
        assert_eq!(classify(0.5, true), MoveClass::Best);
        assert_eq!(classify(0.0, false), MoveClass::Good);
        assert_eq!(classify(0.049, false), MoveClass::Good);
        assert_eq!(classify(0.05, false), MoveClass::Inaccuracy);
        assert_eq!(classify(0.12, false), MoveClass::Mistake);
        assert_eq!(classify(0.5, false), MoveClass::Blunder);
        assert_eq!(
            exact_note(Verdict::Win, Verdict::Loss),
            Some(ExactNote::ThrewAwayWin)
        );
        assert_eq!(
            exact_note(Verdict::Win, Verdict::Draw),
            Some(ExactNote::MissedWin)
        );
        assert_eq!(exact_note(Verdict::Win, Verdict::Win), None);
        assert_eq!(exact_note(Verdict::Draw, Verdict::Loss), None);
    }
}
