//! The legal actions of a batch position: the bit mask of a game that
//! declares one ([`crate::GameModel::legal_action_mask`]: bit `a` set when
//! action `a` is legal, the actions in increasing order), else the list.
//! A batch step asks three things of them: whether an action is legal,
//! the `k`-th one (a random draw) and the row of the mask, which the bit
//! mask answers without a list.

use super::bit_select::{BitSelect, Broadword};

/// The legal actions of one position, as [`super::BatchPart::write_row`]
/// leaves them; none once the game is over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalActions {
    /// The mask when the game declares one (then `list` is not used).
    mask: Option<u128>,
    /// The actions in move-generation order otherwise.
    list: Vec<u32>,
}

impl LegalActions {
    /// No legal action.
    pub fn new() -> LegalActions {
        LegalActions::default()
    }

    /// The number of legal actions.
    #[inline]
    pub fn len(&self) -> usize {
        match self.mask {
            Some(mask) => mask.count_ones() as usize,
            None => self.list.len(),
        }
    }

    /// Whether there is no legal action (the game is over).
    #[inline]
    pub fn is_empty(&self) -> bool {
        match self.mask {
            Some(mask) => mask == 0,
            None => self.list.is_empty(),
        }
    }

    /// Whether `action` is legal.
    #[inline]
    pub fn contains(&self, action: u32) -> bool {
        match self.mask {
            Some(mask) => action < 128 && mask >> action & 1 == 1,
            None => self.list.contains(&action),
        }
    }

    /// The legal action of rank `index` in [`crate::State::legal_actions`]'
    /// order (the mask's `index`-th set bit, lowest first), if there are
    /// more than `index`.
    #[inline]
    pub fn get(&self, index: usize) -> Option<u32> {
        match self.mask {
            Some(mask) => nth_set_bit(mask, index),
            None => self.list.get(index).copied(),
        }
    }

    /// The legal action of rank `draw(count)` among the `count` legal
    /// ones ([`LegalActions::get`]), None (and `draw` not called) when
    /// there is none; `draw` returns a rank below `count` (a random draw).
    #[inline(always)]
    pub fn draw(&self, draw: impl FnOnce(usize) -> usize) -> Option<u32> {
        self.draw_with::<Broadword>(draw)
    }

    /// [`LegalActions::draw`], a mask's set bit found with `S`.
    #[inline(always)]
    pub(crate) fn draw_with<S: BitSelect>(&self, draw: impl FnOnce(usize) -> usize) -> Option<u32> {
        match self.mask {
            Some(mask) => {
                let low = mask as u64;
                let high = (mask >> 64) as u64;
                let below = low.count_ones() as usize;
                let count = below + high.count_ones() as usize;
                if count == 0 {
                    return None;
                }
                let rank = draw(count);
                if rank < below {
                    Some(S::nth_set_bit_of_word(low, rank as u32))
                } else {
                    let rest = rank - below;
                    (rest < count - below).then(|| 64 + S::nth_set_bit_of_word(high, rest as u32))
                }
            }
            None if self.list.is_empty() => None,
            None => self.list.get(draw(self.list.len())).copied(),
        }
    }

    /// The legal actions as a list, in [`crate::State::legal_actions`]'
    /// order.
    pub fn to_vec(&self) -> Vec<u32> {
        match self.mask {
            Some(_) => (0..self.len()).filter_map(|k| self.get(k)).collect(),
            None => self.list.clone(),
        }
    }

    /// Writes the mask row: 1 at each legal action, 0 elsewhere (actions
    /// past the row's end are left out).
    #[inline]
    pub fn write_mask(&self, row: &mut [i8]) {
        match self.mask {
            Some(mask) => write_mask_bits(mask, row),
            None => {
                row.fill(0);
                for &action in &self.list {
                    if let Some(cell) = row.get_mut(action as usize) {
                        *cell = 1;
                    }
                }
            }
        }
    }

    /// Becomes the actions of `mask`.
    #[inline]
    pub(crate) fn set_mask(&mut self, mask: u128) {
        self.mask = Some(mask);
    }

    /// Becomes no action (the game is over).
    #[inline]
    pub(crate) fn set_none(&mut self) {
        self.mask = Some(0);
    }

    /// The emptied list, to be filled with the actions (the mask dropped).
    pub(crate) fn list_mut(&mut self) -> &mut Vec<u32> {
        self.mask = None;
        self.list.clear();
        &mut self.list
    }
}

/// The position of the `index`-th set bit of `mask` (lowest first), if it
/// has more set bits than `index`.
#[inline]
fn nth_set_bit(mask: u128, index: usize) -> Option<u32> {
    let low = mask as u64;
    let below = low.count_ones() as usize;
    if index < below {
        Some(Broadword::nth_set_bit_of_word(low, index as u32))
    } else {
        let high = (mask >> 64) as u64;
        let rest = index - below;
        (rest < high.count_ones() as usize)
            .then(|| 64 + Broadword::nth_set_bit_of_word(high, rest as u32))
    }
}

