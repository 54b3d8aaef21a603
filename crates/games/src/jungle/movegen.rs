//! Move generation: the target squares of each piece as one bitboard, from
//! the step and jump tables, masked by the capture rules.
//!
//! Counting the moves is a popcount per piece, so perft's last ply (bulk
//! counting) never builds a move list.

use super::board::{
    BOARD, Bitboard, DENS, LAND, OFF_BOARD, STEPS, TRAPS, bit, open_jumps, same_terrain,
};
use super::rules::{ELEPHANT, JUMPERS, RAT};
use super::{Move, Position, Square};

/// The slots of the pieces that only step on land: cat, dog, wolf,
/// leopard (in the standard ranking) and elephant.
const WALKERS: [usize; 5] = [1, 2, 3, 4, ELEPHANT];

impl Position {
    /// Whether a piece of the side not to move stands on the den of the side
    /// to move (the game ended with the last move).
    #[must_use]
    pub const fn den_entered(&self) -> bool {
        let me = self.turn();
        self.occupied(me.opponent()) & DENS[me.index()] != 0
    }

    /// For each strength slot of the side to move, the enemy pieces it may
    /// capture (before the water rule): equal or lower rank, anything on
    /// one of the mover's traps; the rat also takes the elephant, the
    /// elephant takes the rat only in a trap.
    #[inline]
    fn prey(&self) -> [Bitboard; 8] {
        let me = self.turn();
        let enemy = self.slots(me.opponent());
        let trapped = self.occupied(me.opponent()) & TRAPS[me.index()];
        let mut prey = [0; 8];
        let mut weaker = trapped;
        for (slot, &square) in enemy.iter().enumerate() {
            weaker |= bit(square);
            prey[slot] = weaker;
        }
        prey[RAT] |= bit(enemy[ELEPHANT]);
        prey[ELEPHANT] &= !bit(enemy[RAT]) | trapped;
        prey
    }

    /// Calls `visit(from, targets)` for every piece of the side to move
    /// that is on the board, with the bitboard of squares it may move to.
    /// Captured pieces are visited too (off the board, with no target)
    /// unless `PRESENT_ONLY`: the search's positions have most pieces, a
    /// tablebase's few.
    #[inline]
    fn for_each_piece<const PRESENT_ONLY: bool>(&self, mut visit: impl FnMut(u8, Bitboard)) {
        let me = self.turn();
        let own = self.slots(me);
        let enemy = self.occupied(me.opponent());
        let open = BOARD & !self.occupied(me) & !DENS[me.index()];
        let prey = self.prey();
        let allowed = |slot: usize, reach: Bitboard| reach & open & (!enemy | prey[slot]);
        let skip = |from: u8| PRESENT_ONLY && from == OFF_BOARD;

        let rat = own[RAT];
        if !skip(rat) {
            let rat_prey = if self.variant().rules().rat_captures_across_water {
                BOARD
            } else {
                same_terrain(rat)
            };
            visit(
                rat,
                STEPS[rat as usize] & open & (!enemy | (prey[RAT] & rat_prey)),
            );
        }
        for slot in WALKERS {
            let from = own[slot];
            if !skip(from) {
                visit(from, allowed(slot, STEPS[from as usize] & LAND));
            }
        }
        let rats = bit(own[RAT]) | bit(self.slots(me.opponent())[RAT]);
        for slot in JUMPERS {
            let from = own[slot];
            if !skip(from) {
                let reach = (STEPS[from as usize] & LAND) | open_jumps(from, rats);
                visit(from, allowed(slot, reach));
            }
        }
    }

    /// Each piece of the side to move on the board (by strength slot) with
    /// the squares it may move to, in the first entries of the array, and
    /// how many there are: the legal moves without a list. None once the
    /// game is over.
    #[must_use]
    pub(crate) fn move_targets(&self) -> ([(u8, Bitboard); 8], usize) {
        let mut pieces = [(OFF_BOARD, 0); 8];
        let mut next = 0;
        if self.den_entered() {
            return (pieces, next);
        }
        self.for_each_piece::<true>(|from, targets| {
            pieces[next] = (from, targets);
            next += 1;
        });
        (pieces, next)
    }

