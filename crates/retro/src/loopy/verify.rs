//! Re-checking a solved tier against the definition, position by position.

use gamesolver_core::{Game, Solution, Wdl};
use rayon::prelude::*;

use super::{TierLayout, TierTable};

/// A stored verdict that its children contradict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyFailure {
    /// The index in the tier.
    pub index: u64,
    /// The position (its `Debug` text).
    pub position: String,
    /// What is wrong.
    pub problem: String,
}

/// Checks every stored position of `tier` against its children, valued by
/// `lookup` (which must answer for this tier, from `table`, and for the
/// tiers its moves lead to):
///
/// - a finished position is worth its outcome at distance 0;
/// - a win at `d` has a child lost at `d − 1` and none lost sooner;
/// - a loss at `d` has only children won for the opponent, the longest at `d − 1`;
/// - a draw has a drawn child and no lost child.
///
/// These local rules hold only for the true solution: wins and losses are
/// grounded by strictly decreasing distances, and no real win or loss can
/// pass as a draw. Returns the number of positions checked.
pub fn verify_tier<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    table: &TierTable,
    lookup: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
) -> Result<u64, Vec<VerifyFailure>> {
    let failures: Vec<VerifyFailure> = (0..table.len())
        .into_par_iter()
        .filter_map(|index| {
            let stored = table.get(index);
            let position = layout.position(tier, index);
            let problem = match (position.as_ref(), stored) {
                (None, None) => return None,
                (None, Some(_)) => Some("a hole holds a value".to_string()),
                (Some(_), None) => Some("a position has no value".to_string()),
                (Some(p), Some(s)) => check(p, s, lookup),
            }?;
            Some(VerifyFailure {
                index,
                position: format!("{position:?}"),
                problem,
            })
        })
        .collect();
    if failures.is_empty() {
        Ok(table.len() - table.entries().iter().filter(|&&e| e == 0).count() as u64)
    } else {
        Err(failures)
    }
}

/// What is wrong with `stored` as the verdict on `position`, if anything.
fn check<G: Game>(
    position: &G,
    stored: Solution,
    lookup: &dyn Fn(&G) -> Option<Solution>,
) -> Option<String> {
    if let Some(outcome) = position.outcome() {
        let expected = Solution::finished(outcome.value_for(position.turn()));
        return (stored != expected)
            .then(|| format!("finished: stored {stored}, outcome gives {expected}"));
    }
    let mut children = Vec::new();
    for mv in position.moves() {
        let child = position.after(mv);
        let value = match child.outcome() {
            Some(o) => Solution::finished(o.value_for(child.turn())),
            None => match lookup(&child) {
                Some(v) => v,
                None => return Some(format!("no value for the position after {mv}")),
            },
        };
        children.push(value);
    }
    let shortest_child_loss = children
        .iter()
        .filter(|c| c.wdl == Wdl::Loss)
        .map(|c| c.distance)
        .min();
    let all_won = children.iter().all(|c| c.wdl == Wdl::Win);
    let longest = children.iter().map(|c| c.distance).max();
    let any_draw = children.iter().any(|c| c.wdl == Wdl::Draw);
    let ok = match stored.wdl {
        Wdl::Win => shortest_child_loss.map(|d| d + 1) == Some(stored.distance),
        Wdl::Loss => all_won && longest.map(|d| d + 1) == Some(stored.distance),
        Wdl::Draw => shortest_child_loss.is_none() && any_draw,
    };
    (!ok).then(|| format!("stored {stored}, but the children are {children:?}"))
}
