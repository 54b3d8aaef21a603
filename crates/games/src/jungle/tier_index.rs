//! The dense index of a Jungle material: the tiers of the tablebases.
//!
//! A position of a material is indexed by the side to move and the square
//! of each animal, bottom's animals first, each side's by rank. Each animal
//! ranges over the squares it may stand on in a tablebase position: the rat
//! over every square but the two dens (61), the others over the land but
//! the dens (49); two animals on one square make a hole.
//!
//! The rules are the same in a mirror standing on the `d` file, so only
//! positions whose first animal stands on files `a`–`d` are indexed (28 land
//! or 34 rat squares instead of 49 or 61); when the first animal is on the
//! `d` file, the position and its mirror image share the smaller of their
//! two indices and the other is a hole.

use gamesolver_core::{Player, TierLayout};

use super::board::{DENS, LAND, OFF_BOARD};
use super::rules::RAT;
use super::square::{FILES, SQUARES};
use super::{Material, Move, Piece, Position, Variant};

/// Which squares an animal may stand on: 0 for the non-rats, 1 for the rat.
type Kind = usize;

/// The squares of each kind, in order, and each square's ordinal.
struct SquareTable {
    squares: [u8; 64],
    count: u64,
    ordinal: [u8; 64],
}

const NONE: u8 = u8::MAX;

const fn square_table(rat: bool, half: bool) -> SquareTable {
    let mut table = SquareTable {
        squares: [0; 64],
        count: 0,
        ordinal: [NONE; 64],
    };
    let mut square = 0;
    while square < SQUARES {
        let bit = 1u64 << square;
        let terrain = rat || bit & LAND != 0;
        let den = bit & (DENS[0] | DENS[1]) != 0;
        if terrain && !den && (!half || square % FILES <= 3) {
            table.squares[table.count as usize] = square;
            table.ordinal[square as usize] = table.count as u8;
            table.count += 1;
        }
        square += 1;
    }
    table
}

/// `FULL[kind]`, `HALF[kind]`: every allowed square, or those on files a–d.
const FULL: [SquareTable; 2] = [square_table(false, false), square_table(true, false)];
const HALF: [SquareTable; 2] = [square_table(false, true), square_table(true, true)];

/// The tablebase tiers of Jungle under one rules preset.
#[derive(Clone, Copy, Debug)]
pub struct JungleTiers {
    variant: Variant,
    /// `slot_of[p]`: the strength slot of `Piece::ALL[p]` under the rules.
    slot_of: [u8; 8],
}

/// The animals of one material in index order, each as `side << 3 | slot`.
struct Layout {
    pieces: [u8; 16],
    count: usize,
}

impl Layout {
    fn side(&self, i: usize) -> usize {
        usize::from(self.pieces[i] >> 3)
    }

    fn slot(&self, i: usize) -> usize {
        usize::from(self.pieces[i] & 7)
    }

    fn kind(&self, i: usize) -> Kind {
        usize::from(self.slot(i) == RAT)
    }

    /// The square table of the `i`-th animal: half the board for the first.
    fn table(&self, i: usize) -> &'static SquareTable {
        if i == 0 {
            &HALF[self.kind(i)]
        } else {
            &FULL[self.kind(i)]
        }
    }
}

impl JungleTiers {
    /// The tiers for the rules `variant`.
    #[must_use]
    pub fn new(variant: Variant) -> JungleTiers {
        let rules = variant.rules();
        let slot_of = Piece::ALL.map(|p| rules.slot(p) as u8);
        JungleTiers { variant, slot_of }
    }

    /// The rules preset.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    fn layout(&self, material: Material) -> Layout {
        let mut layout = Layout {
            pieces: [0; 16],
            count: 0,
        };
        for player in Player::BOTH {
            let mut pieces = material.mask(player);
            let mut slots = 0u8;
            while pieces != 0 {
                slots |= 1 << self.slot_of[pieces.trailing_zeros() as usize];
                pieces &= pieces - 1;
            }
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                layout.pieces[layout.count] = (player.index() as u8) << 3 | slot as u8;
                layout.count += 1;
            }
        }
        layout
    }

    /// The index of the squares `squares` (index order) with `turn` to
    /// move, the first square on files a–d.
    fn raw_index(layout: &Layout, turn: usize, squares: &[u8]) -> u64 {
        let mut index = turn as u64;
        for (i, &square) in squares.iter().enumerate() {
            let table = layout.table(i);
            index = index * table.count + u64::from(table.ordinal[square as usize]);
        }
        index
    }
}

impl Default for JungleTiers {
    fn default() -> JungleTiers {
        JungleTiers::new(Variant::Standard)
    }
}

const fn mirror(square: u8) -> u8 {
    square - square % FILES + (FILES - 1 - square % FILES)
}

impl TierLayout for JungleTiers {
    type Game = Position;
    type Tier = Material;

    fn variant(&self) -> String {
        self.variant.name().to_string()
    }

    fn scheme(&self) -> String {
        "jungle-mirror-v1".to_string()
    }

    fn tier_of(&self, position: &Position) -> Material {
        Material::of(position)
    }

    fn tier_len(&self, tier: Material) -> u64 {
        let layout = self.layout(tier);
        (0..layout.count).fold(2, |len, i| len * layout.table(i).count)
    }

