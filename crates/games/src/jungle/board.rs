//! The board's fixed geometry as bitboards: water, traps, dens, and the
//! precomputed step and river-jump tables move generation reads.
//!
//! A [`Bitboard`] is a set of squares, bit `i` = square `i` (see
//! [`super::Square`]). Bit 63 is off the board; the tables give it no
//! steps and no jumps, so an absent piece (stored on the off-board index
//! [`OFF_BOARD`]) generates nothing without a branch.

use gamesolver_core::Player;

use super::square::{FILES, RANKS, SQUARES};

/// A set of squares: bit `i` is square `i`.
pub type Bitboard = u64;

/// The index used for a piece that is not on the board.
pub const OFF_BOARD: u8 = 63;

/// Every square of the board.
pub const BOARD: Bitboard = (1 << SQUARES) - 1;

/// The bit of square number `index` (bit 63 for [`OFF_BOARD`]).
#[must_use]
pub const fn bit(index: u8) -> Bitboard {
    1 << index
}

const fn square_bit(file: u8, rank: u8) -> Bitboard {
    1 << (rank * FILES + file)
}

/// The two rivers: b4 c4 b5 c5 b6 c6 and e4 f4 e5 f5 e6 f6.
pub const WATER: Bitboard = {
    let mut mask = 0;
    let mut rank = 3;
    while rank <= 5 {
        mask |=
            square_bit(1, rank) | square_bit(2, rank) | square_bit(4, rank) | square_bit(5, rank);
        rank += 1;
    }
    mask
};

/// Every square that is not water.
pub const LAND: Bitboard = BOARD & !WATER;

/// The squares on the water's own side of a square's terrain: water for a
/// square in water, land otherwise.
#[must_use]
pub const fn same_terrain(index: u8) -> Bitboard {
    if bit(index) & WATER != 0 { WATER } else { LAND }
}

/// Each player's den: d1 for the bottom side, d9 for the top side.
pub const DENS: [Bitboard; 2] = [square_bit(3, 0), square_bit(3, 8)];

/// Each player's traps: c1 e1 d2 for the bottom side, c9 e9 d8 for the top.
pub const TRAPS: [Bitboard; 2] = [
    square_bit(2, 0) | square_bit(4, 0) | square_bit(3, 1),
    square_bit(2, 8) | square_bit(4, 8) | square_bit(3, 7),
];

/// `player`'s den.
#[must_use]
pub const fn den(player: Player) -> Bitboard {
    DENS[player.index()]
}

/// `player`'s traps (where enemy pieces lose their protection).
#[must_use]
pub const fn traps(player: Player) -> Bitboard {
    TRAPS[player.index()]
}

const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The square one step from `index` in direction `(df, dr)`, if on the board.
const fn step(index: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let file = (index % FILES) as i8 + df;
    let rank = (index / FILES) as i8 + dr;
    if file < 0 || file >= FILES as i8 || rank < 0 || rank >= RANKS as i8 {
        None
    } else {
        Some(rank as u8 * FILES + file as u8)
    }
}

/// The orthogonal neighbours of every square (index 63: none).
pub const STEPS: [Bitboard; 64] = {
    let mut table = [0; 64];
    let mut index = 0;
    while index < SQUARES {
        let mut d = 0;
        while d < 4 {
            if let Some(to) = step(index, DIRECTIONS[d]) {
                table[index as usize] |= bit(to);
            }
            d += 1;
        }
        index += 1;
    }
    table
};

/// One river jump: the landing square and the water squares it crosses
/// (the jump is blocked while any rat stands on one of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The landing square's bit (0 for no jump).
    pub to: Bitboard,
    /// The water squares crossed.
    pub over: Bitboard,
}

const NO_JUMP: Jump = Jump { to: 0, over: 0 };

