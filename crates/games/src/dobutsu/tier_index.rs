//! The dense index of dōbutsu shōgi positions: the tables' one tier.
//!
//! Captures go to the hand and come back as drops, so no move changes the
//! material and every position of the game is in one tier (the tier is the
//! [`Material`]; smaller materials, for tests, are tiers of their own).
//! The side to move is folded by turning the board (a position with the
//! second player to move is indexed as the same position turned round with
//! the first to move) and the left-right mirror by the lion pair
//! (`tier_index/rank.rs`). Only interior positions are stored: the moves
//! that leave them (a lion stepping onto the far rank, a move leaving one's
//! own lion attacked) are exits whose values the rules give at once
//! ([`TierLayout::known_value`]).

mod rank;

use std::sync::OnceLock;

use gamesolver_core::{Game, Player, Solution, TierLayout};

use super::board::{Bitboard, STEPS, far_rank};
use super::{Hand, Material, Move, Piece, Position, Square, Variant};
use rank::{LIONS, Ranker};

/// The tables' layout: one tier per [`Material`] (the whole game is
/// [`Material::FULL`]), positions indexed with the first player to move and
/// the mirror folded; 249,442,767 indices for the whole game.
#[derive(Debug)]
pub struct DobutsuTiers {
    variant: Variant,
}

/// A preset whose tables this layout cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("dobutsu tables are built under the official, try-after-reply or gamesman rules, not {0}")]
pub struct UnsupportedVariant(pub Variant);

/// The rankers of the eight materials, built on first use.
/// The number of `position` (first player to move, both lions on the
/// board, as it stands) among all arrangements of the whole game's pieces:
/// the 132 placements of the two lions × 11,878,227 (Tanaka's count).
pub(crate) fn full_rank(position: &Position) -> u64 {
    let lions = position.by_piece[Piece::Lion.index()];
    let first = (lions & position.by_player[0]).trailing_zeros() as u64;
    let second = (lions & position.by_player[1]).trailing_zeros() as u64;
    let second = if second > first { second - 1 } else { second };
    let ranker = ranker(Material::FULL);
    (first * 11 + second) * ranker.per_lion() + ranker.rank_oriented(0, position)
}

/// Arrangements per lion placement of the whole game.
pub(crate) fn per_lion() -> u64 {
    ranker(Material::FULL).per_lion()
}

/// The squares of `player`'s lion.
fn lions_of(position: &Position, player: usize) -> Bitboard {
    position.by_piece[Piece::Lion.index()] & position.by_player[player]
}

/// Whether the arrangement `position` (lion class `class`) numbered
/// `index` is a stored position, not a hole: the first player cannot take
/// the enemy lion, and in a class the mirror maps to itself the mirror
/// image does not have the smaller number.
fn stored(ranker: &Ranker, index: u64, position: &Position, class: u8) -> bool {
    !position.can_take_lion()
        && (!LIONS.symmetric[usize::from(class)]
            || ranker.rank_oriented(class, &position.mirrored()) >= index)
}

fn ranker(material: Material) -> &'static Ranker {
    static RANKERS: [OnceLock<Ranker>; 8] = [const { OnceLock::new() }; 8];
    RANKERS[material.number()].get_or_init(|| Ranker::new(material))
}

impl DobutsuTiers {
    /// The layout for the tables of `variant`: the official rules, or a
    /// preset that scores the try otherwise but stores the same positions
    /// (try-after-reply, gamesman).
    pub fn new(variant: Variant) -> Result<DobutsuTiers, UnsupportedVariant> {
        match variant {
            Variant::Official | Variant::TryAfterReply | Variant::Gamesman => {
                Ok(DobutsuTiers { variant })
            }
            other => Err(UnsupportedVariant(other)),
        }
    }

    /// The rules preset.
    #[must_use]
    pub const fn rules(&self) -> Variant {
        self.variant
    }

    /// The index of `position`, which has the first player to move.
    fn index_first(&self, ranker: &Ranker, position: &Position) -> u64 {
        let (index, class) = ranker.rank(position);
        if LIONS.symmetric[usize::from(class)] {
            index.min(ranker.rank_oriented(class, &position.mirrored()))
        } else {
            index
        }
    }
}

impl Default for DobutsuTiers {
    fn default() -> DobutsuTiers {
        DobutsuTiers {
            variant: Variant::Official,
        }
    }
}

