//! The working state of one position while its tier is solved: 4 bytes
//! ([`Wide`]), or 2 bytes ([`Narrow`]) for tiers whose layout promises few
//! moves and short exits ([`gamesolver_core::TierLayout::narrow_entries`]).
//!
//! | tag (top 2 bits) | meaning | other bits (wide / narrow) |
//! |---|---|---|
//! | 0 | unresolved | children not yet proven wins for the opponent (14 / 6 bits); the longest loss through an exit (16 / 8 bits) |
//! | 1 | win for the side to move | distance (16 / 14 bits; final once the level reaches it; may still shorten before) |
//! | 2 | loss for the side to move | distance |
//! | 3 | special | 0: no position (a hole), 1: draw |
//!
//! Entries are handled as `u32` values whatever their width; a width says
//! where the fields sit and how its atomic cells are read and written.

use std::sync::atomic::{AtomicU16, AtomicU32, Ordering};

use gamesolver_core::{Solution, Wdl};

const UNRESOLVED: u32 = 0;
const WIN: u32 = 1;
const LOSS: u32 = 2;
const SPECIAL: u32 = 3;

/// Where an entry's fields sit, and its atomic cell.
pub(crate) trait Width: Send + Sync + 'static {
    /// The atomic cell of one entry.
    type Cell: Send + Sync;
    /// The tag's shift (the tag is the top two bits).
    const TAG_SHIFT: u32;
    /// The shift of an unresolved entry's pending count (the exit loss
    /// sits below it).
    const PENDING_SHIFT: u32;
    /// The mask of a win's or loss's distance.
    const DISTANCE_MASK: u32;
    /// A cell holding `value`.
    fn cell(value: u32) -> Self::Cell;
    /// The cell's value.
    fn load(cell: &Self::Cell) -> u32;
    /// Replaces the cell's value.
    fn store(cell: &Self::Cell, value: u32);
    /// Compare-and-swap (may fail spuriously), relaxed.
    fn swap(cell: &Self::Cell, old: u32, new: u32) -> Result<u32, u32>;
}

/// 4-byte entries: up to 16,383 pending children, exits and distances up
/// to 65,535 plies.
pub(crate) struct Wide;

/// 2-byte entries: up to 63 pending children, exit losses up to 255 plies,
/// distances up to 16,383.
pub(crate) struct Narrow;

impl Width for Wide {
    type Cell = AtomicU32;
    const TAG_SHIFT: u32 = 30;
    const PENDING_SHIFT: u32 = 16;
    const DISTANCE_MASK: u32 = 0xFFFF;

    #[inline]
    fn cell(value: u32) -> AtomicU32 {
        AtomicU32::new(value)
    }

    #[inline]
    fn load(cell: &AtomicU32) -> u32 {
        cell.load(Ordering::Relaxed)
    }

    #[inline]
    fn store(cell: &AtomicU32, value: u32) {
        cell.store(value, Ordering::Relaxed);
    }

    #[inline]
    fn swap(cell: &AtomicU32, old: u32, new: u32) -> Result<u32, u32> {
        cell.compare_exchange_weak(old, new, Ordering::Relaxed, Ordering::Relaxed)
    }
}

impl Width for Narrow {
    type Cell = AtomicU16;
    const TAG_SHIFT: u32 = 14;
    const PENDING_SHIFT: u32 = 8;
    const DISTANCE_MASK: u32 = 0x3FFF;

    #[inline]
    fn cell(value: u32) -> AtomicU16 {
        AtomicU16::new(value as u16)
    }

    #[inline]
    fn load(cell: &AtomicU16) -> u32 {
        u32::from(cell.load(Ordering::Relaxed))
    }

    #[inline]
    fn store(cell: &AtomicU16, value: u32) {
        cell.store(value as u16, Ordering::Relaxed);
    }

    #[inline]
    fn swap(cell: &AtomicU16, old: u32, new: u32) -> Result<u32, u32> {
        cell.compare_exchange_weak(old as u16, new as u16, Ordering::Relaxed, Ordering::Relaxed)
            .map(u32::from)
            .map_err(u32::from)
    }
}

/// The largest count of pending children an entry of `W` holds.
pub(crate) const fn max_pending<W: Width>() -> u32 {
    (1 << (W::TAG_SHIFT - W::PENDING_SHIFT)) - 1
}

/// The longest exit loss an unresolved entry of `W` holds.
pub(crate) const fn max_exit_loss<W: Width>() -> u32 {
    (1 << W::PENDING_SHIFT) - 1
}

/// The longest distance a win or loss entry of `W` holds.
pub(crate) const fn max_distance<W: Width>() -> u32 {
    W::DISTANCE_MASK
}

/// The entry of a hole: no position has this index.
pub(crate) const fn hole<W: Width>() -> u32 {
    SPECIAL << W::TAG_SHIFT
}

/// The entry of a draw (also of a finished drawn position).
pub(crate) const fn draw<W: Width>() -> u32 {
    (SPECIAL << W::TAG_SHIFT) | 1
}

/// An unresolved position with `pending` children not yet proven wins for
/// the opponent and its longest loss through an exit (both within `W`'s
/// limits).
pub(crate) const fn unresolved<W: Width>(pending: u32, longest_exit_loss: u16) -> u32 {
    (pending << W::PENDING_SHIFT) | longest_exit_loss as u32
}

/// A win for the side to move at `distance`.
pub(crate) const fn win<W: Width>(distance: u16) -> u32 {
    (WIN << W::TAG_SHIFT) | distance as u32
}

