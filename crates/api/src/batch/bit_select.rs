//! The position of a word's `k`-th set bit: the random legal action of a
//! batch game whose legal actions are a mask is the set bit of a random
//! rank. Two ways to find it, behind one trait ([`BitSelect`]): a
//! branch-free broadword select for every processor ([`Broadword`]), and
//! BMI2's bit deposit, one instruction ([`Deposit`]), for the step compiled
//! for the x86-64-v3 level (see `instruction_set.rs`).

/// Finds the position of a word's `k`-th set bit.
pub(crate) trait BitSelect {
    /// The position of set bit `rank` of `word` (lowest first), which has
    /// more than `rank` set bits (else any position).
    fn nth_set_bit_of_word(word: u64, rank: u32) -> u32;
}

/// Without branches: the byte holding the bit found from the running
/// counts of set bits byte by byte (compared with `rank` in all eight bytes
/// at once), then the bit within that byte read from a table.
pub(crate) struct Broadword;

impl BitSelect for Broadword {
    #[inline(always)]
    fn nth_set_bit_of_word(word: u64, rank: u32) -> u32 {
        const BYTES_ONE: u64 = 0x0101_0101_0101_0101;
        const BYTES_HIGH: u64 = 0x8080_8080_8080_8080;
        // The set bits of each byte, then (byte k) those of bytes 0..=k.
        let pairs = word - (word >> 1 & 0x5555_5555_5555_5555);
        let nibbles = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
        let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        let running = bytes.wrapping_mul(BYTES_ONE);
        // Byte k's high bit: whether bytes 0..=k hold at most `rank` set bits
        // (each byte 0x80 + rank - count, at least 0x40: no borrow between bytes).
        let rank = u64::from(rank & 63);
        let at_most = (((rank * BYTES_ONE) | BYTES_HIGH) - running) & BYTES_HIGH;
        let shift = at_most.count_ones() * 8;
        let before = (running << 8) >> shift & 0xff;
        let byte = (word >> shift & 0xff) as usize;
        shift + u32::from(SELECT_IN_BYTE[byte][((rank - before) & 7) as usize])
    }
}

/// BMI2's `pdep`: the `rank`-th set bit of `word` is where a lone bit
/// `rank` lands when deposited into `word`'s set bits. Only for code that
/// runs after [`super::InstructionSet::detected`] found the x86-64-v3
/// level (the step of `step.rs` compiled for it).
#[cfg(target_arch = "x86_64")]
pub(crate) struct Deposit;

#[cfg(target_arch = "x86_64")]
impl BitSelect for Deposit {
    #[inline(always)]
    fn nth_set_bit_of_word(word: u64, rank: u32) -> u32 {
        debug_assert!(std::arch::is_x86_feature_detected!("bmi2"));
        // SAFETY: `pdep` touches no memory; this type is used only by the
        // step compiled for x86-64-v3, which runs only on a processor that
        // has BMI2 (`step_members` checks it).
        #[allow(unsafe_code)]
        let deposited = unsafe { std::arch::x86_64::_pdep_u64(1 << (rank & 63), word) };
        deposited.trailing_zeros()
    }
}

/// Entry `b`, `k` is the position of set bit `k` of byte `b` (lowest
/// first; 0 past its set bits).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Words of every kind: every 16-bit word, and wide ones from a
    /// generator, sparse and dense.
    fn words() -> Vec<u64> {
        let mut words: Vec<u64> = (0..1u64 << 16).collect();
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..4000 {
            x = x.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ (x >> 29);
            words.extend([
                x,
                x & x >> 3,
                x << 32,
                x >> 32,
                x & (x >> 7) & (x >> 13),
                !x,
                u64::MAX,
            ]);
        }
        words
    }

    /// Checks `S` against the set bits listed one by one.
    fn finds_every_set_bit<S: BitSelect>() {
        for word in words() {
            let bits = (0..64).filter(|&b| word >> b & 1 == 1);
            for (rank, bit) in bits.enumerate() {
                assert_eq!(
                    S::nth_set_bit_of_word(word, rank as u32),
                    bit,
                    "{word:#x} {rank}"
                );
            }
        }
    }

    #[test]
    fn broadword_finds_every_set_bit() {
        finds_every_set_bit::<Broadword>();
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn deposit_finds_every_set_bit() {
        // CI's processors have the x86-64-v3 level; one without it cannot
        // run the select, and the test says so instead of passing.
        use crate::batch::InstructionSet;
        assert!(
            InstructionSet::available().contains(&InstructionSet::X86_64V3),
            "this processor lacks the x86-64-v3 level: the BMI2 select cannot be checked"
        );
        finds_every_set_bit::<Deposit>();
    }
}
