//! A random-playout kernel ([`Playout`]): whole games of random moves
//! played on a compact copy of the position, for the batch playouts of the
//! library façade.
//!
//! Each small board is a pair of 9-bit masks (one per player) and its
//! empty cells; a ply reads the mover's choice among the legal moves with
//! two table lookups (the number of empty cells of a 9-bit mask and the
//! position of its set bit of a given rank), then updates the small board,
//! the meta-board and the forced board with 512-entry line tables: no
//! list, no allocation, no 128-bit shifts. The moves are ranked exactly as
//! [`Board::pick_move`] ranks them (increasing cell order), so a game
//! played with the same choices is the same game.

use gamesolver_core::{Game, Outcome, Player};

use super::{Board, FULL, Variant, has_line};

/// The forced-board value for "free choice".
const FREE: usize = 9;

/// The number of set bits of each 9-bit mask.
const COUNTS: [u8; 512] = {
    let mut counts = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        counts[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    counts
};

/// `SELECT[mask][k]`: the position (0..8) of the set bit of rank `k`
/// (0 = the lowest) of the 9-bit `mask`; 0 where `mask` has no such bit.
/// (Public for every small-board random move: one random rank below the
/// mask's popcount and one lookup.)
pub static SELECT: [[u8; 9]; 512] = {
    let mut select = [[0; 9]; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut pos, mut rank) = (0, 0);
        while pos < 9 {
            if mask >> pos & 1 == 1 {
                select[mask][rank] = pos as u8;
                rank += 1;
            }
            pos += 1;
        }
        mask += 1;
    }
    select
};

/// Whether each 9-bit mask holds a line (one load instead of the bit set
/// of [`has_line`]).
const WINS: [bool; 512] = {
    let mut wins = [false; 512];
    let mut mask = 0;
    while mask < 512 {
        wins[mask] = has_line(mask as u16);
        mask += 1;
    }
    wins
};

/// A position ready for random games: a compact copy of a [`Board`]
/// (made once, copied for each game by [`Playout::play_out`]).
#[derive(Clone, Copy, Debug)]
pub struct Playout {
    /// The outcome of a start that is already over.
    over: Option<Outcome>,
    /// Each player's marks, per small board (9-bit masks).
    marks: [[u16; 9]; 2],
    /// The empty cells of each small board.
    empty: [u16; 9],
    /// Each player's won small boards (9-bit meta-board masks).
    meta: [u16; 2],
    /// The small boards still open (neither won nor full).
    open: u16,
    /// The empty cells of the open boards: the moves of a free choice.
    free_moves: u32,
    /// The board the side to move must play in, or [`FREE`].
    forced: usize,
    /// The side to move (0 = X).
    turn: usize,
    /// The rules (how a game ends with every small board closed).
    variant: Variant,
}

impl Playout {
    /// The compact copy of `board`.
    #[must_use]
    pub fn new(board: &Board) -> Playout {
        let mut playout = Playout {
            over: board.outcome(),
            marks: [[0; 9]; 2],
            empty: [0; 9],
            meta: [board.meta(Player::First), board.meta(Player::Second)],
            open: !board.closed() & FULL,
            free_moves: 0,
            forced: board.forced().map_or(FREE, usize::from),
            turn: board.turn().index(),
            variant: board.variant(),
        };
        for b in 0..9u8 {
            let (x, o) = (
                board.small_board(b, Player::First),
                board.small_board(b, Player::Second),
            );
            playout.marks[0][usize::from(b)] = x;
            playout.marks[1][usize::from(b)] = o;
            playout.empty[usize::from(b)] = !(x | o) & FULL;
            if playout.open >> b & 1 == 1 {
                playout.free_moves += u32::from(COUNTS[usize::from(!(x | o) & FULL)]);
            }
        }
        playout
    }

    /// Plays the position to its end, each ply the legal move of rank
    /// `pick(n)` among the `n` legal moves in increasing cell order (as
    /// [`Board::pick_move`] ranks them): the outcome and the plies played
    /// (the start's own outcome and 0 if it is already over). The position
    /// itself is left as it was, ready for the next game.
    ///
    /// # Panics
    ///
    /// If `pick(n)` returns `n` or more (a broken picker; a uniformly
    /// random index below `n` is what playouts pass).
    #[inline]
    pub fn play_out(&self, mut pick: impl FnMut(u32) -> u32) -> (Outcome, u32) {
        if let Some(outcome) = self.over {
            return (outcome, 0);
        }
        let mut playout = *self;
        let mut plies = 0;
        loop {
            let (b, pos) = playout.choose(&mut pick);
            plies += 1;
            if let Some(outcome) = playout.play(b, pos) {
                return (outcome, plies);
            }
        }
    }

