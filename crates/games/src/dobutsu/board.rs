//! The fixed geometry: bitboards of the 12 squares and each piece's steps.
//!
//! A bitboard is a `u16` whose bit `i` is square `i` (`a1` = bit 0, `c4` =
//! bit 11). The first player moves up the board (towards rank 4), the
//! second player down.

use gamesolver_core::Player;

use super::Piece;

/// A set of squares, bit `i` = square `i`.
pub type Bitboard = u16;

/// Every square.
pub const ALL: Bitboard = 0x0FFF;

/// The squares of rank `rank` (0 = rank 1).
#[must_use]
pub const fn rank_mask(rank: u8) -> Bitboard {
    0b111 << (3 * rank)
}

/// The far rank of `player`: where its chicks promote and its lion scores
/// the try (rank 4 for the first player, rank 1 for the second).
#[must_use]
pub const fn far_rank(player: Player) -> Bitboard {
    match player {
        Player::First => rank_mask(3),
        Player::Second => rank_mask(0),
    }
}

/// The home rank of `player` (the opponent's far rank).
#[must_use]
pub const fn home_rank(player: Player) -> Bitboard {
    far_rank(player.opponent())
}

/// The squares a `piece` of `player` on `square` steps to (and attacks),
/// by piece index, player index and square: `STEPS[piece][player][square]`.
pub const STEPS: [[[Bitboard; 12]; 2]; 5] = {
    let mut table = [[[0; 12]; 2]; 5];
    let mut piece = 0;
    while piece < 5 {
        let mut player = 0;
        while player < 2 {
            let mut sq = 0;
            while sq < 12 {
                table[piece][player][sq] = steps(piece, player, sq as i8);
                sq += 1;
            }
            player += 1;
        }
        piece += 1;
    }
    table
};

/// The eight directions as (file, rank) offsets, seen from the first
/// player; `forward` is +1 rank.
const fn steps(piece: usize, player: usize, sq: i8) -> Bitboard {
    let (file, rank) = (sq % 3, sq / 3);
    let forward: i8 = if player == 0 { 1 } else { -1 };
    let mut bits = 0;
    let mut df = -1;
    while df <= 1 {
        let mut dr = -1;
        while dr <= 1 {
            let diagonal = df != 0 && dr != 0;
            let step = !(df == 0 && dr == 0);
            let allowed = step
                && if piece == Piece::Lion.index() {
                    true
                } else if piece == Piece::Giraffe.index() {
                    !diagonal
                } else if piece == Piece::Elephant.index() {
                    diagonal
                } else if piece == Piece::Chick.index() {
                    df == 0 && dr == forward
                } else {
                    // Hen: everything but the two backward diagonals.
                    !(diagonal && dr == -forward)
                };
            let (f, r) = (file + df, rank + dr);
            if allowed && f >= 0 && f < 3 && r >= 0 && r < 4 {
                bits |= 1 << (r * 3 + f);
            }
            dr += 1;
        }
        df += 1;
    }
    bits
}

/// The squares a `piece` of `player` on square `square` attacks.
#[must_use]
pub const fn steps_of(piece: Piece, player: Player, square: u8) -> Bitboard {
    STEPS[piece.index()][player.index()][square as usize]
}

/// A bitboard seen in a mirror (files `a` and `c` swapped).
#[must_use]
pub const fn mirror(bits: Bitboard) -> Bitboard {
    let a = bits & 0b001_001_001_001;
    let b = bits & 0b010_010_010_010;
    let c = bits & 0b100_100_100_100;
    (a << 2) | b | (c >> 2)
}

/// A bitboard after the board is turned half a turn.
#[must_use]
pub const fn rotate(bits: Bitboard) -> Bitboard {
    bits.reverse_bits() >> 4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(piece: Piece, player: Player, sq: u8) -> u32 {
        steps_of(piece, player, sq).count_ones()
    }

    #[test]
    fn step_counts_match_the_rules() {
        // b2 (square 4) has all eight neighbours on the board.
        assert_eq!(count(Piece::Lion, Player::First, 4), 8);
        assert_eq!(count(Piece::Giraffe, Player::First, 4), 4);
        assert_eq!(count(Piece::Elephant, Player::First, 4), 4);
        assert_eq!(count(Piece::Chick, Player::First, 4), 1);
        assert_eq!(count(Piece::Hen, Player::First, 4), 6);
        // Corners.
        assert_eq!(count(Piece::Lion, Player::First, 0), 3);
        assert_eq!(count(Piece::Elephant, Player::Second, 11), 1);
        // Chicks step towards their far rank, and not beyond it.
        assert_eq!(steps_of(Piece::Chick, Player::First, 4), 1 << 7);
        assert_eq!(steps_of(Piece::Chick, Player::Second, 4), 1 << 1);
        assert_eq!(steps_of(Piece::Chick, Player::First, 10), 0);
        assert_eq!(steps_of(Piece::Chick, Player::Second, 1), 0);
        // A hen does not step diagonally backwards.
        assert_eq!(
            steps_of(Piece::Hen, Player::First, 4) & ((1 << 0) | (1 << 2)),
            0
        );
        assert_eq!(
            steps_of(Piece::Hen, Player::Second, 4) & ((1 << 6) | (1 << 8)),
            0
        );
    }

    #[test]
    fn steps_are_symmetric() {
        for piece in Piece::ALL {
            for sq in 0..12u8 {
                let mirrored = (sq / 3) * 3 + 2 - sq % 3;
                assert_eq!(
                    mirror(steps_of(piece, Player::First, sq)),
                    steps_of(piece, Player::First, mirrored)
                );
                assert_eq!(
                    rotate(steps_of(piece, Player::First, sq)),
                    steps_of(piece, Player::Second, 11 - sq)
                );
            }
        }
        assert_eq!(rotate(far_rank(Player::First)), far_rank(Player::Second));
        assert_eq!(mirror(0b000_000_000_001), 0b100);
    }
}