    fn index(&self, tier: Material, position: &Position) -> u64 {
        let layout = self.layout(tier);
        let mut squares = [0u8; 16];
        for (i, square) in squares.iter_mut().enumerate().take(layout.count) {
            *square = position.slots(Player::BOTH[layout.side(i)])[layout.slot(i)];
        }
        let squares = &mut squares[..layout.count];
        let turn = position.turn().index();
        let file = squares[0] % FILES;
        if file > 3 {
            squares.iter_mut().for_each(|s| *s = mirror(*s));
        } else if file == 3 {
            let mut mirrored = [0u8; 16];
            for (m, &s) in mirrored.iter_mut().zip(squares.iter()) {
                *m = mirror(s);
            }
            let a = Self::raw_index(&layout, turn, squares);
            let b = Self::raw_index(&layout, turn, &mirrored[..layout.count]);
            return a.min(b);
        }
        Self::raw_index(&layout, turn, squares)
    }

    fn position(&self, tier: Material, index: u64) -> Option<Position> {
        let layout = self.layout(tier);
        let mut rest = index;
        let mut squares = [0u8; 16];
        for i in (0..layout.count).rev() {
            let table = layout.table(i);
            squares[i] = table.squares[(rest % table.count) as usize];
            rest /= table.count;
        }
        let squares = &squares[..layout.count];
        let distinct = (1..squares.len()).all(|i| !squares[..i].contains(&squares[i]));
        if rest > 1 || !distinct {
            return None;
        }
        if squares[0] % FILES == 3 {
            let mut mirrored = [0u8; 16];
            for (m, &s) in mirrored.iter_mut().zip(squares.iter()) {
                *m = mirror(s);
            }
            if Self::raw_index(&layout, rest as usize, &mirrored[..layout.count]) < index {
                return None;
            }
        }
        let mut slots = [[OFF_BOARD; 8]; 2];
        for (i, &square) in squares.iter().enumerate() {
            slots[layout.side(i)][layout.slot(i)] = square;
        }
        Some(Position::from_slots_unchecked(
            self.variant,
            Player::BOTH[rest as usize],
            slots,
        ))
    }

    fn successors(&self, tier: Material) -> Vec<Material> {
        tier.after_captures()
    }

    /// Without playing the moves: a position that is not its own mirror
    /// image reaches a different index by every move (a piece cannot reach
    /// its own mirror square in one move, nor two pieces swap sides), so
    /// the count is the number of moves; a symmetric one (every animal on
    /// the `d` file) reaches the same index by a move and its mirror image,
    /// so the moves pair up, but for those along the `d` file.
    fn distinct_children(
        &self,
        _tier: Material,
        position: &Position,
        moves: &[Move],
        _scratch: &mut Vec<u64>,
    ) -> usize {
        let everyone = position.occupied(Player::First) | position.occupied(Player::Second);
        if everyone & !FILE_D != 0 {
            return moves.len();
        }
        let along_d = moves
            .iter()
            .filter(|m| m.from.file() == 3 && m.to.file() == 3)
            .count();
        (moves.len() + along_d) / 2
    }
}

/// The squares of the `d` file, the mirror's axis.
const FILE_D: u64 = {
    let mut mask = 0;
    let mut rank = 0;
    while rank < 9 {
        mask |= 1 << (rank * FILES + 3);
        rank += 1;
    }
    mask
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_distinct_children_agrees_with_playing_the_moves() {
        use gamesolver_core::{Game, Retrograde};
        let tiers = JungleTiers::default();
        let mut checked_symmetric = 0;
        for spec in ["L-l", "R-e", "LR-e", "T-rd"] {
            let material: Material = spec.parse().unwrap();
            for index in (0..tiers.tier_len(material)).step_by(7) {
                let Some(position) = tiers.position(material, index) else {
                    continue;
                };
                let quiet: Vec<Move> = position
                    .moves()
                    .into_iter()
                    .filter(|&m| position.stays_in_tier(m))
                    .collect();
                let mut played: Vec<u64> = quiet
                    .iter()
                    .map(|&m| tiers.index(material, &position.after(m)))
                    .collect();
                played.sort_unstable();
                played.dedup();
                let counted = tiers.distinct_children(material, &position, &quiet, &mut Vec::new());
                assert_eq!(counted, played.len(), "{position}");
                checked_symmetric += usize::from(position.mirrored() == position);
            }
        }
        assert!(checked_symmetric > 0);
    }

    #[test]
    fn square_tables_have_the_documented_sizes() {
        assert_eq!((FULL[0].count, FULL[1].count), (49, 61));
        assert_eq!((HALF[0].count, HALF[1].count), (28, 34));
    }

    #[test]
    fn every_index_round_trips_for_small_materials() {
        let tiers = JungleTiers::default();
        for spec in ["L-l", "R-e", "E-r", "R-r", "LR-e", "C-tw"] {
            let material: Material = spec.parse().unwrap();
            let mut positions = 0u64;
            for index in 0..tiers.tier_len(material) {
                let Some(position) = tiers.position(material, index) else {
                    continue;
                };
                positions += if position.mirrored() == position {
                    1
                } else {
                    2
                };
                assert_eq!(tiers.index(material, &position), index, "{spec} {position}");
                assert_eq!(
                    tiers.index(material, &position.mirrored()),
                    index,
                    "{spec} mirror of {position}"
                );
                assert_eq!(Material::of(&position), material);
            }
            let per_side = positions / 2;
            match spec {
                "L-l" => assert_eq!(per_side, 49 * 48),
                "R-r" => assert_eq!(per_side, 61 * 60),
                "R-e" | "E-r" => assert_eq!(per_side, 61 * 49 - 49),
                _ => {}
            }
        }
    }
}
