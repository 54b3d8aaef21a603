//! Exact rational arithmetic that refuses to overflow.

use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedMul};

use crate::MdpError;

/// An exact rational number. `i128` numerators and denominators are ample
/// for tic-tac-toe; every operation the crate does on them is checked, so a
/// larger game fails with [`MdpError::Overflow`] instead of a wrong answer.
pub type Rational = Ratio<i128>;

/// `a + b`, or an overflow error.
pub(crate) fn add(a: &Rational, b: &Rational) -> Result<Rational, MdpError> {
    a.checked_add(b).ok_or(MdpError::Overflow)
}

/// `a * b`, or an overflow error.
pub(crate) fn mul(a: &Rational, b: &Rational) -> Result<Rational, MdpError> {
    a.checked_mul(b).ok_or(MdpError::Overflow)
}

/// The rational as an `f64` (nearest, up to rounding of the two parts).
#[must_use]
pub fn to_f64(r: &Rational) -> f64 {
    *r.numer() as f64 / *r.denom() as f64
}
