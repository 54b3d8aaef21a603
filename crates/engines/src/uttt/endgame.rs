//! An exact endgame solver for ultimate tic-tac-toe, under either rule:
//! negamax alpha-beta over the three values win (1), draw (0) and loss (−1)
//! of the side to move, with its own transposition table (bounds per
//! position, kept between searches: a solved value never goes stale) and
//! its own move ordering (the table move, then moves that take a small
//! board, then moves that do not hand the opponent a free choice).
//!
//! Under CodinGame's rule the game that runs out of open boards is won by
//! the player with more boards, so the value of a late position is decided
//! by the count race; [`Board`]'s outcome already applies the rule, so the
//! solver needs no special case.

use gamesolver_core::{Game, Outcome};
use gamesolver_games::uttt::{Board, Cell, FULL, Variant, has_line};
use gamesolver_search::{Budget, Limits, StopFlag};

/// A table slot: the position's key and the bounds proven on its value.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
}

/// How often the clock and the stop flag are read, in nodes.
const CHECK_EVERY: u64 = 1024;

/// No best move stored.
const NO_MOVE: u8 = u8::MAX;

/// A filler for move arrays.
const ANY_CELL: Cell = match Cell::new(0) {
    Some(cell) => cell,
    None => panic!("cell 0 exists"),
};

/// A solved position: its value for the side to move and a move that
/// keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// 1 win, 0 draw, −1 loss, for the side to move.
    pub value: i8,
    /// A move that keeps the value (`None` when the game is over).
    pub best: Option<Cell>,
    /// Nodes visited by this call.
    pub nodes: u64,
}

/// The solver and its table.
#[derive(Debug)]
pub struct EndgameSolver {
    table: Vec<Slot>,
    nodes: u64,
    budget: Budget,
    stop: StopFlag,
}

/// The number of empty cells in open small boards (cells that can still be
/// played).
#[must_use]
pub fn playable_cells(board: &Board) -> u32 {
    let occupied =
        board.marks(gamesolver_core::Player::First) | board.marks(gamesolver_core::Player::Second);
    (0..9u8)
        .filter(|b| board.closed() >> b & 1 == 0)
        .map(|b| 9 - ((occupied >> (9 * u32::from(b))) as u16 & FULL).count_ones())
        .sum()
}

impl EndgameSolver {
    /// A solver with a table of `2^log2_slots` positions (16 bytes each).
    #[must_use]
    pub fn new(log2_slots: u32) -> EndgameSolver {
        EndgameSolver {
            table: vec![Slot::default(); 1 << log2_slots.min(28)],
            nodes: 0,
            budget: Budget::start(&Limits::default(), StopFlag::new(), CHECK_EVERY),
            stop: StopFlag::new(),
        }
    }

    /// Watches `flag` (shared with a search) to stop early.
    pub fn set_stop_flag(&mut self, flag: StopFlag) {
        self.stop = flag;
    }

    /// Solves `board` within `limits` (move time and nodes; depth is
    /// ignored), or `None` when the limits stop it first.
    pub fn solve(&mut self, board: &Board, limits: &Limits) -> Option<Solved> {
        self.solve_window(board, -1, 1, limits)
    }

    /// Whether `board`'s value for its side to move is at least `value`,
    /// or `None` when the limits stop the proof first.
    pub fn at_least(&mut self, board: &Board, value: i8, limits: &Limits) -> Option<bool> {
        self.solve_window(board, value - 1, value, limits)
            .map(|s| s.value >= value)
    }

    /// Negamax inside the window `alpha..beta` from the root.
    fn solve_window(
        &mut self,
        board: &Board,
        alpha: i8,
        beta: i8,
        limits: &Limits,
    ) -> Option<Solved> {
        self.budget = Budget::start(limits, self.stop.clone(), CHECK_EVERY);
        self.nodes = 0;
        let value = self.negamax(board, alpha, beta)?;
        let best = self.probe(table_key(board)).and_then(|s| decode(s.best));
        Some(Solved {
            value,
            best: best.or_else(|| board.moves().first().copied()),
            nodes: self.nodes,
        })
    }

    /// The table slot of `key`, if it holds that position.
    fn probe(&self, key: u64) -> Option<Slot> {
        let slot = self.table[self.index(key)];
        (slot.key == key && slot.lower <= slot.upper).then_some(slot)
    }

    /// The slot index of `key`.
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    /// The value of `board` for its side to move, exact inside
    /// `alpha..beta`, a bound outside; `None` once the budget is spent.
    fn negamax(&mut self, board: &Board, mut alpha: i8, mut beta: i8) -> Option<i8> {
        self.nodes += 1;
        if let Some(outcome) = board.outcome() {
            return Some(match outcome {
                Outcome::Draw => 0,
                Outcome::Winner(p) if p == board.turn() => 1,
                Outcome::Winner(_) => -1,
            });
        }
        if self.budget.exhausted(self.nodes) {
            return None;
        }
        let key = table_key(board);
        let stored = self.probe(key);
        if let Some(slot) = stored {
            if slot.lower >= beta || slot.lower == slot.upper {
                return Some(slot.lower);
            }
            if slot.upper <= alpha {
                return Some(slot.upper);
            }
            alpha = alpha.max(slot.lower);
            beta = beta.min(slot.upper);
        }
        let mut moves = [(0i32, ANY_CELL); 81];
        let count = ordered_moves(board, stored.and_then(|s| decode(s.best)), &mut moves);
        let (window_low, mut low) = (alpha, alpha);
        let (mut best, mut best_move) = (-2i8, NO_MOVE);
        for &(_, mv) in &moves[..count] {
            // Marked in place (`after` would move the child once more).
            let mut child = *board;
            child.play_unchecked(mv);
            let value = -self.negamax(&child, -beta, -low)?;
            if value > best {
                (best, best_move) = (value, mv.index());
                low = low.max(value);
                if value >= beta {
                    break;
                }
            }
        }
        self.store(key, best, best_move, (window_low, beta), stored);
        Some(best)
    }

