//! Matches between protocol engines: engine processes, the referee that
//! checks every move, and the statistics of the result.

pub mod process;
pub mod referee;
pub mod stats;
