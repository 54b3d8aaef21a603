//! The position: bitboards for the 81 cells, the meta-board, and the board
//! the side to move is sent to.

use gamesolver_core::{Game, Outcome, Player};

use super::zobrist::{CELL_KEYS, FORCED_KEYS};
use super::{Cell, Variant};
use crate::lines::{FULL, has_line};

/// The 81 cells as bits `9 * board + pos` of a `u128`.
const ALL_CELLS: u128 = (1 << 81) - 1;

/// The forced-board value for "free choice".
const FREE: u8 = 9;

/// The nine cells of each small board in the 81-bit layout (a table: a
/// variable shift of a `u128` costs several instructions).
const BOARD_CELLS: [u128; 9] = {
    let mut cells = [0; 9];
    let mut b = 0;
    while b < 9 {
        cells[b] = (FULL as u128) << (9 * b);
        b += 1;
    }
    cells
};

/// The bit of each cell in the 81-bit layout (a table, as above).
const CELL_BITS: [u128; 81] = {
    let mut bits = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        bits[cell] = 1 << cell;
        cell += 1;
    }
    bits
};

/// The nine cells of small board `b` (0..8) in the 81-bit layout.
#[inline]
const fn board_cells(b: u8) -> u128 {
    BOARD_CELLS[b as usize]
}

/// The bit of `cell` in the 81-bit layout.
#[inline]
const fn cell_bit(cell: Cell) -> u128 {
    CELL_BITS[cell.index() as usize]
}

/// The status byte: the game goes on, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Status {
    Ongoing,
    Won(Player),
    Drawn,
}

