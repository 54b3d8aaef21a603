//! Zobrist keys: a random 64-bit number per (player, piece, square), per
//! (player, kind in hand, count) and for the second player to move, XORed
//! together into a position's key.

use gamesolver_core::splitmix::{GOLDEN_GAMMA, mix};

/// Keys by player, piece index and square.
pub(crate) const PIECE_KEYS: [[[u64; 12]; 5]; 2] = {
    let mut keys = [[[0; 12]; 5]; 2];
    let mut state = 0x646f_6275_7473_7521_u64;
    let mut player = 0;
    while player < 2 {
        let mut piece = 0;
        while piece < 5 {
            let mut square = 0;
            while square < 12 {
                state = state.wrapping_add(GOLDEN_GAMMA);
                keys[player][piece][square] = mix(state);
                square += 1;
            }
            piece += 1;
        }
        player += 1;
    }
    keys
};

/// Keys by player, kind in hand and count (0 has key 0, so an empty hand
/// adds nothing).
pub(crate) const HAND_KEYS: [[[u64; 3]; 3]; 2] = {
    let mut keys = [[[0; 3]; 3]; 2];
    let mut state = 0x6861_6e64_7321_2121_u64;
    let mut player = 0;
    while player < 2 {
        let mut kind = 0;
        while kind < 3 {
            let mut count = 1;
            while count < 3 {
                state = state.wrapping_add(GOLDEN_GAMMA);
                keys[player][kind][count] = mix(state);
                count += 1;
            }
            kind += 1;
        }
        player += 1;
    }
    keys
};

/// The key XORed in when the second player is to move.
pub(crate) const SECOND_TO_MOVE: u64 = mix(0x676f_7465_2074_6f21);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_non_zero() {
        let mut all: Vec<u64> = PIECE_KEYS.iter().flatten().flatten().copied().collect();
        all.extend(
            HAND_KEYS
                .iter()
                .flatten()
                .flat_map(|counts| counts[1..].iter().copied()),
        );
        all.push(SECOND_TO_MOVE);
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
        assert!(all.iter().all(|&k| k != 0));
    }
}
