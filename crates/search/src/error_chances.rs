//! Chances for the opponent to go wrong: once a search has proved its
//! root a draw or a loss with budget left (it searched the whole rest of
//! the game, [`MAX_PLY`] plies, before its deadline or node budget), every
//! move keeping that value is as good against a perfect opponent, and the
//! rest of the budget is better spent choosing the one a fallible opponent
//! is likeliest to spoil. [`ErrorChoosing`] wraps an engine and does that:
//! the moves keeping a draw are found by searching each one's position
//! with the same engine (its table warm), a loss keeps every move; each
//! candidate is then scored by a full-width search in which the opponent
//! plays its best reply only most of the time and otherwise any legal
//! move, uniformly ([`ErrorModel`]): an opponent's node is worth
//! `(1 − ε)·best + ε·mean` of its replies to it, ours the best of ours, a
//! leaf at the depth limit its evaluation and a finished game
//! ±[`ErrorModel::win_value`]. Deepened one ply at a time until the budget
//! stops it or the tree reaches every game end; the last complete depth
//! decides, ties going to the earlier candidate (the search's own choice
//! first). For games whose every line ends within [`MAX_PLY`] plies.

use std::marker::PhantomData;
use std::time::Instant;

use gamesolver_core::{Game, Outcome, Player};

use crate::limits::Budget;
use crate::{Engine, Evaluator, Limits, MAX_PLY, Reserve, Score, SearchInfo, StopFlag};

/// Nodes of the error-chance search between two looks at the clock (each
/// lists its moves: a few times an alpha-beta node).
const CHECK_EVERY: u64 = 64;

/// How the opponent is expected to err, for choosing among moves of equal
/// proved value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorModel {
    /// The chance, in thousandths, that the opponent plays a uniformly
    /// random legal move instead of its best one.
    pub error_per_mille: u32,
    /// What a won game is worth, in evaluation units (a lost one the
    /// negative): the scale the evaluation's leaves are clamped to.
    pub win_value: i32,
}

impl ErrorModel {
    /// The default chance of an error, in thousandths.
    pub const DEFAULT_ERROR_PER_MILLE: u32 = 100;

    /// The default value of a won game, in evaluation units.
    pub const DEFAULT_WIN_VALUE: i32 = 2000;
}

impl Default for ErrorModel {
    fn default() -> ErrorModel {
        ErrorModel {
            error_per_mille: ErrorModel::DEFAULT_ERROR_PER_MILLE,
            win_value: ErrorModel::DEFAULT_WIN_VALUE,
        }
    }
}

/// An engine whose proved draws and losses, found with budget left, are
/// played by the move an erring opponent is likeliest to spoil (see the
/// module documentation); every other answer is the engine's own.
pub struct ErrorChoosing<G, S, V> {
    /// The engine choosing first (an alpha-beta search: its iterations
    /// report their depth, [`MAX_PLY`] once the rest of the game is
    /// searched).
    search: S,
    /// The evaluation at the error-chance search's leaves.
    evaluator: V,
    model: ErrorModel,
    /// What the engine keeps back of a move time (the same deadline).
    reserve: Reserve,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, S: Engine<G>, V: Evaluator<G>> ErrorChoosing<G, S, V> {
    /// `search` choosing among equal proved moves by `model`, with
    /// `evaluator`'s scores at the leaves, keeping `reserve` back of a move
    /// time as `search` does.
    pub fn new(search: S, evaluator: V, model: ErrorModel, reserve: Reserve) -> Self {
        ErrorChoosing {
            search,
            evaluator,
            model,
            reserve,
            game: PhantomData,
        }
    }

    /// The moves of `root` keeping `result`'s proved draw or loss, its own
    /// choice first; `None` when the budget ran out before they were known
    /// (`used` counts the nodes searched).
    fn candidates(
        &mut self,
        root: &G,
        result: &SearchInfo<G::Move>,
        limits: &Limits,
        used: &mut u64,
    ) -> Option<Vec<G::Move>> {
        let first = result.best_move()?;
        let others = root.moves().into_iter().filter(|&mv| mv != first);
        if result.score.is_decisive() && result.score < Score::DRAW {
            return Some(std::iter::once(first).chain(others).collect());
        }
        if result.score != Score::DRAW {
            return None;
        }
        let mut kept = vec![first];
        for mv in others {
            let child = root.after(mv);
            let opponent = match child.outcome() {
                Some(_) => continue,
                None => self.search.think(&child, &rest(limits, *used), &mut |_| {}),
            };
            *used += opponent.nodes;
            if opponent.depth < MAX_PLY as u32 {
                return None;
            }
            if opponent.score <= Score::DRAW {
                kept.push(mv);
            }
        }
        Some(kept)
    }
}

/// `limits` less the `used` nodes, the clock still running from its start.
fn rest(limits: &Limits, used: u64) -> Limits {
    Limits {
        depth: None,
        nodes: limits.nodes.map(|n| n.saturating_sub(used)),
        ..limits.clone()
    }
}

impl<G: Game, S: Engine<G>, V: Evaluator<G>> Engine<G> for ErrorChoosing<G, S, V> {
    fn name(&self) -> &'static str {
        self.search.name()
    }