/// An ultimate tic-tac-toe position (rules in the [module documentation](super)).
///
/// Representation (bitboards): each player's marks are a `u128` holding the
/// nine small boards as consecutive 9-bit masks (bit `9 * board + pos`), so
/// one small board is a shift and a mask away, and move generation is bit
/// iteration over `empty & open` (one `popcount` when only counting). Each
/// player's won small boards form a 9-bit meta-board mask. Winning a small
/// board, closing a full one and winning the game are updated incrementally
/// by the move that causes them, with line checks by table lookup on the
/// 9-bit masks. The position also carries its Zobrist key, updated by XOR on
/// each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    marks: [u128; 2],
    /// Cells of the small boards that are still open (neither won nor full).
    open: u128,
    meta: [u16; 2],
    closed: u16,
    forced: u8,
    turn: Player,
    status: Status,
    variant: Variant,
    key: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// The start position under the standard rules: empty, X to move anywhere.
    #[must_use]
    pub const fn empty() -> Board {
        Board::start(Variant::Standard)
    }

    /// The start position under `variant`.
    #[must_use]
    pub const fn start(variant: Variant) -> Board {
        Board {
            marks: [0, 0],
            open: ALL_CELLS,
            meta: [0, 0],
            closed: 0,
            forced: FREE,
            turn: Player::First,
            status: Status::Ongoing,
            variant,
            key: FORCED_KEYS[FREE as usize],
        }
    }

    /// The rule variant this position is played under.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// `player`'s marks on small board `board` (0..8) as a 9-bit mask.
    #[must_use]
    pub const fn small_board(&self, board: u8, player: Player) -> u16 {
        (self.marks[player.index()] >> (9 * board as u32)) as u16 & FULL
    }

    /// `player`'s marks on all 81 cells, bit `9 * board + pos`.
    #[must_use]
    pub const fn marks(&self, player: Player) -> u128 {
        self.marks[player.index()]
    }

    /// The small boards `player` has won, as a 9-bit meta-board mask.
    #[must_use]
    pub const fn meta(&self, player: Player) -> u16 {
        self.meta[player.index()]
    }

    /// The closed small boards (won by someone or full), as a 9-bit mask.
    #[must_use]
    pub const fn closed(&self) -> u16 {
        self.closed
    }

    /// The cells of the small boards still open (neither won nor full),
    /// bit `9 * board + pos`.
    #[must_use]
    pub const fn open_cells(&self) -> u128 {
        self.open
    }

    /// The small board the side to move must play in, or `None` for a free
    /// choice among the open boards.
    #[must_use]
    pub const fn forced(&self) -> Option<u8> {
        if self.forced == FREE {
            None
        } else {
            Some(self.forced)
        }
    }

    /// The Zobrist key of the position (marks and forced board).
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The empty cells where the side to move may play, bit
    /// `9 * board + pos`; zero once the game is over.
    #[inline]
    #[must_use]
    pub const fn legal_mask(&self) -> u128 {
        if !matches!(self.status, Status::Ongoing) {
            return 0;
        }
        let empty = !(self.marks[0] | self.marks[1]) & self.open;
        if self.forced == FREE {
            empty
        } else {
            empty & board_cells(self.forced)
        }
    }

    /// The number of legal moves (one popcount: bulk counting for perft).
    #[inline]
    #[must_use]
    pub const fn move_count(&self) -> u32 {
        self.legal_mask().count_ones()
    }

    /// The number of legal moves after the legal move `cell`, without
    /// making the move (perft's last two plies): the small board and
    /// meta-board are updated in registers only.
    #[inline]
    #[must_use]
    pub fn move_count_after(&self, cell: Cell) -> u32 {
        let me = self.turn.index();
        let (board, pos) = (cell.board(), cell.pos());
        let mine = self.marks[me] | cell_bit(cell);
        let occupied = mine | self.marks[1 - me];
        let mut open = self.open;
        let mut closed = self.closed;
        if has_line((mine >> (9 * u32::from(board))) as u16 & FULL) {
            if has_line(self.meta[me] | 1 << board) {
                return 0;
            }
            open &= !board_cells(board);
            closed |= 1 << board;
        } else if occupied & board_cells(board) == board_cells(board) {
            open &= !board_cells(board);
            closed |= 1 << board;
        }
        let empty = !occupied & open;
        if closed >> pos & 1 == 1 {
            empty.count_ones()
        } else {
            (empty & board_cells(pos)).count_ones()
        }
    }

    /// Marks `cell` for the side to move without checking legality; updates
    /// the small board, the meta-board, the end of the game, the forced
    /// board and the key.
    #[inline]
    fn mark(&mut self, cell: Cell) {
        let me = self.turn.index();
        let (board, pos) = (cell.board(), cell.pos());
        self.marks[me] |= cell_bit(cell);
        self.key ^= CELL_KEYS[me][cell.index() as usize];
        if has_line(self.small_board(board, self.turn)) {
            self.meta[me] |= 1 << board;
            self.close(board);
            if has_line(self.meta[me]) {
                self.status = Status::Won(self.turn);
            }
        } else if (self.marks[0] | self.marks[1]) & board_cells(board) == board_cells(board) {
            self.close(board);
        }
        if self.closed == FULL && self.status == Status::Ongoing {
            self.status = self.exhausted();
        }
        self.key ^= FORCED_KEYS[self.forced as usize];
        self.forced = if self.closed >> pos & 1 == 1 {
            FREE
        } else {
            pos
        };
        self.key ^= FORCED_KEYS[self.forced as usize];
        self.turn = self.turn.opponent();
    }

    /// Marks small board `board` closed.
    #[inline]
    fn close(&mut self, board: u8) {
        self.closed |= 1 << board;
        self.open &= !board_cells(board);
    }

    /// How the game ends when every small board is closed and no one has a
    /// meta-line: a draw, or under [`Variant::CodinGame`] a win for the
    /// player who owns more small boards.
    const fn exhausted(&self) -> Status {
        let (x, o) = (self.meta[0].count_ones(), self.meta[1].count_ones());
        match self.variant {
            Variant::CodinGame if x > o => Status::Won(Player::First),
            Variant::CodinGame if o > x => Status::Won(Player::Second),
            _ => Status::Drawn,
        }
    }

    /// The position with `marks` (X, O) and the forced board `forced`
    /// (`None` = free choice), with meta-board and status derived from the
    /// marks. The caller has validated the marks (see the parser); a forced
    /// board that is closed is turned into a free choice.
    pub(crate) fn from_marks(marks: [u128; 2], forced: Option<u8>, variant: Variant) -> Board {
        let mut board = Board::start(variant);
        board.marks = marks;
        let turn = if marks[0].count_ones() > marks[1].count_ones() {
            Player::Second
        } else {
            Player::First
        };
        board.turn = turn;
        for player in Player::BOTH {
            for cell in Cell::all().filter(|c| marks[player.index()] >> c.index() & 1 == 1) {
                board.key ^= CELL_KEYS[player.index()][cell.index() as usize];
            }
        }
        for b in 0..9 {
            let won = Player::BOTH
                .into_iter()
                .find(|&p| has_line(board.small_board(b, p)));
            if let Some(p) = won {
                board.meta[p.index()] |= 1 << b;
                board.close(b);
            } else if (marks[0] | marks[1]) & board_cells(b) == board_cells(b) {
                board.close(b);
            }
        }
        board.status = board.derived_status();
        board.key ^= FORCED_KEYS[FREE as usize];
        board.forced = forced
            .filter(|&b| board.closed >> b & 1 == 0)
            .unwrap_or(FREE);
        board.key ^= FORCED_KEYS[board.forced as usize];
        board
    }

    /// The status that follows from the meta-board alone.
    fn derived_status(&self) -> Status {
        if let Some(p) = Player::BOTH.into_iter().find(|&p| has_line(self.meta(p))) {
            Status::Won(p)
        } else if self.closed == FULL {
            self.exhausted()
        } else {
            Status::Ongoing
        }
    }

    /// The legal move number `pick(n)` in increasing cell order, where `n`
    /// is the number of legal moves: one popcount and a bit select on the
    /// move mask, no list (for random playouts). `None` when no move is
    /// legal or `pick` returns `n` or more.
    #[inline]
    pub fn pick_move(&self, pick: impl FnOnce(u32) -> u32) -> Option<Cell> {
        let mask = self.legal_mask();
        let low_count = (mask as u64).count_ones();
        match low_count + ((mask >> 64) as u64).count_ones() {
            0 => None,
            count => nth_set_bit(mask, low_count, count, pick(count)).map(Cell::nth),
        }
    }

    /// Calls `f` on each legal move in increasing cell order (no allocation).
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Cell)) {
        let mut mask = self.legal_mask();
        while mask != 0 {
            f(Cell::nth(mask.trailing_zeros() as u8));
            mask &= mask - 1;
        }
    }
}

