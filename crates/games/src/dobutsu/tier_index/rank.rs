//! The index arithmetic: a position with the first player to move ↔ its
//! number, and the lion pairs.
//!
//! The number is mixed-radix, most significant first:
//!
//! 1. the lion pair's class (21 classes: the first player's lion off its
//!    far rank, the second's off the first player's home rank, the two not
//!    side by side; a pair and its mirror image are one class, and a
//!    position whose pair is not the class's representative is indexed
//!    mirrored);
//! 2. the *block*: how many giraffes, elephants and chicks stand on the
//!    board (0–2 each);
//! 3. per kind (giraffes, then elephants, then chicks), its digit: which of
//!    the squares left free by the lions and the kinds before it hold the
//!    kind (a combination's colex rank), each one's owner (chicks: and
//!    whether it is a hen), and how many of the kind in hand are the first
//!    player's (the rest are the second's).
//!
//! Every arrangement has a number: per lion pair the count is Tanaka's
//! (2009) 11,878,227, and 21 classes make 249,442,767. A number whose
//! position the first player can take the lion in, or (in the three classes
//! whose lions both stand on the `b` file, which a mirror maps to
//! themselves) whose mirror image has the smaller number, is a hole.

use super::super::board::{self, Bitboard};
use super::super::{Hand, Material, Piece, Position, Variant};
use gamesolver_core::Player;

/// Squares not on the board.
const NONE: u8 = u8::MAX;

/// A lion pair's class and orientation: `LIONS[first][second]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LionCode {
    /// The class 0..21, or `NONE` for a pair no interior position has.
    pub(super) class: u8,
    /// Whether the position is indexed mirrored.
    pub(super) mirror: bool,
}

/// The number of lion classes.
pub(super) const CLASSES: usize = 21;

/// The lion pairs: per (first, second) square the class and whether to
/// mirror; per class its representative pair and whether both lions stand
/// on the `b` file (the mirror maps the pair to itself).
pub(super) struct Lions {
    pub(super) code: [[LionCode; 12]; 12],
    pub(super) pairs: [(u8, u8); CLASSES],
    pub(super) symmetric: [bool; CLASSES],
}

const fn mirror_square(sq: u8) -> u8 {
    (sq / 3) * 3 + 2 - sq % 3
}

const fn adjacent(a: u8, b: u8) -> bool {
    let (ra, fa, rb, fb) = (a / 3, a % 3, b / 3, b % 3);
    let dr = ra.abs_diff(rb);
    let df = fa.abs_diff(fb);
    dr <= 1 && df <= 1
}

/// Whether (first, second) lion squares occur in an interior position.
const fn valid_pair(first: u8, second: u8) -> bool {
    first != second && first / 3 != 3 && second / 3 != 0 && !adjacent(first, second)
}

pub(super) const LIONS: Lions = {
    let mut lions = Lions {
        code: [[LionCode {
            class: NONE,
            mirror: false,
        }; 12]; 12],
        pairs: [(0, 0); CLASSES],
        symmetric: [false; CLASSES],
    };
    let mut class = 0;
    let mut first = 0;
    while first < 12 {
        let mut second = 0;
        while second < 12 {
            let (mf, ms) = (mirror_square(first), mirror_square(second));
            // Representatives: the pair itself is not above its mirror.
            if valid_pair(first, second) && (first < mf || (first == mf && second <= ms)) {
                lions.pairs[class] = (first, second);
                lions.symmetric[class] = first == mf && second == ms;
                lions.code[first as usize][second as usize] = LionCode {
                    class: class as u8,
                    mirror: false,
                };
                lions.code[mf as usize][ms as usize] = LionCode {
                    class: class as u8,
                    mirror: first != mf || second != ms,
                };
                class += 1;
            }
            second += 1;
        }
        first += 1;
    }
    assert!(class == CLASSES);
    lions
};

const fn binomial(n: u64, k: u64) -> u64 {
    match k {
        0 => 1,
        1 => n,
        _ => n * n.saturating_sub(1) / 2,
    }
}

/// Kinds in digit order with their per-square state count (owner, and for
/// chicks whether promoted).
const STATES: [u64; 3] = [2, 2, 4];

/// The pairs of free ranks by colex rank: `PAIRS[r] = (low, high)`.
const PAIRS: [(u8, u8); 45] = {
    let mut pairs = [(0, 0); 45];
    let mut high = 1;
    let mut i = 0;
    while high < 10 {
        let mut low = 0;
        while low < high {
            pairs[i] = (low, high);
            i += 1;
            low += 1;
        }
        high += 1;
    }
    pairs
};

