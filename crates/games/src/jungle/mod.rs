//! Jungle (Dou Shou Qi) on the 7×9 board: rules, notation and move
//! generation. The rules are the common ones, as Wikipedia's "Jungle
//! (board game)" gives them
//! (<https://en.wikipedia.org/wiki/Jungle_(board_game)>); [`Variant`] names
//! the presets that differ.
//!
//! - [`Square`], [`board`]: the geometry as 63-bit bitboards with
//!   precomputed step and river-jump tables;
//! - [`Piece`], [`Rules`], [`Variant`]: the animals and the rule presets;
//! - [`Position`]: pieces by side and strength slot, copy-make, Zobrist
//!   [`Position::key`]; implements [`gamesolver_core::Game`];
//! - [`Move`]: `g3g4` notation; FEN via [`Position::from_fen`] and
//!   `Display`, errors in [`FenError`] and [`PositionError`];
//! - [`GameEnd`]: why a position is over; [`JungleGame`]: a game in play with
//!   the draw rules (threefold repetition, 200 plies without a capture).

pub mod board;
mod end;
mod error;
mod fen;
mod history;
mod material;
mod movegen;
mod moves;
mod one_ply;
mod piece;
mod position;
mod rules;
mod square;
mod tier_index;
mod unmoves;
mod zobrist;

pub use end::GameEnd;
pub use error::{PositionError, side_name};
pub use fen::{Fen, FenError, START_FEN};
pub use history::{DrawReason, JungleGame, QUIET_PLIES_DRAW, REPETITION_DRAW};
pub use material::{Material, ParseMaterialError};
pub use moves::Move;
pub use piece::Piece;
pub use position::Position;
pub use rules::{Rules, UnknownVariant, Variant};
pub use square::{ParseSquareError, Square};
pub use tier_index::JungleTiers;
