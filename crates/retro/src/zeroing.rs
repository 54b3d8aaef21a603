//! A no-zeroing rule (Jungle's 200 plies without a capture) in tablebase
//! answers: the distance to zeroing (DTZ) and the five verdicts it gives
//! together with the distance to the end (DTM) and the position's counter.
//!
//! A *zeroing* move leaves its tier (a capture) or ends the game; the
//! counter is the number of plies since the last one. A game is drawn once
//! the counter reaches the rule's `limit` in a position that is not
//! finished, so a move is only played from a counter below `limit`.
//!
//! The distance-to-zeroing table of a tier (see [`crate::tbfile`]) holds,
//! for each position, the value of the game in which the first zeroing move
//! decides (each zeroing move worth what the position it reaches is worth
//! under the rule from a counter of zero) and the plies to that move under
//! best play, the winner's shortest and the loser's longest: the tier
//! solved by [`crate::loopy::solve_tier`] with every zeroing move valued at
//! distance 0 ([`zeroing_value`]). A position is then won under the rule
//! from counter `c` exactly when that table says win in `d` with
//! `c + d <= limit` (the winner reaches its zeroing move, the `d`-th ply,
//! from counter `c + d - 1 < limit`), lost exactly when it says loss in `d`
//! with `c + d <= limit`, and drawn otherwise.
//!
//! With the distance to the end (DTM) this gives Syzygy's five verdicts
//! ([`RuleVerdict`]): a *cursed win* is won by DTM but drawn by the rule
//! from this counter, a *blessed loss* the other side of one.

use gamesolver_core::{Game, Solution, Wdl};

/// A position's value under the no-zeroing rule, for the side to move, in
/// the order a player prefers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RuleVerdict {
    /// Lost, also under the rule.
    Loss,
    /// Lost by the distance to the end, drawn under the rule from this
    /// counter: the winner cannot make its zeroing moves in time.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won by the distance to the end, drawn under the rule from this
    /// counter.
    CursedWin,
    /// Won, also under the rule.
    Win,
}

impl RuleVerdict {
    /// The same position seen by the other player.
    #[must_use]
    pub const fn flipped(self) -> RuleVerdict {
        match self {
            RuleVerdict::Loss => RuleVerdict::Win,
            RuleVerdict::BlessedLoss => RuleVerdict::CursedWin,
            RuleVerdict::Draw => RuleVerdict::Draw,
            RuleVerdict::CursedWin => RuleVerdict::BlessedLoss,
            RuleVerdict::Win => RuleVerdict::Loss,
        }
    }

    /// What the game's result is under the rule: a cursed win and a blessed
    /// loss are draws.
    #[must_use]
    pub const fn result(self) -> Wdl {
        match self {
            RuleVerdict::Win => Wdl::Win,
            RuleVerdict::Loss => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }

    /// The verdict's name: `win`, `cursed-win`, `draw`, `blessed-loss`,
    /// `loss`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RuleVerdict::Loss => "loss",
            RuleVerdict::BlessedLoss => "blessed-loss",
            RuleVerdict::Draw => "draw",
            RuleVerdict::CursedWin => "cursed-win",
            RuleVerdict::Win => "win",
        }
    }
}

impl std::fmt::Display for RuleVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule's verdict of a position with distance to the end `dtm`,
/// distance-to-zeroing entry `dtz` and `counter` plies since the last
/// zeroing move, under a rule of `limit` plies. A finished position
/// (distance 0) is worth its outcome whatever the counter; an unfinished
/// one at a counter of `limit` or more is drawn already.
///
/// ```
/// use gamesolver_core::{Solution, Wdl};
/// use gamesolver_retro::zeroing::{RuleVerdict, rule_verdict};
///
/// let dtm = Solution::new(Wdl::Win, 33);
/// let dtz = Solution::new(Wdl::Win, 33);
/// assert_eq!(rule_verdict(dtm, dtz, 0, 200), RuleVerdict::Win);
/// assert_eq!(rule_verdict(dtm, dtz, 167, 200), RuleVerdict::Win);
/// assert_eq!(rule_verdict(dtm, dtz, 168, 200), RuleVerdict::CursedWin);
/// assert_eq!(rule_verdict(dtm, dtz, 200, 200), RuleVerdict::Draw);
/// ```
#[must_use]
pub fn rule_verdict(dtm: Solution, dtz: Solution, counter: u16, limit: u16) -> RuleVerdict {
    if dtm.distance == 0 {
        return match dtm.wdl {
            Wdl::Win => RuleVerdict::Win,
            Wdl::Draw => RuleVerdict::Draw,
            Wdl::Loss => RuleVerdict::Loss,
        };
    }
    if counter >= limit {
        return RuleVerdict::Draw;
    }
    let in_time = u32::from(counter) + u32::from(dtz.distance) <= u32::from(limit);
    match (dtm.wdl, dtz.wdl) {
        (Wdl::Draw, _) => RuleVerdict::Draw,
        (Wdl::Win, Wdl::Win) if in_time => RuleVerdict::Win,
        (Wdl::Win, _) => RuleVerdict::CursedWin,
        (Wdl::Loss, Wdl::Loss) if in_time => RuleVerdict::Loss,
        (Wdl::Loss, _) => RuleVerdict::BlessedLoss,
    }
}

