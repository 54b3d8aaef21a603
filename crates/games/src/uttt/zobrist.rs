//! Zobrist keys: one random 64-bit key per (player, cell) and per forced
//! board, XOR-ed together into [`super::Board::key`] as moves are played.

use gamesolver_core::splitmix::{GOLDEN_GAMMA, mix};

/// One SplitMix64 step from `state`, used at compile time to fill the key
/// tables.
const fn split_mix(state: u64) -> u64 {
    mix(state.wrapping_add(GOLDEN_GAMMA))
}

/// `CELL_KEYS[player][cell]`: the key of `player`'s mark on global `cell`.
pub(crate) const CELL_KEYS: [[u64; 81]; 2] = {
    let mut keys = [[0; 81]; 2];
    let mut i = 0;
    while i < 162 {
        keys[i / 81][i % 81] =
            split_mix((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED_0000);
        i += 1;
    }
    keys
};

/// `FORCED_KEYS[b]`: the key of "the side to move must play in board `b`";
/// index 9 is the free choice.
pub(crate) const FORCED_KEYS: [u64; 10] = {
    let mut keys = [0; 10];
    let mut i = 0;
    while i < 10 {
        keys[i] = split_mix((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xF0CE_D000);
        i += 1;
    }
    keys
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = CELL_KEYS.iter().flatten().copied().collect();
        all.extend(FORCED_KEYS);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
