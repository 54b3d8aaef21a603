//! # gamesolver-python
//!
//! The Python module `gamesolver._native` (re-exported by the pure-Python
//! package `gamesolver`): the games, exact solutions, tablebases, engines
//! and MDP planning of this workspace, reached only through the façade of
//! `gamesolver-api`; the games are the registry the module is made over
//! ([`fill_module`]: the shipped module passes the built-in games of
//! `gamesolver-engines`; a crate of one's own can make a Python module
//! over its own registry the same way). Long calls release the GIL
//! and honour Ctrl-C
//! (`interrupt`); library errors become typed exceptions with the
//! library's message: `ValueError` subclasses for bad input, `OSError`
//! ones for files (`errors`).

mod action_lists;
mod arrays;
mod batch;
mod engine;
mod engine_options;
mod errors;
mod game;
mod interrupt;
mod mdp;
mod numbers;
mod parallel;
mod position_arg;
mod record;
mod registry;
mod report;
mod solved;
mod state;
mod tablebase;
mod tablebase_build;
mod vector;

use pyo3::prelude::*;

use gamesolver_api::Registry;

/// The native part of the `gamesolver` package, over the built-in games.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    fill_module(m, gamesolver_engines::builtin())
}

/// Fills `m` with the module's classes, functions and exceptions, serving
/// the games of `registry`: a Rust crate makes a Python module over games
/// of its own with it (its `#[pymodule]` function calls this; every game
/// lookup, `registered_names()` and each capability's default game go
/// through `registry`). A process holds one registry per native module
/// (the first one given).
///
/// ```ignore
/// #[pyo3::pymodule]
/// fn my_games(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
///     gamesolver_python::fill_module(m, gamesolver_engines::builtin().with(my_game()))
/// }
/// ```
///
/// # Errors
/// What PyO3 raises adding an item to the module.
pub fn fill_module(m: &Bound<'_, PyModule>, registry: Registry) -> PyResult<()> {
    registry::install(registry);
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PySearchReport>()?;
    m.add_class::<solved::PySolvedTable>()?;
    m.add_class::<tablebase::PyTablebase>()?;
    m.add_class::<report::PyPositionReport>()?;
    m.add_class::<report::PyMoveVerdict>()?;
    m.add_class::<mdp::PyMdpSession>()?;
    m.add_class::<vector::PyVectorGames>()?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::registered_names, m)?)?;
    m.add_function(wrap_pyfunction!(batch::perft, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(solved::solve, m)?)?;
    m.add_function(wrap_pyfunction!(record::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(record::write_game, m)?)?;
    m.add_function(wrap_pyfunction!(record::review, m)?)?;
    m.add_function(wrap_pyfunction!(mdp::mdp_solve, m)?)?;
    errors::register(m)?;
    m.add("TERMINAL", state::TERMINAL)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
