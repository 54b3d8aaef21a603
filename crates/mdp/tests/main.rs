//! The integration tests of `gamesolver-mdp` in one test binary (one
//! compile and link instead of one per file): each file of `tests/` is a
//! module, the shared helpers too. `cargo test -p gamesolver-mdp --test
//! integration -- FILE::` runs one file's tests.

mod common;

mod generic_games;
mod learning_and_simulation;
mod tictactoe_vs_minimax;
mod tictactoe_vs_random;
