//! What a look one ply ahead finds cheaply: the positions WDL files may
//! store any value at, because a probe finds their value before reading
//! the file (see `gamesolver_core::TierLayout::wins_in_one`).

use gamesolver_core::Player;

use super::Position;
use super::board::{Bitboard, DENS, STEPS};

/// The name of the rule [`Position::wins_in_one`] follows, written in WDL
/// file headers: change it whenever the rule changes.
pub const WINS_IN_ONE_RULE: &str = "jungle-den-neighbour-v1";

/// The squares beside each player's den, from which an enemy animal
/// enters it in one step.
const DEN_NEIGHBOURS: [Bitboard; 2] = [
    STEPS[DENS[0].trailing_zeros() as usize],
    STEPS[DENS[1].trailing_zeros() as usize],
];

impl Position {
    /// Whether an animal of the side to move stands beside the enemy den:
    /// it may step in (every animal may, and nothing can stand there) and
    /// win at once. A few instructions, no move generation.
    #[must_use]
    #[inline]
    pub fn wins_in_one(&self) -> bool {
        let me = self.turn();
        beside_enemy_den(me, self.occupied(me))
    }
}

/// Whether one of `mine`, the squares of `me`'s animals, is beside the
/// enemy den.
#[inline]
pub(super) fn beside_enemy_den(me: Player, mine: Bitboard) -> bool {
    mine & DEN_NEIGHBOURS[me.opponent().index()] != 0
}

#[cfg(test)]
mod tests {
    use gamesolver_core::{Game, TierLayout};

    use crate::jungle::{JungleTiers, Material, Move, Variant};

    /// Every position the rule finds has a move into the enemy den, and
    /// every position with such a move is found; the index's answer is the
    /// position's.
    #[test]
    fn the_rule_is_a_den_entry_at_hand() {
        let layout = JungleTiers::new(Variant::Standard);
        let mut moves: Vec<Move> = Vec::new();
        for spec in ["E-e", "LR-e", "R-ct"] {
            let material: Material = spec.parse().unwrap();
            for index in 0..layout.tier_len(material) {
                let Some(position) = layout.position(material, index) else {
                    continue;
                };
                let from_index = layout.wins_in_one_at(material, index);
                assert_eq!(from_index, position.wins_in_one(), "{position}");
                if position.game_end().is_some() {
                    continue;
                }
                position.legal_moves(&mut moves);
                let enters = moves.iter().any(|&mv| position.after(mv).den_entered());
                assert_eq!(position.wins_in_one(), enters, "{position}");
            }
        }
    }
}
