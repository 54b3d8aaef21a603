//! The alpha-beta reads its clock every 256 nodes whatever the positions:
//! in the late CodinGame-rule endgames, where most nodes end the game, as in
//! the middle game. So a stop (the deadline or the stop flag) is noticed
//! within 257 nodes, a small fraction of a millisecond at the engine's
//! speed; this count does not depend on the machine's load. A proved
//! result does not end a search that has a budget to spend: it deepens
//! until the budget is spent or the rest of the game is searched.

use gamesolver_core::Game;
use gamesolver_engines::uttt::endgame_suite::parse_suite;
use gamesolver_engines::uttt::eval::{EvalWeights, UtttEval};
use gamesolver_games::uttt::{Board, Cell, Variant};
use std::time::Duration;

use gamesolver_engines::uttt::endgame_suite::SolvedPosition;
use gamesolver_search::{AlphaBeta, Limits, MAX_PLY, SearchInfo};

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

/// The solved endgames of 23–30 playable cells that are won or lost.
fn decisive_deep_endgames() -> Vec<SolvedPosition> {
    let text = include_str!("../../../data/uttt-codingame-endgames-deep.txt");
    let suite = parse_suite(text).expect("the committed suite parses");
    suite.into_iter().filter(|p| p.value != 0).collect()
}

/// The first iteration whose score is a proved result, and the last report.
fn search_noting_the_proof(
    search: &mut AlphaBeta<Board, UtttEval>,
    board: &Board,
    limits: &Limits,
) -> (Option<SearchInfo<Cell>>, SearchInfo<Cell>) {
    let mut proved = None;
    let info = search.search(board, limits, |i| {
        if proved.is_none() && i.score.is_decisive() {
            proved = Some(i.clone());
        }
    });
    (proved, info)
}

/// Issue 27: a proved win or loss in a large endgame no longer ends the
/// search at once: with a node budget (or a move time) it deepens until
/// the budget is spent, exactly (no node is searched after the stop), or
/// the rest of the game is searched ([`MAX_PLY`]); the proved result agrees
/// with the exact solver's value. Without a budget (a depth limit alone)
/// the proof still ends the search.
#[test]
fn a_proved_endgame_searches_on_until_its_budget_is_spent() {
    const BUDGET: u64 = 150_000;
    let mut search = searcher();
    let (mut proved, mut spent) = (0, 0);
    for position in decisive_deep_endgames().iter().step_by(8) {
        search.new_game();
        let (proof, info) =
            search_noting_the_proof(&mut search, &position.board, &Limits::nodes(BUDGET));
        let Some(proof) = proof else { continue };
        proved += 1;
        let sign = i8::from(info.score.plies_to_end().is_some_and(|p| p > 0))
            - i8::from(info.score.plies_to_end().is_some_and(|p| p < 0));
        assert_eq!(sign, position.value, "{}: {}", position.board, info.score);
        assert!(
            info.nodes == BUDGET || info.depth == MAX_PLY as u32,
            "{}: stopped at depth {} after {} nodes, proved at depth {}",
            position.board,
            info.depth,
            info.nodes,
            proof.depth
        );
        if info.nodes == BUDGET {
            spent += 1;
            search.new_game();
            let limits = Limits::depth(MAX_PLY as u32);
            let (_, alone) = search_noting_the_proof(&mut search, &position.board, &limits);
            assert!(alone.depth < MAX_PLY as u32, "{}", position.board);
        }
    }
    assert!(proved >= 3 && spent >= 1, "{proved} proved, {spent} spent");
}

/// The same on the clock: a proved endgame of 28 or more playable cells
/// (far too many to search to the end in 40 ms) takes its move time to the
/// deadline (40 ms less the 2 ms reserve). A lower bound on the time, which
/// a loaded machine cannot make fail.
#[test]
fn a_proved_endgame_uses_its_move_time() {
    let movetime = Duration::from_millis(40);
    let mut search = searcher();
    let mut checked = 0;
    for position in decisive_deep_endgames()
        .iter()
        .filter(|p| gamesolver_engines::uttt::endgame::playable_cells(&p.board) >= 28)
        .take(3)
    {
        search.new_game();
        let limits = Limits {
            movetime: Some(movetime),
            ..Limits::default()
        };
        let (proof, info) = search_noting_the_proof(&mut search, &position.board, &limits);
        if proof.is_none() {
            continue;
        }
        checked += 1;
        assert!(
            info.elapsed >= Duration::from_millis(38) && info.depth < MAX_PLY as u32,
            "{}: {:?} at depth {}",
            position.board,
            info.elapsed,
            info.depth
        );
    }
    assert!(checked >= 1, "no proved position among those tried");
}

/// A small endgame is searched to its end well within the budget: the
/// iterations stop at [`MAX_PLY`], the search can no longer change.
#[test]
fn a_small_endgame_is_searched_to_the_end_and_stops() {
    let text = include_str!("../../../data/uttt-codingame-endgames.txt");
    let suite = parse_suite(text).expect("the committed suite parses");
    let mut search = searcher();
    let mut finished = 0;
    for position in suite
        .iter()
        .filter(|p| gamesolver_engines::uttt::endgame::playable_cells(&p.board) <= 14)
        .take(10)
    {
        search.new_game();
        let info = search.search(&position.board, &Limits::nodes(20_000_000), |_| {});
        assert!(
            info.depth == MAX_PLY as u32 && info.nodes < 20_000_000,
            "{}: depth {} after {} nodes",
            position.board,
            info.depth,
            info.nodes
        );
        finished += 1;
    }
    assert!(finished >= 3, "{finished} small endgames");
}
