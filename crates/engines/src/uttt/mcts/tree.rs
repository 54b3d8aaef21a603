//! The search tree as an arena: one flat `Vec` of 16-byte nodes named by
//! `u32` indices, each node's children contiguous, the root at index 0.
//! Between moves the subtree of the moves actually played is kept
//! (compacted to the front of a new arena) and the rest dropped.

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::Board;

use super::node::{NO_MOVE, Node, Proof};
use super::state::State;

/// Plies between two searched positions across which the tree is kept
/// (our move and the opponent's reply, with room for a skipped search).
const MAX_REUSE_PLIES: u32 = 4;

/// The arena.
#[derive(Debug)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    capacity: usize,
}

impl Tree {
    /// An empty tree that grows to at most `capacity` nodes (at least 128).
    #[must_use]
    pub(crate) fn new(capacity: usize) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            capacity: capacity.max(128),
        };
        tree.clear();
        tree
    }

    /// Drops every node but a fresh root.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(NO_MOVE, Proof::Unknown));
    }

    /// The nodes, root first.
    #[must_use]
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The nodes, for updating statistics and proofs.
    pub(crate) fn nodes_mut(&mut self) -> &mut [Node] {
        &mut self.nodes
    }

    /// Number of nodes in the arena.
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Adds a child per legal move of `state` (the position of `node`),
    /// each proven at once if its move ends the game. False, and nothing
    /// added, when the arena is full.
    pub(crate) fn expand(&mut self, node: usize, state: &State) -> bool {
        let count = state.move_count() as usize;
        if count == 0 || self.nodes.len() + count > self.capacity {
            return false;
        }
        let first = self.nodes.len();
        let mover = state.turn();
        state.for_each_move(|cell| {
            let proof = proof_of(state.outcome_after(cell), mover);
            self.nodes.push(Node::new(cell, proof));
        });
        let parent = &mut self.nodes[node];
        parent.first_child = first as u32;
        parent.children = count as u8;
        true
    }

    /// Keeps the tree for `new` if it searched `old` before and `new` is
    /// `old` after a few moves that are in the tree: the node of `new`
    /// becomes the root with everything below it, the rest is dropped.
    /// Otherwise starts afresh. Returns whether anything was kept.
    pub(crate) fn reuse(&mut self, old: &Board, new: &Board) -> bool {
        match self.find(old, new) {
            Some(0) => true,
            Some(node) => {
                self.reroot(node);
                true
            }
            None => {
                self.clear();
                false
            }
        }
    }

    /// The node of `new` below the root `old`, if the moves between them
    /// are in the tree.
    fn find(&self, old: &Board, new: &Board) -> Option<usize> {
        if old.variant() != new.variant() {
            return None;
        }
        let mut plies = 0;
        for player in gamesolver_core::Player::BOTH {
            let (before, after) = (old.marks(player), new.marks(player));
            if before & !after != 0 {
                return None;
            }
            plies += (after & !before).count_ones();
        }
        if plies > MAX_REUSE_PLIES {
            return None;
        }
        self.find_below(0, old, new, plies)
    }

    /// Depth-first search for `target` exactly `plies` moves below `node`
    /// (at `board`), following only moves whose cell `target` has marked.
    fn find_below(&self, node: usize, board: &Board, target: &Board, plies: u32) -> Option<usize> {
        if plies == 0 {
            return (board == target).then_some(node);
        }
        let goal = target.marks(board.turn());
        for child in self.nodes[node].child_range() {
            let cell = self.nodes[child].cell;
            if goal >> cell.index() & 1 == 1 {
                let mut next = *board;
                next.play_unchecked(cell);
                if let Some(found) = self.find_below(child, &next, target, plies - 1) {
                    return Some(found);
                }
            }
        }
        None
    }

    /// Makes `node` the root: its subtree is copied breadth-first to a new
    /// arena (children stay contiguous) and the old one dropped.
    fn reroot(&mut self, node: usize) {
        let mut kept = Vec::with_capacity(self.nodes.len().min(self.capacity));
        kept.push(self.nodes[node]);
        let mut next = 0;
        while next < kept.len() {
            let old = kept[next];
            if old.is_expanded() {
                kept[next].first_child = kept.len() as u32;
                kept.extend_from_slice(&self.nodes[old.child_range()]);
            }
            next += 1;
        }
        self.nodes = kept;
    }
}

