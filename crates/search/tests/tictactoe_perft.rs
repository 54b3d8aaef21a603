//! Tic-tac-toe through the shared perft harness.

use gamesolver_games::tictactoe::Board;
use gamesolver_search::perft::{divide, parse_cases, perft};

#[test]
fn tictactoe_reference_counts() {
    let cases = parse_cases(include_str!("data/tictactoe.perft")).unwrap();
    assert!(!cases.is_empty());
    for case in cases {
        let board: Board = case.position.parse().unwrap();
        assert_eq!(perft(&board, case.depth), case.count, "line {}", case.line);
    }
}

#[test]
fn divide_sums_to_perft() {
    let total: u64 = divide(&Board::empty(), 4).iter().map(|&(_, n)| n).sum();
    assert_eq!(total, perft(&Board::empty(), 4));
}
