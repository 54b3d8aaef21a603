//! The base-3 code of a board: a dense index over 3^9 = 19683 codes.

use gamesolver_core::Indexer;

use super::Board;

/// Indexes boards by their base-3 code: cell `i` contributes `3^i` times
/// 0 (empty), 1 (X) or 2 (O). The code space has 19683 entries, of which
/// 5478 are positions reachable in a game; [`Indexer::position`] returns
/// `None` for codes that cannot arise.
#[derive(Clone, Copy, Debug, Default)]
pub struct Base3Indexer;

/// `POW3_OF_MASK[m]`: the base-3 number whose digit `i` is bit `i` of `m`.
const POW3_OF_MASK: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut value, mut place, mut bit) = (0u16, 1u16, 0);
        while bit < 9 {
            if mask & (1 << bit) != 0 {
                value += place;
            }
            place *= 3;
            bit += 1;
        }
        table[mask] = value;
        mask += 1;
    }
    table
};

impl Base3Indexer {
    /// Number of codes: 3^9.
    pub const CODES: u64 = 19_683;

    /// The code of `board`, computed from two table look-ups.
    #[must_use]
    pub const fn code(board: &Board) -> u16 {
        POW3_OF_MASK[board.x_mask() as usize] + 2 * POW3_OF_MASK[board.o_mask() as usize]
    }
}

impl Indexer<Board> for Base3Indexer {
    fn len(&self) -> u64 {
        Self::CODES
    }

    fn index(&self, position: &Board) -> u64 {
        u64::from(Self::code(position))
    }

    fn position(&self, index: u64) -> Option<Board> {
        if index >= Self::CODES {
            return None;
        }
        let (mut code, mut x, mut o) = (index, 0u16, 0u16);
        for cell in 0..9 {
            match code % 3 {
                1 => x |= 1 << cell,
                2 => o |= 1 << cell,
                _ => {}
            }
            code /= 3;
        }
        Board::from_masks(x, o).ok()
    }
}
