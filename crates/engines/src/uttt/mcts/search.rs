//! `UtttMcts`: the ultimate tic-tac-toe Monte Carlo tree search. UCT
//! selection over the arena ([`super::tree`]), a leaf expanded on its
//! second visit, the leaf evaluation ([`super::leaf`]) or playouts
//! ([`super::rollout`]), MCTS-solver
//! proofs ([`super::solver`]) and the tree kept between moves.

use std::time::Duration;

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, Cell};
use gamesolver_search::mcts::{DEPTH_ONLY_ITERATIONS, line_report, rate_score, reward};
use gamesolver_search::{Budget, Engine, Limits, Score, SearchInfo, StopFlag};

use super::leaf::{DEFAULT_LEAF_SCALE, LeafEval};
use super::node::Proof;
use super::rollout::{Rng, playout};
use super::solver::propagate;
use super::state::State;
use super::tree::Tree;
use super::uct::Uct;
use crate::uttt::eval::EvalWeights;

/// Iterations between two looks at the clock and the stop flag (an
/// iteration takes about a microsecond).
const CHECK_EVERY: u64 = 64;

/// Settings of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// UCT exploration constant (rewards in 0..1; with the leaf evaluation
    /// at 3,000 iterations a move 0.15 won SPRTs against 0.3 and 0.5 and
    /// tied 0.05, but at 50,000, nearer the iterations of a 20 ms move,
    /// 0.25 beat 0.15: the default; docs/PERFORMANCE.md).
    pub exploration: f32,
    /// Random seed of the playouts (reset by a new game).
    pub seed: u64,
    /// Most nodes the tree may hold (16 bytes each); when full, the
    /// search goes on with playouts from the leaves.
    pub tree_nodes: usize,
    /// Playouts with the heuristics of the rollout policy (take a
    /// board-winning move, avoid sending the opponent to a board it wins
    /// at once or to a free choice); false (the default): uniformly random
    /// playouts, which won the SPRT at equal iterations (docs/PERFORMANCE.md).
    pub heuristic_playouts: bool,
    /// Weight of the alpha-beta's evaluation at the leaves against the
    /// playout's result: 0 playouts only, 1 (the default) the evaluation
    /// only, which won the SPRT against playouts at equal iterations.
    pub leaf_eval: f32,
    /// Evaluation units of the leaf evaluation that make odds of e (400 by
    /// default: a score of 400 is a 73% chance).
    pub leaf_scale: f32,
    /// The evaluation's weights at the leaves (the `mover_threat`
    /// look-ahead is ignored there).
    pub weights: EvalWeights,
}

impl Default for MctsOptions {
    fn default() -> MctsOptions {
        MctsOptions {
            exploration: 0.25,
            seed: 2026,
            tree_nodes: 1 << 23,
            heuristic_playouts: false,
            leaf_eval: 1.0,
            leaf_scale: DEFAULT_LEAF_SCALE,
            weights: EvalWeights::default(),
        }
    }
}

/// The searcher. Deterministic for a seed, a history of searched positions
/// and iteration (node) limits.
#[derive(Debug)]
pub struct UtttMcts {
    options: MctsOptions,
    uct: Uct,
    leaf: Option<LeafEval>,
    rng: Rng,
    tree: Tree,
    /// The position at the tree's root, once a search ran.
    root: Option<Board>,
    /// The root position as the descent plays on it.
    root_state: State,
    stop: StopFlag,
    path: Vec<u32>,
}

impl UtttMcts {
    /// A searcher with `options`.
    #[must_use]
    pub fn new(options: MctsOptions) -> UtttMcts {
        UtttMcts {
            options,
            uct: Uct::new(options.exploration),
            leaf: LeafEval::with_weights(options.leaf_eval, options.leaf_scale, options.weights),
            rng: Rng::with_seed(options.seed),
            tree: Tree::new(options.tree_nodes),
            root: None,
            root_state: State::new(&Board::default()),
            stop: StopFlag::new(),
            path: Vec::with_capacity(96),
        }
    }

