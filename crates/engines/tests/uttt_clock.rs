//! The alpha-beta reads its clock every 256 nodes whatever the positions:
//! in the late CodinGame-rule endgames, where most nodes end the game, as in
//! the middle game. So a stop (the deadline or the stop flag) is noticed
//! within 257 nodes, a small fraction of a millisecond at the engine's
//! speed; this count does not depend on the machine's load.

use gamesolver_core::Game;
use gamesolver_engines::uttt::endgame_suite::parse_suite;
use gamesolver_engines::uttt::eval::{EvalWeights, UtttEval};
use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{AlphaBeta, Limits};

/// The clock is read at least this often (the search's check interval,
/// plus the one node a call can add).
const MOST_NODES_UNCHECKED: u64 = 257;

fn searcher() -> AlphaBeta<Board, UtttEval> {
    AlphaBeta::new(
        UtttEval::new(EvalWeights::for_variant(Variant::CodinGame)),
        1,
    )
}

#[test]
fn the_clock_is_read_every_256_nodes_in_solved_endgames() {
    let text = include_str!("../../../data/uttt-codingame-endgames.txt");
    let suite = parse_suite(text).expect("the committed suite parses");
    let mut search = searcher();
    for position in suite.iter().step_by(15) {
        search.new_game();
        search.search(&position.board, &Limits::nodes(60_000), |_| {});
        assert!(
            search.clock_gap() <= MOST_NODES_UNCHECKED,
            "{} nodes between two readings of the clock in {}",
            search.clock_gap(),
            position.board
        );
    }
}

#[test]
fn the_clock_is_read_every_256_nodes_from_the_start() {
    let mut search = searcher();
    let mut board = Board::start(Variant::CodinGame);
    for ply in 0..30 {
        search.new_game();
        let info = search.search(&board, &Limits::nodes(30_000), |_| {});
        assert!(
            search.clock_gap() <= MOST_NODES_UNCHECKED,
            "ply {ply}: {} nodes unchecked",
            search.clock_gap()
        );
        match info.pv.first() {
            Some(&mv) if board.after(mv).outcome().is_none() => board = board.after(mv),
            _ => break,
        }
    }
}
