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
        .map_init(Scratch::new, |scratch, chunk| {
            let range = chunk * CHUNK..table.len().min((chunk + 1) * CHUNK);
            let mut failures = Vec::new();
            layout.for_each_position(tier, range, &mut |index, position| {
                failures.extend(checker.check_index(index, position, scratch));
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
    /// hole), if any.
    fn check_index(
        &self,
        index: u64,
        position: Option<L::Game>,
        scratch: &mut Scratch<L::Game>,
    ) -> Option<VerifyFailure> {
        let stored = self.table.get(index);
        let problem = match (position.as_ref(), stored) {
            (None, None) => return None,
            (None, Some(_)) => "a hole holds a value".to_string(),
            (Some(_), None) => "a position has no value".to_string(),
            (Some(p), Some(s)) => self.check(p, s, scratch)?,
        };
        Some(VerifyFailure {
            index,
            position: format!("{position:?}"),
            problem,
        })
    }

    /// What is wrong with `stored` as the verdict on `position`, if anything.
    fn check(
        &self,
        position: &L::Game,
        stored: Solution,
        scratch: &mut Scratch<L::Game>,
    ) -> Option<String> {
        position.legal_moves(&mut scratch.moves);
        if scratch.moves.is_empty() {
            let expected = position
                .outcome()
                .map(|o| Solution::finished(o.value_for(position.turn())));
            return (Some(stored) != expected)
                .then(|| format!("no move: stored {stored}, the outcome gives {expected:?}"));
        }
        let mut children = Children::new();
        scratch.quiet.clear();
        for &mv in &scratch.moves {
            if position.stays_in_tier(mv) {
                scratch.quiet.push(mv);
                continue;
            }
            let Some(child) = (self.lookup)(&position.after(mv)) else {
                return Some(format!("no value for the position after {mv}"));
            };
            if stored == Solution::new(Wdl::Win, 1) && child == Solution::new(Wdl::Loss, 0) {
                // A move that ends the game: no child can be lost sooner.
                return None;
            }
            children.add(child);
        }
        self.layout
            .child_indices(self.tier, position, &scratch.quiet, &mut scratch.indices);
        for (&mv, &index) in scratch.quiet.iter().zip(&scratch.indices) {
            let Some(child) = self.table.get(index) else {
                return Some(format!("no value for the position after {mv}"));
            };
            children.add(child);
        }
        children.contradiction(stored)
    }
}

/// Reusable buffers of one worker thread.
struct Scratch<G: Game> {
    moves: Vec<G::Move>,
    /// The moves that stay in the tier.
    quiet: Vec<G::Move>,
    /// Their children's indices.
    indices: Vec<u64>,
}

impl<G: Game> Scratch<G> {
    fn new() -> Self {
        Scratch {
            moves: Vec::new(),
            quiet: Vec::new(),
            indices: Vec::new(),
        }
    }
}

/// What a position's children are worth, summed up for the local rules.
struct Children {
    /// The shortest loss among them (a win for the parent).
    shortest_loss: Option<u16>,
    all_won: bool,
    any_draw: bool,
    /// The longest distance among them.
    longest: u16,
}

impl Children {
    /// None yet.
    fn new() -> Self {
        Children {
            shortest_loss: None,
            all_won: true,
            any_draw: false,
            longest: 0,
        }
    }

    fn add(&mut self, child: Solution) {
        if child.wdl == Wdl::Loss {
            self.shortest_loss = Some(
                self.shortest_loss
                    .map_or(child.distance, |d| d.min(child.distance)),
            );
        }
        self.all_won &= child.wdl == Wdl::Win;
        self.any_draw |= child.wdl == Wdl::Draw;
        self.longest = self.longest.max(child.distance);
    }

    /// What is wrong with `stored` as the verdict of a position with these
    /// children, if anything.
    fn contradiction(&self, stored: Solution) -> Option<String> {
        let ok = match stored.wdl {
            Wdl::Win => self.shortest_loss.map(|d| d + 1) == Some(stored.distance),
            Wdl::Loss => self.all_won && self.longest + 1 == stored.distance,
            Wdl::Draw => self.shortest_loss.is_none() && self.any_draw,
        };
        (!ok).then(|| {
            format!(
                "stored {stored}, but the best child loss is {:?}, all won {}, longest {}, a draw {}",
                self.shortest_loss, self.all_won, self.longest, self.any_draw
            )
        })
    }
}
