//! The Jungle position: where each piece stands and whose turn it is.

use std::fmt;
use std::hash::{Hash, Hasher};

use gamesolver_core::Player;

use super::board::{Bitboard, DENS, OFF_BOARD, WATER, bit};
use super::rules::RAT;
use super::zobrist::{PIECE_KEYS, TOP_TO_MOVE};
use super::{Move, Piece, PositionError, Square, Variant};

/// A Jungle position under one rule preset.
///
/// Each side's pieces are kept by strength slot (rank − 1, see
/// [`super::Rules`]) as square numbers, [`OFF_BOARD`] for a captured piece,
/// next to one occupancy bitboard per side and an incrementally updated
/// Zobrist key. The value is small and `Copy`, made for copy-make.
///
/// Every value satisfies the placement rules checked by [`Position::new`]
/// (one piece of a kind per side, no non-rat in water, nothing on its own
/// den, the side to move not on the enemy den, the side not to move not
/// wiped out); a piece of the side that just moved may stand on the enemy
/// den — the game is then over.
#[derive(Clone, Copy)]
pub struct Position {
    squares: [[u8; 8]; 2],
    occupied: [Bitboard; 2],
    key: u64,
    turn: Player,
    variant: Variant,
}

impl Position {
    /// The standard start position, bottom side to move.
    #[must_use]
    pub fn start() -> Position {
        Position::start_with(Variant::Standard)
    }

    /// The start position under `variant`'s rules, bottom side to move.
    #[must_use]
    pub fn start_with(variant: Variant) -> Position {
        use Piece::*;
        let bottom = [
            (Tiger, "a1"),
            (Lion, "g1"),
            (Cat, "b2"),
            (Dog, "f2"),
            (Elephant, "a3"),
            (Wolf, "c3"),
            (Leopard, "e3"),
            (Rat, "g3"),
        ];
        let pieces = bottom.into_iter().flat_map(|(piece, name)| {
            let square: Square = name.parse().expect("start squares are valid");
            [
                (Player::First, piece, square),
                (Player::Second, piece, square.rotated()),
            ]
        });
        Position::new(variant, Player::First, pieces).expect("the start position is valid")
    }

    /// The position with `pieces` (side, animal, square) and `turn` to move
    /// under `variant`'s rules, or the first placement rule it breaks.
    pub fn new(
        variant: Variant,
        turn: Player,
        pieces: impl IntoIterator<Item = (Player, Piece, Square)>,
    ) -> Result<Position, PositionError> {
        let mut position = Position {
            squares: [[OFF_BOARD; 8]; 2],
            occupied: [0; 2],
            key: 0,
            turn: Player::First,
            variant,
        };
        for (player, piece, square) in pieces {
            position.put(player, piece, square)?;
        }
        position.set_turn(turn);
        position.check_finished_sides()?;
        Ok(position)
    }

    /// Places one piece, refusing a broken placement rule.
    fn put(&mut self, player: Player, piece: Piece, square: Square) -> Result<(), PositionError> {
        if let Some((other_player, other)) = self.piece_at(square) {
            return Err(PositionError::Occupied {
                square,
                first: (other_player, other),
                second: (player, piece),
            });
        }
        if let Some(first) = self.square_of(player, piece) {
            return Err(PositionError::Duplicate {
                player,
                piece,
                first,
                second: square,
            });
        }
        let slot = self.variant.rules().slot(piece);
        if square.bit() & WATER != 0 && slot != RAT {
            return Err(PositionError::NotRatInWater {
                player,
                piece,
                square,
            });
        }
        if square.bit() & DENS[player.index()] != 0 {
            return Err(PositionError::OwnDen { player, piece });
        }
        let side = player.index();
        self.squares[side][slot] = square.index();
        self.occupied[side] |= square.bit();
        self.key ^= PIECE_KEYS[side][slot][square.index() as usize];
        Ok(())
    }

    fn set_turn(&mut self, turn: Player) {
        if turn != self.turn {
            self.key ^= TOP_TO_MOVE;
            self.turn = turn;
        }
    }

    /// The rules that end a game but cannot be seen piece by piece: the side
    /// to move on the enemy den, the side not to move without pieces.
    fn check_finished_sides(&self) -> Result<(), PositionError> {
        let (me, opp) = (self.turn, self.turn.opponent());
        if self.occupied[me.index()] & DENS[opp.index()] != 0 {
            return Err(PositionError::MoverOnEnemyDen { player: me });
        }
        if self.occupied[opp.index()] == 0 {
            return Err(PositionError::NoPieces { player: opp });
        }
        Ok(())
    }

