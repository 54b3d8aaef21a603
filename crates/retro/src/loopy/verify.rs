//! Re-checking a solved tier against the definition, position by position.

use gamesolver_core::{Game, Retrograde, Solution, Wdl};
use rayon::prelude::*;

use super::{TierLayout, TierTable};

/// Indices checked as one unit of parallel work (stepped through with
/// [`TierLayout::for_each_position`], no decoding per index).
const CHUNK: u64 = 4096;

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
/// `table` when the move stays in the tier and by `lookup` (which must
/// answer finished positions, by their outcome, and the positions of the
/// tiers the moves lead to) otherwise:
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
    let checker = Checker {
        layout,
        tier,
        table,
        lookup,
    };
    let chunks = table.len().div_ceil(CHUNK);
    let failures: Vec<VerifyFailure> = (0..chunks)
        .into_par_iter()
        .map_init(Vec::new, |moves, chunk| {
            let range = chunk * CHUNK..table.len().min((chunk + 1) * CHUNK);
            let mut failures = Vec::new();
            layout.for_each_position(tier, range, &mut |index, position| {
                failures.extend(checker.check_index(index, position, moves));
                true
            });
            failures
        })
        .flatten()
        .collect();
    if failures.is_empty() {
        Ok(table.len() - table.entries().iter().filter(|&&e| e == 0).count() as u64)
    } else {
        Err(failures)
    }
}

/// What `verify_tier` checks against.
struct Checker<'a, L: TierLayout> {
    layout: &'a L,
    tier: L::Tier,
    table: &'a TierTable,
    lookup: &'a (dyn Fn(&L::Game) -> Option<Solution> + Sync),
}

impl<L: TierLayout> Checker<'_, L> {
    /// The failure at `index` (whose position is `position`, `None` for a
    /// hole), if any; `moves` is scratch space.
    fn check_index(
        &self,
        index: u64,
        position: Option<L::Game>,
        moves: &mut Vec<<L::Game as Game>::Move>,
    ) -> Option<VerifyFailure> {
        let stored = self.table.get(index);
        let problem = match (position.as_ref(), stored) {
            (None, None) => return None,
            (None, Some(_)) => "a hole holds a value".to_string(),
            (Some(_), None) => "a position has no value".to_string(),
            (Some(p), Some(s)) => self.check(p, s, moves)?,
        };
        Some(VerifyFailure {
            index,
            position: format!("{position:?}"),
            problem,
        })
    }

    /// The value of the position `position` reaches by `mv`: from this
    /// tier's table when the move stays in the tier, else from `lookup`.
    fn child(&self, position: &L::Game, mv: <L::Game as Game>::Move) -> Option<Solution> {
        let child = position.after(mv);
        if position.stays_in_tier(mv) {
            return self.table.get(self.layout.index(self.tier, &child));
        }
        (self.lookup)(&child)
    }

    /// What is wrong with `stored` as the verdict on `position`, if anything.
    fn check(
        &self,
        position: &L::Game,
        stored: Solution,
        moves: &mut Vec<<L::Game as Game>::Move>,
    ) -> Option<String> {
        position.legal_moves(moves);
        if moves.is_empty() {
            let expected = position
                .outcome()
                .map(|o| Solution::finished(o.value_for(position.turn())));
            return (Some(stored) != expected)
                .then(|| format!("no move: stored {stored}, the outcome gives {expected:?}"));
        }
        let mut shortest_child_loss = None::<u16>;
        let (mut all_won, mut any_draw, mut longest) = (true, false, 0u16);
        for &mv in moves.iter() {
            let Some(child) = self.child(position, mv) else {
                return Some(format!("no value for the position after {mv}"));
            };
            if child.wdl == Wdl::Loss {
                shortest_child_loss =
                    Some(shortest_child_loss.map_or(child.distance, |d| d.min(child.distance)));
            }
            all_won &= child.wdl == Wdl::Win;
            any_draw |= child.wdl == Wdl::Draw;
            longest = longest.max(child.distance);
        }
        let ok = match stored.wdl {
            Wdl::Win => shortest_child_loss.map(|d| d + 1) == Some(stored.distance),
            Wdl::Loss => all_won && longest + 1 == stored.distance,
            Wdl::Draw => shortest_child_loss.is_none() && any_draw,
        };
        (!ok).then(|| {
            format!("stored {stored}, but the best child loss is {shortest_child_loss:?}, all won {all_won}, longest {longest}, a draw {any_draw}")
        })
    }
}
