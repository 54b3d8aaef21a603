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

    /// What every piece's targets depend on, for the side to move.
    #[inline]
    fn mover(&self) -> Mover {
        let me = self.turn();
        let rat_captures_across_water = self.variant().rules().rat_captures_across_water;
        Mover {
            open: BOARD & !self.occupied(me) & !DENS[me.index()],
            enemy: self.occupied(me.opponent()),
            prey: self.prey(),
            rats: bit(self.slots(me)[RAT]) | bit(self.slots(me.opponent())[RAT]),
            rat_captures_across_water,
        }
    }

    /// Calls `visit(from, targets)` for every piece of the side to move
    /// that is on the board, with the bitboard of squares it may move to:
    /// the rat, the walkers, then the jumpers (the order of the move list).
    /// Captured pieces are visited too (off the board, with no target)
    /// unless `PRESENT_ONLY`: the search's positions have most pieces, a
    /// tablebase's few.
    #[inline]
    fn for_each_piece<const PRESENT_ONLY: bool>(&self, mut visit: impl FnMut(u8, Bitboard)) {
        let own = self.slots(self.turn());
        let mover = self.mover();
        let skip = |from: u8| PRESENT_ONLY && from == OFF_BOARD;
        let rat = own[RAT];
        if !skip(rat) {
            visit(rat, mover.rat_targets(rat));
        }
        for slot in WALKERS {
            let from = own[slot];
            if !skip(from) {
                visit(from, mover.walker_targets(slot, from));
            }
        }
        for slot in JUMPERS {
            let from = own[slot];
            if !skip(from) {
                visit(from, mover.jumper_targets(slot, from));
            }
        }
    }

    /// Calls `visit(from, targets)` for every piece of the side to move on
    /// the board with the squares it may move to, by strength slot: the
    /// legal moves without a list, nothing once the game is over. Only the
    /// pieces on the board are looked at (a tablebase's positions have
    /// few).
    #[inline]
    pub(crate) fn for_each_move_target(&self, mut visit: impl FnMut(u8, Bitboard)) {
        if self.den_entered() {
            return;
        }
        let own = self.slots(self.turn());
        let mover = self.mover();
        let mut present = present_slots(own);
        while present != 0 {
            // One bit per byte; slots are below 8: the mask drops the
            // bounds checks.
            let slot = (present.trailing_zeros() / 8) as usize & 7;
            present &= present - 1;
            let from = own[slot];
            visit(from, mover.targets(slot, from));
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

/// The slots of `squares` that hold a piece on the board, as the top bit
/// of each slot's byte: every byte at once (a square is below 64, so a
/// byte that is not [`OFF_BOARD`] differs from it in its low six bits,
/// and adding 0x7F to those carries into the top bit, never beyond).
#[inline]
fn present_slots(squares: [u8; 8]) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let absent = u64::from_le_bytes([OFF_BOARD; 8]);
    let differs = u64::from_le_bytes(squares) ^ absent;
    (differs + LOW) & !LOW
}

/// The side to move's view of the board that every piece's targets
/// depend on ([`Position::mover`]).
struct Mover {
    /// Squares a piece may enter: not its own pieces, not its own den.
    open: Bitboard,
    enemy: Bitboard,
    /// Per strength slot, the enemy pieces it may capture ([`Position::prey`]).
    prey: [Bitboard; 8],
    /// Both sides' rats (they block the river jumps).
    rats: Bitboard,
    rat_captures_across_water: bool,
}

impl Mover {
    /// The targets of the piece in `slot` on `from`.
    #[inline]
    fn targets(&self, slot: usize, from: u8) -> Bitboard {
        match slot {
            RAT => self.rat_targets(from),
            _ if JUMPERS.contains(&slot) => self.jumper_targets(slot, from),
            _ => self.walker_targets(slot, from),
        }
    }

    /// `reach` without the squares the piece in `slot` may not enter.
    #[inline]
    fn allowed(&self, slot: usize, reach: Bitboard) -> Bitboard {
        reach & self.open & (!self.enemy | self.prey[slot])
    }

    /// The rat's targets: water too; a capture only on its own terrain
    /// unless the rules let it capture across.
    #[inline]
    fn rat_targets(&self, from: u8) -> Bitboard {
        let rat_prey = if self.rat_captures_across_water {
            BOARD
        } else {
            same_terrain(from)
        };
        STEPS[from as usize] & self.open & (!self.enemy | (self.prey[RAT] & rat_prey))
    }

    /// A walker's targets: steps on land.
    #[inline]
    fn walker_targets(&self, slot: usize, from: u8) -> Bitboard {
        self.allowed(slot, STEPS[from as usize] & LAND)
    }

    /// A jumper's targets: steps on land and the river jumps no rat blocks.
    #[inline]
    fn jumper_targets(&self, slot: usize, from: u8) -> Bitboard {
        let reach = (STEPS[from as usize] & LAND) | open_jumps(from, self.rats);
        self.allowed(slot, reach)
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
