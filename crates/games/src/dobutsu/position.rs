//! A position: the pieces on the board by player and kind, both hands, the
//! side to move and the rules preset.

use gamesolver_core::Player;

use super::board::{self, Bitboard, far_rank};
use super::error::{PositionError, kind_name};
use super::zobrist::{HAND_KEYS, PIECE_KEYS, SECOND_TO_MOVE};
use super::{Hand, Move, Origin, Piece, Square, Variant};

/// A dōbutsu shōgi position.
///
/// The board is two occupancy bitboards (one per player) and one bitboard
/// per piece kind; a hand is a count 0..=2 per kind (giraffe, elephant,
/// chick). A lion taken is simply gone (the game is then over). Copy-make:
/// positions are 22 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_player: [Bitboard; 2],
    pub(crate) by_piece: [Bitboard; 5],
    pub(crate) hands: [[u8; 3]; 2],
    pub(crate) turn: Player,
    pub(crate) variant: Variant,
}

impl Position {
    /// The start position under the official rules: `gle/1c1/1C1/ELG b -`.
    #[must_use]
    pub fn start() -> Position {
        Position::start_with(Variant::Official)
    }

    /// The start position under `variant`: the first player's elephant,
    /// lion and giraffe on `a1`, `b1`, `c1` and chick on `b2`; the second
    /// player's giraffe, lion and elephant on `a4`, `b4`, `c4` and chick on
    /// `b3`; the first player moves.
    #[must_use]
    pub fn start_with(variant: Variant) -> Position {
        let sq = |i: u8| Square::nth(i).bit();
        let first = sq(0) | sq(1) | sq(2) | sq(4);
        let second = sq(7) | sq(9) | sq(10) | sq(11);
        Position {
            by_player: [first, second],
            by_piece: [
                sq(1) | sq(10),
                sq(2) | sq(9),
                sq(0) | sq(11),
                sq(4) | sq(7),
                0,
            ],
            hands: [[0; 3]; 2],
            turn: Player::First,
            variant,
        }
    }

    /// A position from its pieces, hands (`hands[player][kind]`, kinds in
    /// [`Hand`] order) and side to move, checked: every square holds at most
    /// one piece; giraffes, elephants and chicks-or-hens number two each
    /// (board and hands together), or none for a smaller material (`LC`:
    /// the lions and the chicks only, as the tables of that material hold
    /// them); each player has at most one lion,
    /// and the player who just moved has one (the side to move may have
    /// lost its lion: the game is over).
    pub fn new(
        pieces: &[(Square, Player, Piece)],
        hands: [[u8; 3]; 2],
        turn: Player,
        variant: Variant,
    ) -> Result<Position, PositionError> {
        let mut position = Position {
            by_player: [0; 2],
            by_piece: [0; 5],
            hands,
            turn,
            variant,
        };
        for &(square, player, piece) in pieces {
            let bit = square.bit();
            if (position.by_player[0] | position.by_player[1]) & bit != 0 {
                return Err(PositionError::SquareTaken {
                    square: square.to_string(),
                });
            }
            position.by_player[player.index()] |= bit;
            position.by_piece[piece.index()] |= bit;
        }
        position.validate()?;
        Ok(position)
    }