    /// Records what the search of a node in the window `alpha..beta`
    /// proved: `best` is exact inside it, a lower bound at or above `beta`,
    /// an upper bound at or below `alpha`; merged with the bounds already
    /// known. A result below the window says nothing about which move is
    /// best, so the move that proved the known lower bound is kept.
    fn store(&mut self, key: u64, best: i8, mv: u8, (alpha, beta): (i8, i8), known: Option<Slot>) {
        let (mut lower, mut upper) = known.map_or((-1, 1), |s| (s.lower, s.upper));
        let mut kept = mv;
        if best > alpha {
            lower = lower.max(best);
        } else if let Some(slot) = known.filter(|s| s.best != NO_MOVE) {
            kept = slot.best;
        }
        if best < beta {
            upper = upper.min(best);
        }
        let index = self.index(key);
        self.table[index] = Slot {
            key,
            lower,
            upper,
            best: kept,
        };
    }
}

/// Set in the table key of positions under CodinGame's rule, whose values
/// differ from the same marks under the standard rule.
const CODINGAME_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// The position's table key: its Zobrist key, told apart by the rule.
fn table_key(board: &Board) -> u64 {
    match board.variant() {
        Variant::Standard => board.key(),
        Variant::CodinGame => board.key() ^ CODINGAME_KEY,
    }
}

/// The move stored as a cell index.
fn decode(index: u8) -> Option<Cell> {
    Cell::new(index)
}

/// Fills `out` with the legal moves of `board`, best first, and returns how
/// many: the table move, then moves that take a small board, then those
/// that do not send the opponent to a closed board (a free choice).
fn ordered_moves(board: &Board, table_move: Option<Cell>, out: &mut [(i32, Cell); 81]) -> usize {
    let me = board.turn();
    let mut count = 0;
    board.for_each_move(|mv| {
        let mine = board.small_board(mv.board(), me) | 1 << mv.pos();
        let takes = has_line(mine);
        let frees = board.closed() >> mv.pos() & 1 == 1 || (takes && mv.pos() == mv.board());
        let key =
            i32::from(Some(mv) == table_move) * 8 + i32::from(takes) * 4 - i32::from(frees) * 2;
        out[count] = (key, mv);
        count += 1;
    });
    out[..count].sort_by_key(|entry| std::cmp::Reverse(entry.0));
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain negamax over the whole tree: no table, no ordering, no
    /// pruning beyond stopping at a win (the independent reference).
    fn slow_value(board: &Board) -> i8 {
        if let Some(outcome) = board.outcome() {
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Winner(p) if p == board.turn() => 1,
                Outcome::Winner(_) => -1,
            };
        }
        let mut best = -1;
        for mv in board.moves() {
            best = best.max(-slow_value(&board.after(mv)));
            if best == 1 {
                break;
            }
        }
        best
    }

    /// Late positions of pseudo-random games (a fixed linear congruential
    /// sequence), with at most `empties` playable cells.
    fn late_positions(variant: Variant, empties: u32, count: usize) -> Vec<Board> {
        let mut seed = 12_345u64;
        let mut found = Vec::new();
        while found.len() < count {
            let mut board = Board::start(variant);
            while !board.is_finished() && playable_cells(&board) > empties {
                let moves = board.moves();
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                board = board.after(moves[(seed >> 33) as usize % moves.len()]);
            }
            if !board.is_finished() {
                found.push(board);
            }
        }
        found
    }

    #[test]
    fn agrees_with_plain_negamax_under_both_rules() {
        let mut solver = EndgameSolver::new(16);
        for variant in [Variant::Standard, Variant::CodinGame] {
            let mut values = [0; 3];
            for board in late_positions(variant, 12, 40) {
                let expected = slow_value(&board);
                // A bound proved first must merge with the full solve.
                let unlimited = Limits::default();
                assert_eq!(solver.at_least(&board, 0, &unlimited), Some(expected >= 0));
                let solved = solver.solve(&board, &Limits::default()).unwrap();
                assert_eq!(solved.value, expected, "{board}");
                let best = solved.best.unwrap();
                assert_eq!(-slow_value(&board.after(best)), expected, "{board} {best}");
                values[(expected + 1) as usize] += 1;
            }
            // The sample has all three values in it.
            assert!(values.iter().all(|&n| n > 0), "{variant}: {values:?}");
        }
    }

    #[test]
    fn counts_cells_and_stops_at_the_node_limit() {
        assert_eq!(playable_cells(&Board::empty()), 81);
        let board = late_positions(Variant::CodinGame, 30, 1)[0];
        assert!(playable_cells(&board) <= 30);
        let mut solver = EndgameSolver::new(10);
        assert_eq!(solver.solve(&board, &Limits::nodes(5)), None);
        let solved = solver.solve(&board, &Limits::default()).unwrap();
        assert_eq!(
            solver.at_least(&board, solved.value, &Limits::default()),
            Some(true)
        );
        if solved.value < 1 {
            assert_eq!(
                solver.at_least(&board, solved.value + 1, &Limits::default()),
                Some(false)
            );
        }
    }
}
