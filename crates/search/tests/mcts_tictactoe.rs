//! MCTS on tic-tac-toe: it finds immediate wins and blocks, and never
//! returns an illegal move.

use gamesolver_core::Game;
use gamesolver_games::tictactoe::Board;
use gamesolver_search::{Limits, Mcts};

#[test]
fn takes_a_win_and_blocks_a_loss() {
    let mut mcts = Mcts::new(1.4, 1);
    // X to move with X on 0 and 1: 2 wins.
    let win: Board = "XX.OO....".parse().unwrap();
    assert_eq!(
        mcts.search(&win, &Limits::nodes(3000))
            .best_move()
            .unwrap()
            .to_string(),
        "2"
    );
    // O to move, X threatens 0-4-8: O must take 8.
    let block: Board = "X...X..O.".parse().unwrap();
    assert_eq!(
        mcts.search(&block, &Limits::nodes(5000))
            .best_move()
            .unwrap()
            .to_string(),
        "8"
    );
}

#[test]
fn a_finished_position_has_no_move_and_the_pv_is_legal() {
    let mut mcts = Mcts::new(1.4, 2);
    let over: Board = "XXXOO....".parse().unwrap();
    assert!(
        mcts.search(&over, &Limits::nodes(100))
            .best_move()
            .is_none()
    );
    let info = mcts.search(&Board::empty(), &Limits::nodes(2000));
    assert_eq!(info.nodes, 2000);
    let mut b = Board::empty();
    for mv in info.pv {
        b = b.play(mv).expect("legal");
    }
}

/// Issue 10 finding 3: whatever the limits, a legal move comes back.
#[test]
fn zero_limits_still_return_a_legal_move() {
    let start = Board::default();
    for limits in [Limits::nodes(0), Limits::depth(0), Limits::movetime_ms(0)] {
        let mut mcts = Mcts::new(1.4, 3);
        let info = mcts.search(&start, &limits);
        let mv = info.best_move().expect("a move at the start");
        assert!(start.play(mv).is_ok(), "{limits:?}: {mv}");
    }
}

/// Issue 10 finding 6: a depth limit bounds the tree, and ends the search.
#[test]
fn a_depth_limit_bounds_the_tree() {
    let start = Board::default();
    let mut mcts = Mcts::new(1.4, 4);
    let info = mcts.search(&start, &Limits::depth(2));
    // The root's children, then one child's children: two iterations.
    assert_eq!(info.nodes, 2, "{info:?}");
    assert!(info.depth <= 2);
}

/// Issue 26 finding 8: MCTS reports its progress while it searches (every
/// 100 ms), not only at the end, so a live analysis shows it.
#[test]
fn progress_is_reported_while_searching() {
    use gamesolver_search::Engine;
    let mut mcts = Mcts::<Board>::new(1.4, 3);
    let mut reports = Vec::new();
    let started = std::time::Instant::now();
    let last = mcts.think(&Board::empty(), &Limits::movetime_ms(450), &mut |info| {
        reports.push((started.elapsed(), info.nodes))
    });
    assert!(reports.len() >= 4, "{reports:?}");
    let (first_at, first_nodes) = reports[0];
    assert!(
        first_at < std::time::Duration::from_millis(250),
        "{reports:?}"
    );
    assert!(first_nodes < last.nodes, "{reports:?}");
    assert!(reports.windows(2).all(|w| w[0].1 <= w[1].1), "{reports:?}");
}

/// Issue 22: a depth limit deeper than the game ends the search once the
/// whole tree is in it (it used to run until the node cap), with or
/// without a node budget; and the answer is still the winning move.
#[test]
fn a_depth_beyond_the_end_stops_when_the_tree_is_whole() {
    // X to move, three empty cells: 2 wins at once.
    let near_end: Board = "XX.OO.XO.".parse().unwrap();
    let combinations = [
        Limits::depth(100),
        Limits {
            nodes: Some(u64::MAX),
            ..Limits::depth(100)
        },
    ];
    for limits in combinations {
        let mut mcts = Mcts::new(1.4, 5);
        let info = mcts.search(&near_end, &limits);
        assert_eq!(info.best_move().unwrap().to_string(), "2", "{limits:?}");
        assert!(info.nodes < 10_000, "{limits:?}: {info:?}");
    }
}

/// Issue 22: a depth alone that the tree does not reach in reasonable time
/// (the whole tic-tac-toe tree is 549,946 nodes) stops after
/// `DEPTH_ONLY_ITERATIONS`.
#[test]
fn a_depth_alone_is_bounded() {
    let mut mcts = Mcts::<Board>::new(1.4, 6);
    let info = mcts.search(&Board::empty(), &Limits::depth(100));
    assert_eq!(info.nodes, gamesolver_search::mcts::DEPTH_ONLY_ITERATIONS);
    assert!(info.best_move().is_some());
}
