//! One node of the search tree: 16 bytes, children stored contiguously in
//! the arena and named by `u32` indices.

use gamesolver_games::uttt::Cell;

/// The move stored in the root, which no move led to.
pub(crate) const NO_MOVE: Cell = match Cell::new(0) {
    Some(cell) => cell,
    None => unreachable!(),
};

/// What is proven about a node, for the player who moved into it (the
/// MCTS-solver's value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Proof {
    /// Not proven yet.
    Unknown,
    /// The mover into the node wins with best play.
    Win,
    /// Best play draws.
    Draw,
    /// The mover into the node loses with best play.
    Loss,
}

impl Proof {
    /// The playout reward of a proven value for the mover into the node
    /// (1 win, ½ draw, 0 loss); `None` while unknown.
    #[must_use]
    pub(crate) fn reward(self) -> Option<f32> {
        match self {
            Proof::Unknown => None,
            Proof::Win => Some(1.0),
            Proof::Draw => Some(0.5),
            Proof::Loss => Some(0.0),
        }
    }
}

/// A tree node. The reward sum counts for the player who moved into the
/// node (1 per win, ½ per draw), so a parent picks the child with the best
/// mean for itself.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Iterations through this node.
    pub visits: u32,
    /// Sum of rewards for the mover into the node.
    pub reward: f32,
    /// Index of the first child; 0 while the node is not expanded (the
    /// root, index 0, is nobody's child).
    pub first_child: u32,
    /// The move into the node ([`NO_MOVE`] at the root).
    pub cell: Cell,
    /// Number of children once expanded.
    pub children: u8,
    /// The proven value, if any.
    pub proof: Proof,
    /// Plies to the end of the game under best play once proven.
    pub distance: u8,
}

impl Node {
    /// A fresh node for the move `cell` with what is proven about it.
    #[must_use]
    pub(crate) fn new(cell: Cell, proof: Proof) -> Node {
        Node {
            visits: 0,
            reward: 0.0,
            first_child: 0,
            cell,
            children: 0,
            proof,
            distance: 0,
        }
    }

    /// Whether the node's children have been added.
    #[must_use]
    pub(crate) fn is_expanded(&self) -> bool {
        self.first_child != 0
    }

    /// The arena indices of the children.
    #[must_use]
    pub(crate) fn child_range(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + usize::from(self.children)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Node>(), 16);
    }
}
