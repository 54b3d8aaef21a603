//! The alpha-beta engine with the exact endgame solver in front of it
//! under CodinGame's rule: once few enough cells are left, the solver gets
//! half the budget; a proven win is played at once, a proven draw keeps the
//! search's move only if it keeps the draw, and a proven loss (or a solver
//! that ran out of budget) leaves the choice to the search, which plays
//! for the opponent's mistakes.

use std::time::Instant;

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, Cell, Variant};
use gamesolver_search::{AlphaBeta, Limits, Score, SearchInfo};

use super::endgame::{EndgameSolver, Solved, playable_cells};
use super::eval::UtttEval;
use crate::answer_first::{AnswerFirst, FirstLook};

/// Playable cells at or below which the solver is worth trying first when
/// it is switched on (`SolveBelow`; it is off by default, see
/// docs/PERFORMANCE.md).
pub const SOLVE_BELOW: u32 = 26;

/// log2 of the solver's table slots (16 bytes each: 16 MB).
const SOLVER_TABLE_BITS: u32 = 20;

/// Alpha-beta with the endgame solver (see the module documentation).
pub type SolvingAlphaBeta = AnswerFirst<Board, UtttEval, EndgameLook>;

/// The endgame solver as the first look of [`SolvingAlphaBeta`].
pub struct EndgameLook {
    solver: EndgameSolver,
    solve_below: u32,
}

impl SolvingAlphaBeta {
    /// Wraps `search`; the solver is tried at `solve_below` playable cells
    /// or fewer.
    #[must_use]
    pub fn new(search: AlphaBeta<Board, UtttEval>, solve_below: u32) -> SolvingAlphaBeta {
        let mut solver = EndgameSolver::new(SOLVER_TABLE_BITS);
        solver.set_stop_flag(search.stop_flag());
        AnswerFirst {
            search,
            look: EndgameLook {
                solver,
                solve_below,
            },
        }
    }
}

impl EndgameLook {
    /// The solver's verdict within half of `limits`, when it applies and
    /// finishes.
    fn try_solve(&mut self, position: &Board, limits: &Limits) -> Option<Solved> {
        if position.variant() != Variant::CodinGame || playable_cells(position) > self.solve_below {
            return None;
        }
        let half = Limits {
            depth: None,
            nodes: limits.nodes.map(|n| n / 2),
            movetime: limits.movetime.map(|t| t / 2),
            started: limits.started,
        };
        self.solver.solve(position, &half)
    }

    /// Whether `mv` keeps at least a draw in `position` (`None`: unknown,
    /// also when the move's clock in `limits` runs out first).
    fn keeps_draw(&mut self, position: &Board, mv: Cell, limits: &Limits) -> Option<bool> {
        let child = position.after(mv);
        let check = Limits {
            nodes: Some(SOLVER_CHECK_NODES),
            ..limits.clone()
        };
        self.solver
            .at_least(&child, 1, &check)
            .map(|opponent_wins| !opponent_wins)
    }
}

/// The node budget of the check that the search's move keeps a proven draw
/// (the solver's table already holds most of the answer).
const SOLVER_CHECK_NODES: u64 = 200_000;

/// `limits` less the nodes the solver already spent (its time is spent
/// on the same clock, which runs from `limits.started`).
fn remaining(limits: &Limits, solver_nodes: u64) -> Limits {
    Limits {
        nodes: limits.nodes.map(|n| n.saturating_sub(solver_nodes).max(1)),
        ..limits.clone()
    }
}

/// The report of a move proven by the solver: a win within the playable
/// cells left (the solver proves the value, not the distance), or a draw.
fn proven(solved: &Solved, position: &Board, started: Instant) -> SearchInfo<Cell> {
    let score = if solved.value > 0 {
        Score::win_in(playable_cells(position))
    } else {
        Score::DRAW
    };
    SearchInfo {
        depth: playable_cells(position),
        score,
        nodes: solved.nodes,
        elapsed: started.elapsed(),
        pv: solved.best.into_iter().collect(),
    }
}

impl FirstLook<Board, Board, UtttEval> for EndgameLook {
    /// A proven win is played at once; with a proven draw or loss the
    /// search gets the rest of the budget, and a drawn position keeps the
    /// search's move only if it keeps the draw. No answer when the solver
    /// does not apply or runs out of budget.
    fn answer(
        &mut self,
        search: &mut AlphaBeta<Board, UtttEval>,
        position: &Board,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<Cell>),
    ) -> Option<SearchInfo<Cell>> {
        let started = limits.started.unwrap_or_else(Instant::now);
        let limits = &Limits {
            started: Some(started),
            ..limits.clone()
        };
        let solved = self.try_solve(position, limits)?;
        if solved.value > 0 {
            return Some(proven(&solved, position, started));
        }
        let rest = remaining(limits, solved.nodes);
        let mut info = search.search(position, &rest, progress);
        info.nodes += solved.nodes;
        if solved.value == 0 {
            let searched = info.best_move();
            if searched.and_then(|mv| self.keeps_draw(position, mv, limits)) != Some(true) {
                return Some(proven(&solved, position, started));
            }
            info.score = Score::DRAW;
        }
        Some(info)
    }

    fn searched<'a>(
        &mut self,
        _search: &mut AlphaBeta<Board, UtttEval>,
        position: &'a Board,
    ) -> &'a Board {
        position
    }
}

#[cfg(test)]
mod tests {
    use gamesolver_search::Engine;

    use super::*;
    use crate::uttt::endgame_suite::{SolvedPosition, parse_suite};

    fn suite() -> Vec<SolvedPosition> {
        parse_suite(include_str!("../../../../data/uttt-codingame-endgames.txt")).unwrap()
    }

    #[test]
    fn the_suite_is_solved_right_and_the_solver_keeps_every_value() {
        let suite = suite();
        assert!(suite.len() >= 200);
        let mut checker = EndgameSolver::new(20);
        let mut engine = SolvingAlphaBeta::new(AlphaBeta::new(UtttEval::default(), 4), SOLVE_BELOW);
        for p in suite.iter().step_by(10) {
            let solved = checker.solve(&p.board, &Limits::default()).unwrap();
            assert_eq!(solved.value, p.value, "{}", p.board);
            // A tiny search budget: only the solver can find these moves.
            let info = engine.think(&p.board, &Limits::nodes(1_000_000), &mut |_| {});
            let child = p.board.after(info.best_move().unwrap());
            let kept = checker.solve(&child, &Limits::default()).unwrap();
            assert_eq!(-kept.value, p.value, "{} {:?}", p.board, info.pv);
        }
    }

    #[test]
    fn the_standard_rule_is_left_to_the_search() {
        let start = Board::start(Variant::Standard);
        let mut engine = SolvingAlphaBeta::new(AlphaBeta::new(UtttEval::default(), 4), 81);
        let info = engine.think(&start, &Limits::depth(3), &mut |_| {});
        assert_eq!(info.depth, 3);
        let mut plain = AlphaBeta::new(UtttEval::default(), 4);
        let expected = plain.search(&start, &Limits::depth(3), |_| {});
        assert_eq!(
            (info.pv, info.nodes, info.score),
            (expected.pv, expected.nodes, expected.score)
        );
    }
}