/// What is proven about a child whose move by `mover` led to `outcome`
/// (`None`: the game goes on).
fn proof_of(outcome: Option<Outcome>, mover: Player) -> Proof {
    match outcome {
        None => Proof::Unknown,
        Some(Outcome::Draw) => Proof::Draw,
        Some(Outcome::Winner(p)) if p == mover => Proof::Win,
        Some(Outcome::Winner(_)) => Proof::Loss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_games::uttt::{Cell, Variant};

    fn cell(n: u8) -> Cell {
        Cell::new(n).unwrap()
    }

    /// A tree with the start expanded and the child 40 expanded (eight
    /// replies in board 4).
    fn small_tree() -> (Tree, Board) {
        let start = Board::start(Variant::Standard);
        let mut tree = Tree::new(10_000);
        assert!(tree.expand(0, &State::new(&start)));
        let child = tree.nodes()[0]
            .child_range()
            .find(|&c| tree.nodes()[c].cell == cell(40))
            .unwrap();
        tree.nodes_mut()[child].visits = 7;
        assert!(tree.expand(child, &State::new(&start.after(cell(40)))));
        (tree, start)
    }

    #[test]
    fn expansion_adds_every_legal_move_and_proves_game_ends() {
        let (tree, _) = small_tree();
        assert_eq!(tree.len(), 1 + 81 + 8);
        // X has won boards 0 and 1 and can win board 2 (cells 18 and 19
        // held, 20 free) and with it the game.
        let board: Board =
            "XXX......XXX......XX.........O.......O.......O...O.....O.......O.........O...O... 2"
                .parse()
                .unwrap();
        let mut tree = Tree::new(1000);
        assert!(tree.expand(0, &State::new(&board)));
        let wins: Vec<u8> = tree.nodes()[1..]
            .iter()
            .filter(|n| n.proof == Proof::Win)
            .map(|n| n.cell.index())
            .collect();
        assert_eq!(wins, vec![20]);
    }

    #[test]
    fn expansion_proofs_agree_with_the_rules_along_random_games() {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(3);
        for variant in [Variant::Standard, Variant::CodinGame] {
            for _ in 0..40 {
                let mut board = Board::start(variant);
                while !board.is_finished() {
                    let mut tree = Tree::new(1000);
                    assert!(tree.expand(0, &State::new(&board)));
                    for child in &tree.nodes()[1..] {
                        let outcome = board.after(child.cell).outcome();
                        assert_eq!(child.proof, proof_of(outcome, board.turn()), "{board}");
                    }
                    let moves = board.moves();
                    board.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }

    #[test]
    fn the_played_subtree_is_kept_and_everything_else_dropped() {
        let (mut tree, start) = small_tree();
        let after = start.after(cell(40)).after(cell(36));
        assert!(tree.reuse(&start, &after));
        // The new root is the reply 36 (unexpanded): just itself.
        assert_eq!(tree.len(), 1);
        let (mut tree, start) = small_tree();
        assert!(tree.reuse(&start, &start.after(cell(40))));
        assert_eq!(tree.len(), 1 + 8);
        assert_eq!(tree.nodes()[0].visits, 7);
        assert!(
            tree.nodes()[1..]
                .iter()
                .all(|n| (36..45).contains(&n.cell.index()))
        );
    }

    #[test]
    fn an_unrelated_position_starts_afresh() {
        let (mut tree, start) = small_tree();
        assert!(!tree.reuse(&start, &start.after(cell(0)).after(cell(1))));
        assert_eq!(tree.len(), 1);
        let (mut tree, start) = small_tree();
        let codingame = Board::start(Variant::CodinGame);
        assert!(!tree.reuse(&start, &codingame));
    }

    #[test]
    fn a_full_arena_refuses_to_grow() {
        let start = Board::start(Variant::Standard);
        let mut tree = Tree::new(128);
        assert!(tree.expand(0, &State::new(&start)));
        // 81 more children do not fit.
        assert!(!tree.expand(1, &State::new(&start)));
        assert_eq!(tree.len(), 82);
    }
}