/// What a position reached by a zeroing move is worth in the
/// distance-to-zeroing game of the tier it was reached from: its value
/// under the rule from a counter of zero, at distance 0. `dtz` is its own
/// distance-to-zeroing entry (a finished position: its outcome at 0).
#[must_use]
pub fn zeroing_value(dtz: Solution, limit: u16) -> Solution {
    let wdl = match dtz.wdl {
        Wdl::Win | Wdl::Loss if dtz.distance <= limit => dtz.wdl,
        _ => Wdl::Draw,
    };
    Solution::new(wdl, 0)
}

/// One legal move judged under the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleMove<M> {
    /// The move.
    pub mv: M,
    /// Whether it is a zeroing move (resets the counter, or ends the game).
    pub zeroing: bool,
    /// Its value and distance to the end for the mover.
    pub dtm: Solution,
    /// Its value and distance to the next zeroing move for the mover (1
    /// for a zeroing move).
    pub dtz: Solution,
    /// The rule's verdict for the mover, at the counter the move leads to.
    pub verdict: RuleVerdict,
}

/// A position judged move by move under the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleAnalysis<M> {
    /// The position's value and distance to the end.
    pub dtm: Solution,
    /// Its distance-to-zeroing entry.
    pub dtz: Solution,
    /// The plies since the last zeroing move.
    pub counter: u16,
    /// The rule's verdict.
    pub verdict: RuleVerdict,
    /// Every legal move, in move-generation order.
    pub moves: Vec<RuleMove<M>>,
    /// The best moves ([`RuleAnalysis::rank`] order), in move-generation
    /// order; empty for a finished position.
    pub best: Vec<M>,
}

impl<M: Copy> RuleAnalysis<M> {
    /// Whether the fastest win (by the distance to the end) is over before
    /// the rule can draw the game: then the distance to the end decides
    /// between winning moves, otherwise the distance to zeroing (each
    /// zeroing move resets the counter, so the win is kept).
    #[must_use]
    pub fn mate_in_time(&self, limit: u16) -> bool {
        u32::from(self.counter) + u32::from(self.dtm.distance) <= u32::from(limit)
    }

    /// Whether the losing move `mv` loses to a mate that comes before the
    /// rule could draw the game, however long the loser defends.
    fn loss_in_time(&self, mv: &RuleMove<M>, limit: u16) -> bool {
        u32::from(self.counter) + u32::from(mv.dtm.distance) <= u32::from(limit)
    }

    /// A sort key of `mv` (greater is better) for the mover, as the hybrid
    /// player chooses: the rule's verdict first; among wins the shortest
    /// distance to the end when the mate comes in time
    /// ([`RuleAnalysis::mate_in_time`]), else the shortest distance to
    /// zeroing; among losses the longest distance to the end when the
    /// opponent's mate comes in time whatever is played (nothing can save
    /// the game: the longest defence, so that a table's win is converted
    /// in exactly its distance), else the longest distance to zeroing (the
    /// opponent's chances to run out of plies), then to the end; among
    /// cursed wins the shortest and blessed losses the longest distance
    /// to the end; draws alike.
    #[must_use]
    pub fn rank(&self, mv: &RuleMove<M>, limit: u16) -> (RuleVerdict, i32, i32) {
        let (dtm, dtz) = (i32::from(mv.dtm.distance), i32::from(mv.dtz.distance));
        match mv.verdict {
            RuleVerdict::Win if self.mate_in_time(limit) => (mv.verdict, -dtm, -dtz),
            RuleVerdict::Win => (mv.verdict, -dtz, -dtm),
            RuleVerdict::CursedWin => (mv.verdict, -dtm, -dtz),
            RuleVerdict::Draw => (mv.verdict, 0, 0),
            RuleVerdict::BlessedLoss => (mv.verdict, dtm, dtz),
            RuleVerdict::Loss if self.loss_in_time(mv, limit) => (mv.verdict, dtm, dtz),
            RuleVerdict::Loss => (mv.verdict, dtz, dtm),
        }
    }

    /// The moves sorted best first ([`RuleAnalysis::rank`]).
    #[must_use]
    pub fn sorted_moves(&self, limit: u16) -> Vec<RuleMove<M>> {
        let mut moves = self.moves.clone();
        moves.sort_by_key(|m| std::cmp::Reverse(self.rank(m, limit)));
        moves
    }
}