/// One block: the on-board counts and each kind's digit radix.
#[derive(Clone, Copy, Debug)]
struct Block {
    offset: u64,
    on_board: [u8; 3],
    radix: [u64; 3],
    /// Where each kind's decoded digits start in [`Ranker::digits`].
    digits: [u32; 3],
}

/// One kind's digit decoded: the ranks of its squares among the squares
/// left free (`NONE` past the kind's count on the board), each square's
/// state (owner; for chicks owner × 2 + promoted) and how many of the kind
/// in hand are the first player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Digit {
    ranks: [u8; 2],
    states: [u8; 2],
    held: u8,
}

/// The index arithmetic of one material.
#[derive(Debug)]
pub(super) struct Ranker {
    material: Material,
    per_lion: u64,
    /// Blocks by offset (for decoding).
    blocks: Vec<Block>,
    /// Block number by on-board counts `[giraffes][elephants][chicks]`.
    block_of: [[[u8; 3]; 3]; 3],
    /// Every block's digits of each kind, decoded once (a few thousand):
    /// decoding an index then divides only to split it into digits.
    digits: Vec<Digit>,
    /// Per kind and count on the board (`[kind][k]`): the states of `k`
    /// squares and the choices of the hand split.
    scales: [[(u64, u64); 3]; 3],
}

/// The choices of a kind's hand split: 3 − on board when present.
const fn hand_choices(present: bool, on_board: u8) -> u64 {
    if present { 3 - on_board as u64 } else { 1 }
}

impl Ranker {
    pub(super) fn new(material: Material) -> Ranker {
        let mut blocks = Vec::new();
        let mut block_of = [[[u8::MAX; 3]; 3]; 3];
        let mut digits = Vec::new();
        let range = |hand: Hand| if material.has(hand) { 0..3u8 } else { 0..1u8 };
        let mut offset = 0;
        for g in range(Hand::Giraffe) {
            for e in range(Hand::Elephant) {
                for c in range(Hand::Chick) {
                    let on_board = [g, e, c];
                    let mut free = 10u64;
                    let mut radix = [0; 3];
                    for hand in Hand::ALL {
                        let k = on_board[hand.index()];
                        radix[hand.index()] = binomial(free, u64::from(k))
                            * STATES[hand.index()].pow(u32::from(k))
                            * hand_choices(material.has(hand), k);
                        free -= u64::from(k);
                    }
                    block_of[usize::from(g)][usize::from(e)][usize::from(c)] = blocks.len() as u8;
                    let mut starts = [0u32; 3];
                    for hand in Hand::ALL {
                        let i = hand.index();
                        starts[i] = digits.len() as u32;
                        let choices = hand_choices(material.has(hand), on_board[i]);
                        digits.extend(
                            (0..radix[i]).map(|d| decode_digit(i, on_board[i], choices, d)),
                        );
                    }
                    blocks.push(Block {
                        offset,
                        on_board,
                        radix,
                        digits: starts,
                    });
                    offset += radix.iter().product::<u64>();
                }
            }
        }
        Ranker {
            material,
            per_lion: offset,
            blocks,
            block_of,
            digits,
            scales: std::array::from_fn(|i| {
                std::array::from_fn(|k| {
                    (
                        STATES[i].pow(k as u32),
                        hand_choices(material.has(Hand::ALL[i]), k as u8),
                    )
                })
            }),
        }
    }

    /// The number of indices.
    pub(super) fn len(&self) -> u64 {
        self.per_lion * CLASSES as u64
    }

    /// The index of `p` (first player to move, an interior lion pair) as
    /// laid out, and its lion class; the pair's orientation is applied.
    pub(super) fn rank(&self, p: &Position) -> (u64, u8) {
        let lions = p.by_piece[Piece::Lion.index()];
        let own = p.by_player[0];
        let first = (lions & own).trailing_zeros() as usize;
        let second = (lions & !own).trailing_zeros() as usize;
        let code = LIONS.code[first & 15][second & 15];
        debug_assert!(code.class != NONE, "{p:?}");
        let index = if code.mirror {
            self.rank_oriented(code.class, &p.mirrored())
        } else {
            self.rank_oriented(code.class, p)
        };
        (index, code.class)
    }

