//! Dōbutsu shōgi as one unit: its declaration ([`Dobutsu`]), the action
//! numbering and observation planes ([`encoding`]), the evaluation of the
//! search, the engines (alpha-beta, which plays straight from the solved
//! tables when it has them, or MCTS), the tables as the game's exact
//! oracle, the bench positions, the terminal board and the tour step. The
//! rules are `gamesolver_games::dobutsu`'s.
//!
//! # Actions (180)
//!
//! `origin × 12 + to`: `to` is the arrival square 0..12 (`a1` = 0, `b1` =
//! 1, … `c4` = 11: file + 3 × rank); `origin` is the square a piece leaves
//! (0..12) or, for a drop, 12 + the piece in hand (12 giraffe, 13
//! elephant, 14 chick). So `b2b3` is 4 × 12 + 7 = 55 and `C*b2` is
//! 14 × 12 + 4 = 172.
//!
//! # Observation `[17, 4, 3]`
//!
//! Row 0 is rank 4 (the top line of the position text), column 0 file
//! `a`. Planes 0..5: the first player's lion, giraffe, elephant, chick and
//! hen (one at each square where it stands); planes 5..10 the second
//! player's; planes 10..13 the first player's hand (giraffe, elephant,
//! chick), 13..16 the second's, each filled with the count held ÷ 2 (0,
//! ½ or 1); plane 16 all ones when the first player is to move.
//!
//! # The oracle
//!
//! The whole game is solved by the retrograde tables of `gamesolver-retro`
//! (`DobutsuTiers`): a directory built once (`cargo run --release -p
//! gamesolver-retro --example dobutsu_build -- DIR`) is the game's
//! tablebase capability (the generic oracle over [`DobutsuTables`]):
//! every position's value and distance, and an engine given the directory (`--tablebase DIR`) plays
//! perfectly from it (shortest win, longest defence).

pub mod bench;
pub mod encoding;
pub mod engine;
pub mod eval;
mod game;
pub mod tablebase;
pub mod terminal;
mod tour;

pub use game::Dobutsu;
pub use tablebase::DobutsuTables;
