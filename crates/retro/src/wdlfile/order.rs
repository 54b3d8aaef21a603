//! The order of a WDL file's indices: the tier's index read as a
//! mixed-radix number (side to move, then each piece's square, for Jungle)
//! with its digits reordered, so that the piece whose square changes the
//! value least varies fastest and the codes form longer runs. The writer
//! picks the order per tier; the probe maps each index through it.

use crate::binfile::{FieldReader, FileError};

/// A divisor with its reciprocal, for exact division of numbers below
/// 2^32 by one multiplication (Lemire, Kaser and Kurz: "Faster remainder
/// by direct computation").
#[derive(Clone, Copy, Debug)]
struct Divisor {
    divisor: u64,
    reciprocal: u64,
}

impl Divisor {
    /// `divisor` must be in 1..2^32.
    fn new(divisor: u64) -> Divisor {
        Divisor {
            divisor,
            reciprocal: (u64::MAX / divisor).wrapping_add(1),
        }
    }

    /// `(n / divisor, n % divisor)` for `n` below 2^32.
    #[inline]
    fn divide(self, n: u64) -> (u64, u64) {
        let quotient = if self.divisor == 1 {
            n
        } else {
            ((u128::from(self.reciprocal) * u128::from(n)) >> 64) as u64
        };
        (quotient, n - quotient * self.divisor)
    }
}

/// An order of the index's digits: `digits[k]` is the layout's digit
/// (counted from the most significant) that is the file's `k`-th most
/// significant one. The identity order keeps the layout's index.
#[derive(Clone, Debug)]
pub(crate) struct DigitOrder {
    /// The layout's radices, most significant digit first.
    radices: Vec<u64>,
    digits: Vec<u8>,
    /// Whether `digits` is the layout's order (no mapping).
    identity: bool,
    /// Each layout digit's weight in the file's index.
    file_weights: Vec<u64>,
    divisors: Vec<Divisor>,
}

/// Digits of an index kept per order (tiers of up to 16 pieces and the side
/// to move).
const MAX_DIGITS: usize = 17;

impl DigitOrder {
    /// The layout's own order of `radices` (no permutation; also for a
    /// layout that gives no radices).
    pub(crate) fn identity(radices: &[u64]) -> DigitOrder {
        DigitOrder::new(radices, (0..radices.len() as u8).collect())
    }

    /// The layout's order but digit `fastest` moved to the least
    /// significant place.
    pub(crate) fn with_fastest(radices: &[u64], fastest: usize) -> DigitOrder {
        let mut digits: Vec<u8> = (0..radices.len() as u8)
            .filter(|&d| usize::from(d) != fastest)
            .collect();
        digits.push(fastest as u8);
        DigitOrder::new(radices, digits)
    }

    fn new(radices: &[u64], digits: Vec<u8>) -> DigitOrder {
        let mut file_weights = vec![0; radices.len()];
        let mut weight = 1u64;
        for &d in digits.iter().rev() {
            file_weights[usize::from(d)] = weight;
            weight = weight.saturating_mul(radices[usize::from(d)]);
        }
        let identity = digits.iter().enumerate().all(|(k, &d)| usize::from(d) == k);
        DigitOrder {
            radices: radices.to_vec(),
            digits,
            identity,
            file_weights,
            divisors: radices.iter().map(|&r| Divisor::new(r)).collect(),
        }
    }

    /// Whether the file's index is the layout's.
    #[inline]
    pub(crate) fn is_identity(&self) -> bool {
        self.identity
    }

    /// The orders the writer tries for `radices` (the index of a tier of
    /// `entries` entries): the layout's, and each digit but the most
    /// significant moved to the least significant place. None but the
    /// layout's when the radices do not describe the index or it reaches
    /// 2^32 (the probe's division needs less).
    pub(crate) fn candidates(radices: &[u64], entries: u64) -> Vec<DigitOrder> {
        if !describes(radices, entries) {
            return vec![DigitOrder::identity(&[])];
        }
        let mut orders = vec![DigitOrder::identity(radices)];
        orders.extend((1..radices.len() - 1).map(|d| DigitOrder::with_fastest(radices, d)));
        orders
    }

