//! MCTS-solver (Winands, Björnsson and Saito 2008), with draws: a node is
//! proven once a child is a proven win for the side to move there, or once
//! every child is proven (its value is then the best child's). Distances
//! follow the project's convention: the shortest win, the longest loss.

#[cfg(test)]
use super::node::NO_MOVE;
use super::node::{Node, Proof};

/// The proof of the expanded node `parent` from its children, with its
/// distance: `(Proof::Unknown, 0)` while that is not decided.
#[must_use]
pub(crate) fn proof_from_children(nodes: &[Node], parent: usize) -> (Proof, u8) {
    let mut best_win: Option<u8> = None;
    let mut best_draw: Option<u8> = None;
    let mut longest_loss: u8 = 0;
    let mut unknown = false;
    for child in &nodes[nodes[parent].child_range()] {
        match child.proof {
            Proof::Win => {
                best_win = Some(best_win.map_or(child.distance, |d| d.min(child.distance)))
            }
            Proof::Draw => {
                best_draw = Some(best_draw.map_or(child.distance, |d| d.min(child.distance)));
            }
            Proof::Loss => longest_loss = longest_loss.max(child.distance),
            Proof::Unknown => unknown = true,
        }
    }
    // A child's value is for the side to move at `parent`; the parent's is
    // for the player who moved into it: flipped.
    let (proof, distance) = match (best_win, unknown, best_draw) {
        (Some(d), _, _) => (Proof::Loss, d),
        (None, true, _) => return (Proof::Unknown, 0),
        (None, false, Some(d)) => (Proof::Draw, d),
        (None, false, None) => (Proof::Win, longest_loss),
    };
    (proof, distance.saturating_add(1))
}

/// After the node at the end of `path` (arena indices from the root) was
/// expanded or proven, proves its ancestors where their children now
/// decide them; stops at the first node that stays unknown.
pub(crate) fn propagate(nodes: &mut [Node], path: &[u32]) {
    for &index in path.iter().rev() {
        let index = index as usize;
        if nodes[index].proof != Proof::Unknown {
            continue;
        }
        if !nodes[index].is_expanded() {
            return;
        }
        let (proof, distance) = proof_from_children(nodes, index);
        if proof == Proof::Unknown {
            return;
        }
        nodes[index].proof = proof;
        nodes[index].distance = distance;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parent (index 1, under a dummy root 0) with children of the given
    /// proofs and distances.
    fn family(children: &[(Proof, u8)]) -> Vec<Node> {
        let mut nodes = vec![
            Node::new(NO_MOVE, Proof::Unknown),
            Node::new(NO_MOVE, Proof::Unknown),
        ];
        nodes[1].first_child = 2;
        nodes[1].children = children.len() as u8;
        for &(proof, distance) in children {
            let mut child = Node::new(NO_MOVE, proof);
            child.distance = distance;
            nodes.push(child);
        }
        nodes
    }

    #[test]
    fn one_winning_child_proves_the_parent_lost_for_its_mover() {
        let nodes = family(&[(Proof::Unknown, 0), (Proof::Win, 3), (Proof::Win, 1)]);
        assert_eq!(proof_from_children(&nodes, 1), (Proof::Loss, 2));
    }

    #[test]
    fn all_children_lost_prove_a_win_at_the_longest_defence() {
        let nodes = family(&[(Proof::Loss, 0), (Proof::Loss, 4)]);
        assert_eq!(proof_from_children(&nodes, 1), (Proof::Win, 5));
    }

    #[test]
    fn a_draw_among_proven_children_is_a_draw_and_unknowns_block() {
        let nodes = family(&[(Proof::Loss, 0), (Proof::Draw, 2), (Proof::Draw, 6)]);
        assert_eq!(proof_from_children(&nodes, 1), (Proof::Draw, 3));
        let nodes = family(&[(Proof::Loss, 0), (Proof::Unknown, 0)]);
        assert_eq!(proof_from_children(&nodes, 1), (Proof::Unknown, 0));
    }

    #[test]
    fn proofs_climb_until_a_node_stays_unknown() {
        // Root 0 has children 1 (unknown, expanded) and 2 (unknown); node 1
        // has children 3 and 4, both lost for their mover.
        let mut nodes = vec![Node::new(NO_MOVE, Proof::Unknown); 5];
        nodes[0].first_child = 1;
        nodes[0].children = 2;
        nodes[1].first_child = 3;
        nodes[1].children = 2;
        nodes[3].proof = Proof::Loss;
        nodes[4].proof = Proof::Loss;
        propagate(&mut nodes, &[0, 1]);
        assert_eq!((nodes[1].proof, nodes[1].distance), (Proof::Win, 1));
        // The root moved into nothing; its side to move (the mover into 1)
        // has a winning child, so the root is lost for its mover.
        assert_eq!(nodes[0].proof, Proof::Loss);
    }
}
