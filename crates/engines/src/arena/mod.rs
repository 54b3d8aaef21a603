//! Matches between protocol engines: engine processes, the referee that
//! checks every move, the statistics of the result and the sequential
//! test (SPRT) that stops a match once it has decided.

pub mod process;
pub mod referee;
pub mod sprt;
pub mod stats;