/// The position of the set bit of rank `k` (0 = the lowest) of `mask`,
/// which has `count` set bits, `low_count` of them in its low 64 bits;
/// `None` if `k >= count`.
#[inline]
fn nth_set_bit(mask: u128, low_count: u32, count: u32, k: u32) -> Option<u8> {
    let (mut word, rank, base) = if k < low_count {
        (mask as u64, k, 0)
    } else if k < count {
        ((mask >> 64) as u64, k - low_count, 64)
    } else {
        return None;
    };
    for _ in 0..rank {
        word &= word - 1;
    }
    // trailing_zeros < 64: `word` keeps the bit of rank `k`.
    Some(base + word.trailing_zeros() as u8)
}

impl Game for Board {
    type Move = Cell;

    const NAME: &'static str = "uttt";

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Cell>) {
        // Sized first and filled in place: no capacity check per move.
        let mut mask = self.legal_mask();
        out.clear();
        out.resize(mask.count_ones() as usize, Cell::nth(0));
        for slot in out.iter_mut() {
            *slot = Cell::nth(mask.trailing_zeros() as u8);
            mask &= mask - 1;
        }
    }

    /// One popcount of the legal-move mask.
    fn count_legal_moves(&self, _scratch: &mut Vec<Cell>) -> u64 {
        self.move_count().into()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Cell) {
        self.mark(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.status {
            Status::Ongoing => None,
            Status::Won(p) => Some(Outcome::Winner(p)),
            Status::Drawn => Some(Outcome::Draw),
        }
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(moves: &[u8]) -> Board {
        moves.iter().fold(Board::empty(), |b, &m| {
            b.play(Cell::new(m).unwrap()).expect("legal")
        })
    }

    #[test]
    fn the_start_has_81_moves_and_a_move_sends_to_its_board() {
        assert_eq!(Board::empty().move_count(), 81);
        let b = play(&[13]);
        assert_eq!(b.forced(), Some(4));
        let moves: Vec<u8> = b.moves().iter().map(|c| c.index()).collect();
        assert_eq!(moves, (36..45).collect::<Vec<_>>());
    }

    #[test]
    fn winning_a_small_board_closes_it_and_frees_who_is_sent_there() {
        // O completes the middle row (3, 4, 5) of board 0.
        let b = play(&[1, 9, 0, 3, 27, 5, 45, 4]);
        assert_eq!((b.meta(Player::Second), b.closed()), (1, 1));
        assert_eq!(b.forced(), Some(4));
        let b = b.play(Cell::new(36).unwrap()).unwrap();
        assert_eq!(b.forced(), None);
        assert!(b.moves().iter().all(|c| c.board() != 0));
        assert_eq!(b.move_count(), 81 - 9 - 4);
        assert_eq!(b.open_cells(), ALL_CELLS & !0x1FF);
        assert_eq!(Board::empty().open_cells().count_ones(), 81);
    }

    #[test]
    fn counting_after_a_move_agrees_with_playing_it() {
        let mut board = Board::empty();
        for step in 0..200u32 {
            if board.is_finished() {
                board = Board::empty();
            }
            let moves = board.moves();
            for &mv in &moves {
                assert_eq!(
                    board.move_count_after(mv),
                    board.after(mv).move_count(),
                    "{board} {mv}"
                );
            }
            board = board.after(moves[(step as usize * 7919) % moves.len()]);
        }
    }

    #[test]
    fn pick_move_is_the_kth_legal_move() {
        let mut board = Board::empty();
        for step in 0..300usize {
            if board.is_finished() {
                assert_eq!(board.pick_move(|_| 0), None);
                board = Board::empty();
            }
            let moves = board.moves();
            for (k, &mv) in moves.iter().enumerate() {
                let count = u32::try_from(moves.len()).unwrap();
                assert_eq!(
                    board.pick_move(|n| {
                        assert_eq!(n, count);
                        k as u32
                    }),
                    Some(mv)
                );
            }
            assert_eq!(board.pick_move(|n| n), None);
            board = board.after(moves[(step * 7919) % moves.len()]);
        }
    }

    #[test]
    fn nth_set_bit_crosses_the_word_boundary() {
        let mask: u128 = 1 | 1 << 63 | 1 << 64 | 1 << 80;
        let found: Vec<_> = (0..5).map(|k| nth_set_bit(mask, 2, 4, k)).collect();
        assert_eq!(found, [Some(0), Some(63), Some(64), Some(80), None]);
    }

    #[test]
    fn the_tables_are_the_shifts() {
        for b in 0..9u8 {
            assert_eq!(board_cells(b), u128::from(FULL) << (9 * u32::from(b)));
        }
        for cell in Cell::all() {
            assert_eq!(cell_bit(cell), 1u128 << cell.index());
        }
    }

    #[test]
    fn key_is_incremental() {
        let b = play(&[40, 36, 0, 4]);
        let rebuilt = Board::from_marks(b.marks, b.forced(), b.variant());
        assert_eq!(rebuilt, b);
    }
}
