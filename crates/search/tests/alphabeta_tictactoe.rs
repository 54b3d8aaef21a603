//! Alpha-beta against plain minimax on every reachable tic-tac-toe position:
//! with an evaluation of zero, full-depth scores must be exact game values
//! with exact distances.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use gamesolver_core::{Game, Outcome};
use gamesolver_games::tictactoe::{Board, Cell};
use gamesolver_search::{AlphaBeta, Evaluator, Limits, Score, SearchConfig, SearchInfo, StopFlag};

/// An evaluation of zero everywhere (also the error-chance tests').
pub(crate) struct Zero;

impl Evaluator<Board> for Zero {
    fn evaluate(&self, _: &Board) -> Score {
        Score::DRAW
    }
    fn key(&self, position: &Board) -> u64 {
        let mut h = DefaultHasher::new();
        position.hash(&mut h);
        h.finish()
    }
    fn move_slots(&self) -> usize {
        9
    }
    fn move_index(&self, mv: Cell) -> usize {
        mv.index().into()
    }
}

/// Plain minimax: the score with distances counted from `ply`.
fn minimax(board: &Board, ply: u32) -> Score {
    match board.outcome() {
        Some(Outcome::Draw) => Score::DRAW,
        Some(Outcome::Winner(p)) if p == board.turn() => Score::win_in(ply),
        Some(_) => Score::loss_in(ply),
        None => board
            .moves()
            .into_iter()
            .map(|m| -minimax(&board.after(m), ply + 1))
            .max()
            .expect("moves"),
    }
}

fn reachable() -> Vec<Board> {
    let mut seen = HashSet::new();
    let mut stack = vec![Board::empty()];
    while let Some(b) = stack.pop() {
        if seen.insert(b) {
            stack.extend(b.moves().into_iter().map(|m| b.after(m)));
        }
    }
    let mut positions: Vec<Board> = seen.into_iter().collect();
    positions.sort_by_key(ToString::to_string);
    positions
}

/// Without late move reductions (which trade exactness for depth), a
/// full-depth search is exact, whatever the table holds from earlier
/// searches.
#[test]
fn full_depth_scores_are_exact_on_every_position() {
    let exact_search = SearchConfig {
        late_move_reductions: false,
        ..SearchConfig::default()
    };
    let mut search = AlphaBeta::new(Zero, 1).with_config(exact_search);
    for board in reachable().into_iter().filter(|b| !b.is_finished()) {
        let info = search.search(&board, &Limits::depth(9), |_| {});
        let exact = minimax(&board, 0);
        assert_eq!(info.score, exact, "{board}");
        let best = info.best_move().expect("a move");
        assert_eq!(-minimax(&board.after(best), 1), exact, "{board}: {best}");
    }
}

/// Singular extensions search a table move deeper, never shallower: with
/// every node eligible and no margin, full-depth scores stay exact.
#[test]
fn singular_extensions_keep_full_depth_scores_exact() {
    let extending = SearchConfig {
        late_move_reductions: false,
        singular_extension: 2,
        singular_min_depth: 4,
        singular_margin: 0,
        ..SearchConfig::default()
    };
    let mut search = AlphaBeta::new(Zero, 1).with_config(extending);
    for board in reachable().into_iter().filter(|b| !b.is_finished()) {
        let info = search.search(&board, &Limits::depth(9), |_| {});
        assert_eq!(info.score, minimax(&board, 0), "{board}");
    }
}

#[test]
fn the_pv_is_legal_and_iterations_are_reported() {
    let mut search = AlphaBeta::new(Zero, 1);
    let mut depths = Vec::new();
    let info = search.search(&Board::empty(), &Limits::depth(9), |i| depths.push(i.depth));
    assert_eq!(info.score, Score::DRAW);
    assert_eq!(depths, (1..=9).collect::<Vec<_>>());
    let mut board = Board::empty();
    for mv in &info.pv {
        board = board.play(*mv).expect("legal pv");
    }
}

#[test]
fn a_raised_stop_flag_still_returns_a_legal_move() {
    let mut search = AlphaBeta::new(Zero, 1);
    let flag: StopFlag = search.stop_flag();
    flag.stop();
    let info = search.search(&Board::empty(), &Limits::default(), |_| {});
    assert!(Board::empty().play(info.best_move().expect("move")).is_ok());
    flag.reset();
    let info = search.search(&Board::empty(), &Limits::nodes(50), |_| {});
    assert!(info.nodes <= 60);
}

/// With late move reductions the search still finds every win it is
/// given enough depth for from a fresh table: each position's best move
/// keeps the value it promises at least as well as a draw.
#[test]
fn reduced_search_never_chooses_a_losing_move_when_it_can_draw() {
    for board in reachable().into_iter().filter(|b| !b.is_finished()) {
        let mut search = AlphaBeta::new(Zero, 1);
        let info = search.search(&board, &Limits::depth(9), |_| {});
        let best = info.best_move().expect("a move");
        let exact = minimax(&board, 0);
        let chosen = -minimax(&board.after(best), 1);
        assert!(chosen >= exact.min(Score::DRAW), "{board}: {best}");
    }
}

/// An evaluation that counts its calls and varies with the position, so
/// null-window nodes meet static scores on both sides of beta.
struct Counting(std::cell::Cell<u64>);

impl Evaluator<Board> for Counting {
    fn evaluate(&self, position: &Board) -> Score {
        self.0.set(self.0.get() + 1);
        Score::eval((Zero.key(position) % 201) as i32 - 100)
    }
    fn key(&self, position: &Board) -> u64 {
        Zero.key(position)
    }
    fn move_slots(&self) -> usize {
        9
    }
    fn move_index(&self, mv: Cell) -> usize {
        mv.index().into()
    }
}

