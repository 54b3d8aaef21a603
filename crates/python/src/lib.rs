//! # gamesolver-python
//!
//! The Python module `gamesolver._native` (re-exported by the pure-Python
//! package `gamesolver`): the games, exact solutions, tablebases, engines
//! and MDP planning of this workspace, reached only through the façade of
//! `gamesolver-api`; the games are the module's registry ([`registry`],
//! the built-in games of `gamesolver-engines`). Long calls release the GIL
//! and honour Ctrl-C
//! ([`interrupt`]); library errors become typed exceptions with the
//! library's message: `ValueError` subclasses for bad input, `OSError`
//! ones for files ([`errors`]).

mod action_lists;
mod arrays;
mod batch;
mod engine;
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

/// The native part of the `gamesolver` package.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
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