    /// The small board and the position in it of the move of rank `pick(n)`
    /// among the `n` legal moves in increasing cell order.
    #[inline]
    fn choose(&self, pick: &mut impl FnMut(u32) -> u32) -> (usize, usize) {
        if self.forced != FREE {
            let empty = usize::from(self.empty[self.forced]);
            let k = pick(u32::from(COUNTS[empty]));
            return (self.forced, usize::from(SELECT[empty][k as usize]));
        }
        let mut k = pick(self.free_moves);
        let mut boards = self.open;
        loop {
            let b = boards.trailing_zeros() as usize;
            let empty = usize::from(self.empty[b]);
            let count = u32::from(COUNTS[empty]);
            if k < count {
                return (b, usize::from(SELECT[empty][k as usize]));
            }
            k -= count;
            boards &= boards - 1;
        }
    }

    /// Plays the move `pos` of small board `b` for the side to move; the
    /// outcome if it ends the game.
    #[inline]
    fn play(&mut self, b: usize, pos: usize) -> Option<Outcome> {
        let bit = 1 << pos;
        let me = self.turn;
        let empty = self.empty[b] & !bit;
        self.empty[b] = empty;
        self.free_moves -= 1;
        let mine = self.marks[me][b] | bit;
        self.marks[me][b] = mine;
        if WINS[usize::from(mine)] {
            self.meta[me] |= 1 << b;
            self.close(b, empty);
            if WINS[usize::from(self.meta[me])] {
                return Some(Outcome::Winner(Player::BOTH[me]));
            }
        } else if empty == 0 {
            self.close(b, empty);
        }
        if self.open == 0 {
            return Some(self.exhausted());
        }
        self.forced = if self.open >> pos & 1 == 1 { pos } else { FREE };
        self.turn = 1 - me;
        None
    }

    /// Marks small board `b` (with `empty` cells left) closed.
    #[inline]
    fn close(&mut self, b: usize, empty: u16) {
        self.open &= !(1 << b);
        self.free_moves -= u32::from(COUNTS[usize::from(empty)]);
    }

    /// The end when every small board is closed without a meta-line: a
    /// draw, or under [`Variant::CodinGame`] a win for the owner of more
    /// small boards.
    fn exhausted(&self) -> Outcome {
        let (x, o) = (self.meta[0].count_ones(), self.meta[1].count_ones());
        match self.variant {
            Variant::CodinGame if x > o => Outcome::Winner(Player::First),
            Variant::CodinGame if o > x => Outcome::Winner(Player::Second),
            _ => Outcome::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reproducible picker: a linear congruential sequence reduced
    /// below `n`.
    fn picker(seed: u64) -> impl FnMut(u32) -> u32 {
        let mut state = seed;
        move |n| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % u64::from(n)) as u32
        }
    }

    /// The same game played on the [`Board`] with [`Board::pick_move`].
    fn reference_game(start: &Board, mut pick: impl FnMut(u32) -> u32) -> (Outcome, u32) {
        let mut board = *start;
        let mut plies = 0;
        while board.outcome().is_none() {
            let mv = board
                .pick_move(&mut pick)
                .expect("an ongoing game has a move");
            board.play_unchecked(mv);
            plies += 1;
        }
        (board.outcome().expect("over"), plies)
    }

    #[test]
    fn the_kernel_plays_the_games_of_the_board() {
        for variant in [Variant::Standard, Variant::CodinGame] {
            for seed in 0..400 {
                let start = Board::start(variant);
                assert_eq!(
                    Playout::new(&start).play_out(picker(seed)),
                    reference_game(&start, picker(seed)),
                    "{variant:?} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn the_kernel_starts_from_any_position() {
        let mut pick = picker(99);
        let mut board = Board::empty();
        for step in 0..600u64 {
            let playout = Playout::new(&board);
            if let Some(outcome) = board.outcome() {
                assert_eq!(playout.play_out(picker(step)), (outcome, 0));
                board = Board::empty();
                continue;
            }
            assert_eq!(
                playout.play_out(picker(step)),
                playout.play_out(picker(step))
            );
            assert_eq!(
                playout.play_out(picker(step)),
                reference_game(&board, picker(step)),
                "{board}"
            );
            let mv = board.pick_move(&mut pick).expect("a move");
            board.play_unchecked(mv);
        }
    }

    #[test]
    fn the_tables_are_the_bit_operations() {
        for mask in 0..512u16 {
            let m = usize::from(mask);
            assert_eq!(u32::from(COUNTS[m]), mask.count_ones());
            let line = crate::uttt::LINES
                .iter()
                .filter(|&&l| mask & l == l)
                .count()
                > 0;
            assert_eq!(WINS[m], line, "{mask:09b}");
            let set: Vec<u8> = (0..9).filter(|p| mask >> p & 1 == 1).collect();
            for (rank, &pos) in set.iter().enumerate() {
                assert_eq!(SELECT[m][rank], pos, "{mask:09b} {rank}");
            }
        }
    }
}
