//! Solving one tier: counters, exits, and resolution strictly by distance.

use std::sync::atomic::{AtomicU16, AtomicU32, Ordering};

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
    /// A position with no legal move that is not finished.
    #[error(
        "{position} has no legal move but is not finished (the game's rules break the Game contract)"
    )]
    StuckPosition {
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
/// Memory: one 4-byte entry per index of the tier while solving (plus two
/// bytes per 256 indices); the result is packed into 2 bytes per index.
pub fn solve_tier<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    progress: &dyn TierProgress,
) -> Result<TierTable, SolveTierError> {
    let len = layout.tier_len(tier);
    let size = usize::try_from(len).map_err(|_| SolveTierError::TooLarge(len))?;
    let work = Work::new(size);
    initialise(layout, tier, probe, progress, &work)?;
    let mut level: u16 = 0;
    while u32::from(level) <= work.longest.load(Ordering::Relaxed) {
        resolve_level(layout, tier, &work, level);
        progress.level_done(level);
        level = level.checked_add(1).expect("distances fit 16 bits");
    }
    let solutions = work
        .entries
        .into_iter()
        .map(|e| entry::final_solution(e.into_inner()));
    Ok(TierTable::from_solutions(solutions))
}

/// Entries per block of the map of the next level to visit.
const BLOCK: usize = 256;

/// The working state of a tier: an entry per index, and per block of
/// [`BLOCK`] entries the smallest distance of a solved entry not yet
/// propagated, so a level visits only the blocks that have work at it.
struct Work {
    entries: Vec<AtomicU32>,
    next: Vec<AtomicU16>,
    longest: AtomicU32,
}

impl Work {
    fn new(size: usize) -> Work {
        Work {
            entries: (0..size).map(|_| AtomicU32::new(HOLE)).collect(),
            next: (0..size.div_ceil(BLOCK))
                .map(|_| AtomicU16::new(u16::MAX))
                .collect(),
            longest: AtomicU32::new(0),
        }
    }

    /// Notes that the entry at `index` is now solved at `distance`.
    fn solved_at(&self, index: usize, distance: u16) {
        self.next[index / BLOCK].fetch_min(distance, Ordering::Release);
        self.longest
            .fetch_max(u32::from(distance), Ordering::Relaxed);
    }
}

/// The distance of a win or loss entry, `None` for anything else.
fn decided_distance(value: u32) -> Option<u16> {
    match entry::state(value) {
        State::Solved(s) if s.wdl != Wdl::Draw => Some(s.distance),
        _ => None,
    }
}

/// Sets every entry from the position's moves.
fn initialise<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    progress: &dyn TierProgress,
    work: &Work,
) -> Result<(), SolveTierError> {
    work.entries
        .par_chunks(CHUNK)
        .enumerate()
        .try_for_each_init(Scratch::<L::Game>::new, |scratch, (chunk, slots)| {
            let first = (chunk * CHUNK) as u64;
            let mut result = Ok(());
            let range = first..first + slots.len() as u64;
            layout.for_each_position(tier, range, &mut |index, position| {
                let value = match position {
                    None => HOLE,
                    Some(position) => {
                        match initial_entry(layout, tier, &position, probe, scratch) {
                            Ok(value) => value,
                            Err(e) => {
                                result = Err(e);
                                return false;
                            }
                        }
                    }
                };
                slots[(index - first) as usize].store(value, Ordering::Relaxed);
                if let Some(distance) = decided_distance(value) {
                    work.solved_at(index as usize, distance);
                }
                true
            });
            progress.initialised(slots.len() as u64);
            result
        })
}

/// The starting entry of one index: finished positions are solved at
/// distance 0; exits are valued at once; moves inside the tier are counted.
fn initial_entry<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    position: &L::Game,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    scratch: &mut Scratch<L::Game>,
) -> Result<u32, SolveTierError> {
    position.legal_moves(&mut scratch.moves);
    if scratch.moves.is_empty() {
        // No move: the game is over here (the Game contract).
        let outcome = position
            .outcome()
            .ok_or_else(|| SolveTierError::StuckPosition {
                position: format!("{position:?}"),
            })?;
        return Ok(entry::solved(Solution::finished(
            outcome.value_for(position.turn()),
        )));
    }
    let mut exits = Exits::default();
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
    let children = layout.distinct_children(tier, position, &scratch.quiet, &mut scratch.indices);
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

/// Propagates every position whose final distance is `level` to its
/// parents, visiting only the blocks that have such positions.
fn resolve_level<L: TierLayout>(layout: &L, tier: L::Tier, work: &Work, level: u16) {
    let (won, lost) = (entry::win(level), entry::loss(level));
    work.entries.par_chunks(CHUNK).enumerate().for_each_init(
        Scratch::<L::Game>::new,
        |scratch, (chunk, slots)| {
            for (b, block) in slots.chunks(BLOCK).enumerate() {
                let first = chunk * CHUNK + b * BLOCK;
                let next = &work.next[first / BLOCK];
                if next.load(Ordering::Acquire) != level {
                    continue;
                }
                next.swap(u16::MAX, Ordering::AcqRel);
                let mut later = u16::MAX;
                for (offset, slot) in block.iter().enumerate() {
                    let value = slot.load(Ordering::Relaxed);
                    if value == won || value == lost {
                        let wdl = if value == won { Wdl::Win } else { Wdl::Loss };
                        let index = (first + offset) as u64;
                        propagate(
                            layout,
                            tier,
                            work,
                            index,
                            Solution::new(wdl, level),
                            scratch,
                        );
                    } else if let Some(distance) = decided_distance(value).filter(|&d| d > level) {
                        later = later.min(distance);
                    }
                }
                next.fetch_min(later, Ordering::Release);
            }
        },
    );
}

/// Tells each parent (by un-moves, symmetric duplicates removed) that a
/// child is now solved as `child`.
fn propagate<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    work: &Work,
    index: u64,
    child: Solution,
    scratch: &mut Scratch<L::Game>,
) {
    let position = layout
        .position(tier, index)
        .expect("a solved entry is a position");
    layout.parent_indices(tier, &position, &mut scratch.unmoves, &mut scratch.indices);
    for &parent in &scratch.indices {
        let slot = &work.entries[parent as usize];
        let updated = slot.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
            parent_after(old, child)
        });
        if let Ok(old) = updated
            && let Some(distance) = parent_after(old, child).and_then(decided_distance)
        {
            work.solved_at(parent as usize, distance);
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
