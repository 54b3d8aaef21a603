//! # gamesolver-python-toy
//!
//! The Python module `gamesolver_ringcoins`: `gamesolver-python`'s classes
//! and functions over a registry of one's own, the built-in games plus
//! ring coins (the toy loopy game with tiers of `gamesolver-toy`, which no
//! front end names). What a Rust user writes to get their own game into
//! Python; its pytest suite (tests/) plays the toy through `load_game`,
//! states, an engine, a tablebase build and probes.

use pyo3::prelude::*;

/// The module: the built-in games and ring coins.
#[pymodule]
fn gamesolver_ringcoins(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let registry = gamesolver_engines::builtin().with(gamesolver_toy::ring_coins());
    gamesolver_python::fill_module(m, registry)
}
