//! Monte Carlo tree search: UCT (upper confidence bounds applied to trees)
//! with uniformly random playouts. Needs nothing but the rules.

use std::time::Duration;

use gamesolver_core::{Game, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::limits::Budget;
use crate::{Engine, Limits, Score, SearchInfo, StopFlag};

/// One tree node: the move that led to it and its statistics, with the
/// reward counted for the player who made that move.
#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    reward: f32,
    /// Every line below the node is in the tree and ends (the node's
    /// position is finished, or every child is complete): the tree cannot
    /// grow here.
    complete: bool,
}

/// Iterations between two looks at the clock (each is a full playout).
const CHECK_EVERY: u64 = 16;
/// The tree stops growing at this many nodes (memory bound); the search
/// then stops.
const MAX_NODES: usize = 1 << 24;
/// A search limited by depth alone (no node or time budget) also stops
/// after this many iterations: a depth the tree does not reach (UCT grows
/// the tree unevenly) must not keep it running for minutes.
pub const DEPTH_ONLY_ITERATIONS: u64 = 1 << 16;

/// A UCT searcher. Deterministic for a given seed and node (iteration)
/// limit.
#[derive(Debug)]
pub struct Mcts<G: Game> {
    exploration: f32,
    seed: u64,
    rng: SmallRng,
    tree: Vec<Node<G::Move>>,
    stop: StopFlag,
    moves: Vec<G::Move>,
}

impl<G: Game> Mcts<G> {
    /// A searcher with UCT exploration constant `exploration` (√2 is the
    /// textbook value for rewards in 0..1) and random seed `seed`.
    #[must_use]
    pub fn new(exploration: f32, seed: u64) -> Mcts<G> {
        Mcts {
            exploration,
            seed,
            rng: SmallRng::seed_from_u64(seed),
            tree: Vec::new(),
            stop: StopFlag::new(),
            moves: Vec::new(),
        }
    }

    /// Runs UCT iterations from `root` until the limits: nodes = iterations,
    /// depth = the depth of the tree (the deepest node expanded; also met
    /// once the whole tree is in memory, and a depth alone stops after
    /// [`DEPTH_ONLY_ITERATIONS`]), and the time. At least one iteration
    /// runs, so a position with a legal move always gets one, whatever the
    /// limits.
    pub fn search(&mut self, root: &G, limits: &Limits) -> SearchInfo<G::Move> {
        self.search_reporting(root, limits, &mut |_| {})
    }

    /// [`Mcts::search`] that hands `progress` a report of the line chosen
    /// so far every [`crate::REPORT_INTERVAL`] while it runs (a front end's
    /// live analysis); the final report is returned, not handed out.
    pub fn search_reporting(
        &mut self,
        root: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        let mut budget = Budget::start(limits, self.stop.clone(), CHECK_EVERY);
        self.tree.clear();
        self.tree.push(Node {
            mv: None,
            parent: u32::MAX,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            complete: false,
        });
        let mut iterations = 0;
        let mut tree_depth = 0;
        let depth_only = limits.nodes.is_none() && limits.movetime.is_none();
        if !root.is_finished() {
            loop {
                tree_depth = tree_depth.max(self.iterate(root));
                iterations += 1;
                // A tree that cannot grow any more never gets deeper: a
                // depth beyond the game's end is reached once it is whole.
                let deep_enough = limits.depth.is_some_and(|d| {
                    tree_depth >= d
                        || self.tree[0].complete
                        || (depth_only && iterations >= DEPTH_ONLY_ITERATIONS)
                });
                if deep_enough || budget.exhausted(iterations) || self.tree.len() >= MAX_NODES {
                    break;
                }
                if budget.report_due(iterations) {
                    progress(&self.report(iterations, budget.elapsed()));
                }
            }
        }
        self.report(iterations, budget.elapsed())
    }

    /// One iteration: select, expand, play out, back up. Returns the depth
    /// of the node it ended at.
    fn iterate(&mut self, root: &G) -> u32 {
        let mut position = root.clone();
        let mut node = 0usize;
        let mut depth = 0;
        while self.tree[node].expanded && self.tree[node].children > 0 {
            node = self.select_child(node);
            depth += 1;
            if let Some(mv) = self.tree[node].mv {
                position.play_unchecked(mv);
            }
        }
        if position.is_finished() {
            self.mark_complete(node);
        } else {
            node = self.expand(node, &position);
            depth += 1;
            if let Some(mv) = self.tree[node].mv {
                position.play_unchecked(mv);
            }
            if position.is_finished() {
                self.mark_complete(node);
            }
        }
        let outcome = self.playout(position);
        self.back_up(node, root, outcome);
        depth
    }