/// A loss for the side to move at `distance`.
pub(crate) const fn loss<W: Width>(distance: u16) -> u32 {
    (LOSS << W::TAG_SHIFT) | distance as u32
}

/// Whether `entry` is unresolved (the solver's hot path: no decoding).
pub(crate) const fn is_unresolved<W: Width>(entry: u32) -> bool {
    entry >> W::TAG_SHIFT == UNRESOLVED
}

/// The distance of a win entry, `None` for any other entry.
pub(crate) const fn win_distance<W: Width>(entry: u32) -> Option<u16> {
    if entry >> W::TAG_SHIFT == WIN {
        Some((entry & W::DISTANCE_MASK) as u16)
    } else {
        None
    }
}

/// The pending children of an unresolved entry.
pub(crate) const fn pending<W: Width>(unresolved: u32) -> u32 {
    unresolved >> W::PENDING_SHIFT
}

/// The longest exit loss of an unresolved entry.
pub(crate) const fn longest_exit_loss<W: Width>(unresolved: u32) -> u16 {
    (unresolved & ((1 << W::PENDING_SHIFT) - 1)) as u16
}

/// What one pending child fewer subtracts from an unresolved entry.
pub(crate) const fn one_pending<W: Width>() -> u32 {
    1 << W::PENDING_SHIFT
}

/// The entry of a known solution (its distance within `W`'s limits).
pub(crate) const fn solved<W: Width>(solution: Solution) -> u32 {
    match solution.wdl {
        Wdl::Win => win::<W>(solution.distance),
        Wdl::Loss => loss::<W>(solution.distance),
        Wdl::Draw => draw::<W>(),
    }
}

/// The state an entry describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// No position.
    Hole,
    /// Not resolved yet.
    Unresolved {
        /// Children not yet proven wins for the opponent.
        pending: u32,
        /// The longest loss through an exit (0 if none).
        longest_exit_loss: u16,
    },
    /// Resolved (a win may still shorten until its level is reached).
    Solved(Solution),
}

/// Decodes an entry.
pub(crate) const fn state<W: Width>(entry: u32) -> State {
    let distance = (entry & W::DISTANCE_MASK) as u16;
    match entry >> W::TAG_SHIFT {
        UNRESOLVED => State::Unresolved {
            pending: pending::<W>(entry),
            longest_exit_loss: longest_exit_loss::<W>(entry),
        },
        WIN => State::Solved(Solution::new(Wdl::Win, distance)),
        LOSS => State::Solved(Solution::new(Wdl::Loss, distance)),
        _ if entry == draw::<W>() => State::Solved(Solution::finished(Wdl::Draw)),
        _ => State::Hole,
    }
}

/// The solution of a final entry: unresolved positions are draws.
pub(crate) const fn final_solution<W: Width>(entry: u32) -> Option<Solution> {
    match state::<W>(entry) {
        State::Hole => None,
        State::Unresolved { .. } => Some(Solution::finished(Wdl::Draw)),
        State::Solved(s) => Some(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<W: Width>() {
        assert_eq!(state::<W>(hole::<W>()), State::Hole);
        assert_eq!(
            state::<W>(draw::<W>()),
            State::Solved(Solution::finished(Wdl::Draw))
        );
        assert_eq!(
            state::<W>(win::<W>(7)),
            State::Solved(Solution::new(Wdl::Win, 7))
        );
        let far = max_distance::<W>() as u16;
        assert_eq!(
            state::<W>(loss::<W>(far)),
            State::Solved(Solution::new(Wdl::Loss, far))
        );
        let exit = max_exit_loss::<W>() as u16;
        assert_eq!(
            state::<W>(unresolved::<W>(max_pending::<W>(), exit)),
            State::Unresolved {
                pending: max_pending::<W>(),
                longest_exit_loss: exit
            }
        );
        assert_eq!(
            final_solution::<W>(unresolved::<W>(3, 0)),
            Some(Solution::finished(Wdl::Draw))
        );
        assert_eq!(final_solution::<W>(hole::<W>()), None);
        // Every entry survives its cell.
        for value in [
            hole::<W>(),
            draw::<W>(),
            win::<W>(far),
            unresolved::<W>(5, 9),
        ] {
            assert_eq!(W::load(&W::cell(value)), value);
        }
    }

    fn hot_path_agrees<W: Width>() {
        let open = unresolved::<W>(5, 9);
        assert!(
            is_unresolved::<W>(open)
                && !is_unresolved::<W>(win::<W>(3))
                && !is_unresolved::<W>(hole::<W>())
        );
        assert_eq!((pending::<W>(open), longest_exit_loss::<W>(open)), (5, 9));
        assert_eq!(open - one_pending::<W>(), unresolved::<W>(4, 9));
        assert_eq!(win_distance::<W>(win::<W>(12)), Some(12));
        for other in [loss::<W>(12), draw::<W>(), hole::<W>(), open] {
            assert_eq!(win_distance::<W>(other), None);
        }
    }

    #[test]
    fn entries_round_trip() {
        round_trips::<Wide>();
        round_trips::<Narrow>();
        assert_eq!(max_pending::<Wide>(), (1 << 14) - 1);
        assert_eq!(max_pending::<Narrow>(), 63);
        assert_eq!(max_distance::<Wide>(), 65_535);
        assert_eq!(max_distance::<Narrow>(), 16_383);
    }

    #[test]
    fn the_hot_path_reads_agree_with_decoding() {
        hot_path_agrees::<Wide>();
        hot_path_agrees::<Narrow>();
    }
}