    /// The file's index of the layout's index `index`.
    #[inline]
    pub(crate) fn file_index(&self, index: u64) -> u64 {
        if self.is_identity() {
            return index;
        }
        let mut rest = index;
        let mut file = 0;
        for d in (0..self.divisors.len()).rev() {
            let (quotient, digit) = self.divisors[d].divide(rest);
            file += digit * self.file_weights[d];
            rest = quotient;
        }
        file
    }

    /// The layout's index of the file's index `file` (the inverse of
    /// [`DigitOrder::file_index`]).
    pub(crate) fn layout_index(&self, file: u64) -> u64 {
        if self.is_identity() {
            return file;
        }
        let mut digits = [0u64; MAX_DIGITS];
        let mut rest = file;
        for &d in self.digits.iter().rev() {
            let (quotient, digit) = self.divisors[usize::from(d)].divide(rest);
            digits[usize::from(d)] = digit;
            rest = quotient;
        }
        digits
            .iter()
            .zip(&self.radices)
            .fold(0, |index, (&digit, &radix)| index * radix + digit)
    }

    /// Calls `visit` with the layout's index of each of the file's indices
    /// `start..start + count` (which must be below the entry count), in
    /// order, counting the file's digits up like an odometer: no division
    /// but the start's, and along the fastest digit one addition of its
    /// layout weight per index.
    pub(crate) fn for_each_layout_index(
        &self,
        start: u64,
        count: usize,
        mut visit: impl FnMut(u64),
    ) {
        if self.is_identity() {
            (start..start + count as u64).for_each(visit);
            return;
        }
        let layout_weights = self.layout_weights();
        let mut file_digits = [0u64; MAX_DIGITS];
        let mut rest = start;
        for (k, &d) in self.digits.iter().enumerate().rev() {
            let (quotient, digit) = self.divisors[usize::from(d)].divide(rest);
            file_digits[k] = digit;
            rest = quotient;
        }
        let mut index = self.layout_index(start);
        let last = self.digits.len() - 1;
        let fastest = usize::from(self.digits[last]);
        let (step, radix) = (layout_weights[fastest], self.radices[fastest]);
        let mut left = count as u64;
        loop {
            // The rest of the fastest digit's round, then one carry.
            let run = (radix - file_digits[last]).min(left);
            for _ in 0..run {
                visit(index);
                index += step;
            }
            left -= run;
            if left == 0 {
                return;
            }
            index -= radix * step;
            file_digits[last] = 0;
            let mut k = last;
            while k > 0 {
                k -= 1;
                let d = usize::from(self.digits[k]);
                file_digits[k] += 1;
                index += layout_weights[d];
                if file_digits[k] < self.radices[d] || k == 0 {
                    break;
                }
                index -= self.radices[d] * layout_weights[d];
                file_digits[k] = 0;
            }
        }
    }

    /// Each layout digit's weight in the layout's index.
    fn layout_weights(&self) -> [u64; MAX_DIGITS] {
        let mut weights = [0u64; MAX_DIGITS];
        let mut weight = 1u64;
        for (d, &radix) in self.radices.iter().enumerate().rev() {
            weights[d] = weight;
            weight = weight.saturating_mul(radix);
        }
        weights
    }

    /// Appends the order: the number of digits, then per file digit (most
    /// significant first) the layout's digit and its radix (u32).
    pub(crate) fn put(&self, out: &mut Vec<u8>) {
        out.push(self.digits.len() as u8);
        for &d in &self.digits {
            out.push(d);
            out.extend_from_slice(&(self.radices[usize::from(d)] as u32).to_le_bytes());
        }
    }