    /// Marks `node` (a finished position) complete, then every ancestor
    /// whose children are all complete.
    fn mark_complete(&mut self, mut node: usize) {
        loop {
            self.tree[node].complete = true;
            let parent = self.tree[node].parent;
            if parent == u32::MAX {
                return;
            }
            node = parent as usize;
            let n = &self.tree[node];
            let first = n.first_child as usize;
            if n.complete || !(first..first + n.children as usize).all(|c| self.tree[c].complete) {
                return;
            }
        }
    }

    /// The child of `node` with the highest upper confidence bound;
    /// unvisited children first.
    fn select_child(&self, node: usize) -> usize {
        let parent = &self.tree[node];
        let log_n = (parent.visits.max(1) as f32).ln();
        let first = parent.first_child as usize;
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for child in first..first + parent.children as usize {
            let c = &self.tree[child];
            if c.visits == 0 {
                return child;
            }
            let n = c.visits as f32;
            let value = c.reward / n + self.exploration * (log_n / n).sqrt();
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        best
    }

    /// Adds every child of `node` (at `position`) and returns a random one.
    fn expand(&mut self, node: usize, position: &G) -> usize {
        position.legal_moves(&mut self.moves);
        let first = self.tree.len();
        for &mv in &self.moves {
            self.tree.push(Node {
                mv: Some(mv),
                parent: node as u32,
                first_child: 0,
                children: 0,
                expanded: false,
                visits: 0,
                reward: 0.0,
                complete: false,
            });
        }
        let n = &mut self.tree[node];
        n.expanded = true;
        n.first_child = first as u32;
        n.children = self.moves.len() as u32;
        first + self.rng.random_range(0..self.moves.len())
    }

    /// Plays uniformly random moves to the end.
    fn playout(&mut self, mut position: G) -> Outcome {
        loop {
            if let Some(outcome) = position.outcome() {
                return outcome;
            }
            position.legal_moves(&mut self.moves);
            let mv = self.moves[self.rng.random_range(0..self.moves.len())];
            position.play_unchecked(mv);
        }
    }

    /// Adds the result to every node from `node` up to the root.
    fn back_up(&mut self, mut node: usize, root: &G, outcome: Outcome) {
        let mut depth = self.depth_of(node);
        loop {
            // The mover into a node at depth d is the root's side for odd d.
            let mover = if depth % 2 == 1 {
                root.turn()
            } else {
                root.turn().opponent()
            };
            let n = &mut self.tree[node];
            n.visits += 1;
            n.reward += reward(outcome, mover);
            if n.parent == u32::MAX {
                return;
            }
            node = n.parent as usize;
            depth -= 1;
        }
    }

    /// The number of moves from the root to `node`.
    fn depth_of(&self, mut node: usize) -> u32 {
        let mut depth = 0;
        while self.tree[node].parent != u32::MAX {
            node = self.tree[node].parent as usize;
            depth += 1;
        }
        depth
    }

    /// The most visited child of `node`, if it has children.
    fn most_visited(&self, node: usize) -> Option<usize> {
        let n = &self.tree[node];
        let first = n.first_child as usize;
        (first..first + n.children as usize).max_by_key(|&c| self.tree[c].visits)
    }

    /// The result: the most visited line, the root's win rate as a score.
    fn report(&self, iterations: u64, elapsed: Duration) -> SearchInfo<G::Move> {
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = self.most_visited(node).filter(|&c| self.tree[c].visits > 0) {
            pv.extend(self.tree[child].mv);
            node = child;
        }
        let score = self.most_visited(0).map_or(Score::DRAW, |c| {
            let c = &self.tree[c];
            rate_score(c.reward / c.visits.max(1) as f32)
        });
        line_report(pv, score, iterations, elapsed)
    }
}

/// A tree search's report: the chosen line `pv` (its length is the
/// depth), the score, the iterations run (as nodes) and the time taken.
#[must_use]
pub fn line_report<M>(
    pv: Vec<M>,
    score: Score,
    iterations: u64,
    elapsed: Duration,
) -> SearchInfo<M> {
    SearchInfo {
        depth: pv.len() as u32,
        score,
        nodes: iterations,
        elapsed,
        pv,
    }
}

/// A mean playout reward (0..1) as a score: ±1000 at certain win or loss.
#[must_use]
pub fn rate_score(rate: f32) -> Score {
    Score::eval(((rate - 0.5) * 2000.0) as i32)
}

/// The playout reward for `player`: 1 win, ½ draw, 0 loss.
#[must_use]
pub fn reward(outcome: Outcome, player: Player) -> f32 {
    match outcome {
        Outcome::Draw => 0.5,
        Outcome::Winner(p) if p == player => 1.0,
        Outcome::Winner(_) => 0.0,
    }
}

impl<G: Game> Engine<G> for Mcts<G> {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn new_game(&mut self) {
        self.rng = SmallRng::seed_from_u64(self.seed);
    }

    fn think(
        &mut self,
        position: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        let info = self.search_reporting(position, limits, progress);
        progress(&info);
        info
    }

    fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }
}
