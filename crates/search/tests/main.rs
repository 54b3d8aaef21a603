//! The integration tests of `gamesolver-search` in one test binary (one
//! compile and link instead of one per file): each file of `tests/` is a
//! module, the shared helpers too. `cargo test -p gamesolver-search --test
//! integration -- FILE::` runs one file's tests.

mod alphabeta_tictactoe;
mod dobutsu_perft;
mod error_chances_tictactoe;
mod jungle_perft;
mod mcts_tictactoe;
mod tictactoe_perft;
mod uttt_perft;
