//! UCT selection: the child with the highest upper confidence bound
//! `mean + c·√(ln N) / √n`, without a division, square root or logarithm
//! for most visit counts: each child's `1/n` and `1/√n` come from a table
//! for small counts, and the parent's term `c·√(ln N)` from a table that
//! grows with the largest count asked for (the root's, one more each
//! iteration; a few thousand entries at a time) up to a limit; larger counts compute them.

use super::node::{Node, Proof};

/// Child visit counts below this take their terms from the table (32 KB).
const CHILD_TABLE: usize = 1 << 12;

/// The parent-term table starts with this many entries (16 KB) and grows
/// by as many at a time (about 0.1 ms of logarithms: no stall a move's
/// clock would notice)...
const PARENT_TABLE_STEP: usize = 1 << 12;

/// ...to at most this many (4 MB).
const PARENT_TABLE_MAX: usize = 1 << 20;

/// The selection rule with its exploration constant.
#[derive(Clone, Debug)]
pub(crate) struct Uct {
    exploration: f32,
    /// `explore_term(n)` for `n` below its length.
    parent: Vec<f32>,
    /// `1/n` for `n` below [`CHILD_TABLE`] (entry 0 unused).
    inverse: Box<[f32; CHILD_TABLE]>,
    /// `1/√n` for `n` below [`CHILD_TABLE`] (entry 0 unused).
    inverse_sqrt: Box<[f32; CHILD_TABLE]>,
}

impl Uct {
    /// The rule for exploration constant `exploration` (rewards in 0..1).
    pub(crate) fn new(exploration: f32) -> Uct {
        let mut inverse = Box::new([0.0; CHILD_TABLE]);
        let mut inverse_sqrt = Box::new([0.0; CHILD_TABLE]);
        for n in 0..CHILD_TABLE {
            [inverse[n], inverse_sqrt[n]] = inverses(n as u32);
        }
        let mut uct = Uct {
            exploration,
            parent: Vec::new(),
            inverse,
            inverse_sqrt,
        };
        uct.grow_parent_table(PARENT_TABLE_STEP);
        uct
    }

    /// Extends the parent-term table to `len` entries.
    fn grow_parent_table(&mut self, len: usize) {
        let start = self.parent.len();
        let exploration = self.exploration;
        self.parent
            .extend((start..len).map(|n| explore_term(exploration, n as u32)));
    }

    /// `c·√(ln visits)`, the exploration term of a parent with `visits`
    /// (as for one visit when it has none); grows the table to cover
    /// `visits` while below its limit.
    #[inline]
    fn parent_term(&mut self, visits: u32) -> f32 {
        let n = visits as usize;
        if n >= self.parent.len() && n < PARENT_TABLE_MAX {
            let len = (n + 1)
                .next_multiple_of(PARENT_TABLE_STEP)
                .min(PARENT_TABLE_MAX);
            self.grow_parent_table(len);
        }
        match self.parent.get(n) {
            Some(&term) => term,
            None => explore_term(self.exploration, visits),
        }
    }

    /// The upper confidence bound of a child with `visits` (at least one)
    /// and reward sum `reward`.
    #[inline]
    fn bound(&self, visits: u32, reward: f32, explore: f32) -> f32 {
        let n = visits as usize;
        if n < CHILD_TABLE {
            reward * self.inverse[n] + explore * self.inverse_sqrt[n]
        } else {
            computed_bound(visits, reward, explore)
        }
    }

    /// The child of the expanded, unproven `node` with the highest upper
    /// confidence bound; unvisited children first, children lost for the
    /// side to move never. One pass over the children's slice (one bounds
    /// check), the first of equal bounds kept.
    #[inline]
    pub(crate) fn select(&mut self, nodes: &[Node], node: usize) -> usize {
        let parent = &nodes[node];
        let first = parent.first_child as usize;
        let explore = self.parent_term(parent.visits);
        let children = &nodes[parent.child_range()];
        let mut best = usize::MAX;
        let mut best_value = f32::NEG_INFINITY;
        let mut offset = 0;
        while offset < children.len() {
            let c = &children[offset];
            if c.proof != Proof::Loss {
                if c.visits == 0 {
                    return first + offset;
                }
                let value = self.bound(c.visits, c.reward, explore);
                if value > best_value {
                    best_value = value;
                    best = offset;
                }
            }
            offset += 1;
        }
        debug_assert!(best != usize::MAX, "an unproven node has a child not lost");
        if best == usize::MAX {
            best
        } else {
            first + best
        }
    }
}