    /// The index of `p` in the lion class `class`, as it stands.
    pub(super) fn rank_oriented(&self, class: u8, p: &Position) -> u64 {
        let second = p.by_player[1];
        let hens = p.by_piece[Piece::Hen.index()];
        let giraffes = p.by_piece[Piece::Giraffe.index()];
        let elephants = p.by_piece[Piece::Elephant.index()];
        let chicks = p.by_piece[Piece::Chick.index()] | hens;
        let free = board::ALL & !p.by_piece[Piece::Lion.index()];
        let (g, kg) = self.digit(Hand::Giraffe, giraffes, free, second, 0, p.hands[0]);
        let free = free & !giraffes;
        let (e, ke) = self.digit(Hand::Elephant, elephants, free, second, 0, p.hands[0]);
        let free = free & !elephants;
        let (c, kc) = self.digit(Hand::Chick, chicks, free, second, hens, p.hands[0]);
        let block = &self.blocks[usize::from(self.block_of[kg][ke][kc])];
        let [rg, re, rc] = block.radix;
        debug_assert!(g < rg && e < re && c < rc);
        u64::from(class) * self.per_lion + block.offset + (g * re + e) * rc + c
    }

    /// One kind's digit in [`Ranker::rank_oriented`] and its count on the
    /// board: `squares` hold the kind, `free` the squares the kinds before
    /// it left, `second` the second player's pieces, `hens` the promoted
    /// chicks (empty for other kinds), `held` the first player's hand.
    #[inline(always)]
    fn digit(
        &self,
        hand: Hand,
        squares: Bitboard,
        free: Bitboard,
        second: Bitboard,
        hens: Bitboard,
        held: [u8; 3],
    ) -> (u64, usize) {
        let i = hand.index();
        // The owner, and for chicks whether promoted (owner × 2 + hen).
        let shift = u32::from(hand == Hand::Chick);
        let state = |sq: u32| u64::from((((second >> sq) & 1) << shift) | ((hens >> sq) & 1));
        let below = |sq: u32| u64::from((free & ((1u16 << sq) - 1)).count_ones());
        let k = squares.count_ones() as usize;
        let a = squares.trailing_zeros();
        let (comb, states) = match k {
            0 => (0, 0),
            1 => (below(a), state(a)),
            _ => {
                let b = 15 - squares.leading_zeros();
                let (ra, rb) = (below(a), below(b));
                (rb * (rb - 1) / 2 + ra, state(a) * STATES[i] + state(b))
            }
        };
        let (power, choices) = self.scales[i][k.min(2)];
        (
            (comb * power + states) * choices + u64::from(held[i]),
            k.min(2),
        )
    }

    /// The arrangement numbered `index` (first player to move, as laid
    /// out, not checked for holes), with its lion class.
    pub(super) fn unrank(&self, index: u64, variant: Variant) -> (Position, u8) {
        let (mut p, class, block, chick) = self.unrank_prefix(index, variant);
        self.place(&mut p, block, Hand::Chick, chick);
        (p, class)
    }

    /// Calls `visit(index, position, class)` for every index of `range` in
    /// order (as [`Ranker::unrank`] gives them), until it returns `false`.
    /// Consecutive indices differ in their chicks' digit most of the time:
    /// the rest is decoded once per run of them.
    pub(super) fn for_each(
        &self,
        range: std::ops::Range<u64>,
        variant: Variant,
        visit: &mut dyn FnMut(u64, &Position, u8) -> bool,
    ) {
        let mut index = range.start;
        while index < range.end.min(self.len()) {
            let (base, class, block, first) = self.unrank_prefix(index, variant);
            let run = (self.blocks[block].radix[2] - u64::from(first)).min(range.end - index);
            for chick in u64::from(first)..u64::from(first) + run {
                let mut p = base;
                self.place(&mut p, block, Hand::Chick, chick as u32);
                if !visit(index, &p, class) {
                    return;
                }
                index += 1;
            }
        }
    }

