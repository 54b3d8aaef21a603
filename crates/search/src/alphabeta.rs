//! Negamax alpha-beta with principal variation search, iterative
//! deepening, a transposition table, killer moves, the history heuristic,
//! late move reductions and pruning and a quiescence search, under depth,
//! node and time limits and an outside stop flag. Repeated positions (against the real
//! game's history and the search path) score as draws, and positions an
//! evaluator knows exactly (tablebases) score as their verdict.

use std::time::Duration;

use gamesolver_core::{Game, Outcome};

use crate::limits::Budget;
use crate::move_picker::bring_next_best;
use crate::ordering::{History, Killers};
use crate::repetition::PathKeys;
use crate::tt::{Bound, Entry, TranspositionTable};
use crate::{Engine, Evaluator, Limits, Reserve, Score, StopFlag};

/// The deepest ply the search reaches (iterations stop before it).
pub const MAX_PLY: usize = 100;

/// Nodes between two looks at the clock: a few tens of microseconds.
const CHECK_EVERY: u64 = 256;

/// The running state of one node's move loop.
#[derive(Debug)]
struct Node<M> {
    alpha: Score,
    beta: Score,
    best: Score,
    best_move: Option<M>,
    searched: usize,
}

/// What a search found: after each iteration (progress) and at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    /// The depth of the last completed iteration, in plies.
    pub depth: u32,
    /// The score of the best move for the side to move at the root.
    pub score: Score,
    /// Nodes visited so far (every position entered, leaves included).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation, best move first (empty when the root has no
    /// move).
    pub pv: Vec<M>,
}

impl<M: Copy> SearchInfo<M> {
    /// The best move, if the root had any.
    #[must_use]
    pub fn best_move(&self) -> Option<M> {
        self.pv.first().copied()
    }

    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// An alpha-beta searcher for the game `G` with the hooks `E`. It keeps its
/// transposition table and history between searches (call
/// [`AlphaBeta::new_game`] between unrelated games).
#[derive(Debug)]
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    evaluator: E,
    tt: TranspositionTable<G::Move>,
    killers: Killers<G::Move>,
    history: History,
    /// Continuation history: rows by side and the move before (empty
    /// unless [`SearchConfig::continuation_history`] is on).
    continuation: History,
    /// The move index played at each ply of the current line
    /// ([`NO_MOVE`] for a null move), for continuation history.
    line: Vec<usize>,
    stop: StopFlag,
    config: SearchConfig,
    budget: Budget,
    nodes: u64,
    move_lists: Vec<Vec<G::Move>>,
    ordered: Vec<Vec<(i32, G::Move)>>,
    pv: Vec<Vec<G::Move>>,
    path: PathKeys,
    null_line: Vec<bool>,
    /// The depth of the running iteration (singular extensions stop
    /// twice as deep).
    iteration_depth: u32,
}

/// How much shallower the null-move search is (besides the pass itself).
const NULL_MOVE_PLIES: u32 = 2;
/// The least remaining depth for null-move pruning.
const NULL_MOVE_MIN_DEPTH: u32 = 3;

/// The most remaining plies at which [`SearchConfig::static_cut_margin`]
/// prunes.
pub const STATIC_CUT_MAX_DEPTH: u32 = 3;
/// The fewest remaining plies at which they prune: at one ply from the
/// leaves an evaluation more would cost about what it saves.
pub const STATIC_CUT_MIN_DEPTH: u32 = 2;
/// Moves of a node searched at full depth before late move reductions
/// start, by default ([`SearchConfig::reduction_after_moves`]).
pub const LMR_AFTER_MOVES: u32 = 3;
/// The least remaining depth at which moves are reduced, by default
/// ([`SearchConfig::reduction_min_depth`]).
pub const LMR_MIN_DEPTH: u32 = 4;
/// How many plies a late move is reduced by: two, so the reduced search
/// ends on the same side to move as the full one (evaluations of
/// ultimate tic-tac-toe swing with the side to move).
const LMR_PLIES: u32 = 2;
/// The most remaining plies at which [`SearchConfig::late_move_pruning`]
/// skips moves.
pub const MOVE_PRUNING_MAX_DEPTH: u32 = 2;

/// The most move slots ([`Evaluator::move_slots`]) of a game whose search
/// keeps continuation history: its table has two rows of that many moves
/// per move (at 2,048 slots, 32 MB).
pub const CONTINUATION_MAX_SLOTS: usize = 2048;
/// The least remaining depth at which [`SearchConfig::table_miss_reduction`]
/// reduces a node without a table move.
pub const TABLE_MISS_MIN_DEPTH: u32 = 5;
/// [`SearchConfig::singular_min_depth`] by default.
pub const SINGULAR_MIN_DEPTH: u32 = 8;
/// [`SearchConfig::singular_margin`] by default.
pub const SINGULAR_MARGIN: u32 = 20;
/// What a node's singular check found (`AlphaBeta::singular_check`).
enum Singular {
    /// Search the table move this many plies deeper (0: as deep as the
    /// others).
    Extend(u32),
    /// Fail high at this score without searching the moves (multi-cut).
    Cut(Score),
}

