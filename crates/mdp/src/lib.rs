//! # gamesolver-mdp
//!
//! Playing a fixed opponent optimally: a two-player game against an
//! [`OpponentModel`] is a finite Markov decision process for the agent.
//!
//! - [`Mdp::build`] enumerates the states (unfinished positions with the
//!   agent to move, reachable under the opponent model) with dense ids and
//!   stores, per state, one action per legal move and, per action, its
//!   outcomes: (probability, next state or terminal reward +1 / 0 / −1).
//!   When the state graph is loop-free the ids are topologically ordered.
//! - Float methods: [`Mdp::policy_iteration`], [`Mdp::value_iteration`]
//!   (in-place sweeps, traced), [`Mdp::q_learning`] (model-free, seeded).
//! - Exact methods on loop-free games: [`Mdp::solve_exact`],
//!   [`Mdp::evaluate_exact`], [`Mdp::outcome_probabilities`], with
//!   overflow-checked 128-bit [`Rational`]s.
//! - [`Mdp::simulate`] plays games with a policy against the opponent model.
//!
//! The crate depends on no concrete game and no solver: the
//! [`Minimax`] opponent takes its values from any oracle (for example the
//! loop-free retrograde solution of `gamesolver-retro`).
//!
//! ```
//! use gamesolver_core::Player;
//! use gamesolver_games::tictactoe::Board;
//! use gamesolver_mdp::{Discount, Mdp, UniformRandom};
//!
//! let mdp = Mdp::build(Board::empty(), Player::First, &UniformRandom, Discount::NONE).unwrap();
//! let exact = mdp.solve_exact().unwrap();
//! // X wins against a random O with this exact expected reward.
//! assert!(exact.values.start > 0.into());
//! ```
#![deny(missing_docs)]

mod bellman;
mod build;
mod config;
mod discount;
mod error;
mod evaluation;
mod exact;
mod model;
mod opponent;
mod order;
mod policy;
mod policy_iteration;
mod qlearning;
mod rational;
mod simulate;
mod value_iteration;

pub use bellman::SweepOrder;
pub use config::SweepConfig;
pub use discount::{Discount, ParseDiscountError};
pub use error::MdpError;
pub use evaluation::StateValues;
pub use exact::{ExactSolution, ExactValues, OutcomeProbabilities};
pub use model::{Mdp, Target, reward};
pub use opponent::{Minimax, OpponentModel, UniformRandom};
pub use policy::Policy;
pub use policy_iteration::{PolicyIteration, PolicyRound};
pub use qlearning::{EPISODES_BETWEEN_STOP_CHECKS, QCheckpoint, QLearning, QLearningConfig};
pub use rational::{Rational, to_f64};
pub use simulate::{Interval, Tally};
pub use value_iteration::{ValueIteration, ValueSweep};
