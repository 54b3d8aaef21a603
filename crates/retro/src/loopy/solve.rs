//! Solving one tier: counters, exits, and resolution strictly by distance.

use gamesolver_core::{Game, Retrograde, Solution, Wdl};
use rayon::prelude::*;
use thiserror::Error;

use super::entry::{self, Narrow, Wide, Width};
use super::frontier::Frontier;
use super::{TierLayout, TierTable};
use crate::table::{MAX_DISTANCE, encode};

/// Why a tier could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveTierError {
    /// A move leaves the tier to a position no solved tier knows.
    #[error("{position} leads to a tier that is not solved yet (solve the smaller tiers first)")]
    MissingSuccessor {
        /// The position reached (its `Debug` text).
        position: String,
    },
    /// A position has more moves than an entry can count (16,383; 63 with
    /// the narrow entries of [`TierLayout::narrow_entries`]), or an exit
    /// loss longer than a narrow entry holds (255 plies).
    #[error("{position} has more moves, or a longer exit, than a solver entry holds")]
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
    /// The tier is larger than the solver can index (2^32 indices).
    #[error("tier has {0} indices, more than the solver's limit of 2^32")]
    TooLarge(u64),
    /// A position's distance does not fit a table entry.
    #[error(
        "{position} is decided at distance {distance}, more than a table entry holds ({MAX_DISTANCE} plies)"
    )]
    DistanceTooLong {
        /// A position at that distance (its `Debug` text).
        position: String,
        /// Its distance in plies.
        distance: u16,
    },
    /// The caller asked the solver to stop ([`TierProgress::cancelled`]).
    #[error("cancelled")]
    Cancelled,
}

/// Receives progress reports while a tier is solved (for a progress bar),
/// and may ask the solver to stop. Every method has an empty default.
pub trait TierProgress: Sync {
    /// `positions` more indices have had their moves examined.
    fn initialised(&self, _positions: u64) {}
    /// Every position at distance `level` is now known.
    fn level_done(&self, _level: u16) {}
    /// Whether the work should stop now (Ctrl-C in a front end). The solver
    /// asks before each chunk of 4,096 indices it examines and of 1,024
    /// positions it propagates, and then returns
    /// [`SolveTierError::Cancelled`]; so does a build between tiers.
    fn cancelled(&self) -> bool {
        false
    }
}

impl TierProgress for () {}

/// What the moves that leave the tier (or end the game) give the mover.
#[derive(Default)]
struct Exits {
    /// Whether there was an exit at all.
    any: bool,
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
    unmoves: Vec<G::Unmove>,
    indices: Vec<u64>,
    /// The parents of a group of decided positions, one after the other.
    parents: Vec<u32>,
    /// Each decided position of the group and where its parents end.
    children: Vec<(Solution, usize)>,
}