/// Judges `position`, `counter` plies after the last zeroing move, under a
/// rule of `limit` plies: its verdict and every legal move's, from the
/// distance to the end (`dtm`) and the distance-to-zeroing entries (`dtz`)
/// of the position and its children. `zeroing(position, mv)` tells a
/// zeroing move (besides one that ends the game, which always is);
/// `drawn(child)` a child the game declares drawn whatever the tables say
/// (Jungle: a third repetition in the game's history).
///
/// Returns `None` if a table lacks the position or a child. A finished
/// game (`position.outcome()`, which for a game in play includes its draws
/// by rule) is worth its outcome and has no moves; so is an unfinished
/// position at a counter of `limit` or more (drawn: the game is over).
pub fn analyse_under_rule<G: Game>(
    position: &G,
    counter: u16,
    limit: u16,
    zeroing: impl Fn(&G, G::Move) -> bool,
    drawn: impl Fn(&G) -> bool,
    dtm: impl Fn(&G) -> Option<Solution>,
    dtz: impl Fn(&G) -> Option<Solution>,
) -> Option<RuleAnalysis<G::Move>> {
    let own_dtm = dtm(position)?;
    let own_dtz = dtz(position)?;
    let verdict = rule_verdict(own_dtm, own_dtz, counter, limit);
    let mut analysis = RuleAnalysis {
        dtm: own_dtm,
        dtz: own_dtz,
        counter,
        verdict,
        moves: Vec::new(),
        best: Vec::new(),
    };
    if let Some(outcome) = position.outcome() {
        analysis.verdict = match outcome.value_for(position.turn()) {
            Wdl::Win => RuleVerdict::Win,
            Wdl::Draw => RuleVerdict::Draw,
            Wdl::Loss => RuleVerdict::Loss,
        };
        return Some(analysis);
    }
    if counter >= limit {
        return Some(analysis);
    }
    for mv in position.moves() {
        let child = position.after(mv);
        let child_dtm = dtm(&child)?;
        let child_dtz = dtz(&child)?;
        // A move that ends the game (its child is finished) zeroes too.
        let zeroes = zeroing(position, mv) || child_dtm.distance == 0;
        let child_counter = if zeroes { 0 } else { counter + 1 };
        let child_verdict = if drawn(&child) {
            RuleVerdict::Draw
        } else {
            rule_verdict(child_dtm, child_dtz, child_counter, limit)
        };
        let dtz = if zeroes {
            Solution::through_child(zeroing_value(child_dtz, limit))
        } else {
            Solution::through_child(child_dtz)
        };
        analysis.moves.push(RuleMove {
            mv,
            zeroing: zeroes,
            dtm: Solution::through_child(child_dtm),
            dtz,
            verdict: child_verdict.flipped(),
        });
    }
    let best_rank = analysis.moves.iter().map(|m| analysis.rank(m, limit)).max();
    analysis.best = analysis
        .moves
        .iter()
        .filter(|m| Some(analysis.rank(m, limit)) == best_rank)
        .map(|m| m.mv)
        .collect();
    Some(analysis)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(wdl: Wdl, distance: u16) -> Solution {
        Solution::new(wdl, distance)
    }

    #[test]
    fn the_five_verdicts() {
        let win = s(Wdl::Win, 9);
        let loss = s(Wdl::Loss, 8);
        assert_eq!(
            rule_verdict(win, s(Wdl::Win, 5), 195, 200),
            RuleVerdict::Win
        );
        assert_eq!(
            rule_verdict(win, s(Wdl::Win, 5), 196, 200),
            RuleVerdict::CursedWin
        );
        assert_eq!(
            rule_verdict(win, s(Wdl::Draw, 0), 0, 200),
            RuleVerdict::CursedWin
        );
        assert_eq!(
            rule_verdict(loss, s(Wdl::Loss, 4), 196, 200),
            RuleVerdict::Loss
        );
        assert_eq!(
            rule_verdict(loss, s(Wdl::Loss, 4), 197, 200),
            RuleVerdict::BlessedLoss
        );
        assert_eq!(
            rule_verdict(s(Wdl::Draw, 3), s(Wdl::Draw, 3), 0, 200),
            RuleVerdict::Draw
        );
        // Finished positions keep their outcome at any counter; others are
        // drawn at the limit.
        assert_eq!(
            rule_verdict(s(Wdl::Loss, 0), s(Wdl::Loss, 0), 250, 200),
            RuleVerdict::Loss
        );
        assert_eq!(
            rule_verdict(win, s(Wdl::Win, 1), 200, 200),
            RuleVerdict::Draw
        );
        for v in [
            RuleVerdict::Loss,
            RuleVerdict::BlessedLoss,
            RuleVerdict::Draw,
            RuleVerdict::CursedWin,
            RuleVerdict::Win,
        ] {
            assert_eq!(v.flipped().flipped(), v);
        }
    }

    #[test]
    fn zeroing_moves_are_worth_the_rule_value_at_zero() {
        assert_eq!(zeroing_value(s(Wdl::Win, 20), 20), s(Wdl::Win, 0));
        assert_eq!(zeroing_value(s(Wdl::Win, 21), 20), s(Wdl::Draw, 0));
        assert_eq!(zeroing_value(s(Wdl::Loss, 21), 20), s(Wdl::Draw, 0));
        assert_eq!(zeroing_value(s(Wdl::Loss, 0), 20), s(Wdl::Loss, 0));
        assert_eq!(zeroing_value(s(Wdl::Draw, 5), 20), s(Wdl::Draw, 0));
    }
}
