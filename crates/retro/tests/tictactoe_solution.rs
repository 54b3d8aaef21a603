//! The strong solution of tic-tac-toe against the published counts: 5,478
//! reachable positions, 958 of them finished (626 won by X, 316 by O, 16
//! drawn), and 255,168 complete games (131,184 won by X, 77,904 by O,
//! 46,080 drawn), as Henry Bottomley counts them
//! (<http://www.se16.info/hgb/tictactoe.htm>; the game counts are also in
//! Wikipedia's "Tic-tac-toe" article). The per-ply counts follow from the
//! rules by hand for the first plies (9, 72, 252 = 9·8·7/2, …).

use gamesolver_core::{Game, Indexer, Solution, Wdl};
use gamesolver_games::tictactoe::{Base3Indexer, Board, Cell};
use gamesolver_retro::loopfree::{
    DensePositionMap, GameGraph, HashPositionMap, LoopFreeSolution, PathCounts, SolveStats,
    WdlCounts,
};
use gamesolver_retro::{SolvedTable, TableIdentity, analyse};

type DenseSolution = LoopFreeSolution<Board, DensePositionMap<Base3Indexer>>;

fn solve() -> DenseSolution {
    let map = DensePositionMap::new(Base3Indexer);
    LoopFreeSolution::solve(GameGraph::enumerate(Board::empty(), map).unwrap())
}

fn cells(list: &[u8]) -> Vec<Cell> {
    list.iter().map(|&n| Cell::new(n).unwrap()).collect()
}

#[test]
fn reachable_and_terminal_counts() {
    let stats = SolveStats::of(&solve());
    assert_eq!(stats.positions, 5478);
    assert_eq!(stats.finished_first_wins, 626);
    assert_eq!(stats.finished_second_wins, 316);
    assert_eq!(stats.finished_draws, 16);
    assert_eq!(stats.finished(), 958);
    assert_eq!(
        stats.unfinished,
        WdlCounts {
            win: 2836,
            draw: 1052,
            loss: 632
        }
    );
    assert_eq!(stats.unfinished.total(), 4520);
    assert_eq!(
        stats.without_winner,
        WdlCounts {
            win: 2836,
            draw: 1068,
            loss: 632
        }
    );
    assert_eq!(stats.without_winner.total(), 4536);
}

#[test]
fn layers_are_plies() {
    let solution = solve();
    let stats = SolveStats::of(&solution);
    assert_eq!(stats.layers.len(), 10);
    let per_ply: Vec<u64> = stats.layers.iter().map(|l| l.wdl.total()).collect();
    // Positions with k marks reachable in play: the classic 1, 9, 72, 252, …
    assert_eq!(per_ply, [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]);
    for depth in 0..10 {
        for &id in solution.graph().layer(depth) {
            assert_eq!(solution.graph().position(id).marks() as usize, depth);
        }
    }
}

#[test]
fn empty_board_is_a_draw_in_nine_and_every_first_move_draws() {
    let solution = solve();
    assert_eq!(solution.solution(0), Solution::new(Wdl::Draw, 9));
    assert_eq!(solution.best_moves(0), cells(&[0, 1, 2, 3, 4, 5, 6, 7, 8]));
}

#[test]
fn demo_position_draws_in_seven_by_any_non_corner_or_corner_but_0() {
    let solution = solve();
    let board: Board = "O...X....".parse().unwrap();
    assert_eq!(solution.get(&board), Some(Solution::new(Wdl::Draw, 7)));
    let analysis = analyse(&board, |b| solution.get(b)).unwrap();
    assert_eq!(analysis.solution, Solution::new(Wdl::Draw, 7));
    assert_eq!(analysis.best, cells(&[1, 2, 3, 5, 6, 7, 8]));
}

#[test]
fn game_tree_paths() {
    let paths = solve().count_paths();
    assert_eq!(
        paths,
        PathCounts {
            first_wins: 131_184,
            second_wins: 77_904,
            draws: 46_080
        }
    );
    assert_eq!(paths.total(), 255_168);
}

#[test]
fn hash_map_enumeration_agrees_with_the_dense_one() {
    let dense = solve();
    let hashed = LoopFreeSolution::solve(
        GameGraph::enumerate(Board::empty(), HashPositionMap::default()).unwrap(),
    );
    assert_eq!(hashed.graph().len(), dense.graph().len());
    for position in dense.graph().positions() {
        assert_eq!(hashed.get(position), dense.get(position));
    }
}

#[test]
fn every_solution_is_consistent_with_its_children() {
    let solution = solve();
    for (id, position) in solution.graph().positions().iter().enumerate() {
        let analysis = analyse(position, |b| solution.get(b)).unwrap();
        assert_eq!(
            analysis.solution,
            solution.solution(id as u32),
            "{position}"
        );
        if position.is_finished() {
            assert_eq!(analysis.solution.distance, 0);
        }
    }
}

#[test]
fn table_answers_like_the_solution() {
    let solution = solve();
    let identity = TableIdentity::new("tictactoe", "standard", "base3", Base3Indexer.len());
    let table = SolvedTable::from_solution(&solution, &Base3Indexer, identity);
    assert_eq!(table.stored(), 5478);
    for position in solution.graph().positions() {
        assert_eq!(
            table.lookup(&Base3Indexer, position),
            solution.get(position)
        );
    }
    // "XXX......" cannot arise (three X, no O): no entry.
    let impossible = 1 + 3 + 9;
    assert_eq!(table.get(impossible), None);
    assert_eq!(table.get(u64::MAX), None);
}
