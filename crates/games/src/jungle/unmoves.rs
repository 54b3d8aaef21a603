//! Un-move generation: the positions one quiet move before this one, for
//! the retrograde analysis of Jungle endgames.

use gamesolver_core::Retrograde;

use super::board::{BOARD, Bitboard, DENS, LAND, OFF_BOARD, STEPS, bit, open_jumps};
use super::rules::{JUMPERS, RAT};
use super::{Move, Position, Square};

/// The squares a piece in strength `slot` may have come from by a quiet
/// move to `square`: its steps (land only, but for the rat) and, for the
/// lion and tiger, the river jumps that no rat (`rats`: both sides' rats)
/// blocks; only `empty` squares, never a den (a piece is never on its own
/// den, and a position with a piece on the enemy den is over).
#[inline]
pub(crate) fn origins(slot: usize, square: u8, empty: Bitboard, rats: Bitboard) -> Bitboard {
    let steps = STEPS[square as usize];
    let reach = if slot == RAT {
        steps
    } else if JUMPERS.contains(&slot) {
        (steps & LAND) | open_jumps(square, rats)
    } else {
        steps & LAND
    };
    reach & empty & !DENS[0] & !DENS[1]
}

impl Position {
    /// The squares the piece in `slot` of the side that just moved may have
    /// come from by a quiet move to `square` ([`origins`]).
    fn origins(&self, slot: usize, square: u8) -> Bitboard {
        let mover = self.turn().opponent();
        let empty = BOARD & !self.occupied(mover) & !self.occupied(self.turn());
        let rats = bit(self.slots(mover)[RAT]) | bit(self.slots(self.turn())[RAT]);
        origins(slot, square, empty, rats)
    }
}

impl Retrograde for Position {
    /// The quiet move to take back (from its origin to where the piece is now).
    type Unmove = Move;

    fn unmoves(&self, out: &mut Vec<Move>) {
        out.clear();
        let squares = self.slots(self.turn().opponent());
        for (slot, &square) in squares.iter().enumerate() {
            if square == OFF_BOARD {
                continue;
            }
            let mut origins = self.origins(slot, square);
            while origins != 0 {
                let from = origins.trailing_zeros() as u8;
                origins &= origins - 1;
                out.push(Move::new(Square::nth(from), Square::nth(square)));
            }
        }
    }

    fn unplay(&self, unmove: Move) -> Position {
        let mut before = *self;
        before.take_back(unmove);
        before
    }

    fn stays_in_tier(&self, mv: Move) -> bool {
        !self.is_capture(mv) && mv.to.bit() & DENS[self.turn().opponent().index()] == 0
    }
}

#[cfg(test)]
mod tests {
    use gamesolver_core::Game;

    use super::super::Variant;
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen, Variant::Standard).unwrap()
    }

    fn unmoves(fen: &str) -> Vec<String> {
        let mut out = Vec::new();
        position(fen).unmoves(&mut out);
        let mut text: Vec<String> = out.iter().map(ToString::to_string).collect();
        text.sort();
        text
    }

    #[test]
    fn a_lion_may_have_jumped_unless_a_rat_blocks() {
        // Bottom's lion on d5 (bottom just moved; top to move): it came from
        // d4, d6, c... (water: no), or jumped from a5 or g5.
        assert_eq!(
            unmoves("7/7/7/7/3L3/7/7/7/r6 b"),
            ["a5d5", "d4d5", "d6d5", "g5d5"]
        );
        // A rat in e5 blocks the jump from g5.
        assert_eq!(unmoves("7/7/7/7/3L1r1/7/7/7/7 b"), ["a5d5", "d4d5", "d6d5"]);
    }

    #[test]
    fn a_rat_may_have_come_out_of_the_water_and_nobody_from_a_den() {
        // Top's rat on d8 (top just moved): from d7, c8, e8; never from d9 (its den).
        assert_eq!(unmoves("7/3r3/7/7/7/7/7/7/L6 w"), ["c8d8", "d7d8", "e8d8"]);
        // Bottom's rat on c7, next to the water c6: it may have swum out.
        assert_eq!(
            unmoves("7/7/2R4/7/7/7/7/7/l6 b"),
            ["b7c7", "c6c7", "c8c7", "d7c7"]
        );
    }

    #[test]
    fn every_quiet_move_is_taken_back_exactly() {
        for fen in [
            super::super::START_FEN,
            "7/1r5/7/7/3L3/7/7/4e2/7 w",
            "2r4/7/7/7/3T3/7/7/7/6E b",
        ] {
            let start = position(fen);
            for mv in start
                .moves()
                .into_iter()
                .filter(|&m| start.stays_in_tier(m))
            {
                let child = start.after(mv);
                let mut back = Vec::new();
                child.unmoves(&mut back);
                assert!(
                    back.contains(&mv),
                    "{fen}: {mv} not among the un-moves of its result"
                );
                assert_eq!(child.unplay(mv), start, "{fen}: taking back {mv}");
                for &u in &back {
                    let parent = child.unplay(u);
                    assert!(
                        parent.moves().contains(&u),
                        "{fen}: un-move {u} leads to a position without that move"
                    );
                }
            }
        }
    }
}