/// [`AlphaBeta`]'s line entry for a null move: no move before.
const NO_MOVE: usize = usize::MAX;

/// Switches for the search techniques that change the tree (for measuring
/// each one in matches), and the time the search keeps back from a move
/// time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Late move reductions (see `AlphaBeta::reduces`).
    pub late_move_reductions: bool,
    /// A draw after this many reversible plies in a row (Jungle: 200 plies
    /// without a capture), counted over the real game and the search path;
    /// `None` for no such rule.
    pub reversible_draw_plies: Option<u32>,
    /// Null-move pruning where the evaluator offers null moves.
    pub null_move: bool,
    /// Late move reductions that grow with the remaining depth and the
    /// move's place in the list instead of always two plies: the divisor
    /// of `ln(depth) · ln(moves searched + 1)` giving the reduction in
    /// pairs of plies, in hundredths (smaller reduces more); 0, the
    /// default, for two plies always.
    pub deep_reductions: u32,
    /// The least remaining depth at which late move reductions apply
    /// (taken as at least `LMR_PLIES + 1`, so a reduced search keeps a
    /// ply); [`LMR_MIN_DEPTH`] by default.
    pub reduction_min_depth: u32,
    /// How many moves of a node are searched at full depth before the
    /// later ones are reduced (taken as at least 1: the first move is
    /// never reduced); [`LMR_AFTER_MOVES`] by default.
    pub reduction_after_moves: u32,
    /// Reverse futility pruning (static null-move pruning): at a node
    /// searched with a null window [`STATIC_CUT_MIN_DEPTH`] to
    /// [`STATIC_CUT_MAX_DEPTH`] plies from the leaves, if the static
    /// evaluation beats `beta` by this many evaluation units per remaining
    /// ply, the node is taken to fail high without a search; 0, the
    /// default, never.
    pub static_cut_margin: u32,
    /// Late move pruning (move-count pruning): at a null-window node 1 to
    /// [`MOVE_PRUNING_MAX_DEPTH`] plies from the leaves, once this many
    /// moves per remaining ply are searched (and the node is not already
    /// lost), the rest are skipped except killers and the moves the
    /// evaluator's order bonus favours (winning something); 0, the
    /// default, never.
    pub late_move_pruning: u32,
    /// The history malus: on a cut-off, each move of the node searched
    /// before the cutting one (the table move and the ordered moves) loses
    /// the history credit the cutting move gains; off by default.
    pub history_malus: bool,
    /// History gravity: history scores (and continuation history's) are
    /// kept within ± this bound, each reward or malus scaled by how far
    /// the score is from it (`History::with_gravity`), instead of plain
    /// sums halved when one grows too large; 0, the default, for plain
    /// sums.
    pub history_gravity: u32,
    /// Continuation history: a second history table whose rows are the
    /// side to move and the move just played, added to the ordering key
    /// and rewarded (and, with the malus, penalized) with the first; off
    /// by default, and without effect in games of more than
    /// [`CONTINUATION_MAX_SLOTS`] move slots.
    pub continuation_history: bool,
    /// Internal iterative reduction: a node at least
    /// [`TABLE_MISS_MIN_DEPTH`] plies from the leaves with no table move
    /// is searched this many plies shallower (its moves are ordered by
    /// history alone, and a later visit finds a table move); 0, the
    /// default, never.
    pub table_miss_reduction: u32,
    /// Plies a late move reduction adds for a move the evaluator calls
    /// poor ([`Evaluator::is_poor_move`]), when the reduced search still
    /// keeps a ply (an even number keeps it ending on the same side to
    /// move); 0, the default, none.
    pub poor_move_reduction: u32,
    /// Singular extensions: plies added to the table move of a node at
    /// least [`SearchConfig::singular_min_depth`] plies from the leaves
    /// when every other move, searched about half as deep, falls short of
    /// the table's score less [`SearchConfig::singular_margin`] a ply
    /// (the table move is the only good one; see
    /// `AlphaBeta::singular_plies`); 0, the default, none.
    pub singular_extension: u32,
    /// The least remaining depth of a singular extension's node.
    pub singular_min_depth: u32,
    /// How far below the table's score, in evaluation units per remaining
    /// ply, every other move must stay for the table move to be singular.
    pub singular_margin: u32,
    /// Multi-cut: a null-window node whose singular check finds another
    /// move at or above the check's bar, the bar at or above beta, fails
    /// high at the bar without searching its moves (two moves, the table's
    /// and that one, beat beta); off by default. An inexact pruning, like
    /// the reductions.
    pub singular_multi_cut: bool,
    /// The time kept back from a move time ([`Reserve`]): the search
    /// stops at the move time less this.
    pub reserve: Reserve,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            late_move_reductions: true,
            reversible_draw_plies: None,
            null_move: true,
            deep_reductions: 0,
            static_cut_margin: 0,
            late_move_pruning: 0,
            history_malus: false,
            history_gravity: 0,
            continuation_history: false,
            table_miss_reduction: 0,
            poor_move_reduction: 0,
            singular_extension: 0,
            singular_min_depth: SINGULAR_MIN_DEPTH,
            singular_margin: SINGULAR_MARGIN,
            singular_multi_cut: false,
            reduction_min_depth: LMR_MIN_DEPTH,
            reduction_after_moves: LMR_AFTER_MOVES,
            reserve: Reserve::default(),
        }
    }
}

