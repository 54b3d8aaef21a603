//! From evaluations to expected scores, and from expected-score drops to
//! accuracy: the formulas of docs/REVIEW.md (lichess's).

use crate::types::{Category, Verdict};

/// The slope of the logistic that turns an engine's centipawn-like score
/// into an expected score: `1 / (1 + exp(-K·cp))` with lichess's
/// `K = 0.00368208` (100 cp ≈ 0.59, 400 cp ≈ 0.81).
pub const LOGISTIC_SLOPE: f64 = 0.003_682_08;

/// The expected score (0 lost … 1 won) of the side to move whose engine
/// score is `cp`.
#[must_use]
pub fn expected_of_cp(cp: i32) -> f64 {
    1.0 / (1.0 + (-LOGISTIC_SLOPE * f64::from(cp)).exp())
}

/// The expected score of a mate score in `plies` for the side to move
/// (positive: it mates): 1 or 0.
#[must_use]
pub fn expected_of_mate(plies: i32) -> f64 {
    if plies > 0 { 1.0 } else { 0.0 }
}

/// The expected score of an exact value for the side to move: 1, ½, 0;
/// under a no-zeroing rule a cursed win and a blessed loss are draws.
#[must_use]
pub fn expected_of_exact(value: Verdict, category: Option<Category>) -> f64 {
    match (category, value) {
        (Some(Category::CursedWin | Category::BlessedLoss | Category::Draw), _) => 0.5,
        (Some(Category::Win), _) | (None, Verdict::Win) => 1.0,
        (Some(Category::Loss), _) | (None, Verdict::Loss) => 0.0,
        (None, Verdict::Draw) => 0.5,
    }
}

/// A move's accuracy in percent from the drop of the mover's expected
/// score (0…1) it caused: lichess's
/// `103.1668 · exp(-4.354415 · drop) − 3.1669`, within 0…100.
#[must_use]
pub fn move_accuracy(drop: f64) -> f64 {
    let drop = drop.max(0.0);
    (103.166_810_071_164_9 * (-4.354_415_386_753_951 * drop).exp() - 3.166_924_740_191_411)
        .clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curves_have_their_documented_points() {
        assert!((expected_of_cp(0) - 0.5).abs() < 1e-12);
        assert!((expected_of_cp(100) - 0.591_0).abs() < 1e-3);
        assert!((expected_of_cp(-400) - 0.186_6).abs() < 1e-3);
        assert_eq!(expected_of_mate(5), 1.0);
        assert_eq!(expected_of_mate(-2), 0.0);
        assert_eq!(
            expected_of_exact(Verdict::Win, Some(Category::CursedWin)),
            0.5
        );
        assert_eq!(expected_of_exact(Verdict::Loss, None), 0.0);
        assert!((move_accuracy(0.0) - 100.0).abs() < 1e-3);
        assert_eq!(move_accuracy(-0.2), move_accuracy(0.0));
        assert_eq!(move_accuracy(1.0), 0.0);
        assert!(
            (move_accuracy(0.1) - 63.6).abs() < 0.1,
            "{}",
            move_accuracy(0.1)
        );
    }
}