    /// The arrangement numbered `index` without its chicks (their hands
    /// untouched), its lion class, block and chicks' digit.
    fn unrank_prefix(&self, index: u64, variant: Variant) -> (Position, u8, usize, u32) {
        let class = (index / self.per_lion) as usize;
        // Below 2^32 (a tier holds 249,442,767 indices at most): the
        // divisions below are 32-bit ones.
        let rest = (index % self.per_lion) as u32;
        let at = self.blocks.partition_point(|b| b.offset <= u64::from(rest)) - 1;
        let block = &self.blocks[at];
        let [_, re, rc] = block.radix.map(|r| r as u32);
        let sub = rest - block.offset as u32;
        let (high, chick) = (sub / rc, sub % rc);
        let (giraffe, elephant) = (high / re, high % re);
        let (first, second) = LIONS.pairs[class.min(CLASSES - 1)];
        let lions = (1u16 << first) | (1u16 << second);
        let mut p = Position {
            by_player: [1 << first, 1 << second],
            by_piece: [lions, 0, 0, 0, 0],
            hands: [[0; 3]; 2],
            turn: Player::First,
            variant,
        };
        self.place(&mut p, at, Hand::Giraffe, giraffe);
        self.place(&mut p, at, Hand::Elephant, elephant);
        (p, class as u8, at, chick)
    }

    /// Puts `hand`'s pieces of digit `digit` of block `block` on `p`'s
    /// board (on the squares the kinds before it left free) and in the
    /// hands.
    #[inline]
    fn place(&self, p: &mut Position, block: usize, hand: Hand, digit: u32) {
        let i = hand.index();
        let block = &self.blocks[block];
        let code = self.digits[(block.digits[i] + digit) as usize];
        let mut free: Bitboard = board::ALL & !(p.by_player[0] | p.by_player[1]);
        let mut ranks_left = block.on_board[i];
        let mut at = 0;
        // The ranks are increasing: select them in one sweep of `free`.
        let mut skipped = 0;
        while ranks_left > 0 {
            let rank = code.ranks[at];
            while skipped < rank {
                free &= free.wrapping_sub(1);
                skipped += 1;
            }
            let bit = free & free.wrapping_neg();
            let st = code.states[at];
            let (owner, piece) = match hand {
                Hand::Chick if st & 1 != 0 => (st >> 1, Piece::Hen),
                Hand::Chick => (st >> 1, Piece::Chick),
                _ => (st, hand.piece()),
            };
            p.by_player[usize::from(owner)] |= bit;
            p.by_piece[piece.index()] |= bit;
            free &= !bit;
            skipped += 1;
            at += 1;
            ranks_left -= 1;
        }
        if self.material.has(hand) {
            p.hands[0][i] = code.held;
            p.hands[1][i] = 2 - block.on_board[i] - code.held;
        }
    }

    /// The indices per lion class.
    pub(super) fn per_lion(&self) -> u64 {
        self.per_lion
    }
}

/// Digit `digit` of kind `kind` (its index in [`Hand::ALL`]) with `k` of
/// the kind on the board and `choices` splits of the rest in hand.
fn decode_digit(kind: usize, k: u8, choices: u64, digit: u64) -> Digit {
    let held = (digit % choices) as u8;
    let rest = digit / choices;
    let power = STATES[kind].pow(u32::from(k));
    let (comb, states) = (rest / power, rest % power);
    match k {
        0 => Digit {
            ranks: [NONE; 2],
            states: [0; 2],
            held,
        },
        1 => Digit {
            ranks: [comb as u8, NONE],
            states: [states as u8, 0],
            held,
        },
        _ => {
            let (low, high) = PAIRS[(comb as usize).min(44)];
            Digit {
                ranks: [low, high],
                states: [(states / STATES[kind]) as u8, (states % STATES[kind]) as u8],
                held,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lion_classes_and_tanakas_count() {
        assert_eq!(LIONS.symmetric.iter().filter(|&&s| s).count(), 3);
        let ranker = Ranker::new(Material::FULL);
        assert_eq!(ranker.per_lion(), 11_878_227);
        assert_eq!(ranker.len(), 249_442_767);
        // Tanaka's bound counts all 132 lion placements.
        assert_eq!(ranker.per_lion() * 132, 1_567_925_964);
        let mut valid = 0;
        for first in 0..12u8 {
            for second in 0..12u8 {
                valid += usize::from(valid_pair(first, second));
            }
        }
        assert_eq!(valid, 39);
    }

    #[test]
    fn unrank_then_rank_is_the_identity() {
        for material in [
            Material::FULL,
            Material::new([false, false, true]),
            Material::new([true, false, true]),
        ] {
            let ranker = Ranker::new(material);
            let step = ranker.len() / 20_011 + 1;
            for index in (0..ranker.len()).step_by(step as usize) {
                let (p, class) = ranker.unrank(index, Variant::Official);
                assert_eq!(ranker.rank_oriented(class, &p), index, "{p:?}");
                assert_eq!(p.material(), material, "{p:?}");
            }
        }
    }
}
