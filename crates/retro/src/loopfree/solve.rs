//! Values and distances of every position, from the deepest layer up.

use gamesolver_core::{Game, Solution};

use super::{GameGraph, PathCounts, PositionMap};

/// The strong solution of a loop-free game: the [`Solution`] of every
/// position reachable from the start.
#[derive(Debug)]
pub struct LoopFreeSolution<G: Game, M> {
    graph: GameGraph<G, M>,
    solutions: Vec<Solution>,
}

impl<G: Game, M: PositionMap<G>> LoopFreeSolution<G, M> {
    /// Solves `graph`: layers from the deepest up, so every child is solved
    /// before its parents. A finished position is worth its outcome for the
    /// side to move, at distance 0; any other position is worth its best move
    /// (see the ordering of [`Solution`]).
    #[must_use]
    pub fn solve(graph: GameGraph<G, M>) -> Self {
        let mut solutions = vec![Solution::finished(gamesolver_core::Wdl::Draw); graph.len()];
        for depth in (0..graph.layer_count()).rev() {
            for &id in graph.layer(depth) {
                solutions[id as usize] = solve_one(&graph, &solutions, id);
            }
        }
        LoopFreeSolution { graph, solutions }
    }

    /// The solution of `position`, or `None` if it is not reachable.
    #[must_use]
    pub fn get(&self, position: &G) -> Option<Solution> {
        self.graph
            .map()
            .get(position)
            .map(|id| self.solutions[id as usize])
    }
}

/// The solution of `id`, all of whose children are solved.
fn solve_one<G: Game, M>(graph: &GameGraph<G, M>, solutions: &[Solution], id: u32) -> Solution {
    let position = graph.position(id);
    if let Some(outcome) = position.outcome() {
        return Solution::finished(outcome.value_for(position.turn()));
    }
    graph
        .child_ids(id)
        .iter()
        .map(|&child| Solution::through_child(solutions[child as usize]))
        .max()
        .expect("enumeration refuses unfinished positions without moves")
}

impl<G: Game, M> LoopFreeSolution<G, M> {
    /// The graph that was solved.
    #[must_use]
    pub fn graph(&self) -> &GameGraph<G, M> {
        &self.graph
    }

    /// The solution of the position with id `id`.
    #[must_use]
    pub fn solution(&self, id: u32) -> Solution {
        self.solutions[id as usize]
    }

    /// The solutions of all positions, indexed by id.
    #[must_use]
    pub fn solutions(&self) -> &[Solution] {
        &self.solutions
    }

    /// The moves of `id` that achieve its solution (every tied move), in
    /// move-generation order.
    #[must_use]
    pub fn best_moves(&self, id: u32) -> Vec<G::Move> {
        let target = self.solution(id);
        self.graph
            .child_ids(id)
            .iter()
            .zip(self.graph.moves_of(id))
            .filter(|&(&child, _)| Solution::through_child(self.solution(child)) == target)
            .map(|(_, &mv)| mv)
            .collect()
    }

    /// The number of complete games from the start, split by outcome,
    /// counted over the solved graph.
    #[must_use]
    pub fn count_paths(&self) -> PathCounts {
        PathCounts::count(&self.graph)
    }
}
