//! Small-board tables for the playouts: which cells complete a line, the
//! number of set bits and the `k`-th set bit of a 9-bit mask, so a random
//! move is two lookups and one random number (the release build targets
//! plain x86-64, where `count_ones` is a dozen instructions, not one).

use gamesolver_games::uttt::FULL;

/// `COMPLETING[mask]`: the cells that would complete a line for a player
/// owning `mask` on a small board (the games crate's table).
pub(super) use gamesolver_games::uttt::COMPLETING;

/// `COUNT[mask]`: the number of set bits of the 9-bit `mask`.
pub(super) static COUNT: [u8; 512] = count_table();

/// `SELECT[mask][k]`: the position of the `k`-th lowest set bit of `mask`
/// (the games crate's table, shared with its playout kernel).
pub(super) use gamesolver_games::uttt::playout::SELECT;

const fn count_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut mask = 0usize;
    while mask < 512 {
        table[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    table
}

/// A uniformly chosen set bit of the non-empty 9-bit `mask`, from the
/// 32 random bits `random` (multiply-shift range reduction).
#[inline]
pub(super) fn random_bit(mask: u16, random: u32) -> u8 {
    debug_assert!(mask != 0 && mask <= FULL);
    let k = (u64::from(random) * u64::from(COUNT[usize::from(mask)])) >> 32;
    SELECT[mask as usize][k as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_popcounts() {
        for mask in 0..512u16 {
            assert_eq!(u32::from(COUNT[usize::from(mask)]), mask.count_ones());
        }
    }

    #[test]
    fn random_bits_cover_every_set_bit_and_nothing_else() {
        for mask in 1..512u16 {
            let n = mask.count_ones();
            let mut seen = 0u16;
            for k in 0..n {
                // The smallest random number that maps to index k.
                let random = ((u64::from(k) << 32).div_ceil(u64::from(n))) as u32;
                seen |= 1 << random_bit(mask, random);
            }
            assert_eq!(seen, mask, "{mask:09b}");
            assert!(mask >> random_bit(mask, u32::MAX) & 1 == 1);
        }
    }
}
