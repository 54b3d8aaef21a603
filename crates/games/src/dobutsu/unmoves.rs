//! Un-moves: the interior positions one move before an interior position.
//!
//! In a single tier captures and drops go both ways, so an un-move takes
//! back any move between two interior positions: a step (the piece goes
//! back, a hen that has just promoted becomes a chick again), the same step
//! that captured (the captured piece comes back from the mover's hand onto
//! the square the mover leaves, a chick in hand possibly as the hen it was),
//! or a drop (the piece goes back to the hand).

use gamesolver_core::{Game, Retrograde};

use super::board::{STEPS, far_rank};
use super::{Hand, Move, Piece, Position, Square};

/// An un-move: the mover's piece on `at` goes back to `origin` (a square
/// 0..12, or `12 + hand kind` for a drop taken back), becoming `piece`, and
/// `restore` (if any) of the other side comes back onto `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unmove {
    at: u8,
    origin: u8,
    piece: Piece,
    restore: Option<Piece>,
}

const UNDROP: u8 = 12;

impl Position {
    /// Calls `visit` with every interior position one move before this one
    /// (which must be interior, or there is none) and the un-move to it.
    pub(crate) fn for_each_parent(&self, mut visit: impl FnMut(Unmove, Position)) {
        if !self.is_interior() {
            return;
        }
        let mover = self.turn.opponent();
        let m = mover.index();
        let enemy = 1 - m;
        let own = self.by_player[m];
        let empty = self.empty();
        let mut pieces = own;
        while pieces != 0 {
            let at = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let bit = 1u16 << at;
            let kind = self.kind_at(bit);
            let mut try_parent = |unmove: Unmove| {
                let parent = self.unplay(unmove);
                if parent.is_interior() {
                    visit(unmove, parent);
                }
            };
            // A drop taken back.
            if let Some(hand) = kind.in_hand()
                && kind != Piece::Hen
            {
                try_parent(Unmove {
                    at,
                    origin: UNDROP + hand as u8,
                    piece: kind,
                    restore: None,
                });
            }
            // Steps taken back: the piece it was and where it came from.
            let far = far_rank(mover) & bit != 0;
            let mut before: [(Piece, u16); 2] = [(kind, 0), (kind, 0)];
            let back = |piece: Piece| STEPS[piece.index()][enemy][usize::from(at)] & empty;
            match kind {
                Piece::Chick if far => {}
                Piece::Hen if far => {
                    before[0] = (Piece::Hen, back(Piece::Hen));
                    before[1] = (Piece::Chick, back(Piece::Chick));
                }
                _ => before[0] = (kind, back(kind)),
            }
            for (piece, mut origins) in before {
                while origins != 0 {
                    let origin = origins.trailing_zeros() as u8;
                    origins &= origins - 1;
                    let step = |restore| Unmove {
                        at,
                        origin,
                        piece,
                        restore,
                    };
                    try_parent(step(None));
                    for hand in Hand::ALL {
                        if self.hands[m][hand.index()] == 0 {
                            continue;
                        }
                        try_parent(step(Some(hand.piece())));
                        if hand == Hand::Chick {
                            try_parent(step(Some(Piece::Hen)));
                        }
                    }
                }
            }
        }
    }

    /// The move that leads from the position before `unmove` to this one.
    #[must_use]
    pub fn move_of(&self, unmove: Unmove) -> Move {
        let at = Square::nth(unmove.at);
        if unmove.origin >= UNDROP {
            Move::drop(Hand::ALL[usize::from(unmove.origin - UNDROP)], at)
        } else {
            Move::step(Square::nth(unmove.origin), at)
        }
    }
}

impl Retrograde for Position {
    type Unmove = Unmove;

    fn unmoves(&self, out: &mut Vec<Unmove>) {
        out.clear();
        self.for_each_parent(|unmove, _| out.push(unmove));
    }

    fn unplay(&self, unmove: Unmove) -> Position {
        let mover = self.turn.opponent();
        let m = mover.index();
        let at = 1u16 << unmove.at;
        let mut parent = *self;
        let now = self.kind_at(at);
        parent.by_player[m] &= !at;
        parent.by_piece[now.index()] &= !at;
        if unmove.origin >= UNDROP {
            parent.hands[m][usize::from(unmove.origin - UNDROP)] += 1;
        } else {
            let origin = 1u16 << unmove.origin;
            parent.by_player[m] |= origin;
            parent.by_piece[unmove.piece.index()] |= origin;
            if let Some(restored) = unmove.restore {
                let hand = restored.in_hand().expect("a lion is never restored");
                parent.hands[m][hand.index()] -= 1;
                parent.by_player[1 - m] |= at;
                parent.by_piece[restored.index()] |= at;
            }
        }
        parent.turn = mover;
        parent
    }

    fn stays_in_tier(&self, mv: Move) -> bool {
        self.is_interior() && self.after(mv).is_interior()
    }
}
