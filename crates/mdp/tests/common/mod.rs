//! Tic-tac-toe MDPs for the tests.

#![allow(dead_code)]

use gamesolver_core::{Game, Player, Wdl};
use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_mdp::{Discount, Mdp, Minimax, Rational, UniformRandom};
use gamesolver_retro::loopfree::{DensePositionMap, GameGraph, LoopFreeSolution};

/// The solved game, for the minimax opponent.
pub type Solved = LoopFreeSolution<Board, DensePositionMap<Base3Indexer>>;

/// Tic-tac-toe solved by the retrograde solver.
pub fn solved() -> Solved {
    let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer))
        .expect("tic-tac-toe enumerates");
    LoopFreeSolution::solve(graph)
}

/// The MDP against the uniformly random opponent.
pub fn vs_random(agent: Player) -> Mdp<Board> {
    Mdp::build(Board::empty(), agent, &UniformRandom, Discount::NONE).expect("builds")
}

/// The MDP against the minimax opponent.
pub fn vs_minimax(agent: Player, solved: &Solved) -> Mdp<Board> {
    let opponent = Minimax::new(|b: &Board| solved.get(b).map(|s| s.wdl));
    Mdp::build(Board::empty(), agent, &opponent, Discount::NONE).expect("builds")
}

/// A rational from a fraction.
pub fn r(n: i128, d: i128) -> Rational {
    Rational::new(n, d)
}

/// The expectimax value of `board` for `agent`, straight from the rules
/// (no MDP): the agent maximises, the opponent picks uniformly among
/// `opponent_moves(board)`. Memoised; independent of the crate under test.
pub fn expectimax(
    board: Board,
    agent: Player,
    opponent_moves: &dyn Fn(&Board) -> Vec<gamesolver_games::tictactoe::Cell>,
    memo: &mut std::collections::HashMap<Board, Rational>,
) -> Rational {
    if let Some(outcome) = board.outcome() {
        return match outcome.value_for(agent) {
            Wdl::Win => r(1, 1),
            Wdl::Draw => r(0, 1),
            Wdl::Loss => r(-1, 1),
        };
    }
    if let Some(v) = memo.get(&board) {
        return *v;
    }
    let value = if board.turn() == agent {
        board
            .moves()
            .into_iter()
            .map(|m| expectimax(board.after(m), agent, opponent_moves, memo))
            .max()
            .expect("an unfinished board has moves")
    } else {
        let moves = opponent_moves(&board);
        let n = moves.len() as i128;
        moves
            .into_iter()
            .map(|m| expectimax(board.after(m), agent, opponent_moves, memo) / n)
            .sum()
    };
    memo.insert(board, value);
    value
}