    fn validate(&self) -> Result<(), PositionError> {
        for hand in Hand::ALL {
            let on_board = match hand {
                Hand::Chick => {
                    self.by_piece[Piece::Chick.index()] | self.by_piece[Piece::Hen.index()]
                }
                _ => self.by_piece[hand.piece().index()],
            }
            .count_ones() as u8;
            let held = self.hands[0][hand.index()].saturating_add(self.hands[1][hand.index()]);
            let count = on_board.saturating_add(held);
            if count != 2 && count != 0 {
                return Err(PositionError::PieceCount {
                    kind: kind_name(hand.piece()),
                    count,
                });
            }
        }
        for player in Player::BOTH {
            let lions = (self.by_piece[Piece::Lion.index()] & self.by_player[player.index()])
                .count_ones() as u8;
            if lions > 1 {
                return Err(PositionError::TwoLions {
                    side: side_name(player),
                    count: lions,
                });
            }
            if lions == 0 && player != self.turn {
                return Err(PositionError::LionMissing {
                    side: side_name(player),
                });
            }
        }
        Ok(())
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// The rules preset.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The same position under another rules preset.
    #[must_use]
    pub const fn with_variant(mut self, variant: Variant) -> Position {
        self.variant = variant;
        self
    }

    /// The kinds of animal the position has: each pair present when two of
    /// it are on the board or in hand (a position of the whole game has all
    /// three).
    #[must_use]
    pub fn material(&self) -> super::Material {
        let mut present = [false; 3];
        for hand in Hand::ALL {
            let on_board = match hand {
                Hand::Chick => {
                    self.by_piece[Piece::Chick.index()] | self.by_piece[Piece::Hen.index()]
                }
                _ => self.by_piece[hand.piece().index()],
            };
            present[hand.index()] =
                on_board != 0 || self.hands[0][hand.index()] + self.hands[1][hand.index()] > 0;
        }
        super::Material::new(present)
    }

    /// The squares of `player`'s pieces.
    #[must_use]
    pub const fn occupied(&self, player: Player) -> Bitboard {
        self.by_player[player.index()]
    }

    /// The squares of `player`'s pieces of kind `piece`.
    #[must_use]
    pub const fn pieces(&self, player: Player, piece: Piece) -> Bitboard {
        self.by_player[player.index()] & self.by_piece[piece.index()]
    }

    /// The empty squares.
    #[must_use]
    pub const fn empty(&self) -> Bitboard {
        board::ALL & !(self.by_player[0] | self.by_player[1])
    }

    /// The piece on `square` and its owner.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<(Player, Piece)> {
        let bit = square.bit();
        let owner = if self.by_player[0] & bit != 0 {
            Player::First
        } else if self.by_player[1] & bit != 0 {
            Player::Second
        } else {
            return None;
        };
        Some((owner, self.kind_at(bit)))
    }

    /// The kind of the piece on the occupied square `bit`.
    pub(crate) fn kind_at(&self, bit: Bitboard) -> Piece {
        Piece::ALL
            .into_iter()
            .find(|p| self.by_piece[p.index()] & bit != 0)
            .unwrap_or(Piece::Lion)
    }

    /// How many pieces of kind `hand` `player` holds.
    #[must_use]
    pub const fn hand(&self, player: Player, hand: Hand) -> u8 {
        self.hands[player.index()][hand.index()]
    }

    /// The square of `player`'s lion, `None` once it was taken.
    #[must_use]
    pub fn lion(&self, player: Player) -> Option<Square> {
        let bits = self.pieces(player, Piece::Lion);
        (bits != 0).then(|| Square::nth(bits.trailing_zeros() as u8))
    }

    /// Every square `player`'s pieces on the board attack.
    #[must_use]
    pub fn attacks(&self, player: Player) -> Bitboard {
        let own = self.by_player[player.index()];
        let mut bits = 0;
        for piece in Piece::ALL {
            let mut from = self.by_piece[piece.index()] & own;
            while from != 0 {
                let sq = from.trailing_zeros() as usize;
                from &= from - 1;
                bits |= board::STEPS[piece.index()][player.index()][sq];
            }
        }
        bits
    }

    /// The squares of `player`'s pieces that attack `square`.
    #[must_use]
    pub fn attackers(&self, square: Square, player: Player) -> Bitboard {
        // A piece of `player` on s attacks t exactly when the same piece of
        // the opponent on t would attack s (every step set is symmetric
        // under turning the board).
        let own = self.by_player[player.index()];
        let back = player.opponent().index();
        let t = square.index() as usize;
        let mut bits = 0;
        for piece in Piece::ALL {
            bits |= board::STEPS[piece.index()][back][t] & self.by_piece[piece.index()];
        }
        bits & own
    }