    /// The player to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// The same pieces with the other side to move (a "null move", which
    /// the rules do not allow: for search heuristics). `None` if that side
    /// would stand on the enemy den or have no piece.
    #[must_use]
    pub fn passed(&self) -> Option<Position> {
        let mut next = *self;
        next.set_turn(self.turn.opponent());
        next.check_finished_sides().ok().map(|()| next)
    }

    /// The rule preset the position is played under.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The Zobrist key: equal positions have equal keys, and distinct ones
    /// almost surely differ. Updated incrementally by every move.
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The squares holding `player`'s pieces.
    #[must_use]
    pub const fn occupied(&self, player: Player) -> Bitboard {
        self.occupied[player.index()]
    }

    /// `player`'s pieces as square numbers by strength slot (rank − 1),
    /// [`OFF_BOARD`] (63) for a captured piece.
    #[must_use]
    pub const fn slots(&self, player: Player) -> [u8; 8] {
        self.squares[player.index()]
    }

    /// Where `player`'s `piece` stands, or `None` if it was captured.
    #[must_use]
    pub fn square_of(&self, player: Player, piece: Piece) -> Option<Square> {
        let slot = self.variant.rules().slot(piece);
        Square::new(self.squares[player.index()][slot])
    }

    /// The piece on `square` and its owner, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<(Player, Piece)> {
        Player::BOTH.into_iter().find_map(|player| {
            let slot = find_slot(self.squares[player.index()], square.index())?;
            Some((player, self.variant.rules().by_rank[slot]))
        })
    }

    /// Every piece on the board: side, animal, square, bottom side first and
    /// weakest first.
    pub fn pieces(&self) -> impl Iterator<Item = (Player, Piece, Square)> + '_ {
        let by_rank = self.variant.rules().by_rank;
        Player::BOTH.into_iter().flat_map(move |player| {
            (0..8).filter_map(move |slot| {
                let square = Square::new(self.squares[player.index()][slot])?;
                Some((player, by_rank[slot], square))
            })
        })
    }

    /// Whether `mv` captures (an enemy piece stands on its target square).
    #[must_use]
    pub const fn is_capture(&self, mv: Move) -> bool {
        self.occupied[self.turn.opponent().index()] & mv.to.bit() != 0
    }

    /// Plays `mv` without checking it; see
    /// [`gamesolver_core::Game::play_unchecked`]. A move whose `from` holds
    /// no piece of the side to move changes nothing.
    pub(crate) fn make(&mut self, mv: Move) {
        let (me, opp) = (self.turn.index(), self.turn.opponent().index());
        let (from, to) = (mv.from.index(), mv.to.index());
        let Some(slot) = find_slot(self.squares[me], from) else {
            return;
        };
        if self.occupied[opp] & bit(to) != 0 {
            self.remove(opp, to);
        }
        self.squares[me][slot] = to;
        self.occupied[me] ^= bit(from) | bit(to);
        self.key ^=
            PIECE_KEYS[me][slot][from as usize] ^ PIECE_KEYS[me][slot][to as usize] ^ TOP_TO_MOVE;
        self.turn = self.turn.opponent();
    }

    /// Takes back the non-capturing move `mv` of the side that just moved:
    /// its piece goes from `mv.to` back to `mv.from`, and that side is to
    /// move again. The inverse of [`Position::make`] for quiet moves.
    pub(crate) fn take_back(&mut self, mv: Move) {
        let me = self.turn.opponent().index();
        let (from, to) = (mv.from.index(), mv.to.index());
        let Some(slot) = find_slot(self.squares[me], to) else {
            return;
        };
        self.squares[me][slot] = from;
        self.occupied[me] ^= bit(from) | bit(to);
        self.key ^=
            PIECE_KEYS[me][slot][from as usize] ^ PIECE_KEYS[me][slot][to as usize] ^ TOP_TO_MOVE;
        self.turn = self.turn.opponent();
    }

    /// A position from `(side, strength slot, square)` triples, trusted to
    /// follow the rules: the tablebase index builds only positions it has
    /// checked.
    pub(crate) fn from_pieces_unchecked(
        variant: Variant,
        turn: Player,
        pieces: impl IntoIterator<Item = (usize, usize, u8)>,
    ) -> Position {
        let mut position = Position {
            squares: [[OFF_BOARD; 8]; 2],
            occupied: [0; 2],
            key: if turn == Player::Second {
                TOP_TO_MOVE
            } else {
                0
            },
            turn,
            variant,
        };
        for (side, slot, square) in pieces {
            position.squares[side][slot] = square;
            position.occupied[side] |= bit(square);
            position.key ^= PIECE_KEYS[side][slot][square as usize];
        }
        position
    }

    /// A position from its own arrays, trusted to be consistent (each
    /// side's occupied squares and the Zobrist key those of `squares`,
    /// `turn` included) and to follow the rules: the tablebase's walk over
    /// a tier's indices keeps them up to date as it goes.
    pub(crate) const fn from_parts_unchecked(
        variant: Variant,
        turn: Player,
        squares: [[u8; 8]; 2],
        occupied: [Bitboard; 2],
        key: u64,
    ) -> Position {
        Position {
            squares,
            occupied,
            key,
            turn,
            variant,
        }
    }

    /// Takes `side`'s piece off square number `index`.
    fn remove(&mut self, side: usize, index: u8) {
        if let Some(slot) = find_slot(self.squares[side], index) {
            self.squares[side][slot] = OFF_BOARD;
            self.occupied[side] ^= bit(index);
            self.key ^= PIECE_KEYS[side][slot][index as usize];
        }
    }

    /// The position seen in a mirror standing on the `d` file. The board is
    /// symmetric, so the mirrored position has mirrored moves and the same
    /// perft counts.
    #[must_use]
    pub fn mirrored(&self) -> Position {
        let pieces = self
            .pieces()
            .map(|(p, piece, sq)| (p, piece, sq.mirrored()));
        Position::new(self.variant, self.turn, pieces).expect("mirroring keeps the rules")
    }

    /// The position seen by the other player: the board turned half a turn
    /// and the sides' colours swapped, the other side to move.
    #[must_use]
    pub fn flipped(&self) -> Position {
        let pieces = self
            .pieces()
            .map(|(p, piece, sq)| (p.opponent(), piece, sq.rotated()));
        Position::new(self.variant, self.turn.opponent(), pieces).expect("flipping keeps the rules")
    }
}

