//! Solving one tier: counters, exits, and resolution strictly by distance.

use std::sync::atomic::{AtomicU32, Ordering};

use gamesolver_core::{Game, Retrograde, Solution, Wdl};
use rayon::prelude::*;
use thiserror::Error;

use super::entry::{self, HOLE, MAX_PENDING, State};
use super::{TierLayout, TierTable};

/// Why a tier could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveTierError {
    /// A move leaves the tier to a position no solved tier knows.
    #[error("{position} leads to a tier that is not solved yet (solve the smaller tiers first)")]
    MissingSuccessor {
        /// The position reached (its `Debug` text).
        position: String,
    },
    /// A position has more moves than an entry can count.
    #[error("{position} has more than {MAX_PENDING} moves")]
    TooManyMoves {
        /// The position (its `Debug` text).
        position: String,
    },
    /// The tier is larger than the solver can index.
    #[error("tier has {0} indices, more than this machine can address")]
    TooLarge(u64),
}

/// Receives progress reports while a tier is solved (for a progress bar).
/// Every method has an empty default.
pub trait TierProgress: Sync {
    /// `positions` more indices have had their moves examined.
    fn initialised(&self, _positions: u64) {}
    /// Every position at distance `level` is now known.
    fn level_done(&self, _level: u16) {}
}

impl TierProgress for () {}

/// What the moves that leave the tier (or end the game) give the mover.
#[derive(Default)]
struct Exits {
    shortest_win: Option<u16>,
    longest_loss: u16,
    draw: bool,
}

impl Exits {
    fn add(&mut self, s: Solution) {
        match s.wdl {
            Wdl::Win => {
                self.shortest_win =
                    Some(self.shortest_win.map_or(s.distance, |w| w.min(s.distance)))
            }
            Wdl::Loss => self.longest_loss = self.longest_loss.max(s.distance),
            Wdl::Draw => self.draw = true,
        }
    }
}

/// Reusable buffers of one worker thread.
struct Scratch<G: Game + Retrograde> {
    moves: Vec<G::Move>,
    quiet: Vec<G::Move>,
    unmoves: Vec<G::Unmove>,
    indices: Vec<u64>,
}

impl<G: Game + Retrograde> Scratch<G> {
    fn new() -> Self {
        Scratch {
            moves: Vec::new(),
            quiet: Vec::new(),
            unmoves: Vec::new(),
            indices: Vec::new(),
        }
    }
}

/// Chunk of indices handled as one unit of parallel work.
const CHUNK: usize = 4096;

/// Solves `tier` of `layout`. Moves that leave the tier are valued by
/// `probe`, which must know every position of the tiers
/// [`TierLayout::successors`] names. Runs in parallel on rayon's pool.
///
/// Memory: one 4-byte entry per index of the tier while solving; the result
/// is packed into 2 bytes per index.
pub fn solve_tier<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    progress: &dyn TierProgress,
) -> Result<TierTable, SolveTierError> {
    let len = layout.tier_len(tier);
    let size = usize::try_from(len).map_err(|_| SolveTierError::TooLarge(len))?;
    let entries: Vec<AtomicU32> = (0..size).map(|_| AtomicU32::new(HOLE)).collect();
    let longest = initialise(layout, tier, probe, progress, &entries)?;
    let longest = AtomicU32::new(longest);
    let mut level: u16 = 0;
    while u32::from(level) <= longest.load(Ordering::Relaxed) {
        resolve_level(layout, tier, &entries, level, &longest);
        progress.level_done(level);
        level = level.checked_add(1).expect("distances fit 16 bits");
    }
    let solutions = entries
        .into_iter()
        .map(|e| entry::final_solution(e.into_inner()));
    Ok(TierTable::from_solutions(solutions))
}

/// Sets every entry from the position's moves; returns the longest
/// distance assigned.
fn initialise<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    progress: &dyn TierProgress,
    entries: &[AtomicU32],
) -> Result<u32, SolveTierError> {
    entries
        .par_chunks(CHUNK)
        .enumerate()
        .map_init(Scratch::<L::Game>::new, |scratch, (chunk, slots)| {
            let mut longest = 0;
            for (offset, slot) in slots.iter().enumerate() {
                let index = (chunk * CHUNK + offset) as u64;
                let value = initial_entry(layout, tier, index, probe, scratch)?;
                if let State::Solved(s) = entry::state(value) {
                    longest = longest.max(u32::from(s.distance));
                }
                slot.store(value, Ordering::Relaxed);
            }
            progress.initialised(slots.len() as u64);
            Ok(longest)
        })
        .try_reduce(|| 0, |a, b| Ok(a.max(b)))
}

