//! An exact endgame solver for ultimate tic-tac-toe, under either rule:
//! negamax alpha-beta over the three values win (1), draw (0) and loss (−1)
//! of the side to move, with its own transposition table (bounds per
//! position, kept between searches: a solved value never goes stale).
//!
//! A full solve is two null-window tests sharing the table (a win? else at
//! least a draw?). Each node below the root first looks for a win in one
//! move (a small board taken that completes a meta-line) and bounds its
//! value by the meta-lines still open (a side with none left can win only
//! on the count, or under the standard rule not at all). Its moves are
//! ordered by the table move, then by what they hand the opponent (a board
//! where it wins the game at once last), whether they take a small board,
//! how few replies they leave (fastest first) and a history of the moves
//! that cut off before. The root always searches its moves and keeps its
//! best apart from the table.
//!
//! Under CodinGame's rule the game that runs out of open boards is won by
//! the player with more boards, so the value of a late position is decided
//! by the count race; [`Board`]'s outcome already applies the rule, so the
//! solver needs no special case.

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::{Board, COMPLETING, Cell, FULL, Variant, has_line};
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

/// Playable cells below which a node neither probes nor fills the table:
/// so near the end searching again costs less than a look into memory
/// (8–14% less time on the deeper suite for 9% more nodes).
const TABLE_MIN_CELLS: u32 = 4;

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
    /// Per side and cell: how much the move has cut off (the square of the
    /// playable cells where it did), halved at each solve.
    history: [[u32; 81]; 2],
    /// The best move found at the root of the last search.
    root_move: u8,
    nodes: u64,
    budget: Budget,
    stop: StopFlag,
}

/// The number of empty cells in open small boards (cells that can still be
/// played).
#[must_use]
pub fn playable_cells(board: &Board) -> u32 {
    (board.open_cells() & !occupied(board)).count_ones()
}

impl EndgameSolver {
    /// A solver with a table of `2^log2_slots` positions (16 bytes each).
    #[must_use]
    pub fn new(log2_slots: u32) -> EndgameSolver {
        EndgameSolver {
            table: vec![Slot::default(); 1 << log2_slots.min(28)],
            history: [[0; 81]; 2],
            root_move: NO_MOVE,
            nodes: 0,
            budget: Budget::start(&Limits::default(), StopFlag::new(), CHECK_EVERY),
            stop: StopFlag::new(),
        }
    }

