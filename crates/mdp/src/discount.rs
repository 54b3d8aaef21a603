//! The discount factor γ, exact and as a float.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::rational::{Rational, to_f64};

/// Text that is not a discount factor in (0, 1].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid discount factor {text:?}: {reason}")]
pub struct ParseDiscountError {
    /// The text that was given.
    pub text: String,
    /// What was wrong with it.
    pub reason: &'static str,
}

/// A discount factor γ with 0 < γ ≤ 1, kept exactly (as a rational) so the
/// exact solver can use it, and as the nearest `f64` for the float methods.
///
/// Read from a decimal (`0.9`) or a fraction (`9/10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discount(Rational);

impl Discount {
    /// No discount: γ = 1.
    pub const NONE: Discount = Discount(Rational::new_raw(1, 1));

    /// The discount `gamma`, if 0 < γ ≤ 1.
    #[must_use]
    pub fn new(gamma: Rational) -> Option<Discount> {
        let zero = Rational::from_integer(0);
        let one = Rational::from_integer(1);
        (gamma > zero && gamma <= one).then_some(Discount(gamma))
    }

    /// γ exactly.
    #[must_use]
    pub fn exact(self) -> Rational {
        self.0
    }

    /// γ as a float.
    #[must_use]
    pub fn float(self) -> f64 {
        to_f64(&self.0)
    }

    /// Whether γ = 1.
    #[must_use]
    pub fn is_none(self) -> bool {
        self == Discount::NONE
    }
}

impl Default for Discount {
    fn default() -> Self {
        Discount::NONE
    }
}

impl fmt::Display for Discount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Discount {
    type Err = ParseDiscountError;

    fn from_str(text: &str) -> Result<Discount, ParseDiscountError> {
        let error = |reason| ParseDiscountError {
            text: text.to_owned(),
            reason,
        };
        if text.trim().starts_with('-') {
            return Err(error("γ must satisfy 0 < γ ≤ 1"));
        }
        let value = match text.trim().split_once('/') {
            Some((n, d)) => parse_fraction(n, d).ok_or_else(|| error("not a fraction N/D"))?,
            None => {
                parse_decimal(text.trim()).ok_or_else(|| error("not a decimal number like 0.9"))?
            }
        };
        Discount::new(value).ok_or_else(|| error("γ must satisfy 0 < γ ≤ 1"))
    }
}

/// `N/D` with non-negative integers and D > 0.
fn parse_fraction(numer: &str, denom: &str) -> Option<Rational> {
    let n: i128 = parse_digits(numer.trim())?;
    let d: i128 = parse_digits(denom.trim())?;
    (d != 0).then(|| Rational::new(n, d))
}

/// `I`, `I.F` or `.F` in decimal digits, at most 18 after the point.
fn parse_decimal(text: &str) -> Option<Rational> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    if (int.is_empty() && frac.is_empty()) || frac.len() > 18 {
        return None;
    }
    let int = if int.is_empty() {
        0
    } else {
        parse_digits(int)?
    };
    let scale = 10i128.pow(frac.len() as u32);
    let frac = if frac.is_empty() {
        0
    } else {
        parse_digits(frac)?
    };
    Some(Rational::new(
        int.checked_mul(scale)?.checked_add(frac)?,
        scale,
    ))
}

/// Plain ASCII digits (no sign), at most 30 of them.
fn parse_digits(text: &str) -> Option<i128> {
    let ok = !text.is_empty() && text.len() <= 30 && text.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_decimals_and_fractions() {
        let g: Discount = "0.9".parse().unwrap();
        assert_eq!(g.exact(), Rational::new(9, 10));
        assert_eq!("9/10".parse::<Discount>().unwrap(), g);
        assert_eq!("1".parse::<Discount>().unwrap(), Discount::NONE);
        assert_eq!("1.0".parse::<Discount>().unwrap(), Discount::NONE);
        assert_eq!(".5".parse::<Discount>().unwrap().float(), 0.5);
    }

    #[test]
    fn refuses_values_outside_the_unit_interval_and_junk() {
        for bad in [
            "0", "0.0", "1.5", "-0.5", "2/1", "1/0", "abc", "", ".", "0.9x", "1e-3",
        ] {
            let err = bad.parse::<Discount>().unwrap_err();
            assert_eq!(err.text, bad);
        }
        let negative = "-0.5".parse::<Discount>().unwrap_err();
        assert!(negative.to_string().contains("0 < γ ≤ 1"));
        assert!(
            "1.01"
                .parse::<Discount>()
                .unwrap_err()
                .to_string()
                .contains("0 < γ ≤ 1")
        );
    }
}
