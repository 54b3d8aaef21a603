//! Playouts straight on per-board bitboards, with two cheap heuristics:
//! a move that wins a small board is taken (one that also wins the game
//! first), and a move that sends the opponent to a board it can win at
//! once, or to a closed board (a free choice), is avoided when another
//! move exists. No allocation: a random move is a popcount, one random
//! number and one table lookup ([`super::bits`]).

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::{Board, FULL, Variant, has_line};
use rand::RngCore;

use super::bits::{COMPLETING, random_bit};

/// "Free choice" as the forced board.
const FREE: u8 = 9;

/// A position reduced to what a playout needs: nine 9-bit small boards per
/// player, the open boards, the won boards, and per player the open boards
/// on which it has a cell completing a line (a "threat").
#[derive(Clone, Copy, Debug)]
pub(crate) struct Playout {
    cells: [[u16; 9]; 2],
    open: u16,
    meta: [u16; 2],
    threats: [u16; 2],
    forced: u8,
    turn: usize,
    codingame: bool,
}

impl Playout {
    /// The playout state of the unfinished `board`.
    pub(crate) fn new(board: &Board) -> Playout {
        let mut playout = Playout {
            cells: [[0; 9]; 2],
            open: !board.closed() & FULL,
            meta: [board.meta(Player::First), board.meta(Player::Second)],
            threats: [0; 2],
            forced: board.forced().unwrap_or(FREE),
            turn: board.turn().index(),
            codingame: board.variant() == Variant::CodinGame,
        };
        for player in Player::BOTH {
            for b in 0..9u8 {
                playout.cells[player.index()][usize::from(b)] = board.small_board(b, player);
            }
        }
        for b in 0..9 {
            if playout.open >> b & 1 == 1 {
                playout.update_threats(b);
            }
        }
        playout
    }

    /// Plays heuristic random moves to the end; the result.
    pub(crate) fn run(mut self, rng: &mut impl RngCore) -> Outcome {
        loop {
            let (b, p) = self.choose(rng);
            if let Some(outcome) = self.play(b, p) {
                return outcome;
            }
        }
    }

    /// The empty cells of open small board `b`.
    #[inline]
    fn empty(&self, b: usize) -> u16 {
        !(self.cells[0][b] | self.cells[1][b]) & FULL
    }

    /// Recomputes both players' threat bit for the open board `b`.
    #[inline]
    fn update_threats(&mut self, b: usize) {
        let empty = self.empty(b);
        for player in 0..2 {
            let threat = COMPLETING[usize::from(self.cells[player][b])] & empty != 0;
            self.threats[player] = self.threats[player] & !(1 << b) | (u16::from(threat) << b);
        }
    }

    /// The move of the side to move: (board, position).
    #[inline]
    fn choose(&self, rng: &mut impl RngCore) -> (usize, usize) {
        let me = self.turn;
        if self.forced != FREE {
            let b = usize::from(self.forced);
            return (b, self.choose_in(b, rng));
        }
        let winnable = self.threats[me];
        if winnable != 0 {
            let game_winning = (0..9)
                .filter(|&b| winnable >> b & 1 == 1)
                .find(|&b| has_line(self.meta[me] | 1 << b));
            let b = game_winning.unwrap_or(winnable.trailing_zeros() as usize);
            return (b, self.choose_in(b, rng));
        }
        self.choose_anywhere(rng)
    }

    /// A move in open board `b`: a cell that wins it if there is one, else
    /// a random cell, preferring one that does not send the opponent to a
    /// board it can win at once or to a free choice.
    #[inline]
    fn choose_in(&self, b: usize, rng: &mut impl RngCore) -> usize {
        let me = self.turn;
        let empty = self.empty(b);
        let winning = COMPLETING[usize::from(self.cells[me][b])] & empty;
        if winning != 0 {
            return winning.trailing_zeros() as usize;
        }
        let bad_targets = self.threats[1 - me] | !self.open;
        let safe = empty & !bad_targets;
        let pool = if safe != 0 { safe } else { empty };
        usize::from(random_bit(pool, rng.next_u32()))
    }

    /// A free choice with nothing to win at once: a uniformly random empty
    /// cell of the open boards, drawn again once if it sends the opponent
    /// to a bad board.
    fn choose_anywhere(&self, rng: &mut impl RngCore) -> (usize, usize) {
        let bad_targets = self.threats[1 - self.turn] | !self.open;
        let mut choice = self.uniform_cell(rng.next_u32());
        if bad_targets >> choice.1 & 1 == 1 {
            choice = self.uniform_cell(rng.next_u32());
        }
        choice
    }