/// The starting entry of one index: finished positions are solved at
/// distance 0; exits are valued at once; moves inside the tier are counted.
fn initial_entry<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    index: u64,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    scratch: &mut Scratch<L::Game>,
) -> Result<u32, SolveTierError> {
    let Some(position) = layout.position(tier, index) else {
        return Ok(HOLE);
    };
    if let Some(outcome) = position.outcome() {
        return Ok(entry::solved(Solution::finished(
            outcome.value_for(position.turn()),
        )));
    }
    let mut exits = Exits::default();
    position.legal_moves(&mut scratch.moves);
    scratch.quiet.clear();
    for &mv in &scratch.moves {
        if position.stays_in_tier(mv) {
            scratch.quiet.push(mv);
            continue;
        }
        let child = position.after(mv);
        let solved = match child.outcome() {
            Some(outcome) => Solution::finished(outcome.value_for(child.turn())),
            None => probe(&child).ok_or_else(|| SolveTierError::MissingSuccessor {
                position: format!("{child:?}"),
            })?,
        };
        exits.add(Solution::through_child(solved));
    }
    if let Some(distance) = exits.shortest_win {
        return Ok(entry::win(distance));
    }
    let children = layout.distinct_children(tier, &position, &scratch.quiet, &mut scratch.indices);
    let pending = children as u32 + u32::from(exits.draw);
    if pending > MAX_PENDING {
        return Err(SolveTierError::TooManyMoves {
            position: format!("{position:?}"),
        });
    }
    Ok(match pending {
        0 => entry::loss(exits.longest_loss),
        _ => entry::unresolved(pending, exits.longest_loss),
    })
}

/// Propagates every position whose final distance is `level` to its parents.
fn resolve_level<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    entries: &[AtomicU32],
    level: u16,
    longest: &AtomicU32,
) {
    entries.par_chunks(CHUNK).enumerate().for_each_init(
        Scratch::<L::Game>::new,
        |scratch, (chunk, slots)| {
            let (won, lost) = (entry::win(level), entry::loss(level));
            for (offset, slot) in slots.iter().enumerate() {
                let value = slot.load(Ordering::Relaxed);
                if value == won || value == lost {
                    let index = (chunk * CHUNK + offset) as u64;
                    let solved =
                        Solution::new(if value == won { Wdl::Win } else { Wdl::Loss }, level);
                    propagate(layout, tier, entries, index, solved, scratch, longest);
                }
            }
        },
    );
}

/// Tells each parent (by un-moves, symmetric duplicates removed) that a
/// child is now solved as `child`.
fn propagate<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    entries: &[AtomicU32],
    index: u64,
    child: Solution,
    scratch: &mut Scratch<L::Game>,
    longest: &AtomicU32,
) {
    let position = layout
        .position(tier, index)
        .expect("a solved entry is a position");
    position.unmoves(&mut scratch.unmoves);
    scratch.indices.clear();
    for &unmove in &scratch.unmoves {
        scratch
            .indices
            .push(layout.index(tier, &position.unplay(unmove)));
    }
    scratch.indices.sort_unstable();
    scratch.indices.dedup();
    for &parent in &scratch.indices {
        let slot = &entries[parent as usize];
        let updated = slot.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
            parent_after(old, child)
        });
        if let Ok(old) = updated
            && let Some(new) = parent_after(old, child)
            && let State::Solved(s) = entry::state(new)
        {
            longest.fetch_max(u32::from(s.distance), Ordering::Relaxed);
        }
    }
}

/// A parent's new entry once one of its children is solved as `child`, or
/// `None` if it does not change.
fn parent_after(old: u32, child: Solution) -> Option<u32> {
    let through = child.distance + 1;
    match (entry::state(old), child.wdl) {
        // The child loses for its mover: the parent wins by moving there.
        (State::Unresolved { .. }, Wdl::Loss) => Some(entry::win(through)),
        (State::Solved(s), Wdl::Loss) if s.wdl == Wdl::Win && s.distance > through => {
            Some(entry::win(through))
        }
        // The child wins for its mover: one fewer hope for the parent.
        (
            State::Unresolved {
                pending: 1,
                longest_exit_loss,
            },
            Wdl::Win,
        ) => Some(entry::loss(through.max(longest_exit_loss))),
        (
            State::Unresolved {
                pending,
                longest_exit_loss,
            },
            Wdl::Win,
        ) => Some(entry::unresolved(pending - 1, longest_exit_loss)),
        _ => None,
    }
}
