//! # gamesolver-tuning
//!
//! A tool crate (not published): tuning of ultimate tic-tac-toe's
//! evaluation, kept out of the library crates.
//!
//! Texel-style tuning of the ultimate tic-tac-toe evaluation: labelled
//! quiet positions from seeded self-play at a fixed node budget, the
//! evaluation as a weighted sum of features, and a logistic fit of the
//! weights to the game outcomes (`--example uttt_tune`).
//!
//! The fit minimises the mean cross-entropy of `sigmoid(K · eval)` against
//! each position's result for the side to move (1 win, ½ draw, 0 loss):
//! `K` is fitted first with the current weights, then the weights with `K`
//! fixed (which keeps the evaluation's scale), by damped Newton steps (the
//! loss is convex in the weights).
//!
//! [`spsa`] tunes the weights by match results instead (game pairs of
//! [`pair`] at a fixed node budget, `--example uttt_spsa`), or by results
//! against another engine ([`opponent`], `uttt_spsa … --against CMD`).

#![deny(missing_docs)]

pub mod dataset;
pub mod eval_parameters;
pub mod features;
pub mod linear;
pub mod logistic;
pub mod nn_data;
pub mod nn_deeper;
pub mod nn_exact;
pub mod nn_train;
pub mod opponent;
pub mod pair;
pub mod quiet;
pub mod selfplay;
pub mod spsa;
pub mod tune;
