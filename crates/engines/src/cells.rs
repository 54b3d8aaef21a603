//! Actions of the games whose moves are numbered cells (tic-tac-toe and
//! ultimate tic-tac-toe): the action is the cell number.

use gamesolver_games::{tictactoe, uttt};

/// A move that is a numbered cell.
pub trait NumberedCell: Sized {
    /// The cell's number.
    fn number(self) -> u8;
    /// The cell numbered `n`, if there is one.
    fn numbered(n: u8) -> Option<Self>;
}

impl NumberedCell for tictactoe::Cell {
    fn number(self) -> u8 {
        self.index()
    }

    fn numbered(n: u8) -> Option<Self> {
        Self::new(n)
    }
}

impl NumberedCell for uttt::Cell {
    fn number(self) -> u8 {
        self.index()
    }

    fn numbered(n: u8) -> Option<Self> {
        Self::new(n)
    }
}

/// The action of cell `cell`: its number.
pub fn action_of_cell<C: NumberedCell>(cell: C) -> u32 {
    cell.number().into()
}

/// The cell of action `action`, if it numbers a cell.
pub fn cell_of_action<C: NumberedCell>(action: u32) -> Option<C> {
    u8::try_from(action).ok().and_then(C::numbered)
}

/// The actions of the set bits of `mask` (bit `i` = cell `i`), lowest first.
pub fn actions_of_mask(mask: u128) -> Vec<u32> {
    let mut actions = Vec::with_capacity(mask.count_ones() as usize);
    push_actions_of_mask(mask, &mut actions);
    actions
}

/// [`actions_of_mask`] appended to `out` (no allocation once it has grown).
pub fn push_actions_of_mask(mask: u128, out: &mut Vec<u32>) {
    // Word by word: shifts and borrows of a `u128` cost twice as much.
    for (word, base) in [(mask as u64, 0), ((mask >> 64) as u64, 64)] {
        let mut bits = word;
        while bits != 0 {
            out.push(base + bits.trailing_zeros());
            bits &= bits - 1;
        }
    }
}
