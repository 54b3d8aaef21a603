//! The choice among moves of equal proved value against an erring
//! opponent (`ErrorChoosing`), on tic-tac-toe, against plain
//! minimax and a plain recursive model of the erring opponent.

use crate::alphabeta_tictactoe::Zero;
use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::tictactoe::{Board, Cell};
use gamesolver_search::{AlphaBeta, Engine, ErrorChoosing, ErrorModel, Limits, Reserve, Score};

/// The game's value for the side to move: 1 win, 0 draw, −1 loss.
fn value(board: &Board) -> i32 {
    match board.outcome() {
        Some(Outcome::Draw) => 0,
        Some(Outcome::Winner(p)) if p == board.turn() => 1,
        Some(_) => -1,
        None => board
            .moves()
            .into_iter()
            .map(|m| -value(&board.after(m)))
            .max()
            .expect("moves"),
    }
}

/// The worth of `board` to its side to move when `chooser` plays its best
/// and the other side its best with chance 1 − `error`, else a uniformly
/// random move; a win is worth 1 (the evaluation is 0 everywhere).
fn erring_value(board: &Board, chooser: Player, error: f64) -> f64 {
    match board.outcome() {
        Some(Outcome::Draw) => 0.0,
        Some(Outcome::Winner(p)) if p == board.turn() => 1.0,
        Some(_) => -1.0,
        None => {
            let values: Vec<f64> = board
                .moves()
                .into_iter()
                .map(|m| -erring_value(&board.after(m), chooser, error))
                .collect();
            let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            if board.turn() == chooser {
                best
            } else {
                let mean = values.iter().sum::<f64>() / values.len() as f64;
                (1.0 - error) * best + error * mean
            }
        }
    }
}

fn erring_search() -> ErrorChoosing<Board, AlphaBeta<Board, Zero>, Zero> {
    ErrorChoosing::new(
        AlphaBeta::new(Zero, 1),
        Zero,
        ErrorModel::default(),
        Reserve::default(),
    )
}

/// Every position `plies` moves from the start, unfinished, in a fixed
/// order.
fn positions_after(plies: usize) -> Vec<Board> {
    let mut layer = vec![Board::empty()];
    for _ in 0..plies {
        let mut next: Vec<Board> = layer
            .iter()
            .flat_map(|b| b.moves().into_iter().map(|m| b.after(m)))
            .filter(|b| !b.is_finished())
            .collect();
        next.sort_by_key(ToString::to_string);
        next.dedup();
        layer = next;
    }
    layer
}

/// From the empty board (a draw) every first move draws; against the
/// erring opponent the centre is worth most: fewer immediate losing
/// replies than a corner (4 of 8 against 7 of 8) but more chances to go
/// wrong later, as the plain recursive model of the erring opponent says.
#[test]
fn the_drawn_start_is_chosen_against_errors() {
    let board = Board::empty();
    let info = erring_search().think(&board, &Limits::nodes(20_000_000), &mut |_| {});
    assert_eq!(info.score, Score::DRAW);
    let chosen = info.best_move().expect("a move");
    let error = f64::from(ErrorModel::DEFAULT_ERROR_PER_MILLE) / 1000.0;
    let worth = |m: Cell| -erring_value(&board.after(m), board.turn(), error);
    let (best, worst) = board
        .moves()
        .into_iter()
        .map(worth)
        .fold((f64::NEG_INFINITY, f64::INFINITY), |(hi, lo), w| {
            (hi.max(w), lo.min(w))
        });
    assert!(worth(chosen) >= best - 1e-9, "{chosen}");
    assert!(
        best > worst + 0.01,
        "the first moves differ: {best} {worst}"
    );
    assert_eq!(chosen.index(), 4);
}

/// On every position three and four plies from the start, the choice
/// keeps the game's value, and where the search proved a draw or a loss
/// within its budget it is a best move against the erring opponent.
#[test]
fn the_choice_keeps_the_value_and_is_best_against_errors() {
    let error = f64::from(ErrorModel::DEFAULT_ERROR_PER_MILLE) / 1000.0;
    let mut changed = 0;
    for board in positions_after(3).into_iter().chain(positions_after(4)) {
        let mut search = erring_search();
        let info = search.think(&board, &Limits::nodes(50_000_000), &mut |_| {});
        let chosen = info.best_move().expect("a move");
        let exact = value(&board);
        assert_eq!(-value(&board.after(chosen)), exact, "{board}: {chosen}");
        if exact == 1 {
            continue;
        }
        let keeping: Vec<Cell> = board
            .moves()
            .into_iter()
            .filter(|&m| -value(&board.after(m)) == exact)
            .collect();
        let worth = |m: Cell| -erring_value(&board.after(m), board.turn(), error);
        let best = keeping
            .iter()
            .map(|&m| worth(m))
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(
            worth(chosen) >= best - 1e-9,
            "{board}: {chosen} worth {} of {best}",
            worth(chosen)
        );
        let mut plain = AlphaBeta::new(Zero, 1);
        let default = plain.search(&board, &Limits::nodes(50_000_000), |_| {});
        changed += usize::from(default.best_move() != Some(chosen));
    }
    assert!(changed > 0, "the model never changed a choice");
}

/// Without a budget to spend (a depth limit alone), or with too small a
/// one, the search's own choice stays.
#[test]
fn without_budget_the_search_s_choice_stays() {
    let board = Board::empty();
    let mut plain = AlphaBeta::new(Zero, 1);
    let own = plain.search(&board, &Limits::depth(100), |_| {});
    let by_depth = erring_search().think(&board, &Limits::depth(100), &mut |_| {});
    assert_eq!(by_depth.best_move(), own.best_move());
    let short = erring_search().think(&board, &Limits::nodes(5_000), &mut |_| {});
    let mut plain = AlphaBeta::new(Zero, 1);
    let own_short = plain.search(&board, &Limits::nodes(5_000), |_| {});
    assert_eq!(short.best_move(), own_short.best_move());
}