/// `exploration·√(ln visits)`, with at least one visit.
fn explore_term(exploration: f32, visits: u32) -> f32 {
    exploration * (visits.max(1) as f32).ln().sqrt()
}

/// The bound of a child with `visits` beyond the table (rare; kept out of
/// line so the selection loop stays scalar and short).
#[cold]
#[inline(never)]
fn computed_bound(visits: u32, reward: f32, explore: f32) -> f32 {
    let [inverse, inverse_sqrt] = inverses(visits);
    reward * inverse + explore * inverse_sqrt
}

/// `(1/n, 1/√n)` for `n` = `visits` (at least one).
fn inverses(visits: u32) -> [f32; 2] {
    let n = visits.max(1) as f32;
    [1.0 / n, 1.0 / n.sqrt()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uttt::mcts::node::NO_MOVE;

    #[test]
    fn the_table_agrees_with_the_formula_and_larger_counts_compute_it() {
        let mut uct = Uct::new(0.9);
        for visits in [
            0,
            1,
            2,
            7,
            100,
            PARENT_TABLE_STEP as u32 - 1,
            PARENT_TABLE_STEP as u32,
            70_000,
            PARENT_TABLE_MAX as u32 - 1,
            PARENT_TABLE_MAX as u32,
            u32::MAX,
            5,
        ] {
            let expected = 0.9 * (visits.max(1) as f32).ln().sqrt();
            assert_eq!(
                uct.parent_term(visits).to_bits(),
                expected.to_bits(),
                "{visits}"
            );
        }
        assert_eq!(uct.parent.len(), PARENT_TABLE_MAX);
    }

    /// A parent (index 0) with children of the given (visits, reward,
    /// proof).
    fn family(parent_visits: u32, children: &[(u32, f32, Proof)]) -> Vec<Node> {
        let mut nodes = vec![Node::new(NO_MOVE, Proof::Unknown)];
        nodes[0].visits = parent_visits;
        nodes[0].first_child = 1;
        nodes[0].children = children.len() as u8;
        for &(visits, reward, proof) in children {
            let mut child = Node::new(NO_MOVE, proof);
            child.visits = visits;
            child.reward = reward;
            nodes.push(child);
        }
        nodes
    }

    #[test]
    fn the_child_terms_agree_with_the_formula() {
        let mut uct = Uct::new(0.9);
        let explore = uct.parent_term(1000);
        for visits in [
            1,
            2,
            3,
            10,
            999,
            CHILD_TABLE as u32 - 1,
            CHILD_TABLE as u32,
            100_000,
        ] {
            let mut child = Node::new(NO_MOVE, Proof::Unknown);
            child.visits = visits;
            child.reward = visits as f32 * 0.3;
            let n = visits as f32;
            let expected = child.reward / n + explore / n.sqrt();
            let bound = uct.bound(child.visits, child.reward, explore);
            assert!(
                (bound - expected).abs() < 1e-5,
                "{visits}: {bound} {expected}"
            );
        }
    }

    #[test]
    fn unvisited_children_come_first_and_lost_ones_never() {
        let mut uct = Uct::new(0.9);
        let nodes = family(
            10,
            &[
                (0, 0.0, Proof::Loss),
                (5, 4.0, Proof::Unknown),
                (0, 0.0, Proof::Unknown),
            ],
        );
        assert_eq!(uct.select(&nodes, 0), 3);
    }

    #[test]
    fn the_bound_weighs_the_mean_against_the_visits() {
        // Means 0.6 (100 visits) and 0.5 (10 visits) under 110 parent
        // visits: with no exploration the better mean, with much the
        // less visited child.
        let children = [(100, 60.0, Proof::Unknown), (10, 5.0, Proof::Unknown)];
        let nodes = family(110, &children);
        assert_eq!(Uct::new(0.0).select(&nodes, 0), 1);
        assert_eq!(Uct::new(2.0).select(&nodes, 0), 2);
    }
}
