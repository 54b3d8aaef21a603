//! The small-board take probabilities of the evaluation ([`UtttEval`]),
//! indexed by the two players' 9-bit masks: read by the evaluation from a
//! [`Board`] and by the MCTS leaf evaluation from its compact state.
//!
//! [`UtttEval`]: crate::uttt::eval::UtttEval
//! [`Board`]: gamesolver_games::uttt::Board

use gamesolver_games::uttt::{FULL, has_line};

/// Small-board states: 3^9.
const STATES: usize = 19_683;

/// The table's length: the power of two above [`STATES`], so that an
/// index masked to it needs no bounds check (the entries past the states
/// are never read).
const TABLE_LEN: usize = 1 << 15;

/// `take[base3[x] + 2 * base3[o]]`: the probabilities that X and that O
/// take a small board with marks `x` and `o`.
#[derive(Clone, Debug)]
pub(crate) struct TakeTable {
    base3: Box<[u16; 512]>,
    take: Box<[[f32; 2]; TABLE_LEN]>,
}

impl TakeTable {
    /// The table (about a millisecond).
    pub(crate) fn new() -> TakeTable {
        let mut base3 = Box::new([0u16; 512]);
        for (mask, value) in base3.iter_mut().enumerate() {
            *value = base3_of(mask as u16);
        }
        let mut memo = vec![None; STATES];
        for x in 0..512u16 {
            for o in (0..512u16).filter(|o| o & x == 0) {
                probability(x, o, &mut memo);
            }
        }
        let mut take = vec![[0.0; 2]; TABLE_LEN];
        for (entry, p) in take.iter_mut().zip(memo) {
            *entry = p.unwrap_or([0.0; 2]);
        }
        TakeTable {
            base3,
            take: take.try_into().expect("TABLE_LEN entries"),
        }
    }

    /// The probabilities that X and that O take the small board with X's
    /// marks `x` and O's `o` (disjoint 9-bit masks).
    #[inline]
    pub(crate) fn get(&self, x: u16, o: u16) -> [f32; 2] {
        let state = self.base3[usize::from(x & FULL)] + 2 * self.base3[usize::from(o & FULL)];
        self.take[usize::from(state) & (TABLE_LEN - 1)]
    }
}

/// The base-3 number whose digits are the bits of the 9-bit `mask`.
fn base3_of(mask: u16) -> u16 {
    (0..9)
        .filter(|bit| mask >> bit & 1 == 1)
        .map(|bit| 3u16.pow(bit))
        .sum()
}

/// The probabilities (X, O) of taking the small board `x`, `o` when each
/// empty cell in turn, in random order, goes to a random player: 1/0 once
/// won, 0/0 once full, else the mean over the empty cells (in increasing
/// order) and the two players (X first).
fn probability(x: u16, o: u16, memo: &mut [Option<[f32; 2]>]) -> [f32; 2] {
    let state = usize::from(base3_of(x) + 2 * base3_of(o));
    if let Some(p) = memo[state] {
        return p;
    }
    let p = if has_line(x) && !has_line(o) {
        [1.0, 0.0]
    } else if has_line(o) {
        [0.0, if has_line(x) { 0.0 } else { 1.0 }]
    } else if (x | o) == FULL {
        [0.0, 0.0]
    } else {
        let mut sum = [0.0f32; 2];
        let mut empties = 0;
        for bit in (0..9).filter(|b| (x | o) >> b & 1 == 0) {
            empties += 1;
            for (dx, d_o) in [(1 << bit, 0), (0, 1 << bit)] {
                let q = probability(x | dx, o | d_o, memo);
                sum[0] += q[0];
                sum[1] += q[1];
            }
        }
        let n = 2.0 * empties as f32;
        [sum[0] / n, sum[1] / n]
    };
    memo[state] = Some(p);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn won_full_and_empty_boards() {
        let table = TakeTable::new();
        assert_eq!(table.get(0b111, 0b11000), [1.0, 0.0]);
        assert_eq!(table.get(0b11000, 0b111), [0.0, 1.0]);
        assert_eq!(table.get(0b1_0110_0011, 0b0_1001_1100), [0.0, 0.0]);
        let [x, o] = table.get(0, 0);
        assert_eq!(x, o);
        assert!(x > 0.3 && x < 0.5, "{x}");
        // A centre mark is worth more than a corner one.
        assert!(table.get(1 << 4, 0)[0] > table.get(1, 0)[0]);
    }
}
