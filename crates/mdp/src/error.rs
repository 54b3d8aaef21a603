//! What can go wrong when building or solving an MDP.

use thiserror::Error;

/// Why an MDP could not be built or solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MdpError {
    /// The start position is already finished: there is nothing to decide.
    #[error("the start position is already finished")]
    FinishedStart,
    /// A position that is not finished has no legal move.
    #[error("{0} has no legal move but is not finished (the game breaks the Game contract)")]
    StuckPosition(String),
    /// The opponent model gave no move, or weights that are zero or too large.
    #[error("the opponent model gives no usable distribution in {0}")]
    BadOpponentChoice(String),
    /// The opponent model's solver has no value for a position.
    #[error("the opponent model's solver does not know {0}")]
    UnknownPosition(String),
    /// More states, actions or transitions than a `u32` index can name.
    #[error("the MDP is too large for 32-bit indices")]
    TooLarge,
    /// The exact solver needs a state graph without cycles.
    #[error("the state graph has a cycle; exact backward induction needs a loop-free game")]
    NotLoopFree,
    /// A rational number outgrew 128 bits.
    #[error("exact arithmetic overflowed 128-bit rationals")]
    Overflow,
    /// An iterative method did not reach its tolerance within its limit.
    #[error("{method} did not converge within {limit} sweeps")]
    NotConverged {
        /// The method that gave up.
        method: &'static str,
        /// The sweep limit.
        limit: u32,
    },
    /// A parameter is out of range.
    #[error("invalid parameter: {0}")]
    InvalidParameter(String),
    /// The caller asked the computation to stop (a front end's Ctrl-C).
    #[error("cancelled")]
    Cancelled,
}
