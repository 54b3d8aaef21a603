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
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
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

/// The SplitMix64 output function: a well-mixed 64-bit value from `x`.
const fn splitmix64(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

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
