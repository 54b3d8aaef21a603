//! The eight winning lines as 9-bit masks.

/// Rows, columns and diagonals, as bit masks over cells 0..8.
pub(crate) const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// All nine cells.
pub(crate) const FULL: u16 = 0b111_111_111;

/// `HAS_LINE[mask]`: whether the cells of the 9-bit `mask` contain a line.
const HAS_LINE: [bool; 512] = {
    let mut table = [false; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut i = 0;
        while i < LINES.len() {
            if mask as u16 & LINES[i] == LINES[i] {
                table[mask] = true;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// Whether the cells in `mask` (bits above 8 ignored) contain a complete line.
pub(crate) const fn has_line(mask: u16) -> bool {
    HAS_LINE[(mask & FULL) as usize]
}