impl TierLayout for DobutsuTiers {
    type Game = Position;
    type Tier = Material;

    fn variant(&self) -> String {
        self.variant.name().to_string()
    }

    fn scheme(&self) -> String {
        "dobutsu-lion-classes-blocks-v1".to_string()
    }

    fn tier_of(&self, position: &Position) -> Material {
        position.material()
    }

    fn tier_len(&self, tier: Material) -> u64 {
        ranker(tier).len()
    }

    /// At most 40 moves (38 in positions a game reaches) and exits lost in
    /// two plies at most: 2-byte entries do.
    fn narrow_entries(&self, _tier: Material) -> bool {
        true
    }

    fn known_value(&self, position: &Position) -> Option<Solution> {
        position.value_outside_tables()
    }

    fn index(&self, tier: Material, position: &Position) -> u64 {
        let ranker = ranker(tier);
        match position.turn() {
            Player::First => self.index_first(ranker, position),
            Player::Second => self.index_first(ranker, &position.rotated()),
        }
    }

    fn position(&self, tier: Material, index: u64) -> Option<Position> {
        let ranker = ranker(tier);
        if index >= ranker.len() {
            return None;
        }
        let (position, class) = ranker.unrank(index, self.variant);
        stored(ranker, index, &position, class).then_some(position)
    }

    fn for_each_position(
        &self,
        tier: Material,
        range: std::ops::Range<u64>,
        visit: &mut dyn FnMut(u64, Option<Position>) -> bool,
    ) {
        let ranker = ranker(tier);
        let end = range.end;
        let start = range.start;
        let mut going = true;
        ranker.for_each(range, self.variant, &mut |index, position, class| {
            going = visit(
                index,
                stored(ranker, index, position, class).then_some(*position),
            );
            going
        });
        // Indices past the tier's end are holes, as `position` answers.
        if !going {
            return;
        }
        for index in start.max(ranker.len())..end {
            if !visit(index, None) {
                return;
            }
        }
    }

    /// Nothing is found: the positions in which the side to move could
    /// take the lion are holes, not stored (and nothing is decoded).
    fn wins_in_one_at(&self, _tier: Material, _index: u64) -> bool {
        false
    }

    fn multiplicity(&self, _tier: Material, position: &Position) -> u64 {
        if position.mirrored() == *position {
            1
        } else {
            2
        }
    }

    fn successors(&self, _tier: Material) -> Vec<Material> {
        Vec::new()
    }

    fn parent_indices(
        &self,
        tier: Material,
        position: &Position,
        _unmoves: &mut Vec<super::Unmove>,
        out: &mut Vec<u64>,
    ) {
        let child = match position.turn() {
            Player::First => *position,
            Player::Second => position.rotated(),
        };
        self.collect_parents(ranker(tier), &child, out);
    }

    fn parent_indices_of(
        &self,
        tier: Material,
        index: u64,
        _unmoves: &mut Vec<super::Unmove>,
        out: &mut Vec<u64>,
    ) -> bool {
        let Some(child) = self.position(tier, index) else {
            out.clear();
            return false;
        };
        self.collect_parents(ranker(tier), &child, out);
        true
    }

    fn exits_and_children(
        &self,
        tier: Material,
        position: &Position,
        moves: &mut Vec<Move>,
        scratch: &mut Vec<u64>,
        exit: &mut dyn FnMut(&Position) -> bool,
    ) -> Option<usize> {
        let us = position.turn();
        let (Some(lion), Some(their_lion)) = (position.lion(us), position.lion(us.opponent()))
        else {
            return Some(0);
        };
        // With both lions on the b file a move and its mirror image may
        // reach one index: count distinct indices the slow way.
        if lion.file() == 1 && their_lion.file() == 1 {
            return self.exits_and_children_listed(tier, position, moves, scratch, exit);
        }
        let counts = position.exit_counts();
        if let Some(mv) = counts.safe_try {
            // A try: the best a move can do (a win in one ply, or in two
            // after the reply under try-after-reply).
            if !exit(&position.after(mv)) {
                return None;
            }
        }
        if let Some(mv) = counts.loses_lion {
            // Every move leaving the lion attacked has the same value.
            if !exit(&position.after(mv)) {
                return None;
            }
        }
        Some(counts.interior as usize)
    }
}

