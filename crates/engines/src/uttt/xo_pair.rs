//! Both players' values side by side, X's then O's, for the evaluation
//! ([`super::eval::UtttEval`]): arithmetic on pairs works lane by lane, so
//! each lane goes through exactly the operations, in the same order, that
//! one player's value alone would (the same `f32` result to the bit),
//! while the compiler does both players at once.

use std::ops::{Add, Mul, Sub};

/// X's value and O's value (index [`gamesolver_core::Player::index`]),
/// and two unused lanes (0) that make it a 4-lane vector for the compiler.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct XoPair([f32; 4]);

impl XoPair {
    /// X's value `x` and O's `o`.
    #[inline]
    #[must_use]
    pub fn new([x, o]: [f32; 2]) -> XoPair {
        XoPair([x, o, 0.0, 0.0])
    }

    /// Sets the value of the player with index `player`.
    #[inline]
    pub fn set(&mut self, player: usize, value: f32) {
        self.0[player] = value;
    }

    /// The value of the player with index `player` (0 for X, 1 for O).
    #[inline]
    #[must_use]
    pub fn of(self, player: usize) -> f32 {
        self.0[player]
    }

    /// The value of player `player` less the other's.
    #[inline]
    #[must_use]
    pub fn lead(self, player: usize) -> f32 {
        self.0[player] - self.0[1 - player]
    }
}

impl Add for XoPair {
    type Output = XoPair;

    #[inline]
    fn add(self, other: XoPair) -> XoPair {
        XoPair([
            self.0[0] + other.0[0],
            self.0[1] + other.0[1],
            self.0[2] + other.0[2],
            self.0[3] + other.0[3],
        ])
    }
}

impl Sub for XoPair {
    type Output = XoPair;

    #[inline]
    fn sub(self, other: XoPair) -> XoPair {
        XoPair([
            self.0[0] - other.0[0],
            self.0[1] - other.0[1],
            self.0[2] - other.0[2],
            self.0[3] - other.0[3],
        ])
    }
}

impl Mul for XoPair {
    type Output = XoPair;

    #[inline]
    fn mul(self, other: XoPair) -> XoPair {
        XoPair([
            self.0[0] * other.0[0],
            self.0[1] * other.0[1],
            self.0[2] * other.0[2],
            self.0[3] * other.0[3],
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_are_independent_and_exact() {
        let (a, b, c) = (
            XoPair::new([0.1, 0.7]),
            XoPair::new([0.3, 0.2]),
            XoPair::new([0.9, 0.4]),
        );
        let pair = a * b + c * a - b;
        for lane in 0..2 {
            let alone = a.0[lane] * b.0[lane] + c.0[lane] * a.0[lane] - b.0[lane];
            assert_eq!(pair.of(lane).to_bits(), alone.to_bits());
        }
        assert_eq!(pair.lead(0), pair.of(0) - pair.of(1));
        assert_eq!(pair.lead(1), pair.of(1) - pair.of(0));
    }
}
