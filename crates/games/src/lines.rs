//! The eight lines of a 3×3 grid as 9-bit masks and the line check, shared
//! by tic-tac-toe and by ultimate tic-tac-toe's small boards and meta-board,
//! and the cells that complete a line.

/// All nine cells of a 3×3 grid.
pub const FULL: u16 = 0b111_111_111;

/// Rows, columns and diagonals of a 3×3 grid, as 9-bit masks.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// A 512-bit set: bit `mask` is one when the 9-bit `mask` contains a line.
const LINE_SET: [u64; 8] = {
    let mut set = [0u64; 8];
    let mut mask = 0usize;
    while mask < 512 {
        let mut i = 0;
        while i < LINES.len() {
            if mask as u16 & LINES[i] == LINES[i] {
                set[mask >> 6] |= 1 << (mask & 63);
            }
            i += 1;
        }
        mask += 1;
    }
    set
};

/// Whether the 9-bit `mask` (higher bits ignored) contains a complete line.
#[inline]
#[must_use]
pub const fn has_line(mask: u16) -> bool {
    let mask = (mask & FULL) as usize;
    LINE_SET[mask >> 6] >> (mask & 63) & 1 == 1
}

/// `COMPLETING[mask]`: the cells that would complete a line for the owner
/// of the 9-bit `mask` (whether they are empty is the caller's business:
/// mask the result with the empty cells). Also for the meta-board: the
/// small boards whose win would complete a meta-line.
pub static COMPLETING: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut mask = 0usize;
    while mask < 512 {
        let mut i = 0;
        while i < LINES.len() {
            let missing = LINES[i] & !(mask as u16);
            if missing.count_ones() == 1 {
                table[mask] |= missing;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completing_cells_are_exactly_the_cells_that_make_a_line() {
        for mask in (0..512u16).filter(|&m| !has_line(m)) {
            let expected = (0..9)
                .filter(|&c| mask >> c & 1 == 0 && has_line(mask | 1 << c))
                .fold(0u16, |acc, c| acc | 1 << c);
            assert_eq!(COMPLETING[mask as usize], expected, "{mask:09b}");
        }
    }

    #[test]
    fn table_agrees_with_the_line_masks() {
        for mask in 0..512u16 {
            let expected = LINES.iter().filter(|&&l| mask & l == l).count() > 0;
            assert_eq!(has_line(mask), expected, "{mask:09b}");
        }
    }
}
