//! The rule presets: everything a Jungle variant may change, in one place.
//!
//! Move generation works on *strength slots*: a side's pieces are stored by
//! rank, slot 0 (rank 1) to slot 7 (rank 8), and a piece captures enemies in
//! equal or lower slots. The rat (slot 0), the river jumpers (slots 5 and 6)
//! and the elephant (slot 7) are the same in every preset; a preset says
//! which animal sits in each slot and which special rules apply.

use std::fmt;
use std::str::FromStr;

use super::Piece;

/// The slot of the rat (rank 1).
pub const RAT: usize = 0;
/// The slot of the elephant (rank 8).
pub const ELEPHANT: usize = 7;
/// The slots of the pieces that jump across the rivers (tiger and lion).
pub const JUMPERS: [usize; 2] = [5, 6];

/// One set of rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The preset's name on the command line and in file headers.
    pub name: &'static str,
    /// The animal in each strength slot, weakest first: the animal at index
    /// `i` has rank `i + 1`.
    pub by_rank: [Piece; 8],
    /// Whether the rat captures across the water line (from water onto land
    /// and from land into water), as in some regional rules.
    pub rat_captures_across_water: bool,
}

impl Rules {
    /// The strength slot of `piece` (its rank minus one).
    #[must_use]
    pub fn slot(&self, piece: Piece) -> usize {
        self.by_rank
            .iter()
            .position(|&p| p == piece)
            .expect("every preset ranks all eight animals")
    }

    /// The rank 1..8 of `piece`.
    #[must_use]
    pub fn rank(&self, piece: Piece) -> u8 {
        self.slot(piece) as u8 + 1
    }
}

/// The named rule presets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// The common rules (as in Wikipedia's "Jungle (board game)"): Elephant
    /// 8, Lion 7, Tiger 6, Leopard 5, Wolf 4, Dog 3, Cat 2, Rat 1; nothing
    /// captures across the water line.
    #[default]
    Standard,
    /// Dog 4 and Wolf 3 (the ranking of van Rijn & Vis, 2014), otherwise
    /// standard.
    DogOverWolf,
    /// Standard ranks, but the rat captures across the water line.
    RatAcrossWater,
}

const STANDARD: Rules = Rules {
    name: "standard",
    by_rank: Piece::ALL,
    rat_captures_across_water: false,
};

const DOG_OVER_WOLF: Rules = Rules {
    name: "dog-over-wolf",
    by_rank: [
        Piece::Rat,
        Piece::Cat,
        Piece::Wolf,
        Piece::Dog,
        Piece::Leopard,
        Piece::Tiger,
        Piece::Lion,
        Piece::Elephant,
    ],
    rat_captures_across_water: false,
};

const RAT_ACROSS_WATER: Rules = Rules {
    name: "rat-across-water",
    by_rank: Piece::ALL,
    rat_captures_across_water: true,
};

impl Variant {
    /// Every preset.
    pub const ALL: [Variant; 3] = [
        Variant::Standard,
        Variant::DogOverWolf,
        Variant::RatAcrossWater,
    ];

    /// The rules of this preset.
    #[must_use]
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::Standard => &STANDARD,
            Variant::DogOverWolf => &DOG_OVER_WOLF,
            Variant::RatAcrossWater => &RAT_ACROSS_WATER,
        }
    }

    /// The preset's name (see [`Rules::name`]).
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.rules().name
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the rule presets.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown Jungle rules {0:?}; the presets are standard, dog-over-wolf, rat-across-water")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_keeps_the_special_slots() {
        for variant in Variant::ALL {
            let rules = variant.rules();
            assert_eq!(rules.by_rank[RAT], Piece::Rat);
            assert_eq!(rules.by_rank[ELEPHANT], Piece::Elephant);
            assert_eq!(rules.by_rank[JUMPERS[0]], Piece::Tiger);
            assert_eq!(rules.by_rank[JUMPERS[1]], Piece::Lion);
            for piece in Piece::ALL {
                assert_eq!(rules.by_rank[rules.slot(piece)], piece);
            }
            assert_eq!(variant.name().parse(), Ok(variant));
        }
        assert_eq!(Variant::DogOverWolf.rules().rank(Piece::Dog), 4);
        assert_eq!(Variant::Standard.rules().rank(Piece::Wolf), 4);
        assert!("chess".parse::<Variant>().is_err());
    }
}
