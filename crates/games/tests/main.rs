//! The integration tests of `gamesolver-games` in one test binary (one
//! compile and link instead of one per file): each file of `tests/` is a
//! module, the shared helpers too. `cargo test -p gamesolver-games --test
//! integration -- FILE::` runs one file's tests.

mod dobutsu_conformance;
mod jungle_conformance;
mod jungle_reference;
mod parser_props;
mod tictactoe_conformance;
mod uttt_conformance;
mod uttt_parse_props;
