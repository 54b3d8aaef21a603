//! The integration tests of `gamesolver-retro` in one test binary (one
//! compile and link instead of one per file): each file of `tests/` is a
//! module, the shared helpers too. `cargo test -p gamesolver-retro --test
//! integration -- FILE::` runs one file's tests.

mod common;
mod crafted;
mod special_files;

mod dobutsu_tables;
mod jungle_tablebase;
mod jungle_tablebase_3;
mod loopy_random_graphs;
mod stats_file;
mod table_file;
mod tablebase_build;
mod tbfile;
mod tictactoe_solution;
mod wdlfile;
mod zeroing_rule;