    fn new_game(&mut self) {
        self.search.new_game();
    }

    fn think(
        &mut self,
        position: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        let limits = Limits {
            started: Some(limits.started.unwrap_or_else(Instant::now)),
            ..limits.clone()
        };
        let mut result = self.search.think(position, &limits, progress);
        let budget_left = limits.movetime.is_some() || limits.nodes.is_some();
        if !budget_left || result.depth < MAX_PLY as u32 {
            return result;
        }
        let mut used = result.nodes;
        let candidates = self.candidates(position, &result, &limits, &mut used);
        if let Some(candidates) = candidates.filter(|c| c.len() > 1) {
            let mut budget = Budget::start_with(
                &rest(&limits, used),
                self.stop_flag(),
                CHECK_EVERY,
                self.reserve,
            );
            let mut nodes = 0;
            let chosen = ErrorChances::new(
                position,
                &self.evaluator,
                &mut budget,
                &mut nodes,
                self.model,
            )
            .choose(position, &candidates);
            used += nodes;
            if let Some(mv) = chosen.filter(|&mv| Some(mv) != result.best_move()) {
                result.pv = vec![mv];
            }
        }
        result.nodes = used;
        result.elapsed = limits
            .started
            .map(|s| s.elapsed())
            .unwrap_or(result.elapsed);
        result
    }

    fn stop_flag(&self) -> StopFlag {
        self.search.stop_flag()
    }
}

/// One choice among candidates: the search over the candidates' trees,
/// counting nodes and stopping at its budget.
struct ErrorChances<'a, G: Game, E: Evaluator<G>> {
    evaluator: &'a E,
    budget: &'a mut Budget,
    nodes: &'a mut u64,
    model: ErrorModel,
    /// The side choosing (the root's side to move): the other one errs.
    chooser: Player,
    /// Whether the current depth left a leaf unfinished (a deeper search
    /// could change the values).
    cut_short: bool,
    game: PhantomData<G>,
}

impl<'a, G: Game, E: Evaluator<G>> ErrorChances<'a, G, E> {
    /// A chooser for the side to move at `root`.
    fn new(
        root: &G,
        evaluator: &'a E,
        budget: &'a mut Budget,
        nodes: &'a mut u64,
        model: ErrorModel,
    ) -> ErrorChances<'a, G, E> {
        ErrorChances {
            evaluator,
            budget,
            nodes,
            model,
            chooser: root.turn(),
            cut_short: false,
            game: PhantomData,
        }
    }

    /// The candidate (moves of `root`, the search's choice first) with the
    /// best value against the erring opponent at the deepest depth
    /// completed within the budget, or `None` when not even depth 1 was.
    fn choose(&mut self, root: &G, candidates: &[G::Move]) -> Option<G::Move> {
        let mut chosen = None;
        for depth in 1..MAX_PLY as u32 {
            self.cut_short = false;
            let mut best: Option<(f64, G::Move)> = None;
            for &mv in candidates {
                let value = -self.value(&root.after(mv), depth - 1);
                if self.budget.stopped() {
                    return chosen;
                }
                // (No `Option::is_none_or`: the CodinGame bot's compiler may
                // predate it.)
                let better = match best {
                    None => true,
                    Some((top, _)) => value > top,
                };
                if better {
                    best = Some((value, mv));
                }
            }
            chosen = best.map(|(_, mv)| mv);
            if !self.cut_short || !self.budget.may_deepen() {
                break;
            }
        }
        chosen
    }

    /// The worth of `pos` to its side to move, `depth` plies left.
    fn value(&mut self, pos: &G, depth: u32) -> f64 {
        *self.nodes += 1;
        if self.budget.exhausted(*self.nodes) {
            return 0.0;
        }
        let win = f64::from(self.model.win_value);
        match pos.outcome() {
            Some(Outcome::Draw) => return 0.0,
            Some(Outcome::Winner(p)) if p == pos.turn() => return win,
            Some(Outcome::Winner(_)) => return -win,
            None => {}
        }
        if depth == 0 {
            self.cut_short = true;
            return f64::from(self.evaluator.evaluate(pos).value()).clamp(-win, win);
        }
        let moves = pos.moves();
        let (mut best, mut sum) = (f64::NEG_INFINITY, 0.0);
        for &mv in &moves {
            let value = -self.value(&pos.after(mv), depth - 1);
            if self.budget.stopped() {
                return 0.0;
            }
            best = best.max(value);
            sum += value;
        }
        if pos.turn() == self.chooser {
            best
        } else {
            let error = f64::from(self.model.error_per_mille.min(1000)) / 1000.0;
            (1.0 - error) * best + error * sum / moves.len() as f64
        }
    }
}