/// Ordering key per killer rank: above any history score.
const KILLER_RANK: i32 = 1 << 24;

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with a transposition table of about `tt_megabytes` MB.
    pub fn new(evaluator: E, tt_megabytes: usize) -> AlphaBeta<G, E> {
        let slots = evaluator.move_slots();
        AlphaBeta {
            evaluator,
            tt: TranspositionTable::new(tt_megabytes),
            killers: Killers::new(MAX_PLY + 1),
            history: History::new(slots),
            continuation: History::with_rows(0, slots),
            line: vec![NO_MOVE; MAX_PLY + 1],
            stop: StopFlag::new(),
            config: SearchConfig::default(),
            budget: Budget::start(&Limits::default(), StopFlag::new(), CHECK_EVERY),
            nodes: 0,
            move_lists: vec![Vec::new(); MAX_PLY + 1],
            ordered: vec![Vec::new(); MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 1],
            path: PathKeys::default(),
            null_line: vec![false; MAX_PLY + 1],
            iteration_depth: 0,
        }
    }

    /// Tells the searcher how the real game reached the next root: the keys
    /// ([`Evaluator::key`]) of its positions before the root, oldest first,
    /// since the last irreversible move. A search position that repeats one
    /// of them, or a position earlier on its own path, scores as a draw.
    /// Holds until the next call (empty by default).
    pub fn set_game_history(&mut self, keys: &[u64]) {
        self.path.set_game(keys);
    }

    /// [`set_game_history`](Self::set_game_history) for a game that began
    /// with `quiet_before` reversible plies not in `keys` (a position given
    /// with a no-capture count): they count towards the draw by reversible
    /// plies.
    pub fn set_game_history_after(&mut self, keys: &[u64], quiet_before: u32) {
        self.path.set_game_after(keys, quiet_before);
    }

    /// The same searcher with the techniques switched as in `config`.
    #[must_use]
    pub fn with_config(mut self, config: SearchConfig) -> AlphaBeta<G, E> {
        self.config = config;
        self.history = self.empty_history();
        self.continuation = self.empty_continuation();
        self
    }

    /// A fresh history table, with the configured gravity.
    fn empty_history(&self) -> History {
        History::new(self.evaluator.move_slots()).with_gravity(self.config.history_gravity)
    }

    /// A fresh continuation-history table: two rows per move slot when
    /// [`SearchConfig::continuation_history`] is on and the game has at
    /// most [`CONTINUATION_MAX_SLOTS`], none otherwise.
    fn empty_continuation(&self) -> History {
        let slots = self.evaluator.move_slots();
        let rows = if self.config.continuation_history && slots <= CONTINUATION_MAX_SLOTS {
            2 * slots
        } else {
            0
        };
        History::with_rows(rows, slots).with_gravity(self.config.history_gravity)
    }

    /// The flag that stops a running search; clone it to another thread.
    #[must_use]
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The most nodes the last search counted between two readings of the
    /// clock (its stop latency in nodes: at most the check interval, 256,
    /// plus one).
    #[must_use]
    pub fn clock_gap(&self) -> u64 {
        self.budget.widest_gap()
    }

    /// Forgets the transposition table, killers and history.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.killers.clear();
        self.history = self.empty_history();
        self.continuation = self.empty_continuation();
    }

    /// Searches `root` by iterative deepening within `limits`, calling
    /// `on_iteration` after each completed depth. Stops at the limits, at
    /// the stop flag or at [`MAX_PLY`] (more than any game of ultimate
    /// tic-tac-toe has plies left: that iteration searches the rest of the
    /// game). A proven root (a mate score within the depth searched) stops
    /// it only when it has no time or node budget to spend: with one, it
    /// goes on deepening, which can find a shorter win or a longer
    /// defence, until the budget is spent or [`MAX_PLY`] is reached.
    ///
    /// If time runs out during an iteration, the best move of that partial
    /// iteration is used when at least one root move was searched to the
    /// end (the previous best is always searched first, so this never picks
    /// a move less tested than the last complete iteration's choice).
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits,
        mut on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        self.budget =
            Budget::start_with(limits, self.stop.clone(), CHECK_EVERY, self.config.reserve);
        self.nodes = 0;
        self.killers.clear();
        self.history.age();
        self.continuation.age();
        self.path.reset_path();
        self.path.push(self.evaluator.key(root), false);
        let mut result = SearchInfo {
            depth: 0,
            score: Score::DRAW,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: root.moves().into_iter().take(1).collect(),
        };
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32).min(MAX_PLY as u32);
        let budget_to_spend = limits.movetime.is_some() || limits.nodes.is_some();
        for depth in 1..=max_depth {
            self.iteration_depth = depth;
            let score = self.negamax(root, depth, 0, -Score::INFINITE, Score::INFINITE);
            if self.budget.stopped() {
                if !self.pv[0].is_empty() {
                    result.pv = self.pv[0].clone();
                    result.score = score;
                }
                break;
            }
            result = self.info(root, depth, score);
            on_iteration(&result);
            let proven = score
                .plies_to_end()
                .is_some_and(|p| p.unsigned_abs() <= depth);
            if (proven && !budget_to_spend) || result.pv.is_empty() || !self.budget.may_deepen() {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.budget.elapsed();
        result
    }

    /// The report of a completed iteration.
    fn info(&self, root: &G, depth: u32, score: Score) -> SearchInfo<G::Move> {
        let mut pv = self.pv[0].clone();
        self.extend_pv(root, &mut pv, depth as usize);
        SearchInfo {
            depth,
            score,
            nodes: self.nodes,
            elapsed: self.budget.elapsed(),
            pv,
        }
    }

    /// Lengthens a principal variation cut short by table hits, following
    /// the table's best moves (each checked for legality) up to `length`.
    fn extend_pv(&self, root: &G, pv: &mut Vec<G::Move>, length: usize) {
        let mut pos = root.clone();
        for &mv in pv.iter() {
            pos.play_unchecked(mv);
        }
        while pv.len() < length && !pos.is_finished() {
            let best = self.tt.probe(self.evaluator.key(&pos)).and_then(|e| e.best);
            match best.filter(|mv| pos.moves().contains(mv)) {
                Some(mv) => {
                    pos.play_unchecked(mv);
                    pv.push(mv);
                }
                None => break,
            }
        }
    }

    /// Negamax alpha-beta: the score of `pos` for its side to move, exact
    /// inside the window `alpha..beta`, a bound outside it.
    fn negamax(&mut self, pos: &G, depth: u32, ply: usize, alpha: Score, beta: Score) -> Score {
        self.nodes += 1;
        self.pv[ply].clear();
        // Before the game-end test, so every counted node can read the clock.
        if self.budget.exhausted(self.nodes) {
            return Score::DRAW;
        }
        if let Some(outcome) = pos.outcome() {
            return terminal_score(outcome, pos, ply);
        }
        // (No let chains: the CodinGame bot compiles this as edition 2021.)
        let known = if ply > 0 {
            self.known_score(pos, ply)
        } else {
            None
        };
        if let Some(known) = known {
            return known;
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let key = self.evaluator.key(pos);
        let entry = self.tt.probe(key);
        if let Some(cut) = entry
            .filter(|_| ply > 0)
            .and_then(|e| table_cutoff(e, depth, ply, alpha, beta))
        {
            return cut;
        }
        if let Some(cut) = self.static_cut(pos, depth, ply, alpha, beta) {
            return cut;
        }
        if self.null_move_cuts(pos, depth, ply, beta, alpha) {
            return beta;
        }
        let tt_move = entry.and_then(|e| e.best);
        let depth = if ply == 0 || tt_move.is_some() {
            depth
        } else {
            table_miss_depth(depth, self.config.table_miss_reduction)
        };
        let mut node = Node {
            alpha,
            beta,
            best: -Score::INFINITE,
            best_move: None,
            searched: 0,
        };
        let extension = match (entry, tt_move) {
            (Some(entry), Some(mv)) if ply > 0 => {
                match self.singular_check(pos, entry, mv, depth, ply, (alpha, beta)) {
                    Singular::Extend(plies) => plies,
                    Singular::Cut(score) => return score,
                }
            }
            _ => 0,
        };
        // The table move first, before generating the others: it often cuts.
        if tt_move.is_some_and(|mv| self.visit(pos, mv, depth + extension, ply, &mut node)) {
            return self.finish(key, ply, depth, &node, alpha);
        }
        let mut moves = std::mem::take(&mut self.ordered[ply]);
        self.score_moves(pos, ply, tt_move, &mut moves);
        let prune_after = self.moves_before_pruning(depth, ply, alpha, beta);
        for next in 0..moves.len() {
            if node.searched >= prune_after && !node.best.is_loss() {
                self.visit_favoured(pos, &moves[next..], depth, ply, &mut node);
                break;
            }
            bring_next_best(&mut moves, next);
            if self.visit(pos, moves[next].1, depth, ply, &mut node) {
                if self.config.history_malus && !self.budget.stopped() {
                    let tried = tt_move.into_iter().chain(moves[..next].iter().map(|m| m.1));
                    self.penalize_tried(pos, ply, depth, tried);
                }
                break;
            }
        }
        self.ordered[ply] = moves;
        self.finish(key, ply, depth, &node, alpha)
    }

    /// The child of `pos` after `mv`, entered on the path (and the line,
    /// for continuation history) at `ply`, its table slot prefetched; the
    /// caller pops the path after searching it.
    #[inline]
    fn enter_child(&mut self, pos: &G, mv: G::Move, ply: usize) -> G {
        // Marked in place: `pos.after(mv)` moved the child once more after
        // the move was played, reading back what the move had just written
        // (a stall on every node).
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let irreversible = self.evaluator.is_irreversible(pos, mv);
        let key = self.evaluator.key(&child);
        self.tt.prefetch(key);
        self.path.push(key, irreversible);
        if !self.continuation.is_empty() {
            self.line[ply] = self.evaluator.move_index(mv);
        }
        child
    }

    /// Singular extensions ([`SearchConfig::singular_extension`]): the
    /// plies the table move `tt_move` of `pos` is searched deeper, none
    /// unless the table's result (`entry`, a lower bound or exact, not a
    /// game end, at most three plies shallower than `depth`) shows it far
    /// above every other move, each searched about half as deep with a
    /// null window below the table's score less the margin. Not past twice
    /// the iteration's depth. With [`SearchConfig::singular_multi_cut`], a
    /// node of null window (`alpha`, `beta`) whose bar is at or above beta
    /// fails high at the bar when another move reaches it.
    fn singular_check(
        &mut self,
        pos: &G,
        entry: Entry<G::Move>,
        tt_move: G::Move,
        depth: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
    ) -> Singular {
        let config = self.config;
        let none = Singular::Extend(0);
        if config.singular_extension == 0
            || depth < config.singular_min_depth.max(LMR_PLIES + 2)
            || ply as u32 >= 2 * self.iteration_depth
            || entry.bound == Bound::Upper
            || u32::from(entry.depth) + 3 < depth
        {
            return none;
        }
        let score = entry.score.from_table(ply as u32);
        if score.plies_to_end().is_some() {
            return none;
        }
        let bar = score.value() - (config.singular_margin * depth) as i32;
        let (low, high) = (Score::from_value(bar - 1), Score::from_value(bar));
        // About half as deep, ending on the same side to move.
        let child_depth = depth - 1 - 2 * (depth / 4);
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        pos.legal_moves(&mut moves);
        let mut found = Singular::Extend(config.singular_extension);
        for &mv in moves.iter().filter(|&&mv| mv != tt_move) {
            let child = self.enter_child(pos, mv, ply);
            let score = -self.negamax(&child, child_depth, ply + 1, -high, -low);
            self.path.pop();
            if self.budget.stopped() {
                found = none;
                break;
            }
            if score >= high {
                let cuts =
                    config.singular_multi_cut && high >= beta && beta.value() - alpha.value() == 1;
                found = if cuts { Singular::Cut(high) } else { none };
                break;
            }
        }
        self.move_lists[ply] = moves;
        found
    }

    /// Late move pruning ([`SearchConfig::late_move_pruning`]): how many
    /// moves a node searches before it skips the rest but the favoured
    /// ones (`usize::MAX` where it never does: off, the root, a full
    /// window, or too far from the leaves).
    fn moves_before_pruning(&self, depth: u32, ply: usize, alpha: Score, beta: Score) -> usize {
        let per_ply = self.config.late_move_pruning;
        if per_ply == 0
            || ply == 0
            || depth > MOVE_PRUNING_MAX_DEPTH
            || beta.value() - alpha.value() != 1
        {
            return usize::MAX;
        }
        (per_ply * depth) as usize
    }

    /// Searches, in their listed order, only those of `rest` (the moves
    /// late move pruning skips) that are killers or have a positive order
    /// bonus, until one cuts off.
    fn visit_favoured(
        &mut self,
        pos: &G,
        rest: &[(i32, G::Move)],
        depth: u32,
        ply: usize,
        node: &mut Node<G::Move>,
    ) {
        let killers = self.killers.at(ply);
        for &(_, mv) in rest {
            let favoured = killers.rank(mv) > 0 || self.evaluator.order_bonus(pos, mv) > 0;
            if favoured && self.visit(pos, mv, depth, ply, node) {
                return;
            }
        }
    }

    /// Reverse futility pruning ([`SearchConfig::static_cut_margin`]): the
    /// static evaluation of a null-window node near the leaves when it is
    /// so far above `beta` that the search would hardly bring it under.
    fn static_cut(
        &self,
        pos: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        let margin = self.config.static_cut_margin;
        if margin == 0
            || ply == 0
            || !(STATIC_CUT_MIN_DEPTH..=STATIC_CUT_MAX_DEPTH).contains(&depth)
            || beta.value() - alpha.value() != 1
            || beta.is_decisive()
        {
            return None;
        }
        let stand = self.evaluator.evaluate(pos);
        let needed = i64::from(beta.value()) + i64::from(margin) * i64::from(depth);
        (i64::from(stand.value()) >= needed).then_some(stand)
    }

    /// Null-move pruning: at a node searched with a null window, if even
    /// passing the turn keeps the score at or above `beta` in a search
    /// [`NULL_MOVE_PLIES`] shallower, the node is taken to fail high. Not
    /// at the root, not twice in a row, not near the end of the depth, and
    /// only when the static evaluation is already at least `beta`.
    fn null_move_cuts(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        beta: Score,
        alpha: Score,
    ) -> bool {
        if !self.config.null_move
            || ply == 0
            || depth < NULL_MOVE_MIN_DEPTH
            || beta.value() - alpha.value() != 1
            || beta.is_decisive()
            || self.null_line[ply - 1]
        {
            return false;
        }
        // The pass first: a game without one (ultimate tic-tac-toe) must not
        // pay for a static evaluation it cannot use.
        let Some(passed) = self.evaluator.null_move(pos) else {
            return false;
        };
        if self.evaluator.evaluate(pos) < beta {
            return false;
        }
        self.path.push(self.evaluator.key(&passed), true);
        self.null_line[ply] = true;
        self.line[ply] = NO_MOVE;
        let reduced = depth - 1 - NULL_MOVE_PLIES;
        let score = -self.negamax(&passed, reduced, ply + 1, -beta, -alpha);
        self.null_line[ply] = false;
        self.path.pop();
        !self.budget.stopped() && score >= beta && !score.is_decisive()
    }

    /// The score of a node that needs no search: a draw by repetition or
    /// by the reversible-plies rule, or the evaluator's exact verdict.
    fn known_score(&self, pos: &G, ply: usize) -> Option<Score> {
        let limit = self.config.reversible_draw_plies;
        if self.path.is_repetition() || limit.is_some_and(|n| self.path.reversible_plies() >= n) {
            return Some(Score::DRAW);
        }
        self.evaluator
            .exact(pos)
            .map(|solution| Score::from_solution(solution, ply as u32))
    }

    /// Quiescence search at a leaf: the static evaluation (stand pat) or
    /// better, by searching the evaluator's tactical moves (captures) until
    /// the position is quiet, so no leaf is judged in the middle of an
    /// exchange.
    fn quiesce(&mut self, pos: &G, ply: usize, alpha: Score, beta: Score) -> Score {
        let stand = self.evaluator.evaluate(pos);
        if stand >= beta || ply >= MAX_PLY {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        self.evaluator.tactical_moves(pos, &mut moves);
        let (mut best, mut alpha) = (stand, alpha.max(stand));
        if !moves.is_empty() {
            let mut ordered = std::mem::take(&mut self.ordered[ply]);
            ordered.clear();
            ordered.extend(moves.iter().map(|&mv| (0, mv)));
            self.evaluator.add_order_bonuses(pos, &mut ordered);
            for next in 0..ordered.len() {
                bring_next_best(&mut ordered, next);
                let mv = ordered[next].1;
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let score = -self.quiet_node(&child, ply + 1, -beta, -alpha);
                if self.budget.stopped() {
                    break;
                }
                best = best.max(score);
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
            self.ordered[ply] = ordered;
        }
        self.move_lists[ply] = moves;
        best
    }

    /// A node of the quiescence search.
    fn quiet_node(&mut self, pos: &G, ply: usize, alpha: Score, beta: Score) -> Score {
        self.nodes += 1;
        if self.budget.exhausted(self.nodes) {
            return Score::DRAW;
        }
        if let Some(outcome) = pos.outcome() {
            return terminal_score(outcome, pos, ply);
        }
        if let Some(solution) = self.evaluator.exact(pos) {
            return Score::from_solution(solution, ply as u32);
        }
        self.quiesce(pos, ply, alpha, beta)
    }

    /// Searches `mv` at a node (principal variation search: the first move
    /// with the full window, the others with a null window around alpha,
    /// re-searched only if they beat it) and updates the node. Returns
    /// whether the node is done (a beta cut-off, or the search stopped).
    fn visit(
        &mut self,
        pos: &G,
        mv: G::Move,
        depth: u32,
        ply: usize,
        node: &mut Node<G::Move>,
    ) -> bool {
        let child = self.enter_child(pos, mv, ply);
        let score = self.search_child(pos, &child, mv, depth, ply, node);
        self.path.pop();
        node.searched += 1;
        if self.budget.stopped() {
            return true;
        }
        if score > node.best {
            node.best = score;
            node.best_move = Some(mv);
            if score > node.alpha {
                node.alpha = score;
                self.update_pv(ply, mv);
                if score >= node.beta {
                    self.reward_cutoff(pos, ply, mv, depth);
                    return true;
                }
            }
        }
        false
    }

    /// The score of `child` (reached from `pos` by `mv`) for the mover:
    /// principal variation search with late move reductions.
    fn search_child(
        &mut self,
        pos: &G,
        child: &G,
        mv: G::Move,
        depth: u32,
        ply: usize,
        node: &Node<G::Move>,
    ) -> Score {
        let (alpha, beta) = (node.alpha, node.beta);
        // Without a quiescence search a leaf's value does not depend on the
        // window: one call, no null-window probe and re-search.
        if node.searched == 0 || depth == 1 {
            -self.negamax(child, depth - 1, ply + 1, -beta, -alpha)
        } else {
            let null = -Score::from_value(alpha.value() + 1);
            let mut probe = Score::INFINITE;
            if self.reduces(node.searched, depth, ply, mv) {
                let reduced = depth - 1 - self.reduction(pos, mv, node.searched, depth);
                probe = -self.negamax(child, reduced, ply + 1, null, -alpha);
            }
            // After a stop, no further node: the caller drops the score.
            if probe > alpha && !self.budget.stopped() {
                probe = -self.negamax(child, depth - 1, ply + 1, null, -alpha);
            }
            if probe > alpha && probe < beta && !self.budget.stopped() {
                -self.negamax(child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                probe
            }
        }
    }

    /// Late move reductions: whether the move searched `searched`-th (from 0)
    /// at a node of remaining `depth` is first tried one ply shallower. Late
    /// moves in a well-ordered list rarely matter; if the reduced search
    /// beats alpha, the move is searched again at full depth.
    fn reduces(&self, searched: usize, depth: u32, ply: usize, mv: G::Move) -> bool {
        self.config.late_move_reductions
            && searched >= self.config.reduction_after_moves.max(1) as usize
            && depth >= self.config.reduction_min_depth.max(LMR_PLIES + 1)
            && self.killers.rank(ply, mv) == 0
    }

    /// How many plies a reduced move is reduced by: [`LMR_PLIES`], or with
    /// [`SearchConfig::deep_reductions`] an even number of plies growing
    /// with `ln(depth) · ln(searched + 1)` (the logarithmic formula of
    /// chess engines, in pairs of plies so the reduced search ends on the
    /// same side to move), at least [`LMR_PLIES`] and leaving at least one
    /// ply to search; [`SearchConfig::poor_move_reduction`] more for a
    /// poor move ([`Evaluator::is_poor_move`]) where a ply is still left.
    fn reduction(&self, pos: &G, mv: G::Move, searched: usize, depth: u32) -> u32 {
        let plies = match self.config.deep_reductions {
            0 => LMR_PLIES,
            divisor => deep_reduction(searched, depth, divisor),
        };
        plies
            + poor_move_extra(plies, self.config.poor_move_reduction, depth, || {
                self.evaluator.is_poor_move(pos, mv)
            })
    }

    /// Stores a finished node in the table (unless the search stopped) and
    /// returns its score. `alpha` is the window's lower end on entry.
    fn finish(
        &mut self,
        key: u64,
        ply: usize,
        depth: u32,
        node: &Node<G::Move>,
        alpha: Score,
    ) -> Score {
        if !self.budget.stopped() {
            self.store(key, ply, depth, node.best, node.best_move, alpha, node.beta);
        }
        node.best
    }

    /// Fills `out` with the legal moves except the transposition-table move
    /// (searched before), each with its ordering key: killer moves first,
    /// then by history plus the evaluator's bonus (picked best first by
    /// [`bring_next_best`]).
    fn score_moves(
        &mut self,
        pos: &G,
        ply: usize,
        tt_move: Option<G::Move>,
        out: &mut Vec<(i32, G::Move)>,
    ) {
        let side = pos.turn().index();
        let continuation_row = self.continuation_row(side, ply);
        let moves = &mut self.move_lists[ply];
        pos.legal_moves(moves);
        let killers = self.killers.at(ply);
        let history = self.history.side(side);
        out.clear();
        out.extend(moves.iter().map(|&mv| {
            let key = killers.rank(mv) * KILLER_RANK + history[self.evaluator.move_index(mv)];
            (key, mv)
        }));
        if let Some(row) = continuation_row {
            let continuation = self.continuation.side(row);
            for (key, mv) in out.iter_mut() {
                *key += continuation[self.evaluator.move_index(*mv)];
            }
        }
        // Taken out afterwards (the others keep their order): cheaper than a
        // filter on every move.
        let tt_at = tt_move.and_then(|tt_move| out.iter().position(|&(_, mv)| mv == tt_move));
        if let Some(at) = tt_at {
            out.remove(at);
        }
        self.evaluator.add_order_bonuses(pos, out);
    }

    /// The principal variation at `ply` becomes `mv` then the child's.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// The continuation-history row of the moves of `side` at `ply`: the
    /// side and the move played just before (none when the table is off,
    /// at the root and after a null move).
    fn continuation_row(&self, side: usize, ply: usize) -> Option<usize> {
        if self.continuation.is_empty() || ply == 0 {
            return None;
        }
        let before = self.line[ply - 1];
        (before != NO_MOVE).then(|| side * self.evaluator.move_slots() + before)
    }

    /// Killer and history credit for a move that caused a beta cut-off.
    fn reward_cutoff(&mut self, pos: &G, ply: usize, mv: G::Move, depth: u32) {
        self.killers.record(ply, mv);
        let index = self.evaluator.move_index(mv);
        let side = pos.turn().index();
        self.history.reward(side, index, depth);
        if let Some(row) = self.continuation_row(side, ply) {
            self.continuation.reward(row, index, depth);
        }
    }

    /// The history malus ([`SearchConfig::history_malus`]) of the moves
    /// `tried` before the one that cut off at this node.
    fn penalize_tried(
        &mut self,
        pos: &G,
        ply: usize,
        depth: u32,
        tried: impl Iterator<Item = G::Move>,
    ) {
        let side = pos.turn().index();
        let row = self.continuation_row(side, ply);
        for mv in tried {
            let index = self.evaluator.move_index(mv);
            self.history.penalize(side, index, depth);
            if let Some(row) = row {
                self.continuation.penalize(row, index, depth);
            }
        }
    }

    /// Stores a node's result with its bound.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: u32,
        best: Score,
        best_move: Option<G::Move>,
        alpha: Score,
        beta: Score,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            best: best_move,
            score: best.to_table(ply as u32),
            depth: depth.min(u8::MAX.into()) as u8,
            bound,
        });
    }
}

impl<G: Game, E: Evaluator<G>> Engine<G> for AlphaBeta<G, E> {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn new_game(&mut self) {
        AlphaBeta::new_game(self);
    }

    fn think(
        &mut self,
        position: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        self.search(position, limits, progress)
    }

    fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }
}