    /// Calls `visit(from, targets)` for every piece of the side to move on
    /// the board with the squares it may move to ([`Position::move_targets`]
    /// without the array): nothing once the game is over.
    #[inline]
    pub(crate) fn for_each_move_target(&self, visit: impl FnMut(u8, Bitboard)) {
        if !self.den_entered() {
            self.for_each_piece::<true>(visit);
        }
    }

    /// The number of legal moves (0 once the game is over), without
    /// building a list.
    #[must_use]
    pub fn count_moves(&self) -> u32 {
        if self.den_entered() {
            return 0;
        }
        let mut count = 0;
        self.for_each_piece::<false>(|_, targets| count += targets.count_ones());
        count
    }

    /// Whether the side to move has a legal move: at once when one of its
    /// pieces stands next to an empty land square (every animal may step
    /// there), otherwise by counting. Cheaper than [`Position::count_moves`]
    /// for the end-of-game test.
    #[must_use]
    pub fn has_moves(&self) -> bool {
        if self.den_entered() {
            return false;
        }
        let me = self.turn();
        let empty = LAND & !(self.occupied(me) | self.occupied(me.opponent())) & !DENS[me.index()];
        let near = self
            .slots(me)
            .iter()
            .fold(0, |acc, &square| acc | STEPS[square as usize]);
        near & empty != 0 || self.count_moves() > 0
    }

    /// Appends the legal moves to `out` (nothing once the game is over), by
    /// strength slot, then by target square.
    pub fn generate_moves(&self, out: &mut Vec<Move>) {
        if self.den_entered() {
            return;
        }
        self.for_each_piece::<false>(|from, mut targets| {
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                out.push(Move::new(Square::nth(from), Square::nth(to)));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::Variant;
    use super::*;

    fn count(fen: &str, variant: Variant) -> u32 {
        Position::from_fen(fen, variant).unwrap().count_moves()
    }

    #[test]
    fn dog_over_wolf_swaps_their_ranks() {
        // D a1 against w a2: the standard dog (3) cannot take the wolf (4).
        let fen = "7/7/7/7/7/7/7/w6/D6 w";
        assert_eq!(count(fen, Variant::Standard), 1);
        assert_eq!(count(fen, Variant::DogOverWolf), 2);
        let fen = "7/7/7/7/7/7/7/d6/W6 w";
        assert_eq!(count(fen, Variant::Standard), 2);
        assert_eq!(count(fen, Variant::DogOverWolf), 1);
    }

    #[test]
    fn rat_across_water_captures_over_the_line() {
        // R d5 on land, r c5 in water.
        let fen = "7/7/7/7/2rR3/7/7/7/7 w";
        assert_eq!(count(fen, Variant::Standard), 3);
        assert_eq!(count(fen, Variant::RatAcrossWater), 4);
        // R c5 in water, e d5 on land.
        let fen = "7/7/7/7/2Re3/7/7/7/7 w";
        assert_eq!(count(fen, Variant::Standard), 3);
        assert_eq!(count(fen, Variant::RatAcrossWater), 4);
    }

    #[test]
    fn has_moves_agrees_with_the_count() {
        for fen in [
            "7/7/7/7/7/7/7/d6/Cw5 w",
            "7/7/7/7/7/7/7/d6/Cw5 b",
            "3L3/7/7/7/7/7/7/7/r6 b",
            "7/7/7/7/1Rr4/7/7/7/7 w",
            crate::jungle::START_FEN,
        ] {
            let position = Position::from_fen(fen, Variant::Standard).unwrap();
            assert_eq!(position.has_moves(), position.count_moves() > 0, "{fen}");
        }
    }

    #[test]
    fn moves_are_listed_by_rank_then_square() {
        let start = Position::start();
        let mut moves = Vec::new();
        start.generate_moves(&mut moves);
        let text: Vec<String> = moves.iter().map(Move::to_string).collect();
        assert_eq!(text.len(), 24);
        assert_eq!(&text[..3], ["g3g2", "g3f3", "g3g4"].map(String::from));
    }
}
