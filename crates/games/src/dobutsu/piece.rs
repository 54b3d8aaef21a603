//! The five kinds of animal and the three that can be held in hand.

use gamesolver_core::Player;

/// A kind of animal on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Lion (`L`): one step in any of the eight directions; losing it
    /// loses the game.
    Lion,
    /// Giraffe (`G`): one step forwards, backwards or sideways.
    Giraffe,
    /// Elephant (`E`): one step diagonally.
    Elephant,
    /// Chick (`C`): one step forwards; becomes a hen on the far rank.
    Chick,
    /// Hen (`H`), a promoted chick: one step in any direction but the two
    /// diagonals backwards (a shōgi gold general).
    Hen,
}

impl Piece {
    /// Every kind, in the order of [`Piece::index`].
    pub const ALL: [Piece; 5] = [
        Piece::Lion,
        Piece::Giraffe,
        Piece::Elephant,
        Piece::Chick,
        Piece::Hen,
    ];

    /// The kind's number 0..5 (lion, giraffe, elephant, chick, hen).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter (the first player's; the second player's is
    /// lower case).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::Lion => 'L',
            Piece::Giraffe => 'G',
            Piece::Elephant => 'E',
            Piece::Chick => 'C',
            Piece::Hen => 'H',
        }
    }

    /// The letter of `player`'s piece of this kind: upper case for the
    /// first player, lower case for the second.
    #[must_use]
    pub const fn letter_of(self, player: Player) -> char {
        match player {
            Player::First => self.letter(),
            Player::Second => self.letter().to_ascii_lowercase(),
        }
    }

    /// The kind and owner a letter stands for.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<(Player, Piece)> {
        let owner = if letter.is_ascii_uppercase() {
            Player::First
        } else {
            Player::Second
        };
        let piece = match letter.to_ascii_uppercase() {
            'L' => Piece::Lion,
            'G' => Piece::Giraffe,
            'E' => Piece::Elephant,
            'C' => Piece::Chick,
            'H' => Piece::Hen,
            _ => return None,
        };
        Some((owner, piece))
    }

    /// What the piece becomes in its captor's hand: a hen goes back to a
    /// chick; a lion is never held (taking it ends the game).
    #[must_use]
    pub const fn in_hand(self) -> Option<Hand> {
        match self {
            Piece::Lion => None,
            Piece::Giraffe => Some(Hand::Giraffe),
            Piece::Elephant => Some(Hand::Elephant),
            Piece::Chick | Piece::Hen => Some(Hand::Chick),
        }
    }
}

/// A kind of animal that can be held in hand and dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Hand {
    /// A giraffe.
    Giraffe,
    /// An elephant.
    Elephant,
    /// A chick (a captured hen becomes one).
    Chick,
}

impl Hand {
    /// Every kind, in the order of [`Hand::index`].
    pub const ALL: [Hand; 3] = [Hand::Giraffe, Hand::Elephant, Hand::Chick];

    /// The kind's number 0..3 (giraffe, elephant, chick).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece a drop puts on the board (a chick stays a chick, even on
    /// the far rank).
    #[must_use]
    pub const fn piece(self) -> Piece {
        match self {
            Hand::Giraffe => Piece::Giraffe,
            Hand::Elephant => Piece::Elephant,
            Hand::Chick => Piece::Chick,
        }
    }

    /// The kind held for a letter (`G`, `E`, `C`, either case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Hand> {
        match letter.to_ascii_uppercase() {
            'G' => Some(Hand::Giraffe),
            'E' => Some(Hand::Elephant),
            'C' => Some(Hand::Chick),
            _ => None,
        }
    }
}
