//! The reachable game graph of a loop-free game, in layers.

use std::collections::VecDeque;
use std::ops::Range;

use gamesolver_core::Game;
use thiserror::Error;

use super::PositionMap;

/// Why a game could not be enumerated as a loop-free graph.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EnumerateError {
    /// A position can be reached again from itself.
    #[error("the game has a cycle through {position}: use the loopy retrograde solver")]
    Cycle {
        /// A position on a cycle (its `Debug` text).
        position: String,
    },
    /// A position that is not finished has no legal move.
    #[error(
        "{position} has no legal move but is not finished (the game's rules break the Game contract)"
    )]
    StuckPosition {
        /// The position (its `Debug` text).
        position: String,
    },
    /// More positions than a `u32` id can name.
    #[error("more than {0} reachable positions")]
    TooLarge(u64),
}

/// Every position reachable from a start, with its moves, ordered in layers
/// so that every move leads to a strictly deeper layer.
///
/// Positions have dense ids in order of discovery (breadth-first); edges are
/// stored compactly (one child id and one move per edge).
#[derive(Debug)]
pub struct GameGraph<G: Game, M> {
    positions: Vec<G>,
    map: M,
    edge_start: Vec<u32>,
    children: Vec<u32>,
    moves: Vec<G::Move>,
    depth: Vec<u32>,
    by_depth: Vec<u32>,
    layer_start: Vec<u32>,
}

impl<G: Game, M: PositionMap<G>> GameGraph<G, M> {
    /// Enumerates every position reachable from `start`, breadth-first,
    /// never expanding a finished position; `map` (empty) assigns the ids.
    pub fn enumerate(start: G, mut map: M) -> Result<Self, EnumerateError> {
        let mut positions = vec![start];
        map.insert(&positions[0], 0);
        let (mut edge_start, mut children, mut moves) = (vec![0u32], Vec::new(), Vec::new());
        let mut legal = Vec::new();
        let mut next = 0;
        while next < positions.len() {
            let position = positions[next].clone();
            position.legal_moves(&mut legal);
            if legal.is_empty() && !position.is_finished() {
                return Err(EnumerateError::StuckPosition {
                    position: format!("{position:?}"),
                });
            }
            for &mv in &legal {
                let child = position.after(mv);
                let id = match map.get(&child) {
                    Some(id) => id,
                    None => {
                        let id = u32::try_from(positions.len())
                            .map_err(|_| EnumerateError::TooLarge(u64::from(u32::MAX)))?;
                        map.insert(&child, id);
                        positions.push(child);
                        id
                    }
                };
                children.push(id);
                moves.push(mv);
            }
            edge_start.push(children.len() as u32);
            next += 1;
        }
        let mut graph = GameGraph {
            positions,
            map,
            edge_start,
            children,
            moves,
            depth: Vec::new(),
            by_depth: Vec::new(),
            layer_start: Vec::new(),
        };
        graph.order_into_layers()?;
        Ok(graph)
    }

    /// Orders the positions by their longest distance from the start
    /// (Kahn's algorithm); fails if some position lies on a cycle.
    fn order_into_layers(&mut self) -> Result<(), EnumerateError> {
        let n = self.positions.len();
        let mut parents_left = vec![0u32; n];
        for &child in &self.children {
            parents_left[child as usize] += 1;
        }
        let mut depth = vec![0u32; n];
        // Only the start has no parent, unless a cycle leads back to it.
        let mut ready: VecDeque<u32> = (0..n as u32)
            .filter(|&i| parents_left[i as usize] == 0)
            .collect();
        let mut done = 0;
        while let Some(id) = ready.pop_front() {
            done += 1;
            for &child in self.child_ids(id) {
                let c = child as usize;
                depth[c] = depth[c].max(depth[id as usize] + 1);
                parents_left[c] -= 1;
                if parents_left[c] == 0 {
                    ready.push_back(child);
                }
            }
        }
        if done < n {
            let stuck = parents_left.iter().position(|&p| p > 0).unwrap_or(0);
            return Err(EnumerateError::Cycle {
                position: format!("{:?}", self.positions[stuck]),
            });
        }
        self.sort_into_layers(depth);
        Ok(())
    }

    /// Counting sort of the ids by depth.
    fn sort_into_layers(&mut self, depth: Vec<u32>) {
        let layers = depth.iter().max().map_or(0, |&d| d as usize + 1);
        let mut layer_start = vec![0u32; layers + 1];
        for &d in &depth {
            layer_start[d as usize + 1] += 1;
        }
        for i in 1..=layers {
            layer_start[i] += layer_start[i - 1];
        }
        let mut fill = layer_start.clone();
        let mut by_depth = vec![0u32; depth.len()];
        for (id, &d) in depth.iter().enumerate() {
            by_depth[fill[d as usize] as usize] = id as u32;
            fill[d as usize] += 1;
        }
        self.depth = depth;
        self.by_depth = by_depth;
        self.layer_start = layer_start;
    }
}

impl<G: Game, M> GameGraph<G, M> {
    /// Number of reachable positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the graph is empty (it never is: it holds the start).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Number of moves (edges) in the graph.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.children.len()
    }

    /// The position with id `id`; the start has id 0.
    #[must_use]
    pub fn position(&self, id: u32) -> &G {
        &self.positions[id as usize]
    }

    /// All positions, indexed by id.
    #[must_use]
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The map that gives positions their ids.
    #[must_use]
    pub fn map(&self) -> &M {
        &self.map
    }

    /// The ids of the positions one legal move away from `id`, in the order
    /// of [`Game::legal_moves`].
    #[must_use]
    pub fn child_ids(&self, id: u32) -> &[u32] {
        &self.children[self.edge_range(id)]
    }

    /// The legal moves of `id`, matching [`GameGraph::child_ids`].
    #[must_use]
    pub fn moves_of(&self, id: u32) -> &[G::Move] {
        &self.moves[self.edge_range(id)]
    }

    fn edge_range(&self, id: u32) -> Range<usize> {
        self.edge_start[id as usize] as usize..self.edge_start[id as usize + 1] as usize
    }

    /// The layer of `id`: its longest distance in plies from the start.
    #[must_use]
    pub fn depth(&self, id: u32) -> u32 {
        self.depth[id as usize]
    }

    /// Number of layers (the deepest layer plus one).
    #[must_use]
    pub fn layer_count(&self) -> usize {
        self.layer_start.len() - 1
    }

    /// The ids in layer `depth`.
    #[must_use]
    pub fn layer(&self, depth: usize) -> &[u32] {
        &self.by_depth[self.layer_start[depth] as usize..self.layer_start[depth + 1] as usize]
    }

    /// All ids, shallowest layer first: a topological order of the graph.
    #[must_use]
    pub fn topological_order(&self) -> &[u32] {
        &self.by_depth
    }
}
