//! Dōbutsu shōgi ("animal shōgi", どうぶつしょうぎ, "Let's Catch the
//! Lion!"): rules, notation, move generation and un-moves.
//!
//! # The rules (official, the default preset)
//!
//! Designed by Madoka Kitao (2008), published by Nekomado; the official rule
//! sheet exists in Japanese and in an English translation. Two players on a
//! board of 3 files (`a`–`c`) × 4 ranks (`1`–`4`); the first player (sente)
//! starts with elephant `a1`, lion `b1`, giraffe `c1`, chick `b2`, the
//! second (gote) with giraffe `a4`, lion `b4`, elephant `c4`, chick `b3`.
//! Each turn a player moves one animal one step, or drops one from its hand:
//!
//! - lion: any of the eight directions; giraffe: forwards, backwards,
//!   sideways; elephant: the four diagonals; chick: one step forwards; a
//!   chick that reaches the far rank becomes a hen, which moves in any
//!   direction but the two diagonals backwards;
//! - a piece moving onto an enemy piece captures it into the mover's hand (a
//!   hen becomes a chick again); instead of moving, a player may drop a piece
//!   from its hand on any empty square. A chick dropped on the far rank stays
//!   a chick (the sheet says so) and cannot move; the sheet forbids no drop;
//! - taking the opponent's lion wins; a lion that reaches the far rank wins
//!   ("Reach!"), but loses if it is caught right after arriving;
//! - the same position three times by repeated moves is a draw; no pass.
//!
//! Moving one's lion onto an attacked square, or leaving it attacked, is
//! legal (the opponent may then take it and win). A position without a legal
//! move (possible only in positions no game reaches, per Tanaka 2009) is
//! lost for the side to move here.
//!
//! Repetition is a property of a game's history, not of a position: tables
//! (and every function here) treat a position that can only cycle as a draw.
//!
//! # Where implementations differ: [`Variant`]
//!
//! - *The try.* The sheet's "safely reaches … you lose if caught right after"
//!   is read three ways. Official preset (and clausecker/dobutsu's engine):
//!   a lion arriving on a square no enemy piece attacks wins at once; an
//!   attacked arrival must be taken at once or wins after the reply.
//!   [`Variant::TryAfterReply`]: every arrival is scored after the opponent's
//!   reply. [`Variant::Gamesman`] (GamesmanOne's `dshogi`, and Tanaka's
//!   count of terminal positions): any arrival ends the game, won by the side
//!   to move if it attacks the lion. [`Variant::FairyStockfish`]: a lion on
//!   its far rank that is not attacked wins for its side, whoever is to move;
//!   an attacked lion that is not taken stays on and wins nothing until it is
//!   safe.
//! - *Moves leaving one's lion attacked.* Legal everywhere but in pgx's
//!   `animal_shogi` ([`Variant::Pgx`]), which forbids them as chess does, so
//!   its lion is never taken and a player without a legal move loses.
//! - *Chicks dropped on the far rank.* Allowed by all (Fairy-Stockfish:
//!   `immobilityIllegal = false`); such a chick never moves.
//! - *Repetition.* Official: threefold repetition is a draw; pgx: threefold
//!   (and 256 plies) a draw; Fairy-Stockfish: fourfold (its shōgi
//!   `nFoldRule`) a draw; clausecker's player: threefold; solvers
//!   (GamesmanOne, Tanaka, clausecker's table, ours): cycles are draws.
//!
//! # Sources and published figures
//!
//! The rule sheet: Nekomado (2011), Japanese and English (translation by
//! Hidetchi), kept in the public repository kylejlin/dobutsu_shogi_2024
//! (`docs/`). The readings above: clausecker/dobutsu (`moves.c`),
//! GamesmanOne (`src/games/dshogi/dshogi.c`), Fairy-Stockfish
//! (`variant.cpp`, `position.cpp`), pgx (`animal_shogi.py`).
//!
//! Tetsuro Tanaka, "An Analysis of a Board Game 'Doubutsu Shogi'", IPSJ SIG
//! Technical Report 2009-GI-22 No. 3: 1,567,925,964 is the upper bound (every
//! arrangement with the side to move fixed, Table 1), not the reachable
//! count; 246,803,167 positions are reachable (side to move and mirror
//! folded), of which 140,298,614 let the side to move take the lion,
//! 7,018,985 are won tries and 99,485,568 are non-terminal: 56,474,473 won,
//! 2,682,700 drawn, 40,328,395 lost for the side to move. The second player
//! wins in 78 plies; the longest win is 173. Our tables reproduce every one
//! of these numbers ([`count_reachable`], [`DobutsuTiers`]).
//!
//! docs/DOBUTSU.md has the details, the perft cross-checks and the
//! solution.
//!
//! # The code
//!
//! - [`Square`], [`board`]: the 12 squares as `u16` bitboards and the step
//!   tables;
//! - [`Piece`], [`Hand`]: the animals on the board and in hand;
//! - [`Position`]: bitboards by player and kind, hands, side to move and
//!   preset; copy-make, Zobrist [`Position::key`], the turned and mirrored
//!   views; implements [`gamesolver_core::Game`];
//! - [`Move`]: `b1b2` and drops `C*b2`; position text via
//!   [`Position::from_sfen`] and `Display` (`gle/1c1/1C1/ELG b -`), errors
//!   [`SfenError`] and [`PositionError`];
//! - [`GameEnd`]: why a position is over, per preset.
//!
//! ```
//! use gamesolver_core::Game;
//! use gamesolver_games::dobutsu::{Position, START_SFEN};
//!
//! let start = Position::start();
//! assert_eq!(start.to_string(), START_SFEN);
//! let moves: Vec<String> = start.moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["b1a2", "b1c2", "c1c2", "b2b3"]);
//! let after = start.play("b2b3".parse().unwrap()).unwrap();
//! assert_eq!(after.to_string(), "gle/1C1/3/ELG w C");
//! ```

pub mod board;
mod end;
mod error;
mod interior;
mod material;
mod movegen;
mod moves;
mod piece;
mod position;
mod reachable;
mod rules;
mod sfen;
mod square;
mod tier_index;
mod unmoves;
mod zobrist;

pub use end::GameEnd;
pub use error::PositionError;
pub use material::{Material, ParseMaterialError};
pub use moves::{Move, Origin};
pub use piece::{Hand, Piece};
pub use position::{Position, side_name};
pub use reachable::{Reachable, count_reachable};
pub use rules::{UnknownVariant, Variant};
pub use sfen::{START_SFEN, SfenError};
pub use square::{ParseSquareError, Square};
pub use tier_index::{DobutsuTiers, UnsupportedVariant};
pub use unmoves::Unmove;
