//! Ultimate tic-tac-toe through the shared perft harness.

use gamesolver_games::uttt::Board;
use gamesolver_search::perft::{divide, parse_cases, perft, perft_bulk};

#[test]
fn uttt_reference_counts() {
    let cases = parse_cases(include_str!("data/uttt.perft")).unwrap();
    assert!(cases.len() > 20);
    for case in cases {
        let board: Board = case
            .position
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        assert_eq!(
            perft_bulk(&board, case.depth, |b| b.move_count().into()),
            case.count,
            "line {}",
            case.line
        );
        if case.count < 100_000 {
            assert_eq!(perft(&board, case.depth), case.count, "line {}", case.line);
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let total: u64 = divide(&Board::empty(), 3).iter().map(|&(_, n)| n).sum();
    assert_eq!(total, 6336);
}
