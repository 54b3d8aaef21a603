//! Zobrist keys: a random 64-bit number per (side, strength slot, square)
//! and one for the side to move, XORed together into a position's key.

/// Keys per side, strength slot and square (index 63 unused).
pub(crate) const PIECE_KEYS: [[[u64; 64]; 8]; 2] = {
    let mut keys = [[[0; 64]; 8]; 2];
    let mut state = 0x4a75_6e67_6c65_2121_u64;
    let mut side = 0;
    while side < 2 {
        let mut slot = 0;
        while slot < 8 {
            let mut square = 0;
            while square < 63 {
                state = state.wrapping_add(gamesolver_core::splitmix::GOLDEN_GAMMA);
                keys[side][slot][square] = splitmix64(state);
                square += 1;
            }
            slot += 1;
        }
        side += 1;
    }
    keys
};

/// The key XORed in when the top side is to move.
pub(crate) const TOP_TO_MOVE: u64 = splitmix64(0x746f_7020_746f_206d);

use gamesolver_core::splitmix::mix as splitmix64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = PIECE_KEYS
            .iter()
            .flatten()
            .flat_map(|keys| keys[..63].iter().copied())
            .collect();
        all.push(TOP_TO_MOVE);
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
        assert!(all.iter().all(|&k| k != 0));
    }
}