/// The jump from land square `index` in one direction: across at least one
/// water square, straight on to the first land square.
const fn jump(index: u8, direction: (i8, i8)) -> Jump {
    if bit(index) & LAND == 0 {
        return NO_JUMP;
    }
    let mut over = 0;
    let mut at = index;
    while let Some(next) = step(at, direction) {
        if bit(next) & WATER == 0 {
            return if over == 0 {
                NO_JUMP
            } else {
                Jump {
                    to: bit(next),
                    over,
                }
            };
        }
        over |= bit(next);
        at = next;
    }
    NO_JUMP
}

/// The river jumps of a lion or tiger from every square: at most two (from
/// the `d` file, west and east); missing entries have `to == 0`.
pub const JUMPS: [[Jump; 2]; 64] = {
    let mut table = [[NO_JUMP; 2]; 64];
    let mut index = 0;
    while index < SQUARES {
        let mut found = 0;
        let mut d = 0;
        while d < 4 {
            let j = jump(index, DIRECTIONS[d]);
            if j.to != 0 {
                table[index as usize][found] = j;
                found += 1;
            }
            d += 1;
        }
        index += 1;
    }
    table
};

/// The landing squares of the jumps from `index` that no rat (in `rats`)
/// blocks.
#[must_use]
#[inline]
pub fn open_jumps(index: u8, rats: Bitboard) -> Bitboard {
    let [a, b] = JUMPS[index as usize];
    let open = |j: Jump| j.to & 0u64.wrapping_sub(u64::from(j.over & rats == 0));
    open(a) | open(b)
}

#[cfg(test)]
mod tests {
    use super::super::Square;
    use super::*;

    fn set(names: &str) -> Bitboard {
        names
            .split_whitespace()
            .map(|n| n.parse::<Square>().unwrap().bit())
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn fixed_squares_match_the_rules() {
        assert_eq!(WATER, set("b4 c4 b5 c5 b6 c6 e4 f4 e5 f5 e6 f6"));
        assert_eq!(DENS, [set("d1"), set("d9")]);
        assert_eq!(TRAPS, [set("c1 e1 d2"), set("c9 e9 d8")]);
        assert_eq!(BOARD.count_ones(), 63);
    }

    #[test]
    fn steps_stay_on_the_board() {
        assert_eq!(STEPS[0], set("a2 b1"));
        assert_eq!(STEPS[31], set("d4 d6 c5 e5"));
        assert_eq!(STEPS[62], set("g8 f9"));
        assert_eq!(STEPS[63], 0);
        let total: u32 = STEPS.iter().map(|s| s.count_ones()).sum();
        assert_eq!(total, 2 * (6 * 9 + 7 * 8));
    }

    #[test]
    fn jumps_cross_each_river() {
        let jumps = |name: &str| {
            let index = name.parse::<Square>().unwrap().index();
            open_jumps(index, 0)
        };
        assert_eq!(jumps("a4"), set("d4"));
        assert_eq!(jumps("d5"), set("a5 g5"));
        assert_eq!(jumps("g6"), set("d6"));
        assert_eq!(jumps("b3"), set("b7"));
        assert_eq!(jumps("f7"), set("f3"));
        assert_eq!(jumps("d3"), 0);
        assert_eq!(jumps("a3"), 0);
        let total: u32 = (0..64).map(|i| open_jumps(i, 0).count_ones()).sum();
        // 3 ranks × 4 horizontal jumps, 4 files × 2 vertical jumps.
        assert_eq!(total, 12 + 8);
    }

    #[test]
    fn rats_block_jumps_over_their_square_only() {
        let d5 = set("d5").trailing_zeros() as u8;
        assert_eq!(open_jumps(d5, set("b5")), set("g5"));
        assert_eq!(open_jumps(d5, set("f5 b5")), 0);
        assert_eq!(open_jumps(d5, set("b4 f6")), set("a5 g5"));
        let c3 = set("c3").trailing_zeros() as u8;
        assert_eq!(open_jumps(c3, set("c6")), 0);
        assert_eq!(open_jumps(c3, set("b5")), set("c7"));
    }
}
