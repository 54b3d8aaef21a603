//! Ultimate tic-tac-toe through the conformance suite, and against a naive
//! second implementation of the rules written straight from their statement
//! in the documentation of `gamesolver_games::uttt`.

use gamesolver_conformance::{
    check_move_notation, check_moves, check_position_notation, random_playouts,
};
use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::{Board, Cell, Variant, has_line};

/// A deliberately simple model of the rules: a grid of 81 chars, no bit tricks.
#[derive(Clone)]
struct Naive {
    cells: [u8; 81],
    forced: Option<usize>,
    turn: u8,
    codingame: bool,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Naive {
    fn from(board: &Board) -> Naive {
        let text = board.to_string();
        let mut cells = [b'.'; 81];
        cells.copy_from_slice(&text.as_bytes()[..81]);
        Naive {
            cells,
            forced: text[82..].parse().ok(),
            turn: if board.turn() == Player::First {
                b'X'
            } else {
                b'O'
            },
            codingame: board.variant() == Variant::CodinGame,
        }
    }

    fn small_owner(&self, b: usize) -> Option<u8> {
        LINES.iter().find_map(|l| {
            let c = self.cells[b * 9 + l[0]];
            (c != b'.' && l.iter().all(|&p| self.cells[b * 9 + p] == c)).then_some(c)
        })
    }

    fn closed(&self, b: usize) -> bool {
        self.small_owner(b).is_some() || (0..9).all(|p| self.cells[b * 9 + p] != b'.')
    }

    fn outcome(&self) -> Option<Outcome> {
        let owner = |b: usize| self.small_owner(b);
        for l in LINES {
            if let Some(c) = owner(l[0]).filter(|&c| l.iter().all(|&b| owner(b) == Some(c))) {
                return Some(Outcome::Winner(if c == b'X' {
                    Player::First
                } else {
                    Player::Second
                }));
            }
        }
        if (0..9).all(|b| self.closed(b)) {
            let x = (0..9).filter(|&b| owner(b) == Some(b'X')).count();
            let o = (0..9).filter(|&b| owner(b) == Some(b'O')).count();
            return Some(match (self.codingame, x.cmp(&o)) {
                (true, std::cmp::Ordering::Greater) => Outcome::Winner(Player::First),
                (true, std::cmp::Ordering::Less) => Outcome::Winner(Player::Second),
                _ => Outcome::Draw,
            });
        }
        None
    }

    fn moves(&self) -> Vec<usize> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let boards: Vec<usize> = match self.forced {
            Some(b) if !self.closed(b) => vec![b],
            _ => (0..9).filter(|&b| !self.closed(b)).collect(),
        };
        let mut out = Vec::new();
        for b in boards {
            out.extend((0..9).map(|p| b * 9 + p).filter(|&c| self.cells[c] == b'.'));
        }
        out
    }

    fn play(&mut self, cell: usize) {
        self.cells[cell] = self.turn;
        self.forced = Some(cell % 9);
        self.turn = if self.turn == b'X' { b'O' } else { b'X' };
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn agree_with_naive(positions: &[Board]) {
    for board in positions {
        let naive = Naive::from(board);
        let ours: Vec<usize> = board.moves().iter().map(|c| c.index() as usize).collect();
        assert_eq!(ours, naive.moves(), "{board}");
        assert_eq!(board.outcome(), naive.outcome(), "{board}");
        assert_eq!(board.move_count() as usize, ours.len(), "{board}");
    }
}

#[test]
fn conformance_over_random_games() {
    for variant in [Variant::Standard, Variant::CodinGame] {
        let positions = random_playouts(&Board::start(variant), 300, 2026);
        assert!(positions.iter().any(Board::is_finished));
        let universe: Vec<Cell> = Cell::all().collect();
        check_moves(&positions, &universe);
        check_position_notation(
            &positions
                .iter()
                .filter(|b| b.variant() == Variant::Standard)
                .copied()
                .collect::<Vec<_>>(),
        );
        check_move_notation(&positions);
        agree_with_naive(&positions);
    }
}

#[test]
fn codingame_variant_decides_exhausted_games_by_board_count() {
    let positions = random_playouts(&Board::start(Variant::CodinGame), 400, 7);
    let decided = positions.iter().filter(|b| match b.outcome() {
        Some(Outcome::Winner(p)) => !has_line(b.meta(p)),
        _ => false,
    });
    assert!(
        decided.count() > 0,
        "some full games are decided by counting"
    );
}

#[test]
fn naive_perft_agrees_near_the_end_of_games() {
    let positions = random_playouts(&Board::empty(), 40, 99);
    for board in positions
        .iter()
        .filter(|b| b.marks(Player::First).count_ones() >= 25)
    {
        let naive = Naive::from(board);
        let fast = gamesolver_search_free_perft(board, 3);
        assert_eq!(fast, naive.perft(3), "{board}");
    }
}

/// The naive model counts the perft of `crates/search/tests/data/uttt.perft`
/// from the empty board.
#[test]
fn naive_perft_from_the_empty_board() {
    let naive = Naive::from(&Board::empty());
    let counts: Vec<u64> = (1..=6).map(|depth| naive.perft(depth)).collect();
    assert_eq!(counts, [81, 720, 6336, 55080, 473256, 4020960]);
}

/// Perft by the rules crate alone (the shared harness lives in the search
/// crate, which depends on this one only for tests).
fn gamesolver_search_free_perft(board: &Board, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            u64::from(board.move_count())
        };
    }
    board
        .moves()
        .into_iter()
        .map(|m| gamesolver_search_free_perft(&board.after(m), depth - 1))
        .sum()
}
