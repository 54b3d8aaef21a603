//! The 4-byte working state of one position while its tier is solved.
//!
//! | bits 30–31 | meaning | other bits |
//! |---|---|---|
//! | 0 | unresolved | 16–29: children not yet proven wins for the opponent; 0–15: the longest loss through an exit |
//! | 1 | win for the side to move | 0–15: distance (final once the level reaches it; may still shorten before) |
//! | 2 | loss for the side to move | 0–15: distance |
//! | 3 | special | 0: no position (a hole), 1: draw |

use gamesolver_core::{Solution, Wdl};

const TAG_SHIFT: u32 = 30;
const UNRESOLVED: u32 = 0;
const WIN: u32 = 1;
const LOSS: u32 = 2;
const SPECIAL: u32 = 3;
const LOW16: u32 = 0xFFFF;

/// The entry of a hole: no position has this index.
pub(crate) const HOLE: u32 = SPECIAL << TAG_SHIFT;
/// The entry of a draw (also of a finished drawn position).
pub(crate) const DRAW: u32 = (SPECIAL << TAG_SHIFT) | 1;

/// The largest count of pending children an entry can hold.
pub(crate) const MAX_PENDING: u32 = (1 << 14) - 1;

/// An unresolved position with `pending` children not yet proven wins for
/// the opponent and its longest loss through an exit.
pub(crate) const fn unresolved(pending: u32, longest_exit_loss: u16) -> u32 {
    (pending << 16) | longest_exit_loss as u32
}

/// A win for the side to move at `distance`.
pub(crate) const fn win(distance: u16) -> u32 {
    (WIN << TAG_SHIFT) | distance as u32
}

/// A loss for the side to move at `distance`.
pub(crate) const fn loss(distance: u16) -> u32 {
    (LOSS << TAG_SHIFT) | distance as u32
}

/// Whether `entry` is unresolved (the solver's hot path: no decoding).
pub(crate) const fn is_unresolved(entry: u32) -> bool {
    entry >> TAG_SHIFT == UNRESOLVED
}

/// The distance of a win entry, `None` for any other entry.
pub(crate) const fn win_distance(entry: u32) -> Option<u16> {
    if entry >> TAG_SHIFT == WIN {
        Some((entry & LOW16) as u16)
    } else {
        None
    }
}

/// The pending children of an unresolved entry.
pub(crate) const fn pending(unresolved: u32) -> u32 {
    unresolved >> 16
}

/// The longest exit loss of an unresolved entry.
pub(crate) const fn longest_exit_loss(unresolved: u32) -> u16 {
    (unresolved & LOW16) as u16
}

/// What one pending child fewer subtracts from an unresolved entry.
pub(crate) const ONE_PENDING: u32 = 1 << 16;

/// The entry of a known solution.
pub(crate) const fn solved(solution: Solution) -> u32 {
    match solution.wdl {
        Wdl::Win => win(solution.distance),
        Wdl::Loss => loss(solution.distance),
        Wdl::Draw => DRAW,
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
pub(crate) const fn state(entry: u32) -> State {
    let low = (entry & LOW16) as u16;
    match entry >> TAG_SHIFT {
        UNRESOLVED => State::Unresolved {
            pending: entry >> 16,
            longest_exit_loss: low,
        },
        WIN => State::Solved(Solution::new(Wdl::Win, low)),
        LOSS => State::Solved(Solution::new(Wdl::Loss, low)),
        _ if entry == DRAW => State::Solved(Solution::finished(Wdl::Draw)),
        _ => State::Hole,
    }
}

/// The solution of a final entry: unresolved positions are draws.
pub(crate) const fn final_solution(entry: u32) -> Option<Solution> {
    match state(entry) {
        State::Hole => None,
        State::Unresolved { .. } => Some(Solution::finished(Wdl::Draw)),
        State::Solved(s) => Some(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        assert_eq!(state(HOLE), State::Hole);
        assert_eq!(state(DRAW), State::Solved(Solution::finished(Wdl::Draw)));
        assert_eq!(state(win(7)), State::Solved(Solution::new(Wdl::Win, 7)));
        assert_eq!(
            state(loss(65_535)),
            State::Solved(Solution::new(Wdl::Loss, 65_535))
        );
        assert_eq!(
            state(unresolved(MAX_PENDING, 12)),
            State::Unresolved {
                pending: MAX_PENDING,
                longest_exit_loss: 12
            }
        );
        assert_eq!(
            final_solution(unresolved(3, 0)),
            Some(Solution::finished(Wdl::Draw))
        );
        assert_eq!(final_solution(HOLE), None);
    }

    #[test]
    fn the_hot_path_reads_agree_with_decoding() {
        let open = unresolved(5, 9);
        assert!(is_unresolved(open) && !is_unresolved(win(3)) && !is_unresolved(HOLE));
        assert_eq!((pending(open), longest_exit_loss(open)), (5, 9));
        assert_eq!(open - ONE_PENDING, unresolved(4, 9));
        assert_eq!(win_distance(win(12)), Some(12));
        for other in [loss(12), DRAW, HOLE, open] {
            assert_eq!(win_distance(other), None);
        }
    }
}