/// A depth-8 search of the empty board with [`Counting`] under `config`:
/// its report and how many static evaluations it made.
fn counting_search(config: SearchConfig) -> (SearchInfo<Cell>, u64) {
    let mut search = AlphaBeta::new(Counting(std::cell::Cell::new(0)), 1).with_config(config);
    let info = search.search(&Board::empty(), &Limits::depth(8), |_| {});
    (info, search.evaluator().0.get())
}

/// A game without a null move (tic-tac-toe, like ultimate tic-tac-toe)
/// pays nothing for null-move pruning being on: the same nodes and not one
/// static evaluation more than with it off.
#[test]
fn null_move_pruning_costs_no_evaluation_without_a_null_move() {
    let run = |null_move: bool| {
        let (info, evaluations) = counting_search(SearchConfig {
            null_move,
            ..SearchConfig::default()
        });
        (info.nodes, evaluations)
    };
    let (on, off) = (run(true), run(false));
    assert!(off.1 > 100, "{off:?}");
    assert_eq!(on, off);
}

/// Reverse futility pruning (`SearchConfig::static_cut_margin`) cuts
/// null-window nodes near the leaves whose evaluation beats beta by the
/// margin: fewer nodes than without it, while a margin no evaluation can
/// beat searches the same tree node for node.
#[test]
fn static_cuts_prune_near_the_leaves_only_past_the_margin() {
    let run = |static_cut_margin: u32| {
        let (info, _) = counting_search(SearchConfig {
            static_cut_margin,
            ..SearchConfig::default()
        });
        assert!(info.best_move().is_some());
        (info.nodes, info.pv)
    };
    let off = run(0);
    // The evaluations lie in -100..=100, so beta plus 201 a ply is never met.
    assert_eq!(run(201), off);
    let cut = run(10);
    assert!(
        cut.0 < off.0,
        "{} nodes with the cut, {} without",
        cut.0,
        off.0
    );
}

/// `SearchConfig::reduction_min_depth` moves where late moves start being
/// reduced; a depth under three (where a two-ply reduction would leave no
/// ply) is taken as three, without a panic.
#[test]
fn reductions_start_at_the_configured_depth() {
    let run = |depth: u32| nodes_with(|config| config.reduction_min_depth = depth);
    let (three, four) = (run(3), run(4));
    assert_ne!(three, four);
    assert_eq!(run(0), three);
    assert_eq!(run(2), three);
}

/// `SearchConfig::reduction_after_moves` moves where late moves start
/// being reduced in a node's list; 0 is taken as 1 (the first move is
/// never reduced).
#[test]
fn reductions_start_after_the_configured_moves() {
    let run = |moves: u32| nodes_with(|config| config.reduction_after_moves = moves);
    let (two, three) = (run(2), run(3));
    assert_ne!(two, three);
    assert_eq!(run(0), run(1));
}

/// Late move pruning skips moves near the leaves: fewer nodes, more the
/// fewer moves a ply it keeps, and the search still finds a move.
#[test]
fn late_move_pruning_skips_moves_near_the_leaves() {
    let run = |per_ply: u32| nodes_with(|config| config.late_move_pruning = per_ply);
    let (off, two, one) = (run(0), run(2), run(1));
    assert!(two < off, "{two} against {off}");
    assert!(one < two, "{one} against {two}");
}

/// The history malus and continuation history change the move order, so
/// the tree: each setting searches another number of nodes.
#[test]
fn history_malus_continuation_history_and_gravity_change_the_order() {
    let plain = nodes_with(|_| {});
    let malus = nodes_with(|config| config.history_malus = true);
    let continuation = nodes_with(|config| config.continuation_history = true);
    let both = nodes_with(|config| {
        config.history_malus = true;
        config.continuation_history = true;
    });
    assert_ne!(malus, plain);
    assert_ne!(continuation, plain);
    assert_ne!(both, malus);
    assert_ne!(both, continuation);
    // Gravity towards a bound smaller than the deep rewards (depth squared)
    // orders differently from plain sums.
    let gravity = nodes_with(|config| config.history_gravity = 20);
    assert_ne!(gravity, plain);
}

/// Singular extensions change the tree only when switched on: a table
/// move far enough above the others is searched deeper (more nodes, with
/// the verification searches), and a margin no move can clear extends
/// nothing but still pays for the verification.
#[test]
fn singular_extensions_change_the_tree_only_when_on() {
    let plain = nodes_with(|_| {});
    let with = |plies: u32, margin: u32| {
        nodes_with(|config| {
            config.singular_extension = plies;
            config.singular_min_depth = 4;
            config.singular_margin = margin;
        })
    };
    assert_eq!(with(0, 0), plain);
    assert_ne!(with(2, 0), plain);
    assert_ne!(with(2, 0), with(2, 1_000));
}

/// Multi-cut prunes only when switched on: with singular checks on every
/// node and no margin, a null-window node whose check finds a second move
/// above beta fails high without its moves, so the tree shrinks.
#[test]
fn singular_multi_cut_changes_the_tree_only_when_on() {
    let with = |cut: bool| {
        nodes_with(|config| {
            config.singular_extension = 1;
            config.singular_min_depth = 4;
            config.singular_margin = 0;
            config.singular_multi_cut = cut;
        })
    };
    assert_ne!(with(true), with(false));
    assert!(with(true) < with(false));
}

/// The nodes of the counting search with the default settings changed by
/// `change` (it must still find a move).
fn nodes_with(change: impl FnOnce(&mut SearchConfig)) -> u64 {
    let mut config = SearchConfig::default();
    change(&mut config);
    let (info, _) = counting_search(config);
    assert!(info.best_move().is_some());
    info.nodes
}