impl DobutsuTiers {
    /// The distinct indices of the interior positions one move before the
    /// interior `child` (first player to move), into `out`. The child is
    /// turned round (the mover to move first) and, unless a lion moves, put
    /// in its lion class's orientation once; each un-move then changes that
    /// position in place. A parent in which the mover could take the enemy
    /// lion is not interior: it is skipped before it is built.
    fn collect_parents(&self, ranker: &Ranker, child: &Position, out: &mut Vec<u64>) {
        out.clear();
        let turned = child.rotated();
        let lions = turned.by_piece[Piece::Lion.index()];
        let mover_lion = (lions & turned.by_player[0]).trailing_zeros() as usize;
        let enemy_lion = (lions & turned.by_player[1]).trailing_zeros() as usize;
        let code = LIONS.code[mover_lion & 15][enemy_lion & 15];
        let base = if code.mirror {
            turned.mirrored()
        } else {
            turned
        };
        let class = code.class;
        let symmetric = LIONS.symmetric[usize::from(class)];
        let enemy_lion = (lions_of(&base, 1)).trailing_zeros() as u8;
        let enemy_bit = 1u16 << enemy_lion;
        let checkers = base.attackers(Square::nth(enemy_lion), Player::First);
        if checkers.count_ones() > 1 {
            return;
        }
        let empty = base.empty();
        let hands = base.hands[0];
        let mut pieces = base.by_player[0];
        let mut needs_dedup = symmetric;
        while pieces != 0 {
            let at = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let bit = 1u16 << at;
            // Another piece attacks the enemy lion: moving this one back
            // leaves the parent won at once.
            if checkers & !bit != 0 {
                continue;
            }
            let kind = base.kind_at(bit);
            let mut lifted = base;
            lifted.by_player[0] &= !bit;
            lifted.by_piece[kind.index()] &= !bit;
            let mut push = |parent: &Position| {
                if kind == Piece::Lion {
                    let (index, class) = ranker.rank(parent);
                    let twin = LIONS.symmetric[usize::from(class)];
                    needs_dedup |= twin;
                    out.push(if twin {
                        index.min(ranker.rank_oriented(class, &parent.mirrored()))
                    } else {
                        index
                    });
                } else if symmetric {
                    out.push(
                        ranker
                            .rank_oriented(class, parent)
                            .min(ranker.rank_oriented(class, &parent.mirrored())),
                    );
                } else {
                    out.push(ranker.rank_oriented(class, parent));
                }
            };
            // A drop taken back.
            if kind != Piece::Lion && kind != Piece::Hen {
                let mut parent = lifted;
                parent.hands[0][kind.in_hand().map_or(0, Hand::index)] += 1;
                parent.turn = Player::First;
                push(&parent);
            }
            let far = far_rank(Player::First) & bit != 0;
            let back = |piece: Piece| STEPS[piece.index()][1][usize::from(at)] & empty;
            let before: [(Piece, Bitboard); 2] = match kind {
                Piece::Chick if far => [(kind, 0), (kind, 0)],
                Piece::Hen if far => [
                    (Piece::Hen, back(Piece::Hen)),
                    (Piece::Chick, back(Piece::Chick)),
                ],
                // The lion never comes from its far rank (that position
                // was won).
                Piece::Lion => [(kind, back(kind) & !far_rank(Player::First)), (kind, 0)],
                _ => [(kind, back(kind)), (kind, 0)],
            };
            for (piece, mut origins) in before {
                while origins != 0 {
                    let origin = origins.trailing_zeros() as usize;
                    origins &= origins - 1;
                    if STEPS[piece.index()][0][origin] & enemy_bit != 0 {
                        continue;
                    }
                    let mut parent = lifted;
                    parent.by_player[0] |= 1 << origin;
                    parent.by_piece[piece.index()] |= 1 << origin;
                    parent.turn = Player::First;
                    push(&parent);
                    for hand in Hand::ALL {
                        if hands[hand.index()] == 0 {
                            continue;
                        }
                        let mut taken = parent;
                        taken.hands[0][hand.index()] -= 1;
                        taken.by_player[1] |= bit;
                        taken.by_piece[hand.piece().index()] |= bit;
                        push(&taken);
                        if hand == Hand::Chick {
                            taken.by_piece[Piece::Chick.index()] &= !bit;
                            taken.by_piece[Piece::Hen.index()] |= bit;
                            push(&taken);
                        }
                    }
                }
            }
        }
        if needs_dedup {
            out.sort_unstable();
            out.dedup();
        }
    }

