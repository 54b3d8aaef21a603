//! The positions reachable from the start, counted as Tanaka (2009) counts
//! them: the side to move folded by turning the board, the mirror folded,
//! and a position that is won or lost at once not expanded.
//!
//! Reached positions are of three kinds: *interior* ones (the tables'),
//! *catch* positions (the side to move can take the lion: won in one ply)
//! and *try* positions (the game ended: a lion arrived safely on its far
//! rank, or a lion was taken). Only interior positions are expanded. The
//! set lives in a bitmap over every arrangement of the pieces with the
//! first player to move (Tanaka's 1,567,925,964, 196 MB), the search goes
//! breadth first.

use gamesolver_core::{Game, Player};

use super::tier_index::full_rank;
use super::{Move, Position};

/// How many positions of each kind are reachable from the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reachable {
    /// Interior positions (stored in the tables).
    pub interior: u64,
    /// Positions whose side to move can take the enemy lion.
    pub catch: u64,
    /// Finished positions (a lion arrived safely, or was taken).
    pub finished: u64,
    /// Positions that are none of these (under the try-after-reply preset,
    /// a lion that arrived safely, not yet scored).
    pub other: u64,
}

impl Reachable {
    /// Every reachable position.
    #[must_use]
    pub const fn total(&self) -> u64 {
        self.interior + self.catch + self.finished + self.other
    }
}

/// The canonical number of `position` among all arrangements: side to
/// move and mirror folded.
fn canonical(position: &Position) -> u64 {
    let first = match position.turn() {
        Player::First => *position,
        Player::Second => position.rotated(),
    };
    full_rank(&first).min(full_rank(&first.mirrored()))
}

/// Counts the positions reachable from `start` (the start of any preset
/// the tables cover), calling `interior` with each reachable interior
/// position (once per folded position, with either side to move).
pub fn count_reachable(start: &Position, mut interior: impl FnMut(&Position)) -> Reachable {
    let size = 132 * super::tier_index::per_lion();
    let mut seen = vec![0u64; size.div_ceil(64) as usize];
    let mut mark = |p: &Position| {
        let n = canonical(p);
        let (word, bit) = ((n / 64) as usize, 1u64 << (n % 64));
        let new = seen[word] & bit == 0;
        seen[word] |= bit;
        new
    };
    let mut counts = Reachable::default();
    let mut level = Vec::new();
    let mut classify = |p: &Position, counts: &mut Reachable, next: &mut Vec<Position>| {
        if p.is_interior() {
            counts.interior += 1;
            interior(p);
            next.push(*p);
        } else if p.is_finished() {
            counts.finished += 1;
        } else if p.can_take_lion() {
            counts.catch += 1;
        } else {
            counts.other += 1;
        }
    };
    mark(start);
    classify(start, &mut counts, &mut level);
    let mut moves: Vec<Move> = Vec::new();
    while !level.is_empty() {
        let mut next = Vec::new();
        for position in &level {
            position.legal_moves(&mut moves);
            for &mv in &moves {
                let child = position.after(mv);
                if mark(&child) {
                    classify(&child, &mut counts, &mut next);
                }
            }
        }
        level = next;
    }
    counts
}