/// The score of a finished position for its side to move, `ply` plies from
/// the root.
fn terminal_score<G: Game>(outcome: Outcome, pos: &G, ply: usize) -> Score {
    match outcome {
        Outcome::Draw => Score::DRAW,
        Outcome::Winner(p) if p == pos.turn() => Score::win_in(ply as u32),
        Outcome::Winner(_) => Score::loss_in(ply as u32),
    }
}

/// The score a table entry proves for this window, if it is deep enough.
fn table_cutoff<M>(
    entry: Entry<M>,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> Option<Score> {
    if u32::from(entry.depth) < depth {
        return None;
    }
    let score = entry.score.from_table(ply as u32);
    let usable = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    usable.then_some(score)
}

/// The reduction of [`SearchConfig::deep_reductions`] (`divisor`, in
/// hundredths, not 0) for the move searched `searched`-th (from 0) at a
/// node of remaining `depth` (at least [`LMR_MIN_DEPTH`]).
fn deep_reduction(searched: usize, depth: u32, divisor: u32) -> u32 {
    let product = f64::from(depth).ln() * (searched as f64 + 1.0).ln();
    let pairs = (100.0 * product / f64::from(divisor)).round() as u32;
    (2 * pairs).max(LMR_PLIES).min(depth.saturating_sub(2) & !1)
}

/// The depth a node (not the root) without a table move searches at:
/// The plies [`SearchConfig::poor_move_reduction`] (`more`) adds to a
/// reduction of `plies` at remaining `depth`: `more` for a poor move
/// (`is_poor`, asked only when it matters) if the reduced search still
/// keeps a ply, else none.
fn poor_move_extra(plies: u32, more: u32, depth: u32, is_poor: impl FnOnce() -> bool) -> u32 {
    if more > 0 && depth > plies + more + 1 && is_poor() {
        more
    } else {
        0
    }
}

/// `depth`, less `plies` ([`SearchConfig::table_miss_reduction`]) from
/// [`TABLE_MISS_MIN_DEPTH`] plies on, never below one ply.
fn table_miss_depth(depth: u32, plies: u32) -> u32 {
    if depth < TABLE_MISS_MIN_DEPTH {
        depth
    } else {
        depth - plies.min(depth - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_misses_are_reduced_from_the_least_depth_on_and_keep_a_ply() {
        assert_eq!(table_miss_depth(12, 0), 12);
        assert_eq!(
            table_miss_depth(TABLE_MISS_MIN_DEPTH - 1, 3),
            TABLE_MISS_MIN_DEPTH - 1
        );
        assert_eq!(
            table_miss_depth(TABLE_MISS_MIN_DEPTH, 1),
            TABLE_MISS_MIN_DEPTH - 1
        );
        assert_eq!(table_miss_depth(9, 2), 7);
        assert_eq!(table_miss_depth(TABLE_MISS_MIN_DEPTH, 8), 1);
    }

    #[test]
    fn poor_moves_are_reduced_more_only_where_a_ply_is_left() {
        // Off: the evaluator is not even asked.
        assert_eq!(poor_move_extra(2, 0, 20, || panic!("asked")), 0);
        // Not poor, or too near the leaves: nothing more.
        assert_eq!(poor_move_extra(2, 2, 20, || false), 0);
        assert_eq!(poor_move_extra(2, 2, 5, || true), 0);
        // Depth 6 less 1, 2 and 2 leaves one ply.
        assert_eq!(poor_move_extra(2, 2, 6, || true), 2);
        assert_eq!(poor_move_extra(4, 2, 20, || true), 2);
    }

    #[test]
    fn deep_reductions_are_even_grow_and_leave_a_ply() {
        for divisor in [1, 250, 400, 100_000] {
            let mut last_row = 0;
            for depth in LMR_MIN_DEPTH..=MAX_PLY as u32 {
                let mut last = 0;
                for searched in LMR_AFTER_MOVES as usize..200 {
                    let r = deep_reduction(searched, depth, divisor);
                    let even = r.is_multiple_of(2);
                    assert!(
                        even && r >= LMR_PLIES && r < depth,
                        "{depth} {searched}: {r}"
                    );
                    assert!(r >= last, "shrinks along the list at depth {depth}");
                    last = r;
                }
                assert!(last >= last_row, "shrinks with the depth");
                last_row = last;
            }
        }
        assert_eq!(
            deep_reduction(LMR_AFTER_MOVES as usize, LMR_MIN_DEPTH, 400),
            LMR_PLIES
        );
        assert_eq!(deep_reduction(40, 16, 400), 6);
        assert_eq!(deep_reduction(40, 16, 250), 8);
        assert_eq!(deep_reduction(40, 16, 100_000), LMR_PLIES);
    }
}
