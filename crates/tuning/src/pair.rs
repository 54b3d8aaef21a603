//! A game pair between two evaluation weight sets at a fixed node budget:
//! the same opening played with each set as X once, as the match runner
//! does, in process (no engine processes: the objective of
//! [`super::spsa`]).

use gamesolver_core::{Game, Player, Wdl};
use gamesolver_games::uttt::Board;
use gamesolver_search::{Engine, Limits};

use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::eval::EvalWeights;

/// The score of one game for `player`: 1 win, ½ draw, 0 loss (a game the
/// engine cannot finish counts as a draw).
fn score(board: &Board, player: Player) -> f64 {
    match board.outcome().map(|o| o.value_for(player)) {
        Some(Wdl::Win) => 1.0,
        Some(Wdl::Loss) => 0.0,
        Some(Wdl::Draw) | None => 0.5,
    }
}

/// Plays `opening` to its end, `first` moving for the side to move in it.
fn play(
    opening: &Board,
    first: &mut (dyn Engine<Board> + Send),
    second: &mut (dyn Engine<Board> + Send),
    limits: &Limits,
) -> Board {
    first.new_game();
    second.new_game();
    let mover = opening.turn();
    let mut board = *opening;
    while !board.is_finished() {
        let report = if board.turn() == mover {
            first.think(&board, limits, &mut |_| {})
        } else {
            second.think(&board, limits, &mut |_| {})
        };
        let Some(mv) = report.best_move() else {
            break;
        };
        board = board.after(mv);
    }
    board
}

/// The wins minus losses of `a` against `b` over two games from `opening`
/// at `nodes` per move, `a` moving first in one and second in the other
/// (−2 to 2; draws count nothing).
#[must_use]
pub fn pair_result(opening: &Board, a: EvalWeights, b: EvalWeights, nodes: u64) -> f64 {
    let engine = |weights| {
        build(&EngineOptions {
            weights,
            ..EngineOptions::default()
        })
    };
    let (mut engine_a, mut engine_b) = (engine(a), engine(b));
    let limits = Limits::nodes(nodes);
    let mover = opening.turn();
    let first = play(opening, engine_a.as_mut(), engine_b.as_mut(), &limits);
    let second = play(opening, engine_b.as_mut(), engine_a.as_mut(), &limits);
    let points = score(&first, mover) + score(&second, mover.opponent());
    2.0 * points - 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_games::uttt::Variant;

    #[test]
    fn a_pair_is_antisymmetric_and_a_blind_evaluation_loses() {
        let opening = Board::start(Variant::CodinGame);
        let good = EvalWeights::default();
        let blind = EvalWeights {
            scale: 0.0,
            tempo: 0,
            free_choice: 0,
            ..EvalWeights::default()
        };
        let result = pair_result(&opening, good, blind, 300);
        assert_eq!(pair_result(&opening, blind, good, 300), -result);
        assert_eq!(pair_result(&opening, good, good, 300), 0.0);
        assert!(result > 0.0, "{result}");
    }
}
