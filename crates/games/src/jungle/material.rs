//! Materials: which animals each side has, the tiers of Jungle tablebases.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::Player;

use super::board::OFF_BOARD;
use super::{Piece, Position};

/// The animals each side has: the *tier* of a Jungle tablebase. Captures
/// lead to smaller materials.
///
/// Written `BOTTOM-TOP`, strongest animal first, the bottom side's letters
/// in upper case and the top side's in lower case: `LR-e` is lion and rat
/// against an elephant. Reading accepts either case on either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Per side, bit `p` set if the side has `Piece::ALL[p]`.
    sides: [u8; 2],
}

/// Why a text is not a material.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMaterialError {
    /// No `-` between the two sides.
    #[error(
        "a material is BOTTOM-TOP, e.g. LR-e (lion and rat against an elephant); {0:?} has no '-'"
    )]
    NoSeparator(String),
    /// A letter that names no animal.
    #[error("{0:?} is no animal: the letters are E L T P W D C R")]
    BadLetter(char),
    /// The same animal twice on one side.
    #[error("a side has one {0} at most")]
    Repeated(Piece),
    /// A side with no animal: that game is over.
    #[error("each side needs at least one animal")]
    EmptySide,
}

impl Material {
    /// The material with `bottom` and `top` animals.
    ///
    /// # Errors
    /// If an animal repeats on a side or a side is empty.
    pub fn new(bottom: &[Piece], top: &[Piece]) -> Result<Material, ParseMaterialError> {
        let mut sides = [0u8; 2];
        for (side, pieces) in [bottom, top].into_iter().enumerate() {
            for &piece in pieces {
                let bit = 1 << piece as u8;
                if sides[side] & bit != 0 {
                    return Err(ParseMaterialError::Repeated(piece));
                }
                sides[side] |= bit;
            }
        }
        if sides.contains(&0) {
            return Err(ParseMaterialError::EmptySide);
        }
        Ok(Material { sides })
    }

    /// The material of `position`.
    #[must_use]
    pub fn of(position: &Position) -> Material {
        let by_rank = position.variant().rules().by_rank;
        let mut sides = [0u8; 2];
        for player in Player::BOTH {
            for (slot, &square) in position.slots(player).iter().enumerate() {
                if square != OFF_BOARD {
                    sides[player.index()] |= 1 << by_rank[slot] as u8;
                }
            }
        }
        Material { sides }
    }

    /// Whether `player` has `piece`.
    #[must_use]
    pub const fn has(self, player: Player, piece: Piece) -> bool {
        self.sides[player.index()] & (1 << piece as u8) != 0
    }

    /// The animals of `player` as a mask: bit `p` for `Piece::ALL[p]`.
    #[must_use]
    pub const fn mask(self, player: Player) -> u8 {
        self.sides[player.index()]
    }

    /// The animals of `player`, weakest first.
    pub fn pieces(self, player: Player) -> impl Iterator<Item = Piece> {
        Piece::ALL.into_iter().filter(move |&p| self.has(player, p))
    }

    /// The number of animals on the board.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.sides[0].count_ones() + self.sides[1].count_ones()
    }

    /// The materials one capture away that still have an animal on each
    /// side (capturing the last animal ends the game).
    #[must_use]
    pub fn after_captures(self) -> Vec<Material> {
        let mut next = Vec::new();
        for side in 0..2 {
            for p in 0..8 {
                let bit = 1 << p;
                if self.sides[side] & bit != 0 && self.sides[side] != bit {
                    let mut sides = self.sides;
                    sides[side] &= !bit;
                    next.push(Material { sides });
                }
            }
        }
        next
    }

    /// The same animals with the colours swapped: `X-Y` becomes `Y-X`. A
    /// position of `X-Y` with the bottom side to move is one of `Y-X` with
    /// the top side to move, the board turned half a turn
    /// ([`Position::flipped`]), with the same value for the side to move.
    #[must_use]
    pub const fn flipped(self) -> Material {
        Material {
            sides: [self.sides[1], self.sides[0]],
        }
    }

    /// Whether the material is its own colour twin (`E-e`): both sides
    /// have the same animals.
    #[must_use]
    pub const fn is_self_twin(self) -> bool {
        self.sides[0] == self.sides[1]
    }

    /// Whether this is the material of its colour pair whose table is
    /// stored: the bottom side has more animals, or as many and the
    /// stronger set (compared as masks, the elephant's bit highest), so
    /// the stronger side is at the bottom: `LR-e`, not `E-lr`; `E-r`, not
    /// `R-e`. A self-twin material is canonical.
    #[must_use]
    pub const fn is_canonical(self) -> bool {
        let [bottom, top] = self.sides;
        let (b, t) = (bottom.count_ones(), top.count_ones());
        b > t || (b == t && bottom >= top)
    }

    /// The canonical material of this one's colour pair.
    #[must_use]
    pub const fn canonical(self) -> Material {
        if self.is_canonical() {
            self
        } else {
            self.flipped()
        }
    }

    /// Every material with `count` animals, each side having at least one.
    #[must_use]
    pub fn all_with(count: u32) -> Vec<Material> {
        let mut all = Vec::new();
        for bottom in 1u8..=255 {
            for top in 1u8..=255 {
                if bottom.count_ones() + top.count_ones() == count {
                    all.push(Material {
                        sides: [bottom, top],
                    });
                }
            }
        }
        all
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = |player: Player, upper: bool| -> String {
            let mut pieces: Vec<Piece> = self.pieces(player).collect();
            pieces.reverse();
            pieces
                .iter()
                .map(|p| {
                    if upper {
                        p.letter()
                    } else {
                        p.letter().to_ascii_lowercase()
                    }
                })
                .collect()
        };
        write!(
            f,
            "{}-{}",
            letters(Player::First, true),
            letters(Player::Second, false)
        )
    }
}

