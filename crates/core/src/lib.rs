//! # gamesolver-core
//!
//! The vocabulary every other gamesolver crate speaks, and nothing else:
//! who plays ([`Player`]), how a game ended ([`Outcome`]), what a position is
//! worth to the side to move ([`Wdl`], [`Solution`]), the [`Game`] trait a
//! game implements to get every algorithm for free, and dense position
//! [`Indexer`]s for tables.
//!
//! Conventions (see `docs/ARCHITECTURE.md`): values are relative to the side
//! to move; distances count plies to the end of the game under optimal play
//! (the winner takes the shortest win, the loser the longest defence).
//!
//! ```
//! use gamesolver_core::{Outcome, Player, Solution, Wdl};
//!
//! // Values are relative to the side to move; outcomes are absolute.
//! assert_eq!(Outcome::Winner(Player::First).value_for(Player::Second), Wdl::Loss);
//! // A win in 3 plies is better than a win in 5; a move passes a child's
//! // solution up with the value negated and one more ply.
//! assert!(Solution::new(Wdl::Win, 3) > Solution::new(Wdl::Win, 5));
//! assert_eq!(Solution::through_child(Solution::new(Wdl::Loss, 2)), Solution::new(Wdl::Win, 3));
//! ```
#![deny(missing_docs)]

mod error;
mod game;
mod indexer;
mod outcome;
mod player;
mod position_error;
mod retrograde;
mod solution;
pub mod splitmix;
pub mod stats;
mod tiers;
mod wdl;
mod wdl_counts;

pub use error::{IllegalMove, ParseMoveError};
pub use game::Game;
pub use indexer::Indexer;
pub use outcome::Outcome;
pub use player::Player;
pub use position_error::PositionErrorKind;
pub use retrograde::Retrograde;
pub use solution::Solution;
pub use tiers::TierLayout;
pub use wdl::Wdl;
pub use wdl_counts::WdlCounts;
