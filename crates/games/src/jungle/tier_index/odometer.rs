//! Walking the indices of a tier in order: the digits of the index counted
//! up like an odometer, each animal's square and the Zobrist key updated
//! only for the digits that change (most steps change the last one), so no
//! index is divided and no position is rebuilt from scratch.

use gamesolver_core::Player;

use super::super::board::OFF_BOARD;
use super::super::square::FILES;
use super::super::zobrist::{PIECE_KEYS, TOP_TO_MOVE};
use super::super::{Position, Variant};
use super::Layout;

/// The state of one walk: the index's digits and what they place.
pub(super) struct Odometer<'a> {
    layout: &'a Layout,
    /// The side to move; 2 once the walk has passed the tier's end.
    turn: usize,
    digits: [u8; 16],
    /// Each animal's square, in index order.
    squares: [u8; 16],
    /// The same squares by side and strength slot (the position's own
    /// arrays), absent animals off the board.
    slots: [[u8; 8]; 2],
    /// The Zobrist key of the animals (the side to move not included).
    key: u64,
    /// Each side's squares, each animal's bit flipped in and out as it
    /// moves: the occupancy whenever no two animals share a square (two
    /// that do cancel out or merge, leaving fewer squares than animals).
    occupied: [u64; 2],
}

impl<'a> Odometer<'a> {
    /// The walk of `layout`'s indices from `index` on.
    pub(super) fn new(layout: &'a Layout, index: u64) -> Self {
        let (turn, digits) = layout.digits(index);
        let mut odometer = Odometer {
            layout,
            turn: usize::try_from(turn).map_or(2, |t| t.min(2)),
            digits,
            squares: [0; 16],
            slots: [[OFF_BOARD; 8]; 2],
            key: 0,
            occupied: [0; 2],
        };
        for (i, &digit) in digits.iter().enumerate().take(layout.count) {
            odometer.place(i, layout.table(i).square(digit));
        }
        odometer
    }

    /// Puts animal `i` on `square` (from where it stood, or from nowhere
    /// at the start: the key of the square it leaves is cancelled).
    #[inline]
    fn place(&mut self, i: usize, square: u8) {
        let (side, slot) = (self.layout.side(i), self.layout.slot(i));
        let keys = &PIECE_KEYS[side][slot];
        let old = self.slots[side][slot];
        if old != OFF_BOARD {
            self.key ^= keys[old as usize];
            self.occupied[side] ^= 1u64 << old;
        }
        self.key ^= keys[square as usize];
        self.occupied[side] ^= 1u64 << square;
        self.squares[i] = square;
        self.slots[side][slot] = square;
    }

    /// The position of the current index `index` under `variant`, or
    /// `None` for a hole: two animals on one square, the other side to
    /// move than the tier has (past its end), or the mirror image's twin
    /// that is not kept (see [`Layout::index`]).
    #[inline]
    pub(super) fn position(&self, variant: Variant, index: u64) -> Option<Position> {
        let layout = self.layout;
        let occupied = self.occupied;
        let taken = (occupied[0] | occupied[1]).count_ones() as usize;
        if taken != layout.count || self.turn > 1 {
            return None;
        }
        if self.squares[0] % FILES == 3
            && layout.raw_mirrored_index(self.turn, &self.squares) < index
        {
            return None;
        }
        let turn = Player::BOTH[self.turn];
        let key = if turn == Player::Second {
            self.key ^ TOP_TO_MOVE
        } else {
            self.key
        };
        Some(Position::from_parts_unchecked(
            variant, turn, self.slots, occupied, key,
        ))
    }

    /// Moves on to the next index: the last digit counts up, carrying into
    /// the ones before it, and past the first into the side to move.
    #[inline]
    pub(super) fn advance(&mut self) {
        let layout = self.layout;
        let mut i = layout.count;
        while i > 0 {
            i -= 1;
            let table = layout.table(i);
            let next = self.digits[i] + 1;
            if u64::from(next) < table.count {
                self.digits[i] = next;
                self.place(i, table.square(next));
                return;
            }
            self.digits[i] = 0;
            self.place(i, table.square(0));
        }
        self.turn += 1;
    }
}
