//! The position as the search moves on it: per player nine 9-bit small
//! boards, the open boards and the won boards. A small `Copy` value without
//! 128-bit masks or a Zobrist key: the tree descent and the playouts play
//! on it; the [`Board`] is read once per search. A player's "threats" (the
//! open boards it can win with one move, for the heuristic playouts) are
//! computed on demand, so a move costs the descent nothing for them.

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::{Board, Cell, FULL, Variant, has_line};

use super::bits::{COMPLETING, COUNT};

/// "Free choice" as the forced board.
pub(super) const FREE: u8 = 9;

/// An unfinished position (or one just finished by [`State::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Per player (X, O) the marks of each small board.
    pub(super) cells: [[u16; 9]; 2],
    /// The small boards neither won nor full.
    pub(super) open: u16,
    /// Per player the small boards won.
    pub(super) meta: [u16; 2],
    /// The board the side to move must play in, or [`FREE`].
    pub(super) forced: u8,
    /// The side to move: 0 for X, 1 for O.
    pub(super) turn: usize,
    /// CodinGame's rule: a game without a meta-line goes to the owner of
    /// more boards.
    codingame: bool,
}

impl State {
    /// The state of `board`.
    pub(crate) fn new(board: &Board) -> State {
        let mut state = State {
            cells: [[0; 9]; 2],
            open: !board.closed() & FULL,
            meta: [board.meta(Player::First), board.meta(Player::Second)],
            forced: board.forced().unwrap_or(FREE),
            turn: board.turn().index(),
            codingame: board.variant() == Variant::CodinGame,
        };
        for player in Player::BOTH {
            for b in 0..9u8 {
                state.cells[player.index()][usize::from(b)] = board.small_board(b, player);
            }
        }
        state
    }

    /// The side to move.
    #[inline]
    pub(crate) fn turn(&self) -> Player {
        player(self.turn)
    }

    /// Whether CodinGame's rule applies (a game without a meta-line goes to
    /// the owner of more boards).
    #[inline]
    pub(super) fn codingame(&self) -> bool {
        self.codingame
    }

    /// The empty cells of small board `b`.
    #[inline]
    pub(super) fn empty(&self, b: usize) -> u16 {
        !(self.cells[0][b] | self.cells[1][b]) & FULL
    }

    /// The boards the side to move may play in.
    #[inline]
    fn playable_boards(&self) -> u16 {
        if self.forced == FREE {
            self.open
        } else {
            1 << self.forced
        }
    }

    /// The number of legal moves.
    pub(crate) fn move_count(&self) -> u32 {
        let mut boards = self.playable_boards();
        let mut count = 0;
        while boards != 0 {
            count += u32::from(COUNT[usize::from(self.empty(boards.trailing_zeros() as usize))]);
            boards &= boards - 1;
        }
        count
    }

    /// Calls `f` on each legal move in increasing cell order (the order of
    /// [`Board::for_each_move`]).
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Cell)) {
        let mut boards = self.playable_boards();
        while boards != 0 {
            let b = boards.trailing_zeros() as u8;
            let mut empty = self.empty(usize::from(b));
            while empty != 0 {
                if let Some(cell) = Cell::at(b, empty.trailing_zeros() as u8) {
                    f(cell);
                }
                empty &= empty - 1;
            }
            boards &= boards - 1;
        }
    }

    /// How the game ends if the side to move plays the legal move `cell`,
    /// without playing it; `None` if it goes on.
    pub(crate) fn outcome_after(&self, cell: Cell) -> Option<Outcome> {
        let (b, p) = (usize::from(cell.board()), usize::from(cell.pos()));
        let mine = self.cells[self.turn][b] | 1 << p;
        if !has_line(mine) && mine | self.cells[1 - self.turn][b] != FULL {
            return None;
        }
        let mut next = *self;
        next.play(b, p)
    }

    /// The open boards that the player of index `player` (0 X, 1 O) can
    /// win with one move there.
    pub(super) fn threats(&self, player: usize) -> u16 {
        let mut threats = 0;
        let mut boards = self.open;
        while boards != 0 {
            let b = boards.trailing_zeros() as usize;
            if COMPLETING[usize::from(self.cells[player][b])] & self.empty(b) != 0 {
                threats |= 1 << b;
            }
            boards &= boards - 1;
        }
        threats
    }

    /// Plays (board `b`, position `p`), a legal move, for the side to move;
    /// the outcome if the game ended (the state is then not to be played
    /// on).
    #[inline]
    pub(crate) fn play(&mut self, b: usize, p: usize) -> Option<Outcome> {
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

    /// Plays the legal move `cell` (see [`State::play`]).
    #[inline]
    pub(crate) fn play_cell(&mut self, cell: Cell) -> Option<Outcome> {
        self.play(usize::from(cell.board()), usize::from(cell.pos()))
    }

    /// Marks board `b` closed.
    #[inline]
    fn close(&mut self, b: usize) {
        self.open &= !(1u16 << b);
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The open boards where `player` wins by one move, the slow way.
    fn threats(board: &Board, player: Player) -> u16 {
        (0..9u8)
            .filter(|&b| board.closed() >> b & 1 == 0)
            .filter(|&b| {
                let (mine, theirs) = (
                    board.small_board(b, player),
                    board.small_board(b, player.opponent()),
                );
                (0..9).any(|c| (mine | theirs) >> c & 1 == 0 && has_line(mine | 1 << c))
            })
            .fold(0, |acc, b| acc | 1 << b)
    }

    /// Along random games under both rules the state agrees with the
    /// board: the same moves in the same order, the same endings, and
    /// the same state as one read afresh from the board.
    #[test]
    fn the_state_follows_the_rules_along_random_games() {
        let mut rng = SmallRng::seed_from_u64(11);
        for variant in [Variant::Standard, Variant::CodinGame] {
            for _ in 0..100 {
                let mut board = Board::start(variant);
                let mut state = State::new(&board);
                loop {
                    let mut moves = Vec::new();
                    state.for_each_move(|cell| moves.push(cell));
                    assert_eq!(moves, board.moves(), "{board}");
                    assert_eq!(state.move_count() as usize, moves.len());
                    assert_eq!(state.turn(), board.turn());
                    let cell = moves[rng.random_range(0..moves.len())];
                    let predicted = state.outcome_after(cell);
                    board.play_unchecked(cell);
                    let outcome = state.play_cell(cell);
                    assert_eq!(outcome, board.outcome(), "{board}");
                    assert_eq!(predicted, outcome, "{board}");
                    if outcome.is_some() {
                        break;
                    }
                    assert_eq!(state, State::new(&board), "{board}");
                    for player in Player::BOTH {
                        assert_eq!(state.threats(player.index()), threats(&board, player));
                    }
                }
            }
        }
    }
}