    /// The cell of rank `random` scaled to the number of empty cells of the
    /// open boards.
    fn uniform_cell(&self, random: u32) -> (usize, usize) {
        let mut counts = [0u32; 9];
        let mut total = 0;
        for (b, count) in counts.iter_mut().enumerate() {
            if self.open >> b & 1 == 1 {
                *count = self.empty(b).count_ones();
                total += *count;
            }
        }
        let mut k = ((u64::from(random) * u64::from(total)) >> 32) as u32;
        for (b, &count) in counts.iter().enumerate() {
            if k < count {
                let p = super::bits::SELECT[usize::from(self.empty(b))][k as usize];
                return (b, usize::from(p));
            }
            k -= count;
        }
        unreachable!("an unfinished playout has an empty cell on an open board")
    }

    /// Plays (board `b`, position `p`) for the side to move; the outcome if
    /// the game ended.
    #[inline]
    fn play(&mut self, b: usize, p: usize) -> Option<Outcome> {
        let me = self.turn;
        self.cells[me][b] |= 1 << p;
        if has_line(self.cells[me][b]) {
            self.meta[me] |= 1 << b;
            if has_line(self.meta[me]) {
                return Some(Outcome::Winner(player(me)));
            }
            self.close(b);
        } else if self.empty(b) == 0 {
            self.close(b);
        } else {
            self.update_threats(b);
        }
        if self.open == 0 {
            return Some(self.count_ending());
        }
        self.forced = if self.open >> p & 1 == 1 {
            p as u8
        } else {
            FREE
        };
        self.turn = 1 - me;
        None
    }

    /// Marks board `b` closed.
    #[inline]
    fn close(&mut self, b: usize) {
        let bit = !(1u16 << b);
        self.open &= bit;
        self.threats[0] &= bit;
        self.threats[1] &= bit;
    }

    /// Every board closed without a meta-line: a draw, or under CodinGame's
    /// rule a win for the owner of more boards.
    fn count_ending(&self) -> Outcome {
        let (x, o) = (self.meta[0].count_ones(), self.meta[1].count_ones());
        match (self.codingame, x.cmp(&o)) {
            (true, std::cmp::Ordering::Greater) => Outcome::Winner(Player::First),
            (true, std::cmp::Ordering::Less) => Outcome::Winner(Player::Second),
            _ => Outcome::Draw,
        }
    }
}

/// The player of index 0 (X) or 1 (O).
#[inline]
fn player(index: usize) -> Player {
    if index == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// The outcome of a heuristic playout from `board` (its outcome if it is
/// already finished).
pub(crate) fn playout(board: &Board, rng: &mut impl RngCore) -> Outcome {
    match board.outcome() {
        Some(outcome) => outcome,
        None => Playout::new(board).run(rng),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_games::uttt::Cell;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// The playout's moves replayed on the real rules: each is legal and
    /// the playout ends exactly when the rules do, with the same outcome.
    fn check_against_rules(start: Board, seed: u64) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut playout = Playout::new(&start);
        let mut board = start;
        loop {
            let (b, p) = playout.choose(&mut rng);
            let cell = Cell::at(b as u8, p as u8).unwrap();
            assert!(
                board.legal_mask() >> cell.index() & 1 == 1,
                "{board} {cell}"
            );
            board.play_unchecked(cell);
            match playout.play(b, p) {
                Some(outcome) => {
                    assert_eq!(board.outcome(), Some(outcome), "{board}");
                    return;
                }
                None => {
                    assert_eq!(board.outcome(), None, "{board}");
                    assert_eq!(playout.forced, board.forced().unwrap_or(FREE));
                    assert_eq!(player(playout.turn), board.turn());
                }
            }
        }
    }

    #[test]
    fn playouts_follow_the_rules_under_both_variants() {
        for variant in [Variant::Standard, Variant::CodinGame] {
            for seed in 0..300 {
                check_against_rules(Board::start(variant), seed);
            }
        }
    }

    #[test]
    fn a_board_winning_move_is_taken() {
        // X has cells 0 and 1 of board 4 and is sent there: 2 wins it.
        let board: Board =
            "....O........O......................XX........................................... 4"
                .parse()
                .unwrap();
        let playout = Playout::new(&board);
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..20 {
            assert_eq!(playout.choose(&mut rng), (4, 2));
        }
    }

    #[test]
    fn sending_the_opponent_to_a_board_it_can_win_is_avoided() {
        // X to move in board 0 (no threat of its own there); O threatens
        // board 1 (cells 9 and 10) and board 2 (18 and 19), so X's cells 1
        // and 2, which would send O there, are avoided.
        let board: Board =
            "X........OO.......OO.......X........X........X................................... 0"
                .parse()
                .unwrap();
        let playout = Playout::new(&board);
        let mut rng = SmallRng::seed_from_u64(5);
        for _ in 0..50 {
            let (b, p) = playout.choose(&mut rng);
            assert_eq!(b, 0);
            assert!(p != 1 && p != 2, "sent to {p}");
        }
    }
}