/// Byte `j` of entry `b` is bit `j` of `b`: eight mask values in one store.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 8 {
            table[b] |= ((b as u64 >> j) & 1) << (8 * j);
            j += 1;
        }
        b += 1;
    }
    table
};

/// The low eight bits of `bits` as eight mask values (0 or 1).
#[inline]
fn spread(bits: u128) -> [i8; 8] {
    SPREAD[(bits & 0xff) as usize]
        .to_le_bytes()
        .map(|byte| byte as i8)
}

/// Writes bit `a` of `mask` as value `a` of `row` (0 or 1), eight values
/// at a time.
#[inline]
fn write_mask_bits(mask: u128, row: &mut [i8]) {
    let mut chunks = row.chunks_exact_mut(8);
    let mut bits = mask;
    for chunk in &mut chunks {
        chunk.copy_from_slice(&spread(bits));
        bits >>= 8;
    }
    for (value, bit) in chunks.into_remainder().iter_mut().zip(spread(bits)) {
        *value = bit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set bits of `mask`, lowest first, one by one.
    fn bits_of(mask: u128) -> Vec<u32> {
        (0..128).filter(|&a| mask >> a & 1 == 1).collect()
    }

    /// Masks of every kind: empty, full, one bit at either end, set bits
    /// in both halves and across the halves' border.
    const MASKS: [u128; 9] = [
        0,
        1,
        0b1_0110_1001,
        u128::MAX,
        1 << 127,
        (1 << 64) | 1,
        0xf0 << 60,
        0x1_ffff_ffff_ffff_ffff_ffff,
        0xdead_beef_0123_4567_89ab_cdef_5555_aaaa,
    ];

    #[test]
    fn a_mask_answers_as_its_list() {
        for mask in MASKS {
            let mut legal = LegalActions::new();
            legal.set_mask(mask);
            let list = bits_of(mask);
            assert_eq!(legal.len(), list.len());
            assert_eq!(legal.is_empty(), list.is_empty());
            assert_eq!(legal.to_vec(), list, "{mask:#x}");
            for (k, &a) in list.iter().enumerate() {
                assert_eq!(legal.get(k), Some(a));
            }
            assert_eq!(legal.get(list.len()), None);
            for a in 0..200 {
                assert_eq!(legal.contains(a), list.contains(&a), "{a}");
            }
            for len in [0, 1, 7, 8, 9, 81, 128] {
                let mut row = vec![5i8; len];
                legal.write_mask(&mut row);
                let mut from_list = LegalActions::new();
                from_list.list_mut().extend(&list);
                let mut expected = vec![5i8; len];
                from_list.write_mask(&mut expected);
                assert_eq!(row, expected, "{mask:#x} {len}");
                for (a, &v) in row.iter().enumerate() {
                    assert_eq!(v == 1, list.contains(&(a as u32)));
                    assert!(v == 0 || v == 1);
                }
            }
        }
    }

    #[test]
    fn every_set_bit_of_every_16_bit_mask_and_of_wide_ones_is_found() {
        let mut masks: Vec<u128> = (0..1u128 << 16).collect();
        let mut x = 0x9e37_79b9_7f4a_7c15_u128;
        for _ in 0..2000 {
            x = x.wrapping_mul(0x2545_f491_4f6c_dd1d_0123_4567_89ab_cdef) ^ (x >> 61);
            masks.extend([x, x & x >> 3, x << 64, x >> 64, x & (x >> 7) & (x >> 13)]);
        }
        for mask in masks {
            let mut legal = LegalActions::new();
            legal.set_mask(mask);
            for (k, a) in bits_of(mask).into_iter().enumerate() {
                assert_eq!(legal.get(k), Some(a), "{mask:#x} {k}");
            }
            assert_eq!(legal.get(mask.count_ones() as usize), None);
        }
    }

    #[test]
    fn a_draw_is_the_action_of_the_drawn_rank() {
        for mask in MASKS {
            let mut legal = LegalActions::new();
            legal.set_mask(mask);
            let count = mask.count_ones() as usize;
            for rank in 0..count {
                let drawn = legal.draw(|n| {
                    assert_eq!(n, count);
                    rank
                });
                assert_eq!(drawn, legal.get(rank), "{mask:#x} {rank}");
            }
            assert_eq!(legal.draw(|n| n), None, "{mask:#x}: a rank past the end");
        }
        let mut legal = LegalActions::new();
        legal.list_mut().extend([7, 2, 5]);
        assert_eq!(legal.draw(|n| n - 1), Some(5));
        assert_eq!(legal.draw(|n| n), None);
        legal.list_mut();
        assert_eq!(legal.draw(|_| unreachable!("no action to draw")), None);
    }

    #[test]
    fn a_list_keeps_its_order_and_drops_the_mask() {
        let mut legal = LegalActions::new();
        legal.set_mask(0b111);
        legal.list_mut().extend([7, 2, 5]);
        assert_eq!(legal.to_vec(), [7, 2, 5]);
        assert_eq!(
            (legal.get(0), legal.get(3), legal.len()),
            (Some(7), None, 3)
        );
        assert!(legal.contains(5) && !legal.contains(0));
    }
}