    /// [`TierLayout::exits_and_children`] by playing every move.
    fn exits_and_children_listed(
        &self,
        tier: Material,
        position: &Position,
        moves: &mut Vec<Move>,
        scratch: &mut Vec<u64>,
        exit: &mut dyn FnMut(&Position) -> bool,
    ) -> Option<usize> {
        scratch.clear();
        position.moves_unchecked(moves);
        for &mv in moves.iter() {
            let child = position.after(mv);
            if child.is_interior() {
                scratch.push(self.index(tier, &child));
            } else if !exit(&child) {
                return None;
            }
        }
        scratch.sort_unstable();
        scratch.dedup();
        Some(scratch.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// About `count` stored positions spread over the whole game's index,
    /// with their indices.
    fn sample(count: u64) -> Vec<(u64, Position)> {
        let layout = DobutsuTiers::default();
        let len = layout.tier_len(Material::FULL);
        let sample: Vec<(u64, Position)> = (0..len)
            .step_by((len / count) as usize)
            .filter_map(|i| layout.position(Material::FULL, i).map(|p| (i, p)))
            .collect();
        assert!(sample.len() as u64 > count / 4, "{}", sample.len());
        sample
    }

    /// A probe's answer for a position outside the table.
    fn value(layout: &DobutsuTiers, child: &Position) -> Option<Solution> {
        layout.known_value(child).or(child
            .outcome()
            .map(|o| Solution::finished(o.value_for(child.turn()))))
    }

    #[test]
    fn stepping_through_a_range_agrees_with_decoding_each_index() {
        let layout = DobutsuTiers::default();
        for tier in [
            Material::FULL,
            Material::new([false, false, true]),
            Material::new([true, false, true]),
            Material::new([true, true, false]),
        ] {
            let len = layout.tier_len(tier);
            // Ranges spread over the tier (across blocks and lion
            // classes), the last one past its end.
            let starts = (0..len).step_by((len / 40) as usize + 1).chain([len - 700]);
            for start in starts {
                let range = start..start + 2_000;
                let mut seen = Vec::new();
                layout.for_each_position(tier, range.clone(), &mut |index, position| {
                    seen.push((index, position));
                    true
                });
                let expected: Vec<_> = range
                    .map(|index| (index, layout.position(tier, index)))
                    .collect();
                assert_eq!(seen, expected, "{tier} from {start}");
            }
            let mut visited = 0;
            layout.for_each_position(tier, len - 5..len + 5, &mut |_, _| {
                visited += 1;
                visited < 7
            });
            assert_eq!(visited, 7, "the visit stops when asked");
        }
    }

    #[test]
    fn parents_agree_with_the_unmoves() {
        let layout = DobutsuTiers::default();
        let tier = Material::FULL;
        let mut out = Vec::new();
        for (index, child) in sample(20_011) {
            assert!(layout.parent_indices_of(tier, index, &mut Vec::new(), &mut out));
            out.sort_unstable();
            let mut expected = Vec::new();
            child
                .rotated()
                .for_each_parent(|_, p| expected.push(layout.index(tier, &p)));
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(out, expected, "{child}");
        }
    }

    #[test]
    fn counted_children_agree_with_listed_ones() {
        let layout = DobutsuTiers::default();
        let tier = Material::FULL;
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        for (_, position) in sample(20_011) {
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            let counted =
                layout.exits_and_children(tier, &position, &mut moves, &mut scratch, &mut |c| {
                    fast.push(value(&layout, c));
                    true
                });
            let listed = layout.exits_and_children_listed(
                tier,
                &position,
                &mut moves,
                &mut scratch,
                &mut |c| {
                    slow.push(value(&layout, c));
                    true
                },
            );
            assert_eq!(counted, listed, "{position}");
            fast.sort();
            fast.dedup();
            slow.sort();
            slow.dedup();
            assert_eq!(fast, slow, "{position}");
        }
    }

    #[test]
    fn interior_positions_index_round_trip() {
        let layout = DobutsuTiers::default();
        let tier = Material::FULL;
        for (index, position) in sample(30_011) {
            assert!(position.is_interior(), "{position}");
            assert_eq!(layout.index(tier, &position), index, "{position}");
            assert_eq!(
                layout.index(tier, &position.mirrored()),
                index,
                "{position}"
            );
            assert_eq!(layout.index(tier, &position.rotated()), index, "{position}");
        }
    }
}
