//! Move-ordering memory: killer moves and the history heuristic.

/// Killer moves: per ply, the last two quiet moves that caused a beta
/// cut-off; tried early in sibling positions, where they often cut again.
#[derive(Debug, Clone)]
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + PartialEq> Killers<M> {
    /// Room for `plies` plies.
    #[must_use]
    pub fn new(plies: usize) -> Killers<M> {
        Killers {
            slots: vec![[None, None]; plies],
        }
    }

    /// Records that `mv` cut off at `ply`.
    pub fn record(&mut self, ply: usize, mv: M) {
        // No let chains here and in the files the CodinGame bot bundles:
        // the bot is compiled as edition 2021.
        if let Some(slot) = self.slots.get_mut(ply).filter(|s| s[0] != Some(mv)) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// 2 for the newest killer at `ply`, 1 for the older, 0 otherwise.
    #[must_use]
    pub fn rank(&self, ply: usize, mv: M) -> i32 {
        self.at(ply).rank(mv)
    }

    /// The killers of `ply` (none past the plies made room for), to rank
    /// the moves of one node without looking the ply up for each.
    #[must_use]
    pub fn at(&self, ply: usize) -> KillerPair<M> {
        KillerPair(self.slots.get(ply).copied().unwrap_or([None, None]))
    }

    /// Forgets every killer.
    pub fn clear(&mut self) {
        self.slots.fill([None, None]);
    }
}

/// The two killers of one ply, newest first.
#[derive(Debug, Clone, Copy)]
pub struct KillerPair<M>([Option<M>; 2]);

impl<M: Copy + PartialEq> KillerPair<M> {
    /// 2 for the newest killer, 1 for the older, 0 otherwise.
    #[inline]
    #[must_use]
    pub fn rank(&self, mv: M) -> i32 {
        if self.0[0] == Some(mv) {
            2
        } else if self.0[1] == Some(mv) {
            1
        } else {
            0
        }
    }
}

/// The history heuristic: per row (a side to move, or a side and the move
/// before, for continuation history) and move index, how often (weighted
/// by depth squared) the move caused a cut-off anywhere in the tree, less
/// (with the malus) how often it was searched before the move that did.
/// Plain sums are halved when one leaves ±[`HISTORY_MAX`]; with gravity
/// ([`History::with_gravity`]) each change is scaled by how far the score
/// still is from the bound, so scores stay inside it and a recent change
/// weighs more than an old one.
#[derive(Debug, Clone)]
pub struct History {
    table: Vec<i32>,
    slots: usize,
    /// The bound of the scores under gravity; 0 for plain sums.
    gravity: i32,
}

/// History values stay within ± this; on reaching it the table is halved.
const HISTORY_MAX: i32 = 1 << 20;

impl History {
    /// A table for moves indexed `0..slots`, one row per side.
    #[must_use]
    pub fn new(slots: usize) -> History {
        History::with_rows(2, slots)
    }

    /// A table of `rows` rows of moves indexed `0..slots`.
    #[must_use]
    pub fn with_rows(rows: usize, slots: usize) -> History {
        History {
            table: vec![0; rows * slots],
            slots,
            gravity: 0,
        }
    }

    /// The same table updated with gravity towards ±`bound` (at most
    /// [`HISTORY_MAX`]): a change `c` (depth squared, at most the bound
    /// in size) moves a score `h` by `c − h·|c| / bound`; 0 for plain sums.
    #[must_use]
    pub fn with_gravity(mut self, bound: u32) -> History {
        self.gravity = bound.min(HISTORY_MAX as u32) as i32;
        self
    }

    /// Whether the table has no row (a technique switched off).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The history score of move `index` in `row` (with [`History::new`],
    /// the side: 0 or 1).
    #[inline]
    #[must_use]
    pub fn score(&self, row: usize, index: usize) -> i32 {
        self.table[row * self.slots + index]
    }

    /// The scores of one row (with [`History::new`], a side's), by move
    /// index, to score the moves of one node.
    #[inline]
    #[must_use]
    pub fn side(&self, row: usize) -> &[i32] {
        &self.table[row * self.slots..(row + 1) * self.slots]
    }

    /// Rewards move `index` of `row` for a cut-off at remaining `depth`.
    pub fn reward(&mut self, row: usize, index: usize, depth: u32) {
        self.add(row, index, (depth * depth) as i32);
    }

    /// The malus of move `index` of `row`: searched at remaining `depth`
    /// before another move cut off.
    pub fn penalize(&mut self, row: usize, index: usize, depth: u32) {
        self.add(row, index, -((depth * depth) as i32));
    }

    /// Adds `change` to a cell, halving the table when the cell leaves
    /// ±[`HISTORY_MAX`].
    fn add(&mut self, row: usize, index: usize, change: i32) {
        let cell = &mut self.table[row * self.slots + index];
        if self.gravity > 0 {
            let change = change.clamp(-self.gravity, self.gravity);
            let pull = i64::from(*cell) * i64::from(change.abs()) / i64::from(self.gravity);
            *cell += change - pull as i32;
            return;
        }
        *cell += change;
        if cell.abs() >= HISTORY_MAX {
            self.age();
        }
    }

    /// Halves every value, so recent experience weighs more.
    pub fn age(&mut self) {
        for value in &mut self.table {
            *value /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_scores_inside_the_bound_and_weighs_recent_changes_more() {
        let mut h = History::new(3).with_gravity(1000);
        h.reward(0, 1, 10);
        assert_eq!(h.score(0, 1), 100);
        // 100 more, less 100 · 100 / 1000.
        h.reward(0, 1, 10);
        assert_eq!(h.score(0, 1), 190);
        for _ in 0..1000 {
            h.reward(0, 1, 100);
            assert!(h.score(0, 1) <= 1000);
        }
        assert_eq!(h.score(0, 1), 1000);
        // At the bound, a malus of the same size takes twice as much.
        h.penalize(0, 1, 10);
        assert_eq!(h.score(0, 1), 1000 - 100 - 100);
        for _ in 0..1000 {
            h.penalize(0, 1, 40);
            assert!(h.score(0, 1) >= -1000);
        }
        assert_eq!(h.score(0, 1), -1000);
        assert_eq!((h.score(0, 0), h.score(1, 1)), (0, 0));
        // Without gravity the sums grow past any such bound.
        let mut plain = History::new(3);
        for _ in 0..20 {
            plain.reward(0, 1, 10);
        }
        assert_eq!(plain.score(0, 1), 2000);
    }

    #[test]
    fn killers_keep_the_two_newest() {
        let mut k = Killers::new(4);
        k.record(1, 5u8);
        k.record(1, 6);
        k.record(1, 6);
        assert_eq!((k.rank(1, 6), k.rank(1, 5), k.rank(1, 7)), (2, 1, 0));
        assert_eq!(k.rank(9, 6), 0);
    }

    #[test]
    fn history_rewards_and_ages() {
        let mut h = History::new(3);
        h.reward(1, 2, 4);
        assert_eq!((h.score(1, 2), h.score(0, 2)), (16, 0));
        h.age();
        assert_eq!(h.score(1, 2), 8);
    }

    #[test]
    fn history_penalizes_and_ages_on_either_side() {
        let mut h = History::with_rows(3, 2);
        h.penalize(2, 1, 3);
        assert_eq!((h.score(2, 1), h.score(1, 1)), (-9, 0));
        for _ in 0..(HISTORY_MAX / 64 / 64) {
            h.penalize(0, 0, 64);
        }
        assert!(h.score(0, 0).abs() < HISTORY_MAX, "{}", h.score(0, 0));
        assert!(h.score(0, 0) < -HISTORY_MAX / 4);
        assert!(History::with_rows(0, 81).is_empty() && !h.is_empty());
    }
}
