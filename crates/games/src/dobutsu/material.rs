//! Which kinds of animal a game has: the whole game, or a smaller one for
//! tests (the lions and any of the three pairs; a capture never changes it,
//! so each is one tier).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::Hand;

/// The kinds of animal on the board and in the hands: the two lions always,
/// and each pair (giraffes, elephants, chicks) present or absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    present: [bool; 3],
}

impl Material {
    /// The whole game: lions, giraffes, elephants and chicks.
    pub const FULL: Material = Material { present: [true; 3] };

    /// The lions and the pairs for which `present[kind]` holds (kinds in
    /// [`Hand`] order: giraffe, elephant, chick).
    #[must_use]
    pub const fn new(present: [bool; 3]) -> Material {
        Material { present }
    }

    /// The material's number 0..8 (bit `kind` set when the pair is present).
    #[must_use]
    pub const fn number(self) -> usize {
        self.present[0] as usize | (self.present[1] as usize) << 1 | (self.present[2] as usize) << 2
    }

    /// Whether the game has the pair of `hand`.
    #[must_use]
    pub const fn has(self, hand: Hand) -> bool {
        self.present[hand as usize]
    }
}

impl fmt::Display for Material {
    /// `L` and each pair's letter: `LGEC` is the whole game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("L")?;
        for hand in Hand::ALL {
            if self.has(hand) {
                write!(f, "{}", hand.piece().letter())?;
            }
        }
        Ok(())
    }
}

/// Text that is not a material such as `LGEC` or `LC`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a dobutsu material: {0:?} (L, then any of G, E, C in that order)")]
pub struct ParseMaterialError(pub String);

impl FromStr for Material {
    type Err = ParseMaterialError;

    fn from_str(s: &str) -> Result<Material, ParseMaterialError> {
        let error = || ParseMaterialError(s.to_string());
        let rest = s.strip_prefix('L').ok_or_else(error)?;
        let mut present = [false; 3];
        let mut next = 0;
        for c in rest.chars() {
            let hand = Hand::from_letter(c)
                .filter(|h| c.is_ascii_uppercase() && h.index() >= next)
                .ok_or_else(error)?;
            present[hand.index()] = true;
            next = hand.index() + 1;
        }
        Ok(Material { present })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(Material::FULL.to_string(), "LGEC");
        for bits in 0..8u8 {
            let m = Material::new([bits & 1 != 0, bits & 2 != 0, bits & 4 != 0]);
            assert_eq!(m.to_string().parse::<Material>(), Ok(m));
        }
        for bad in ["", "GEC", "LCG", "LGG", "Lg", "LX"] {
            assert!(bad.parse::<Material>().is_err(), "{bad}");
        }
    }
}