impl FromStr for Material {
    type Err = ParseMaterialError;

    fn from_str(s: &str) -> Result<Material, ParseMaterialError> {
        let (bottom, top) = s
            .trim()
            .split_once('-')
            .ok_or_else(|| ParseMaterialError::NoSeparator(s.into()))?;
        let read = |text: &str| -> Result<Vec<Piece>, ParseMaterialError> {
            text.chars()
                .map(|c| Piece::from_letter(c).ok_or(ParseMaterialError::BadLetter(c)))
                .collect()
        };
        Material::new(&read(bottom)?, &read(top)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_strongest_first() {
        let m: Material = "rl-E".parse().unwrap();
        assert_eq!(m.to_string(), "LR-e");
        assert_eq!(m.count(), 3);
        assert!(m.has(Player::First, Piece::Lion) && m.has(Player::Second, Piece::Elephant));
        assert_eq!("LR-e".parse::<Material>(), Ok(m));
    }

    #[test]
    fn refuses_bad_specs() {
        assert!(matches!(
            "LRe".parse::<Material>(),
            Err(ParseMaterialError::NoSeparator(_))
        ));
        assert_eq!(
            "LX-e".parse::<Material>(),
            Err(ParseMaterialError::BadLetter('X'))
        );
        assert_eq!(
            "LL-e".parse::<Material>(),
            Err(ParseMaterialError::Repeated(Piece::Lion))
        );
        assert_eq!("L-".parse::<Material>(), Err(ParseMaterialError::EmptySide));
    }

    #[test]
    fn captures_lead_to_smaller_materials_with_both_sides() {
        let m: Material = "LR-e".parse().unwrap();
        let next: Vec<String> = m.after_captures().iter().map(ToString::to_string).collect();
        assert_eq!(next, ["L-e", "R-e"]);
        assert_eq!(Material::all_with(2).len(), 64);
        assert_eq!(Material::all_with(3).len(), 2 * 28 * 8);
    }

    #[test]
    fn every_colour_pair_has_exactly_one_canonical_material() {
        let m: Material = "LR-e".parse().unwrap();
        assert_eq!(m.flipped().to_string(), "E-lr");
        assert!(m.is_canonical() && !m.flipped().is_canonical());
        assert_eq!(m.flipped().canonical(), m);
        assert_eq!(
            "R-e".parse::<Material>().unwrap().canonical().to_string(),
            "E-r"
        );
        let e: Material = "E-e".parse().unwrap();
        assert!(e.is_self_twin() && e.is_canonical() && e.flipped() == e);
        for count in 2..=5 {
            for m in Material::all_with(count) {
                assert_eq!(m.flipped().flipped(), m);
                assert_eq!(m.canonical(), m.flipped().canonical());
                let canonical_members = usize::from(m.is_canonical())
                    + usize::from(m.flipped().is_canonical() && !m.is_self_twin());
                assert_eq!(canonical_members, 1, "{m}");
            }
        }
        let canonical = |n| {
            Material::all_with(n)
                .into_iter()
                .filter(|m| m.is_canonical())
                .count()
        };
        assert_eq!((canonical(2), canonical(3), canonical(4)), (36, 224, 854));
    }
}
