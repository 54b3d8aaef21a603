//! The integration tests of `gamesolver-cli` in one test binary (one
//! compile and link instead of one per file): each file of `tests/` is a
//! module, the shared helpers too. `cargo test -p gamesolver-cli --test
//! integration -- FILE::` runs one file's tests.

mod common;

mod custom_game;
mod dobutsu_cli;
mod jungle_engine;
mod match_codingame;
mod match_forfeits;
mod match_sprt;
mod mdp_command;
mod number_props;
mod perft_command;
mod puzzles_command;
mod refusals;
mod review_command;
mod serve_signals;
mod tablebase_command;
mod tablebase_report;
mod test_layout;
mod tictactoe_cli;
mod toy_game;
mod uttt_cli;
