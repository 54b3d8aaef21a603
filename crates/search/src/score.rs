//! Search scores: heuristic evaluations and exact game ends on one scale.

use std::fmt;
use std::ops::Neg;

use gamesolver_core::{Solution, Wdl};

/// A position's worth to the side to move, as seen by a search.
///
/// Heuristic evaluations lie strictly inside ±[`Score::MAX_EVAL`]; game ends
/// are [`Score::win_in`]/[`Score::loss_in`] a number of plies from the root,
/// above every evaluation, so a faster win scores higher and a slower loss
/// scores higher (mate scores). Negation flips the point of view (negamax).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

/// The score of a win on the move (distance 0).
const WIN: i32 = 1_000_000;
/// Plies a mate score can be away; beyond that scores are evaluations.
const MAX_PLIES: i32 = 10_000;

impl Score {
    /// The largest magnitude an evaluation may have.
    pub const MAX_EVAL: i32 = WIN - MAX_PLIES - 1;
    /// Above every score: the open bound of a full window.
    pub const INFINITE: Score = Score(WIN + 1);
    /// A draw.
    pub const DRAW: Score = Score(0);

    /// A heuristic evaluation, clamped to ±[`Score::MAX_EVAL`].
    #[must_use]
    pub const fn eval(value: i32) -> Score {
        if value > Score::MAX_EVAL {
            Score(Score::MAX_EVAL)
        } else if value < -Score::MAX_EVAL {
            Score(-Score::MAX_EVAL)
        } else {
            Score(value)
        }
    }

    /// The side to move wins in `plies` plies (counted from the root).
    #[must_use]
    pub const fn win_in(plies: u32) -> Score {
        Score(WIN - plies as i32)
    }

    /// The side to move loses in `plies` plies (counted from the root).
    #[must_use]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-(WIN - plies as i32))
    }

    /// The score of an exactly known position `ply` plies from the root
    /// (a tablebase verdict): a win or loss at its distance, or a draw.
    #[must_use]
    pub const fn from_solution(solution: Solution, ply: u32) -> Score {
        let plies = ply + solution.distance as u32;
        match solution.wdl {
            Wdl::Win => Score::win_in(plies),
            Wdl::Loss => Score::loss_in(plies),
            Wdl::Draw => Score::DRAW,
        }
    }

    /// The raw value (for tables and statistics).
    #[must_use]
    pub const fn value(self) -> i32 {
        self.0
    }

    /// Rebuilds a score from [`Score::value`].
    #[must_use]
    pub const fn from_value(value: i32) -> Score {
        Score(value)
    }

    /// Whether this is a proven win or loss.
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        self.0.abs() > Score::MAX_EVAL
    }

    /// Whether this is a proven loss for the side it belongs to.
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < -Score::MAX_EVAL
    }

    /// For a decisive score, plies to the end of the game from the root,
    /// positive when the side to move wins and negative when it loses.
    #[must_use]
    pub const fn plies_to_end(self) -> Option<i32> {
        if !self.is_decisive() {
            None
        } else if self.0 > 0 {
            Some(WIN - self.0)
        } else {
            Some(-(WIN + self.0))
        }
    }

    /// The score stored at `ply` plies from the root, converted to count
    /// plies from the node itself (for the transposition table).
    #[must_use]
    pub const fn to_table(self, ply: u32) -> Score {
        match self.plies_to_end() {
            Some(p) if p > 0 => Score(self.0 + ply as i32),
            Some(_) => Score(self.0 - ply as i32),
            None => self,
        }
    }

    /// The inverse of [`Score::to_table`] for a node `ply` plies from the root.
    #[must_use]
    pub const fn from_table(self, ply: u32) -> Score {
        match self.plies_to_end() {
            Some(p) if p > 0 => Score(self.0 - ply as i32),
            Some(_) => Score(self.0 + ply as i32),
            None => self,
        }
    }
}

impl Score {
    /// The UCI form: `cp N`, or `mate N` with N in moves (full turns) of
    /// the side to move, as UCI and the public Jungle engines count:
    /// a win in 1 or 2 plies is `mate 1`, a loss in 2 plies `mate -1`.
    #[must_use]
    pub fn uci(self) -> String {
        match self.plies_to_end() {
            Some(p) => {
                let moves = (p.unsigned_abs() as i32 + 1) / 2;
                format!("mate {}", if p < 0 { -moves } else { moves })
            }
            None => format!("cp {}", self.0),
        }
    }
}

impl Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// UCI style: `cp N` for evaluations, `mate P` for game ends, with `P`
    /// in plies, negative when the side to move loses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(p) => write!(f, "mate {p}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 10, protocol conventions: `score mate N` counts moves.
    #[test]
    fn uci_mate_scores_count_moves() {
        assert_eq!(Score::win_in(1).uci(), "mate 1");
        assert_eq!(Score::win_in(3).uci(), "mate 2");
        assert_eq!(Score::win_in(21).uci(), "mate 11");
        assert_eq!(Score::loss_in(2).uci(), "mate -1");
        assert_eq!(Score::loss_in(16).uci(), "mate -8");
        assert_eq!(Score::eval(35).uci(), "cp 35");
        assert_eq!(Score::win_in(3).to_string(), "mate 3");
    }

    #[test]
    fn faster_wins_and_slower_losses_score_higher() {
        assert!(Score::win_in(1) > Score::win_in(3));
        assert!(Score::win_in(9) > Score::eval(i32::MAX));
        assert!(Score::loss_in(4) > Score::loss_in(2));
        assert!(Score::loss_in(40) < Score::eval(i32::MIN));
        assert_eq!(-Score::win_in(3), Score::loss_in(3));
        assert!(Score::INFINITE > Score::win_in(0));
    }

    #[test]
    fn distances_and_table_conversion() {
        assert_eq!(Score::win_in(5).plies_to_end(), Some(5));
        assert_eq!(Score::loss_in(2).plies_to_end(), Some(-2));
        assert_eq!(Score::eval(12).plies_to_end(), None);
        let s = Score::win_in(7);
        assert_eq!(s.to_table(3), Score::win_in(4));
        assert_eq!(s.to_table(3).from_table(3), s);
        assert_eq!(
            Score::loss_in(6).to_table(2).from_table(2),
            Score::loss_in(6)
        );
        assert_eq!(Score::win_in(3).to_string(), "mate 3");
        assert_eq!(Score::loss_in(2).to_string(), "mate -2");
        assert_eq!(Score::eval(-40).to_string(), "cp -40");
    }

    #[test]
    fn solutions_become_mate_scores_from_the_root() {
        let win = Solution::new(Wdl::Win, 33);
        assert_eq!(Score::from_solution(win, 2), Score::win_in(35));
        let loss = Solution::new(Wdl::Loss, 4);
        assert_eq!(Score::from_solution(loss, 1), Score::loss_in(5));
        assert_eq!(
            Score::from_solution(Solution::new(Wdl::Draw, 9), 3),
            Score::DRAW
        );
    }
}