/// The slot whose square number is `index`, by a SWAR search of the eight
/// bytes for a zero difference.
#[inline]
fn find_slot(squares: [u8; 8], index: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let diff = u64::from_le_bytes(squares) ^ (ONES * u64::from(index));
    let zero_bytes = diff.wrapping_sub(ONES) & !diff & (ONES << 7);
    let slot = (zero_bytes.trailing_zeros() / 8) as usize;
    (slot < 8).then_some(slot)
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.squares == other.squares && self.turn == other.turn && self.variant == other.variant
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

/// Debug output is the FEN and the preset, which says more in a failing
/// test than the raw arrays.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\", {})", self.variant)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_slots_by_square() {
        let squares = [5, 63, 0, 62, 17, 63, 9, 40];
        for (slot, &sq) in squares.iter().enumerate() {
            if sq != OFF_BOARD {
                assert_eq!(find_slot(squares, sq), Some(slot));
            }
        }
        assert_eq!(find_slot(squares, 1), None);
        assert_eq!(find_slot(squares, 63), Some(1));
    }

    #[test]
    fn refuses_two_pieces_on_one_square() {
        let d4: Square = "d4".parse().unwrap();
        let pieces = [
            (Player::First, Piece::Cat, d4),
            (Player::Second, Piece::Dog, d4),
        ];
        let error = Position::new(Variant::Standard, Player::First, pieces).unwrap_err();
        assert_eq!(
            error.to_string(),
            "d4 holds two pieces: the bottom cat and the top dog"
        );
    }

    #[test]
    fn position_is_small() {
        assert!(std::mem::size_of::<Position>() <= 48);
    }

    #[test]
    fn start_position_has_sixteen_pieces() {
        let start = Position::start();
        assert_eq!(start.pieces().count(), 16);
        let g3: Square = "g3".parse().unwrap();
        assert_eq!(start.piece_at(g3), Some((Player::First, Piece::Rat)));
        assert_eq!(
            start.square_of(Player::Second, Piece::Rat),
            "a7".parse().ok()
        );
        assert_eq!(start.mirrored().mirrored(), start);
        assert_eq!(start.flipped().flipped(), start);
        assert_ne!(start.flipped(), start);
    }

    #[test]
    fn key_is_updated_incrementally() {
        let mut position = Position::start();
        for text in ["g3g4", "a7a6", "g4g5", "a6a5", "g5g6", "a5a4", "g6g7"] {
            position.make(text.parse().unwrap());
            let rebuilt =
                Position::new(position.variant, position.turn, position.pieces()).unwrap();
            assert_eq!(rebuilt.key(), position.key(), "after {text}");
        }
        assert_ne!(position.key(), Position::start().key());
        let passed = position.passed().unwrap();
        assert_eq!(passed.turn(), position.turn().opponent());
        let rebuilt = Position::new(passed.variant, passed.turn, passed.pieces()).unwrap();
        assert_eq!(rebuilt.key(), passed.key());
    }
}
