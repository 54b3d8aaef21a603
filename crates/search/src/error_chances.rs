//! Chances for the opponent to go wrong: once a search has proved its
//! root a draw or a loss with time left, every move keeping that value is
//! as good against a perfect opponent, and the rest of the clock is better
//! spent choosing the one a fallible opponent is likeliest to spoil. Each
//! candidate is scored by a full-width search in which the opponent plays
//! its best reply only most of the time and otherwise any legal move,
//! uniformly ([`ErrorModel`]): an opponent's node is worth
//! `(1 − ε)·best + ε·mean` of its replies to it, ours the best of ours, a
//! leaf at the depth limit its evaluation and a finished game
//! ±[`ErrorModel::win_value`]. Deepened one ply at a time until the budget
//! stops it or the tree reaches every game end; the last complete depth
//! decides, ties going to the earlier candidate (the search's own choice
//! first).

use std::marker::PhantomData;

use gamesolver_core::{Game, Outcome, Player};

use crate::limits::Budget;
use crate::{Evaluator, MAX_PLY};

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

/// One choice among candidates: the search over the candidates' trees,
/// counting nodes into the alpha-beta's count and stopping at its budget.
pub(crate) struct ErrorChances<'a, G: Game, E: Evaluator<G>> {
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
    pub(crate) fn new(
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
    pub(crate) fn choose(&mut self, root: &G, candidates: &[G::Move]) -> Option<G::Move> {
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