    /// Plays `mv` (which must be legal) for the side to move: a capture
    /// puts the piece in the mover's hand (a hen as a chick; a lion is just
    /// removed), a chick reaching the far rank by a step becomes a hen.
    pub(crate) fn make(&mut self, mv: Move) {
        let us = self.turn.index();
        let them = 1 - us;
        let to = mv.to().bit();
        match mv.origin() {
            Origin::Board(from) => {
                let from = from.bit();
                let piece = self.kind_at(from);
                if self.by_player[them] & to != 0 {
                    let taken = self.kind_at(to);
                    self.by_player[them] ^= to;
                    self.by_piece[taken.index()] ^= to;
                    if let Some(hand) = taken.in_hand() {
                        self.hands[us][hand.index()] += 1;
                    }
                }
                self.by_player[us] ^= from | to;
                let arriving = if piece == Piece::Chick && far_rank(self.turn) & to != 0 {
                    Piece::Hen
                } else {
                    piece
                };
                self.by_piece[piece.index()] ^= from;
                self.by_piece[arriving.index()] ^= to;
            }
            Origin::Hand(hand) => {
                self.hands[us][hand.index()] -= 1;
                self.by_player[us] |= to;
                self.by_piece[hand.piece().index()] |= to;
            }
        }
        self.turn = self.turn.opponent();
    }

    /// The Zobrist key: equal positions (rules aside) have equal keys.
    #[must_use]
    pub fn key(&self) -> u64 {
        let mut key = if self.turn == Player::Second {
            SECOND_TO_MOVE
        } else {
            0
        };
        for player in Player::BOTH {
            for piece in Piece::ALL {
                let mut bits = self.pieces(player, piece);
                while bits != 0 {
                    let sq = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    key ^= PIECE_KEYS[player.index()][piece.index()][sq];
                }
            }
            for hand in Hand::ALL {
                key ^= HAND_KEYS[player.index()][hand.index()]
                    [usize::from(self.hand(player, hand).min(2))];
            }
        }
        key
    }

    /// The position seen from the other side: the board turned half a turn,
    /// the players' pieces and hands swapped and the other player to move.
    /// It has the same value for its side to move.
    #[must_use]
    pub fn rotated(&self) -> Position {
        Position {
            by_player: [
                board::rotate(self.by_player[1]),
                board::rotate(self.by_player[0]),
            ],
            by_piece: self.by_piece.map(board::rotate),
            hands: [self.hands[1], self.hands[0]],
            turn: self.turn.opponent(),
            variant: self.variant,
        }
    }

    /// The position seen in a mirror (files `a` and `c` swapped); it has
    /// the same value.
    #[must_use]
    pub fn mirrored(&self) -> Position {
        Position {
            by_player: self.by_player.map(board::mirror),
            by_piece: self.by_piece.map(board::mirror),
            ..*self
        }
    }
}

/// The name of a player in messages and in the position text's comments:
/// `first` or `second`.
#[must_use]
pub const fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_valid_and_symmetric() {
        let start = Position::start();
        assert_eq!(start.validate(), Ok(()));
        assert_eq!(start.lion(Player::First).unwrap().to_string(), "b1");
        assert_eq!(start.lion(Player::Second).unwrap().to_string(), "b4");
        // Turned round, the start is the start with the other side to move.
        let turned = start.rotated();
        assert_eq!(turned.by_player, start.by_player);
        assert_eq!(turned.by_piece, start.by_piece);
        assert_eq!(turned.turn, Player::Second);
        assert_ne!(start.key(), turned.key());
    }

    #[test]
    fn attackers_agree_with_attacks() {
        let start = Position::start();
        for player in Player::BOTH {
            let attacks = start.attacks(player);
            for square in Square::all() {
                assert_eq!(
                    start.attackers(square, player) != 0,
                    attacks & square.bit() != 0,
                    "{square}"
                );
            }
        }
    }
}
