//! Batch calls that keep the loop in Rust: perft and random playouts. Both
//! run without the GIL, on every core, and stop on Ctrl-C between chunks of
//! work.

use gamesolver_api::{FacadeError, State};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::OrRaise;
use crate::game::PyGame;
use crate::interrupt::{Reporter, run_cancellable};
use crate::numbers::whole;
use crate::parallel::for_each_chunk;
use crate::state::PyState;

/// Perft depths up to this run as one call of the library; deeper ones are
/// split by first moves, so Ctrl-C is noticed between the parts.
const PERFT_CHUNK_DEPTH: u32 = 4;

/// Random playouts per chunk (each chunk has its own seed, derived from
/// the caller's).
const PLAYOUT_CHUNK: u64 = 1024;

/// The number of move sequences of exactly `depth` plies from `state`
/// (a finished position has none).
///
/// Runs without the GIL; Ctrl-C raises KeyboardInterrupt.
#[pyfunction]
pub fn perft(py: Python<'_>, state: PyRef<'_, PyState>, depth: i128) -> PyResult<u64> {
    let depth: u32 = whole("depth", depth)?;
    let root: &dyn State = state.inner.as_ref();
    run_cancellable(py, |reporter| split_perft(root, depth, reporter))?.or_raise()
}

/// Perft with the first plies split into chunks: children of the root
/// spread over the cores, deeper levels split again so that Ctrl-C is
/// noticed between library calls of at most [`PERFT_CHUNK_DEPTH`] plies.
fn split_perft<T: Send>(
    state: &dyn State,
    depth: u32,
    reporter: &Reporter<(), T>,
) -> Result<u64, FacadeError> {
    if depth <= PERFT_CHUNK_DEPTH || state.is_terminal() {
        return sequential_perft(state, depth, reporter);
    }
    let actions = state.legal_actions();
    for_each_chunk(
        actions.len(),
        |i| {
            let mut child = state.clone_box();
            child.play_action(actions[i])?;
            sequential_perft(child.as_ref(), depth - 1, reporter)
        },
        |a, b| Ok(a? + b?),
        || Ok(0),
        || reporter.cancelled(),
    )
}

/// Perft on this thread, split by first moves above [`PERFT_CHUNK_DEPTH`]
/// so that a cancellation is seen between the parts.
fn sequential_perft<T: Send>(
    state: &dyn State,
    depth: u32,
    reporter: &Reporter<(), T>,
) -> Result<u64, FacadeError> {
    if depth <= PERFT_CHUNK_DEPTH || state.is_terminal() {
        return state.perft(depth);
    }
    let mut total = 0;
    for action in state.legal_actions() {
        if reporter.cancelled() {
            break;
        }
        let mut child = state.clone_box();
        child.play_action(action)?;
        total += sequential_perft(child.as_ref(), depth - 1, reporter)?;
    }
    Ok(total)
}

/// Plays `n` games of uniformly random moves from `start` (a Game: from
/// its start; a State: from that position) and returns a dict with
/// `games`, `first_wins`, `draws`, `second_wins`, `total_plies`,
/// `max_plies` and `mean_plies`.
///
/// Deterministic for a given (start, n, seed). Runs without the GIL;
/// Ctrl-C raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (start, n, seed=0))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    start: &Bound<'py, PyAny>,
    n: i128,
    seed: i128,
) -> PyResult<Bound<'py, PyDict>> {
    let n: u64 = whole("n", n)?;
    let seed: u64 = whole("seed", seed)?;
    let root = start_state(start)?;
    let root: &dyn State = root.as_ref();
    let totals = run_cancellable(py, |reporter| playouts_in_chunks(root, n, seed, reporter))?;
    let dict = PyDict::new(py);
    dict.set_item("games", n)?;
    dict.set_item("first_wins", totals.first_wins)?;
    dict.set_item("draws", totals.draws)?;
    dict.set_item("second_wins", totals.second_wins)?;
    dict.set_item("total_plies", totals.total_plies)?;
    dict.set_item("max_plies", totals.max_plies)?;
    let mean = if n == 0 {
        0.0
    } else {
        totals.total_plies as f64 / n as f64
    };
    dict.set_item("mean_plies", mean)?;
    Ok(dict)
}

/// A copy of the state a Game or State argument stands for.
fn start_state(start: &Bound<'_, PyAny>) -> PyResult<Box<dyn State>> {
    if let Ok(game) = start.cast::<PyGame>() {
        let game = game.get();
        return game.def.start(Some(game.rules)).or_raise();
    }
    if let Ok(state) = start.cast::<PyState>() {
        return Ok(state.borrow().inner.clone_box());
    }
    Err(PyTypeError::new_err(
        "random_playouts takes a gamesolver.Game or a gamesolver.State",
    ))
}

/// Sums of the playout statistics.
#[derive(Default)]
struct Totals {
    first_wins: u64,
    draws: u64,
    second_wins: u64,
    total_plies: u64,
    max_plies: u64,
}

impl Totals {
    fn add(self, other: Totals) -> Totals {
        Totals {
            first_wins: self.first_wins + other.first_wins,
            draws: self.draws + other.draws,
            second_wins: self.second_wins + other.second_wins,
            total_plies: self.total_plies + other.total_plies,
            max_plies: self.max_plies.max(other.max_plies),
        }
    }
}

/// `n` playouts in chunks of [`PLAYOUT_CHUNK`] games spread over the cores;
/// chunk `i` has its own seed, so the sums do not depend on the threads.
fn playouts_in_chunks<T: Send>(
    state: &dyn State,
    n: u64,
    seed: u64,
    reporter: &Reporter<(), T>,
) -> Totals {
    let chunks = usize::try_from(n.div_ceil(PLAYOUT_CHUNK)).unwrap_or(usize::MAX);
    for_each_chunk(
        chunks,
        |i| {
            let first = i as u64 * PLAYOUT_CHUNK;
            let games = PLAYOUT_CHUNK.min(n - first);
            let stats = state.random_playouts(games, chunk_seed(seed, i as u64));
            Totals {
                first_wins: stats.first_wins,
                draws: stats.draws,
                second_wins: stats.second_wins,
                total_plies: stats.total_plies,
                max_plies: stats.max_plies,
            }
        },
        Totals::add,
        Totals::default,
        || reporter.cancelled(),
    )
}

/// The seed of chunk `index` (SplitMix64 of the caller's seed and index).
fn chunk_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