    /// Nodes in the tree (for tests and reports).
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.tree.len()
    }

    /// Iterates from `position` until a limit: nodes = iterations of this
    /// search, depth = the deepest node an iteration reached (a depth alone
    /// also stops after [`DEPTH_ONLY_ITERATIONS`], as the generic MCTS),
    /// and the time; or until the root is proven (a proven win is played
    /// at once). The
    /// root is always expanded, so an unfinished position gets a legal
    /// move whatever the limits.
    pub fn search(&mut self, position: &Board, limits: &Limits) -> SearchInfo<Cell> {
        self.search_reporting(position, limits, &mut |_| {})
    }

    /// [`UtttMcts::search`] that hands `progress` a report of the line
    /// chosen so far every [`gamesolver_search::REPORT_INTERVAL`] while it
    /// runs (a front end's live analysis); the final report is returned,
    /// not handed out.
    pub fn search_reporting(
        &mut self,
        position: &Board,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<Cell>),
    ) -> SearchInfo<Cell> {
        let mut budget = Budget::start(limits, self.stop.clone(), CHECK_EVERY);
        self.take_root(position);
        let mut iterations = 0;
        let mut deepest = 0;
        let depth_only = limits.nodes.is_none() && limits.movetime.is_none();
        while self.tree.nodes()[0].proof == Proof::Unknown && !position.is_finished() {
            deepest = deepest.max(self.iterate());
            iterations += 1;
            let deep_enough = limits.depth.is_some_and(|d| {
                deepest >= d || (depth_only && iterations >= DEPTH_ONLY_ITERATIONS)
            });
            if deep_enough || budget.exhausted(iterations) {
                break;
            }
            if budget.report_due(iterations) {
                progress(&self.report(position, iterations, budget.elapsed()));
            }
        }
        self.report(position, iterations, budget.elapsed())
    }

    /// Keeps the tree if `position` follows the last root, else clears
    /// it; then makes sure the root is expanded.
    fn take_root(&mut self, position: &Board) {
        match self.root {
            Some(old) => {
                self.tree.reuse(&old, position);
            }
            None => self.tree.clear(),
        }
        self.root = Some(*position);
        self.root_state = State::new(position);
        if position.is_finished() || self.tree.nodes()[0].is_expanded() {
            return;
        }
        if !self.tree.expand(0, &self.root_state) {
            self.tree.clear();
            self.tree.expand(0, &self.root_state);
        }
        propagate(self.tree.nodes_mut(), &[0]);
    }

    /// One iteration: select down the tree, expand a leaf on its second
    /// visit, play out (or take a proven value), back up. Returns the
    /// depth reached.
    fn iterate(&mut self) -> u32 {
        self.path.clear();
        self.path.push(0);
        let mut state = self.root_state;
        let mut node = 0;
        let reward = loop {
            let current = self.tree.nodes()[node];
            if let Some(reward) = current.proof.reward() {
                break reward;
            }
            if !current.is_expanded() {
                if current.visits == 0 || !self.tree.expand(node, &state) {
                    break self.leaf_value(state);
                }
                propagate(self.tree.nodes_mut(), &self.path);
                if let Some(reward) = self.tree.nodes()[node].proof.reward() {
                    break reward;
                }
            }
            node = self.uct.select(self.tree.nodes(), node);
            // Unproven, so the game goes on.
            let cell = self.tree.nodes()[node].cell;
            state.play_cell(cell);
            self.path.push(node as u32);
        };
        self.back_up(reward);
        self.path.len() as u32 - 1
    }

    /// The value of the unfinished leaf `state` for the player who moved
    /// into it: a playout's result, or with the leaf evaluation on the
    /// evaluation's, alone or mixed.
    fn leaf_value(&mut self, state: State) -> f32 {
        if let Some(leaf) = self.leaf.as_ref().filter(|leaf| leaf.replaces_playouts()) {
            return leaf.value(&state, 0.0);
        }
        let heuristic = self.options.heuristic_playouts;
        let played = reward(
            playout(state, heuristic, &mut self.rng),
            state.turn().opponent(),
        );
        self.leaf
            .as_ref()
            .map_or(played, |leaf| leaf.value(&state, played))
    }

    /// Adds `reward` (for the mover into the last node of the path) to every
    /// node of the path, flipped at each level.
    fn back_up(&mut self, mut reward: f32) {
        let nodes = self.tree.nodes_mut();
        for &index in self.path.iter().rev() {
            let node = &mut nodes[index as usize];
            node.visits += 1;
            node.reward += reward;
            reward = 1.0 - reward;
        }
    }

    /// The move to play at the expanded `node`: a proven win (the shortest),
    /// else the most visited child not proven lost, else the longest
    /// defence.
    fn choice(&self, node: usize) -> Option<usize> {
        let nodes = self.tree.nodes();
        let children = nodes[node].child_range();
        let win = children
            .clone()
            .filter(|&c| nodes[c].proof == Proof::Win)
            .min_by_key(|&c| nodes[c].distance);
        let playable = children
            .clone()
            .filter(|&c| nodes[c].proof != Proof::Loss)
            .max_by(|&a, &b| {
                (nodes[a].visits, nodes[a].reward)
                    .partial_cmp(&(nodes[b].visits, nodes[b].reward))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
        let defence = children.max_by_key(|&c| (nodes[c].distance, nodes[c].visits));
        win.or(playable).or(defence)
    }

    /// The search result: the chosen line, the score (a proven value as a
    /// mate or draw score, else the chosen move's mean reward scaled to
    /// ±1000).
    fn report(&self, root: &Board, iterations: u64, elapsed: Duration) -> SearchInfo<Cell> {
        let nodes = self.tree.nodes();
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(child) = self.choice(node) {
            if nodes[child].visits == 0 && nodes[child].proof == Proof::Unknown {
                break;
            }
            pv.push(nodes[child].cell);
            node = child;
        }
        let root_node = nodes[0];
        let score = match root_node.proof {
            _ if root.is_finished() => Score::DRAW,
            Proof::Loss => Score::win_in(root_node.distance.into()),
            Proof::Win => Score::loss_in(root_node.distance.into()),
            Proof::Draw => Score::DRAW,
            Proof::Unknown => self.choice(0).map_or(Score::DRAW, |c| {
                rate_score(nodes[c].reward / nodes[c].visits.max(1) as f32)
            }),
        };
        line_report(pv, score, iterations, elapsed)
    }
}

impl Engine<Board> for UtttMcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn new_game(&mut self) {
        self.rng = Rng::with_seed(self.options.seed);
        self.tree.clear();
        self.root = None;
    }

    fn think(
        &mut self,
        position: &Board,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<Cell>),
    ) -> SearchInfo<Cell> {
        let info = self.search_reporting(position, limits, progress);
        progress(&info);
        info
    }

    fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_games::uttt::Variant;

    fn engine() -> UtttMcts {
        UtttMcts::new(MctsOptions::default())
    }

    /// X has won boards 0 and 1 and takes board 2 (cell 20) to win.
    const MATE_IN_ONE: &str =
        "XXX......XXX......XX.........O.......O.......O...O.....O.......O.........O...O... 2";

    /// O owns boards 3 and 6 and threatens board 0: X, in board 4, must
    /// not send O to board 0 (cell 36) nor to a free choice (39, 42).
    const DONT_SEND: &str =
        "OO.......X...O....X.X......OOO...............X.X......OOO......X.X......X.X...... 4";

    /// Issue 22: a depth alone that the tree does not reach stops after
    /// `DEPTH_ONLY_ITERATIONS`, with a legal move.
    #[test]
    fn a_depth_alone_is_bounded() {
        let start = Board::default();
        let info = engine().search(&start, &Limits::depth(81));
        assert_eq!(info.nodes, DEPTH_ONLY_ITERATIONS);
        let mv = info.best_move().expect("a move at the start");
        assert!(start.moves().contains(&mv), "{mv}");
    }

    #[test]
    fn a_winning_move_is_proven_and_played_after_one_iteration() {
        let board: Board = MATE_IN_ONE.parse().unwrap();
        let info = engine().search(&board, &Limits::nodes(1_000_000));
        assert_eq!(info.best_move().map(Cell::index), Some(20));
        assert_eq!(info.score, Score::win_in(1));
        assert!(info.nodes <= 1, "searched {} iterations", info.nodes);
    }

    #[test]
    fn moves_that_lose_at_once_are_proven_and_avoided() {
        let board: Board = DONT_SEND.parse().unwrap();
        let mut mcts = engine();
        let info = mcts.search(&board, &Limits::nodes(20_000));
        let best = info.best_move().unwrap().index();
        assert!(![36, 39, 42].contains(&best), "played {best}");
        let nodes = mcts.tree.nodes();
        let lost: Vec<u8> = nodes[0]
            .child_range()
            .filter(|&c| nodes[c].proof == Proof::Loss)
            .map(|c| nodes[c].cell.index())
            .collect();
        assert_eq!(lost, vec![36, 39, 42]);
    }

    #[test]
    fn every_limit_gives_a_legal_move() {
        let start = Board::start(Variant::CodinGame);
        for limits in [Limits::nodes(1), Limits::depth(1), Limits::movetime_ms(1)] {
            let info = engine().search(&start, &limits);
            let best = info.best_move().expect("a move");
            assert!(start.legal_mask() >> best.index() & 1 == 1);
        }
        let info = engine().search(&start, &Limits::nodes(500));
        assert_eq!(info.nodes, 500);
        let info = engine().search(&start, &Limits::depth(3));
        assert!(info.nodes >= 1 && info.nodes < 5000, "{}", info.nodes);
    }

    #[test]
    fn the_tree_of_the_moves_played_is_kept_and_a_new_game_drops_it() {
        let start = Board::start(Variant::Standard);
        let mut mcts = engine();
        let info = mcts.search(&start, &Limits::nodes(5000));
        let ours = info.best_move().unwrap();
        let reply = info.pv.get(1).copied().unwrap();
        let next = start.after(ours).after(reply);
        mcts.take_root(&next);
        let kept = mcts.tree_size();
        assert!(kept > 9, "kept {kept} nodes");
        assert!(mcts.tree.nodes()[0].visits > 0);
        mcts.new_game();
        mcts.take_root(&next);
        assert_eq!(mcts.tree_size(), 1 + next.move_count() as usize);
    }

    #[test]
    fn a_finished_position_gets_no_move() {
        let board: Board = MATE_IN_ONE.parse().unwrap();
        let over = board.after(Cell::new(20).unwrap());
        assert!(over.is_finished());
        let info = engine().search(&over, &Limits::nodes(10));
        assert_eq!((info.best_move(), info.nodes), (None, 0));
    }
}