    /// Reads the order [`DigitOrder::put`] writes and checks it: the
    /// layout's `radices` (empty: no order but the identity), which must
    /// describe the index of `entries` entries, each digit once.
    pub(crate) fn read(
        fields: &mut FieldReader<'_>,
        radices: &[u64],
        entries: u64,
    ) -> Result<DigitOrder, FileError> {
        let path = fields.path();
        let count = usize::from(fields.u8("index order")?);
        let mut digits = Vec::with_capacity(count.min(MAX_DIGITS));
        let mut found = vec![0u64; radices.len()];
        for _ in 0..count {
            let digit = fields.u8("index order")?;
            let radix = u64::from(fields.u32("index order")?);
            let slot = found
                .get_mut(usize::from(digit))
                .filter(|slot| **slot == 0)
                .ok_or_else(|| {
                    FileError::malformed(
                        path,
                        "index order names a digit twice or one the tier has not",
                    )
                })?;
            *slot = radix;
            digits.push(digit);
        }
        if count == 0 {
            return Ok(DigitOrder::identity(&[]));
        }
        if found != radices || !describes(radices, entries) {
            return Err(FileError::malformed(
                path,
                format!("index order has radices {found:?}, the tier's index {radices:?}"),
            ));
        }
        Ok(DigitOrder::new(radices, digits))
    }
}

/// Whether `radices` describe an index of `entries` entries the probe can
/// reorder: digits of 1 to 2^32 − 1 whose product is `entries`, below
/// 2^32.
fn describes(radices: &[u64], entries: u64) -> bool {
    !radices.is_empty()
        && radices.len() <= MAX_DIGITS
        && radices.iter().all(|&r| (1..1 << 32).contains(&r))
        && radices.iter().try_fold(1u64, |p, &r| p.checked_mul(r)) == Some(entries)
        && entries < 1 << 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_is_a_bijection() {
        let radices = [2, 28, 49, 61];
        let entries: u64 = radices.iter().product();
        for order in DigitOrder::candidates(&radices, entries) {
            let mut seen = vec![false; entries as usize];
            for index in 0..entries {
                let file = order.file_index(index);
                assert!(!seen[file as usize], "{order:?} {index}");
                seen[file as usize] = true;
                assert_eq!(order.layout_index(file), index, "{order:?}");
            }
        }
        let fastest = DigitOrder::with_fastest(&radices, 1);
        assert_eq!(
            fastest.file_index(1),
            28,
            "the last digit is second fastest"
        );
        assert_eq!(fastest.file_index(49 * 61), 1, "the second is fastest");
    }

    #[test]
    fn counted_layout_indices_are_the_decoded_ones() {
        let radices = [2, 28, 49, 61];
        let entries: u64 = radices.iter().product();
        for order in DigitOrder::candidates(&radices, entries) {
            for (start, len) in [(0, 5000), (1234, 70_000), (entries - 3000, 3000)] {
                let mut counted = Vec::new();
                order.for_each_layout_index(start, len, |index| counted.push(index));
                let decoded: Vec<u64> = (start..start + len as u64)
                    .map(|file| order.layout_index(file))
                    .collect();
                assert_eq!(counted, decoded, "{order:?} from {start}");
            }
        }
    }

    #[test]
    fn division_by_reciprocal_is_exact() {
        for d in [1, 2, 3, 28, 34, 49, 61, 1000, 65_537, u64::from(u32::MAX)] {
            let divisor = Divisor::new(d);
            for n in [0, 1, d - 1, d, d + 1, 12_345_678, u64::from(u32::MAX)] {
                assert_eq!(divisor.divide(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    #[test]
    fn radices_that_do_not_describe_the_index_give_the_identity() {
        assert_eq!(DigitOrder::candidates(&[2, 3], 7).len(), 1);
        assert_eq!(DigitOrder::candidates(&[], 7).len(), 1);
        assert_eq!(
            DigitOrder::candidates(&[2, 1 << 20, 1 << 20], 1 << 41).len(),
            1
        );
        assert_eq!(DigitOrder::candidates(&[2, 3, 5, 7], 210).len(), 3);
    }
}
