//! The integration tests of `gamesolver-engines` in one test binary (one
//! compile and link instead of one per file): each file of `tests/` is a
//! module, the shared helpers too. `cargo test -p gamesolver-engines --test
//! integration -- FILE::` runs one file's tests.

mod bench_signature;
mod dobutsu;
mod facade;
mod facade_fast_paths;
mod protocol_doc_options;
mod protocol_harness;
mod typed_errors;
mod uttt_clock;
mod uttt_submission;