impl<G: Game + Retrograde> Scratch<G> {
    fn new() -> Self {
        Scratch {
            moves: Vec::new(),
            unmoves: Vec::new(),
            indices: Vec::new(),
            parents: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// Chunk of indices handled as one unit of parallel work (and between two
/// looks at [`TierProgress::cancelled`]).
const CHUNK: usize = 4096;

/// Decided indices propagated as one unit of parallel work (and between
/// two looks at [`TierProgress::cancelled`]).
const PROPAGATE_CHUNK: usize = 1024;

/// Solves `tier` of `layout`. The positions reached by moves that leave
/// the tier are valued by `probe`, which must answer finished positions
/// (by their outcome, as [`crate::tablebase::TierProbe`] does) and every
/// position of the tiers [`TierLayout::successors`] names. Runs in
/// parallel on rayon's pool.
///
/// Memory: one 4-byte entry per index of the tier while solving (2 bytes
/// when the layout promises [`TierLayout::narrow_entries`]), plus a 4-byte
/// list entry per position decided and not yet propagated (at most one per
/// index, and those decided by exits at first); the result is packed into 2
/// bytes per index (in place with narrow entries).
// Never inlined: profiles (callgrind) then show the solving apart from
// the writing of the files. One call per tier costs nothing.
#[inline(never)]
pub fn solve_tier<L: TierLayout>(
    layout: &L,
    tier: L::Tier,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    progress: &dyn TierProgress,
) -> Result<TierTable, SolveTierError> {
    let len = layout.tier_len(tier);
    let size = u32::try_from(len)
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or(SolveTierError::TooLarge(len))?;
    if layout.narrow_entries(tier) {
        let entries = solve_entries::<L, Narrow>(layout, tier, probe, progress, size)?;
        Ok(TierTable::from_entries(pack_in_place(entries)))
    } else {
        let entries = solve_entries::<L, Wide>(layout, tier, probe, progress, size)?;
        let packed: Vec<u16> = entries
            .par_iter()
            .map(|e| entry::final_solution::<Wide>(Wide::load(e)).map_or(0, encode))
            .collect();
        Ok(TierTable::from_entries(packed))
    }
}

/// Every entry of the tier, solved (unresolved ones are draws).
fn solve_entries<L: TierLayout, W: Width>(
    layout: &L,
    tier: L::Tier,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    progress: &dyn TierProgress,
    size: usize,
) -> Result<Vec<W::Cell>, SolveTierError> {
    // Filled and packed in parallel: one thread doing either would leave
    // the other core idle while a large tier starts and ends.
    let entries: Vec<W::Cell> = (0..size)
        .into_par_iter()
        .map(|_| W::cell(entry::hole::<W>()))
        .collect();
    initialise::<L, W>(layout, tier, probe, progress, &entries)?;
    let mut frontier = Frontier::from_entries::<W>(&entries);
    // A level's parents are one ply longer: from this level on they no
    // longer fit a narrow entry.
    let full = entry::max_distance::<W>().min(u32::from(u16::MAX)) as u16;
    let mut level: u16 = 0;
    while let Some(decided) = frontier.take(level) {
        if level > MAX_DISTANCE {
            check_distance::<L, W>(layout, tier, &entries, &decided, level)?;
        } else if level == full {
            check_no_parents::<L, W>(layout, tier, &entries, &decided, level)?;
        }
        for found in resolve_level::<L, W>(layout, tier, &entries, &decided, level, progress) {
            for (distance, index) in found {
                frontier.push(distance, index);
            }
        }
        if progress.cancelled() {
            return Err(SolveTierError::Cancelled);
        }
        progress.level_done(level);
        // Cannot overflow: a list beyond `last` with a live entry stopped
        // the loop above.
        level += 1;
    }
    Ok(entries)
}

/// Narrow entries turned into the table's 16-bit entries in the same
/// memory: the largest tables never hold two copies.
fn pack_in_place(entries: Vec<std::sync::atomic::AtomicU16>) -> Vec<u16> {
    entries.par_iter().for_each(|e| {
        let value = entry::final_solution::<Narrow>(Narrow::load(e)).map_or(0, encode);
        e.store(value, std::sync::atomic::Ordering::Relaxed);
    });
    // The same allocation read as plain integers (the standard library
    // collects a map between types of one layout in place).
    entries
        .into_iter()
        .map(std::sync::atomic::AtomicU16::into_inner)
        .collect()
}

/// Refuses a live entry of `decided` (a win or loss at `level`, beyond
/// [`MAX_DISTANCE`]): the table could not hold it.
fn check_distance<L: TierLayout, W: Width>(
    layout: &L,
    tier: L::Tier,
    entries: &[W::Cell],
    decided: &[u32],
    level: u16,
) -> Result<(), SolveTierError> {
    let live = |&&index: &&u32| {
        let value = W::load(&entries[index as usize]);
        value == entry::win::<W>(level) || value == entry::loss::<W>(level)
    };
    match decided.iter().find(live) {
        None => Ok(()),
        Some(&index) => Err(SolveTierError::DistanceTooLong {
            position: format!("{:?}", layout.position(tier, u64::from(index))),
            distance: level,
        }),
    }
}

/// Refuses a live entry of `decided` (a win or loss at `level`, the
/// longest a narrow entry holds) that has a parent: the parent's distance
/// would not fit.
fn check_no_parents<L: TierLayout, W: Width>(
    layout: &L,
    tier: L::Tier,
    entries: &[W::Cell],
    decided: &[u32],
    level: u16,
) -> Result<(), SolveTierError> {
    let mut scratch = Scratch::<L::Game>::new();
    for &index in decided {
        let value = W::load(&entries[index as usize]);
        if value != entry::win::<W>(level) && value != entry::loss::<W>(level) {
            continue;
        }
        layout.parent_indices_of(
            tier,
            u64::from(index),
            &mut scratch.unmoves,
            &mut scratch.indices,
        );
        if let Some(&parent) = scratch.indices.first() {
            return Err(SolveTierError::DistanceTooLong {
                position: format!("{:?}", layout.position(tier, parent)),
                distance: level + 1,
            });
        }
    }
    Ok(())
}

/// Sets every entry from the position's moves.
fn initialise<L: TierLayout, W: Width>(
    layout: &L,
    tier: L::Tier,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    progress: &dyn TierProgress,
    entries: &[W::Cell],
) -> Result<(), SolveTierError> {
    entries.par_chunks(CHUNK).enumerate().try_for_each_init(
        Scratch::<L::Game>::new,
        |scratch, (chunk, slots)| {
            if progress.cancelled() {
                return Err(SolveTierError::Cancelled);
            }
            let first = (chunk * CHUNK) as u64;
            let mut result = Ok(());
            let range = first..first + slots.len() as u64;
            layout.for_each_position(tier, range, &mut |index, position| {
                let value = match position {
                    None => entry::hole::<W>(),
                    Some(position) => {
                        match initial_entry::<L, W>(layout, tier, &position, probe, scratch) {
                            Ok(value) => value,
                            Err(e) => {
                                result = Err(e);
                                return false;
                            }
                        }
                    }
                };
                W::store(&slots[(index - first) as usize], value);
                true
            });
            progress.initialised(slots.len() as u64);
            result
        },
    )
}

/// The starting entry of one index: finished positions are solved at
/// distance 0; exits are valued at once; moves inside the tier are counted.
fn initial_entry<L: TierLayout, W: Width>(
    layout: &L,
    tier: L::Tier,
    position: &L::Game,
    probe: &(dyn Fn(&L::Game) -> Option<Solution> + Sync),
    scratch: &mut Scratch<L::Game>,
) -> Result<u32, SolveTierError> {
    let mut exits = Exits::default();
    let mut missing = None;
    let children = layout.exits_and_children(
        tier,
        position,
        &mut scratch.moves,
        &mut scratch.indices,
        &mut |child| {
            exits.any = true;
            let Some(solved) = probe(child) else {
                missing = Some(format!("{child:?}"));
                return false;
            };
            exits.add(Solution::through_child(solved));
            // No exit wins sooner than a move that ends the game.
            exits.shortest_win != Some(1)
        },
    );
    if let Some(position) = missing {
        return Err(SolveTierError::MissingSuccessor { position });
    }
    if let Some(distance) = exits.shortest_win {
        if u32::from(distance) > entry::max_distance::<W>() {
            return Err(SolveTierError::DistanceTooLong {
                position: format!("{position:?}"),
                distance,
            });
        }
        return Ok(entry::win::<W>(distance));
    }
    // Not stopped: only a win stops the visit.
    let children = children.unwrap_or(0);
    if children == 0 && !exits.any {
        // No move: the game is over here (the Game contract).
        let outcome = position
            .outcome()
            .ok_or_else(|| SolveTierError::StuckPosition {
                position: format!("{position:?}"),
            })?;
        return Ok(entry::solved::<W>(Solution::finished(
            outcome.value_for(position.turn()),
        )));
    }
    let pending = children as u32 + u32::from(exits.draw);
    if pending > entry::max_pending::<W>()
        || u32::from(exits.longest_loss) > entry::max_exit_loss::<W>()
    {
        return Err(SolveTierError::TooManyMoves {
            position: format!("{position:?}"),
        });
    }
    Ok(match pending {
        0 => entry::loss::<W>(exits.longest_loss),
        _ => entry::unresolved::<W>(pending, exits.longest_loss),
    })
}

/// Decided positions whose parents are all listed (and their entries'
/// cache lines requested) before the first of those entries is updated:
/// each update is an atomic read-modify-write that waits for its line, so
/// the requests must go out well ahead.
const PREFETCH_GROUP: usize = 16;

/// Propagates every position of `decided` whose entry is a win or loss at
/// `level` (the others are stale: a win that shortened since) to its
/// parents; returns the parents this decides, with their distances.
/// Chunks started after `progress` asked to stop are skipped (the caller
/// then stops: the entries are no longer a solution).
fn resolve_level<L: TierLayout, W: Width>(
    layout: &L,
    tier: L::Tier,
    entries: &[W::Cell],
    decided: &[u32],
    level: u16,
    progress: &dyn TierProgress,
) -> Vec<Vec<(u16, u32)>> {
    let (won, lost) = (entry::win::<W>(level), entry::loss::<W>(level));
    decided
        .par_chunks(PROPAGATE_CHUNK)
        .map_init(Scratch::<L::Game>::new, |scratch, chunk| {
            let mut found = Vec::new();
            if progress.cancelled() {
                return found;
            }
            // The entries of the next group are requested while this one
            // is worked on: a decided list is in no order, so each of its
            // entries is a cache miss, and the work between two of them
            // (a position decoded, its parents indexed) is too long for
            // the processor to overlap them itself.
            for (at, group) in chunk.chunks(PREFETCH_GROUP).enumerate() {
                let next = chunk.iter().skip((at + 1) * PREFETCH_GROUP);
                for &index in next.take(PREFETCH_GROUP) {
                    prefetch::<W>(entries, index as usize);
                }
                scratch.parents.clear();
                scratch.children.clear();
                for &index in group {
                    let value = W::load(&entries[index as usize]);
                    if value == won || value == lost {
                        let wdl = if value == won { Wdl::Win } else { Wdl::Loss };
                        list_parents::<L, W>(layout, tier, entries, index, scratch);
                        let end = scratch.parents.len();
                        scratch.children.push((Solution::new(wdl, level), end));
                    }
                }
                let mut start = 0;
                for &(child, end) in &scratch.children {
                    for &parent in &scratch.parents[start..end] {
                        tell_parent::<W>(entries, parent, child, &mut found);
                    }
                    start = end;
                }
            }
            found
        })
        .collect()
}

/// Appends the parents of the decided `index` (by un-moves, symmetric
/// duplicates removed) to `scratch.parents`, asking for their entries'
/// cache lines.
fn list_parents<L: TierLayout, W: Width>(
    layout: &L,
    tier: L::Tier,
    entries: &[W::Cell],
    index: u32,
    scratch: &mut Scratch<L::Game>,
) {
    let is_position = layout.parent_indices_of(
        tier,
        u64::from(index),
        &mut scratch.unmoves,
        &mut scratch.indices,
    );
    debug_assert!(is_position, "a decided entry is a position");
    // Every index of the tier fits 32 bits (checked in `solve_tier`).
    scratch
        .parents
        .extend(scratch.indices.iter().map(|&parent| {
            prefetch::<W>(entries, parent as usize);
            parent as u32
        }));
}

/// Tells a parent that a child is now solved as `child`; a parent this
/// decides goes to `found`.
fn tell_parent<W: Width>(
    entries: &[W::Cell],
    parent: u32,
    child: Solution,
    found: &mut Vec<(u16, u32)>,
) {
    let slot = &entries[parent as usize];
    let mut old = W::load(slot);
    while let Some((new, decided)) = parent_after::<W>(old, child) {
        match W::swap(slot, old, new) {
            Ok(_) => {
                if let Some(distance) = decided {
                    found.push((distance, parent));
                }
                return;
            }
            Err(now) => old = now,
        }
    }
}

/// A parent's new entry once one of its children is solved as `child`,
/// with its distance if that decides it, or `None` if it does not change.
fn parent_after<W: Width>(old: u32, child: Solution) -> Option<(u32, Option<u16>)> {
    let through = child.distance + 1;
    match child.wdl {
        // The child loses for its mover: the parent wins by moving there,
        // unless it already wins as soon.
        Wdl::Loss => {
            let sooner = entry::is_unresolved::<W>(old)
                || entry::win_distance::<W>(old).is_some_and(|distance| distance > through);
            sooner.then_some((entry::win::<W>(through), Some(through)))
        }
        // The child wins for its mover: one fewer hope for the parent.
        Wdl::Win if entry::is_unresolved::<W>(old) => Some(match entry::pending::<W>(old) {
            1 => {
                let distance = through.max(entry::longest_exit_loss::<W>(old));
                (entry::loss::<W>(distance), Some(distance))
            }
            _ => (old - entry::one_pending::<W>(), None),
        }),
        _ => None,
    }
}

/// Asks the processor to start loading `entries[index]` into its cache. A
/// hint only: nothing happens on other architectures or out of range.
#[inline]
fn prefetch<W: Width>(entries: &[W::Cell], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(entry) = entries.get(index) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch is only a hint: it never faults and reads
        // nothing the program sees; `entry` is a live reference, and SSE,
        // which the instruction needs, is part of every x86-64.
        #[allow(unsafe_code)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(entry).cast::<i8>());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (entries, index);
}
