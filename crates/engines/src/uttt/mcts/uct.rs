//! UCT selection: the child with the highest upper confidence bound
//! `mean + c·√(ln N) / √n`, without a division, square root or logarithm
//! for small visit counts: the parent's term `c·√(ln N)` and each child's
//! `1/n` and `1/√n` come from tables (computed once per engine; larger
//! counts compute them).

use super::node::{Node, Proof};

/// Visit counts below this take their terms from the tables (3 × 16 KB).
const TABLE_SIZE: u32 = 1 << 12;

/// The selection rule with its exploration constant.
#[derive(Clone, Debug)]
pub(crate) struct Uct {
    exploration: f32,
    /// `parent_term(n)` for `n` below [`TABLE_SIZE`].
    parent: Box<[f32]>,
    /// `(1/n, 1/√n)` for `n` below [`TABLE_SIZE`] (entry 0 unused).
    child: Box<[[f32; 2]]>,
}

impl Uct {
    /// The rule for exploration constant `exploration` (rewards in 0..1).
    pub(crate) fn new(exploration: f32) -> Uct {
        Uct {
            exploration,
            parent: (0..TABLE_SIZE)
                .map(|n| explore_term(exploration, n))
                .collect(),
            child: (0..TABLE_SIZE).map(inverses).collect(),
        }
    }

    /// `c·√(ln visits)`, the exploration term of a parent with `visits`
    /// (as for one visit when it has none).
    #[inline]
    fn parent_term(&self, visits: u32) -> f32 {
        match self.parent.get(visits as usize) {
            Some(&term) => term,
            None => explore_term(self.exploration, visits),
        }
    }

    /// The upper confidence bound of a child with `visits` (at least one)
    /// and reward sum `reward`.
    #[inline]
    fn bound(&self, visits: u32, reward: f32, explore: f32) -> f32 {
        let [inverse, inverse_sqrt] = match self.child.get(visits as usize) {
            Some(&terms) => terms,
            None => inverses(visits),
        };
        reward * inverse + explore * inverse_sqrt
    }

    /// The child of the expanded, unproven `node` with the highest upper
    /// confidence bound; unvisited children first, children lost for the
    /// side to move never. One pass over the children's slice (one bounds
    /// check), the first of equal bounds kept.
    #[inline]
    pub(crate) fn select(&self, nodes: &[Node], node: usize) -> usize {
        let parent = &nodes[node];
        let first = parent.first_child as usize;
        let explore = self.parent_term(parent.visits);
        let mut best = usize::MAX;
        let mut best_value = f32::NEG_INFINITY;
        for (offset, c) in nodes[parent.child_range()].iter().enumerate() {
            if c.proof == Proof::Loss {
                continue;
            }
            if c.visits == 0 {
                return first + offset;
            }
            let value = self.bound(c.visits, c.reward, explore);
            if value > best_value {
                best_value = value;
                best = first + offset;
            }
        }
        debug_assert!(best != usize::MAX, "an unproven node has a child not lost");
        best
    }
}

/// `exploration·√(ln visits)`, with at least one visit.
fn explore_term(exploration: f32, visits: u32) -> f32 {
    exploration * (visits.max(1) as f32).ln().sqrt()
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
        let uct = Uct::new(0.9);
        for visits in [
            0,
            1,
            2,
            7,
            100,
            TABLE_SIZE - 1,
            TABLE_SIZE,
            1 << 20,
            u32::MAX,
        ] {
            let expected = 0.9 * (visits.max(1) as f32).ln().sqrt();
            assert_eq!(
                uct.parent_term(visits).to_bits(),
                expected.to_bits(),
                "{visits}"
            );
        }
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
        let uct = Uct::new(0.9);
        let explore = uct.parent_term(1000);
        for visits in [1, 2, 3, 10, 999, TABLE_SIZE - 1, TABLE_SIZE, 100_000] {
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
        let uct = Uct::new(0.9);
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
