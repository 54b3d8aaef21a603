//! The trained networks' weights ([`super::network`]), one file per rule,
//! each written by `uttt_nn train` (`gamesolver-tuning`) from self-play
//! under its rule: do not edit them.
//!
//! The standard rule's network is behind the `standard-network` feature
//! (on by default): the CodinGame file (`super::submission`), which plays
//! CodinGame's rule only, leaves it out to stay under CodinGame's size
//! limit.

pub(crate) mod codingame;
#[cfg(feature = "standard-network")]
pub(crate) mod standard;

// Both networks have the inference's shape.
#[cfg(feature = "standard-network")]
const _: () = assert!(standard::HIDDEN == codingame::HIDDEN);
