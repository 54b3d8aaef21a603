//! Settings shared by the sweeping methods.

use crate::{MdpError, SweepOrder};

/// How the float methods sweep and when they stop.
#[derive(Clone, Copy, Debug)]
pub struct SweepConfig {
    /// A method stops sweeping when no value changed by this much or more.
    pub tolerance: f64,
    /// A method gives up (with [`MdpError::NotConverged`]) after this many
    /// sweeps in one evaluation.
    pub max_sweeps: u32,
    /// The order of the states within a sweep.
    pub order: SweepOrder,
    /// Greedy choices take the first action in move order whose Q-value
    /// beats every earlier one by more than this.
    pub tie: f64,
}

impl Default for SweepConfig {
    fn default() -> Self {
        SweepConfig {
            tolerance: 1e-12,
            max_sweeps: 100_000,
            order: SweepOrder::Backward,
            tie: 1e-9,
        }
    }
}

impl SweepConfig {
    /// Checks that the settings make sense.
    pub fn validate(&self) -> Result<(), MdpError> {
        let tolerance_ok = self.tolerance > 0.0 && self.tolerance.is_finite();
        let tie_ok = self.tie >= 0.0 && self.tie.is_finite();
        if !(tolerance_ok && tie_ok && self.max_sweeps > 0) {
            return Err(MdpError::InvalidParameter(format!(
                "tolerance must be positive and finite, tie non-negative, sweeps at least 1 ({self:?})"
            )));
        }
        Ok(())
    }
}