    /// Forgets every position solved and the move history.
    pub fn clear(&mut self) {
        self.table.fill(Slot::default());
        self.history = [[0; 81]; 2];
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
        self.root_move = NO_MOVE;
        for side in &mut self.history {
            side.iter_mut().for_each(|h| *h /= 2);
        }
        let value = if (alpha, beta) == (-1, 1) {
            // Two null windows, sharing the table: a win, else at least a draw.
            if self.negamax(board, 0, 1, true)? >= 1 {
                1
            } else if self.negamax(board, -1, 0, true)? >= 0 {
                0
            } else {
                -1
            }
        } else {
            self.negamax(board, alpha, beta, true)?
        };
        Some(Solved {
            value,
            best: decode(self.root_move),
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
    /// `alpha..beta`, a bound outside; `None` once the budget is spent. The
    /// `root` searches its moves whatever the table and the shortcuts say
    /// (a win in one move, the bounds or a table entry would answer
    /// without a move) and leaves the best in `root_move`.
    fn negamax(&mut self, board: &Board, mut alpha: i8, mut beta: i8, root: bool) -> Option<i8> {
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
        if !root && wins_at_once(board) {
            return Some(1);
        }
        let key = table_key(board);
        let cells = playable_cells(board);
        let use_table = cells >= TABLE_MIN_CELLS;
        let stored = if use_table { self.probe(key) } else { None };
        if !root {
            let (lower, upper) = value_bounds(board);
            let (lower, upper) = stored.map_or((lower, upper), |slot| {
                (lower.max(slot.lower), upper.min(slot.upper))
            });
            if lower >= beta || lower == upper {
                return Some(lower);
            }
            if upper <= alpha {
                return Some(upper);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let mut moves = [(0u64, ANY_CELL); 81];
        let history = &self.history[board.turn().index()];
        let count = ordered_moves(
            board,
            stored.and_then(|s| decode(s.best)),
            history,
            &mut moves,
        );
        let (window_low, mut low) = (alpha, alpha);
        let (mut best, mut best_move) = (-2i8, NO_MOVE);
        for &(_, mv) in &moves[..count] {
            // Marked in place (`after` would move the child once more).
            let mut child = *board;
            child.play_unchecked(mv);
            let value = -self.negamax(&child, -beta, -low, false)?;
            if value > best {
                (best, best_move) = (value, mv.index());
                low = low.max(value);
                if value >= beta {
                    let slot = &mut self.history[board.turn().index()][usize::from(mv.index())];
                    *slot = slot.saturating_add(cells * cells);
                    break;
                }
            }
        }
        if use_table || root {
            self.store(key, best, best_move, (window_low, beta), stored);
        }
        if root {
            self.root_move = best_move;
        }
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

/// Every mark of both sides, bit `9 * board + pos`.
fn occupied(board: &Board) -> u128 {
    board.marks(Player::First) | board.marks(Player::Second)
}

/// The open small boards among `boards` where `player` can take the board
/// with one move (a completing cell empty) in `board`, `occupied` being
/// every mark.
fn takeable(board: &Board, player: Player, occupied: u128, boards: u16) -> u16 {
    let mut found = 0;
    let mut rest = boards & !board.closed() & FULL;
    while rest != 0 {
        let b = rest.trailing_zeros() as u8;
        let empty = !(occupied >> (9 * u32::from(b))) as u16 & FULL;
        if COMPLETING[usize::from(board.small_board(b, player))] & empty != 0 {
            found |= 1 << b;
        }
        rest &= rest - 1;
    }
    found
}

/// The small boards the side to move may play in.
fn reachable(board: &Board) -> u16 {
    board.forced().map_or(!board.closed() & FULL, |b| 1 << b)
}

/// Whether the side to move wins the game with one move: a small board it
/// can reach and take whose win completes a meta-line.
fn wins_at_once(board: &Board) -> bool {
    let me = board.turn();
    let deciding = COMPLETING[usize::from(board.meta(me))] & reachable(board);
    deciding != 0 && takeable(board, me, occupied(board), deciding) != 0
}

/// Bounds on the value of `board` for its side to move from the small
/// boards alone: a side with no meta-line left open (each holds a board of
/// the other side or a full one) can win only on the count, with the open
/// boards at most all its own (CodinGame's rule), or not at all.
fn value_bounds(board: &Board) -> (i8, i8) {
    let me = board.turn();
    let (mine, theirs) = (board.meta(me), board.meta(me.opponent()));
    let closed = board.closed();
    // A meta-line open to a side: none of its boards closed unless won by it.
    let open_to = |won: u16| has_line(!(closed & !won) & FULL);
    let (mut lower, mut upper) = (-1, 1);
    let open = (!closed & FULL).count_ones() as i32;
    let (m, t) = (mine.count_ones() as i32, theirs.count_ones() as i32);
    let codingame = board.variant() == Variant::CodinGame;
    if !open_to(mine) {
        upper = if codingame {
            (m + open - t).signum() as i8
        } else {
            0
        };
    }
    if !open_to(theirs) {
        lower = if codingame {
            (m - t - open).signum() as i8
        } else {
            0
        };
    }
    (lower, upper)
}

/// Order keys, in this order of weight: a move the table gives, one that
/// hands the opponent no win at once, one that takes a small board, one
/// that hands it no board to take, one that sends it to a board and not to
/// a free choice, one that leaves it fewer replies (the fastest-first rule
/// of endgame solvers); the history breaks the remaining ties.
const TABLE_MOVE: u32 = 16 << 8;
const NO_WIN_GIVEN: u32 = 8 << 8;
const TAKES: u32 = 4 << 8;
const NO_TAKE_GIVEN: u32 = 2 << 8;
const NO_FREE_CHOICE: u32 = 1 << 8;
const FEWER_REPLIES: u32 = 1;

/// Fills `out` with the legal moves of `board`, best first (see the order
/// keys), `history` being the side to move's, and returns how many.
fn ordered_moves(
    board: &Board,
    table_move: Option<Cell>,
    history: &[u32; 81],
    out: &mut [(u64, Cell); 81],
) -> usize {
    let me = board.turn();
    let them = me.opponent();
    let occupied = occupied(board);
    let closed = board.closed();
    let their_takes = takeable(board, them, occupied, !closed & FULL);
    let their_deciding = COMPLETING[usize::from(board.meta(them))];
    let mut count = 0;
    board.for_each_move(|mv| {
        let (b, p) = (mv.board(), mv.pos());
        let after = occupied | 1 << mv.index();
        let mine = board.small_board(b, me) | 1 << p;
        let takes = has_line(mine);
        let closes = takes || (after >> (9 * u32::from(b))) as u16 & FULL == FULL;
        let closed_after = closed | u16::from(closes) << b;
        let frees = closed_after >> p & 1 == 1;
        let sent = if frees { !closed_after & FULL } else { 1 << p };
        // Board b's takes for the opponent with this move's mark in it.
        let takes_after = if closes {
            their_takes & !(1 << b)
        } else {
            their_takes & !(1 << b) | takeable(board, them, after, 1 << b)
        };
        let given = sent & takes_after;
        let key = u32::from(Some(mv) == table_move) * TABLE_MOVE
            + u32::from(given & their_deciding == 0) * NO_WIN_GIVEN
            + u32::from(takes) * TAKES
            + u32::from(given == 0) * NO_TAKE_GIVEN
            + u32::from(!frees) * NO_FREE_CHOICE
            + (81 - board.move_count_after(mv)) * FEWER_REPLIES;
        let key = u64::from(key) << 32 | u64::from(history[usize::from(mv.index())]);
        out[count] = (key, mv);
        count += 1;
    });
    out[..count].sort_unstable_by_key(|entry| std::cmp::Reverse(entry.0));
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
    fn a_win_at_once_is_a_move_that_completes_a_meta_line() {
        let (mut wins, mut others) = (0, 0);
        for variant in [Variant::Standard, Variant::CodinGame] {
            for empties in [20, 30, 40, 50] {
                for board in late_positions(variant, empties, 100) {
                    let me = board.turn();
                    let expected = board
                        .moves()
                        .into_iter()
                        .any(|mv| has_line(board.after(mv).meta(me)));
                    assert_eq!(wins_at_once(&board), expected, "{board}");
                    if expected { wins += 1 } else { others += 1 }
                }
            }
        }
        assert!(wins > 20 && others > 20, "{wins} wins, {others} others");
    }

    #[test]
    fn the_value_bounds_hold_and_decide_some_positions() {
        let mut narrowed = 0;
        for variant in [Variant::Standard, Variant::CodinGame] {
            let boards = [
                late_positions(variant, 8, 300),
                late_positions(variant, 12, 300),
            ];
            for board in boards.into_iter().flatten() {
                let (lower, upper) = value_bounds(&board);
                let value = slow_value(&board);
                assert!(
                    lower <= value && value <= upper,
                    "{board}: {lower}..{upper} {value}"
                );
                narrowed += usize::from((lower, upper) != (-1, 1));
            }
        }
        assert!(narrowed >= 20, "{narrowed}");
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
