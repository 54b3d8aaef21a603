//! The integration tests of `gamesolver-web` in one test binary (one
//! compile and link instead of one per file): each file of `tests/` is a
//! module, the shared helpers too. `cargo test -p gamesolver-web --test
//! integration -- FILE::` runs one file's tests.

mod common;

mod api;
mod connections;
mod engine_options;
mod openapi_document;
mod review_api;
mod table_faults;
mod tablebase;
mod toy_game;
mod typed_errors;
