//! Move generation and counting: steps from the step tables, drops on every
//! empty square.

use super::board::{self, STEPS};
use super::{Hand, Move, Piece, Position, Square, Variant};

/// What the moves of an interior position do, by kind (see
/// [`Position::exit_counts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ExitCounts {
    /// The moves that reach interior positions.
    pub(crate) interior: u32,
    /// A lion step onto the far rank that no enemy piece attacks, if any.
    pub(crate) safe_try: Option<Move>,
    /// A move that leaves the mover's lion attacked, if any.
    pub(crate) loses_lion: Option<Move>,
}

impl Position {
    /// The moves of an interior position sorted by what they reach, by
    /// popcounts: interior positions, a safe try, or positions where the
    /// opponent can take the lion (a step onto the far rank is never
    /// interior). Only the side to move's steps and drops change attacks by
    /// capturing an attacker; no piece slides, so no move uncovers one.
    pub(crate) fn exit_counts(&self) -> ExitCounts {
        let us = self.turn;
        let u = us.index();
        let them = us.opponent();
        let own = self.by_player[u];
        let lion_bit = self.by_piece[Piece::Lion.index()] & own;
        let lion = lion_bit.trailing_zeros() as usize;
        let their_attacks = self.attacks(them);
        let lion_targets = STEPS[Piece::Lion.index()][u][lion] & !own;
        let far = board::far_rank(us);
        let safe = lion_targets & !their_attacks;
        let first = |bits: board::Bitboard| {
            (bits != 0).then(|| {
                Move::step(
                    Square::nth(lion as u8),
                    Square::nth(bits.trailing_zeros() as u8),
                )
            })
        };
        let mut counts = ExitCounts {
            interior: (safe & !far).count_ones(),
            safe_try: first(safe & far),
            loses_lion: first(lion_targets & their_attacks),
        };
        let others = self.count_pseudo_moves() as u32 - lion_targets.count_ones();
        let checkers = self.attackers(Square::nth(lion as u8), them);
        let staying = match checkers.count_ones() {
            0 => others,
            1 => (self.attackers(Square::nth(checkers.trailing_zeros() as u8), us) & !lion_bit)
                .count_ones(),
            _ => 0,
        };
        counts.interior += staying;
        if staying < others && counts.loses_lion.is_none() {
            // Any other move leaves the lion attacked: find one.
            let mut moves = Vec::new();
            self.pseudo_moves(&mut moves);
            counts.loses_lion = moves.into_iter().find(|&mv| {
                mv.origin() != super::Origin::Board(Square::nth(lion as u8)) && {
                    let mut after = *self;
                    after.make(mv);
                    after.attackers(Square::nth(lion as u8), them) != 0
                }
            });
        }
        counts
    }

    /// Appends the moves of the side to move whatever the game's state
    /// (the game may be over): every step of a piece to a square not held
    /// by its own side (capturing what stands there), then every drop of
    /// each kind in hand on every empty square. Steps come by kind (lion,
    /// giraffe, elephant, chick, hen), then origin and target square;
    /// drops by kind (giraffe, elephant, chick) and square.
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn.index();
        let own = self.by_player[us];
        for piece in Piece::ALL {
            let mut from = self.by_piece[piece.index()] & own;
            while from != 0 {
                let sq = from.trailing_zeros() as u8;
                from &= from - 1;
                let mut to = STEPS[piece.index()][us][usize::from(sq)] & !own;
                while to != 0 {
                    let target = to.trailing_zeros() as u8;
                    to &= to - 1;
                    out.push(Move::step(Square::nth(sq), Square::nth(target)));
                }
            }
        }
        let empty = self.empty();
        for hand in Hand::ALL {
            if self.hands[us][hand.index()] > 0 {
                let mut to = empty;
                while to != 0 {
                    let target = to.trailing_zeros() as u8;
                    to &= to - 1;
                    out.push(Move::drop(hand, Square::nth(target)));
                }
            }
        }
    }

    /// The number of moves [`Position::pseudo_moves`] lists, by popcounts.
    pub(crate) fn count_pseudo_moves(&self) -> u64 {
        let us = self.turn.index();
        let own = self.by_player[us];
        let mut count = 0;
        for piece in Piece::ALL {
            let mut from = self.by_piece[piece.index()] & own;
            while from != 0 {
                let sq = from.trailing_zeros() as usize;
                from &= from - 1;
                count += (STEPS[piece.index()][us][sq] & !own).count_ones();
            }
        }
        let kinds = self.hands[us].iter().filter(|&&n| n > 0).count() as u32;
        u64::from(count + kinds * self.empty().count_ones())
    }

    /// Whether the side to move has a move at all (before the rules of
    /// [`Variant::Pgx`] remove those leaving its lion attacked).
    pub(crate) fn has_pseudo_move(&self) -> bool {
        let us = self.turn.index();
        if self.hands[us].iter().any(|&n| n > 0) && self.empty() != 0 {
            return true;
        }
        let own = self.by_player[us];
        Piece::ALL.into_iter().any(|piece| {
            let mut from = self.by_piece[piece.index()] & own;
            while from != 0 {
                let sq = from.trailing_zeros() as usize;
                from &= from - 1;
                if STEPS[piece.index()][us][sq] & !own != 0 {
                    return true;
                }
            }
            false
        })
    }

    /// Whether `mv` leaves the mover's lion unattacked (pgx's legality).
    pub(crate) fn keeps_lion_safe(&self, mv: Move) -> bool {
        let mut after = *self;
        after.make(mv);
        match after.lion(self.turn) {
            Some(lion) => after.attackers(lion, after.turn) == 0,
            None => false,
        }
    }

    /// The moves of the side to move in an unfinished position under its
    /// preset (every pseudo-move, or for pgx those keeping the lion safe).
    pub(crate) fn moves_unchecked(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
        if self.variant == Variant::Pgx {
            out.retain(|&mv| self.keeps_lion_safe(mv));
        }
    }

    /// Whether a step of the side to move's lion to the far rank would be
    /// a try now: the squares on its far rank the lion can step to that no
    /// enemy piece attacks.
    #[must_use]
    pub fn safe_try_squares(&self) -> board::Bitboard {
        let us = self.turn;
        let Some(lion) = self.lion(us) else {
            return 0;
        };
        let targets = STEPS[Piece::Lion.index()][us.index()][usize::from(lion.index())]
            & board::far_rank(us)
            & !self.occupied(us);
        targets & !self.attacks(us.opponent())
    }
}
