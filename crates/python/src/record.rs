//! Game records and reviews: `read_game`, `write_game` and `review`
//! (docs/FORMATS.md, "Game records"; the façade's `review`).

use std::path::PathBuf;

use gamesolver_api::review::{FacadeJudge, review_game};
use gamesolver_api::{EngineSpec, FacadeError, RecordError, SavedGame, SearchLimits};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::errors::OrRaise;
use crate::interrupt::run_interruptible;
use crate::registry::registry;
use crate::solved::json_to_python;
use crate::state::PyState;

/// A record's error as a `ValueError`.
fn record_err(error: RecordError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// Reads the one game of a record's text: its data as a dict (`game`,
/// `rules`, `start`, `first`, `second`, `date`, `result`, `termination`,
/// `tags`, `moves`) and the position after its last move, its moves
/// checked by the game's rules.
#[pyfunction]
pub fn read_game<'py>(py: Python<'py>, text: &str) -> PyResult<(Bound<'py, PyAny>, PyState)> {
    let record = SavedGame::parse(text).map_err(record_err)?;
    let replayed = record.replay(registry()).map_err(record_err)?;
    let def = registry().get(&record.game).or_raise()?;
    let value =
        serde_json::to_value(&record).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok((json_to_python(py, &value)?, PyState::new(def, replayed.end)))
}

/// The record's text of `moves` of `game` from `start` (None: the game's
/// start) under `rules`, with the players and date given; the result and
/// how it ended come from the rules.
#[pyfunction]
#[pyo3(signature = (game, moves, start=None, rules=None, first=None, second=None, date=None))]
#[allow(clippy::too_many_arguments)]
pub fn write_game(
    game: &str,
    moves: Vec<String>,
    start: Option<&str>,
    rules: Option<&str>,
    first: Option<String>,
    second: Option<String>,
    date: Option<String>,
) -> PyResult<String> {
    let def = registry().get(game).or_raise()?;
    let start = match start {
        Some(text) => def.parse(text, rules),
        None => def.start(rules),
    }
    .or_raise()?;
    let mut record = SavedGame::of_game(registry(), start.as_ref(), &moves).map_err(record_err)?;
    record.first = first;
    record.second = second;
    record.date = date;
    record.to_text().map_err(record_err)
}

/// Reviews the game of a record's text: every position evaluated (the
/// game's solved table, or `tablebase` where it covers, else the engine
/// for `movetime_ms` or to `depth`), every move classified; the review
/// as a dict. Runs without the GIL; Ctrl-C raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (text, movetime_ms=None, depth=None, tablebase=None))]
pub fn review<'py>(
    py: Python<'py>,
    text: &str,
    movetime_ms: Option<u64>,
    depth: Option<u32>,
    tablebase: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    if movetime_ms == Some(0) || depth.is_some_and(|d| !(1..=100).contains(&d)) {
        return Err(PyValueError::new_err(
            "movetime_ms must be at least 1 and depth from 1 to 100",
        ));
    }
    let record = SavedGame::parse(text).map_err(record_err)?;
    let replayed = record.replay(registry()).map_err(record_err)?;
    let game = registry().get(&record.game).or_raise()?;
    let rules = replayed.start.rules();
    let oracle = match &tablebase {
        Some(dir) => {
            let tables = game.tablebase().ok_or(FacadeError::Unsupported {
                game: game.info().name,
                what: "tablebase",
            });
            Some(tables.and_then(|t| t.open(dir, Some(rules))).or_raise()?)
        }
        None => None,
    };
    let engine = if game.capabilities().search {
        Some(
            game.engine(&EngineSpec {
                rules: Some(rules.to_string()),
                tablebase: tablebase.clone(),
                ..EngineSpec::default()
            })
            .or_raise()?,
        )
    } else {
        None
    };
    let stop = engine.as_ref().map(|e| e.stop_flag());
    let limits = SearchLimits {
        movetime_ms: match depth {
            Some(_) => None,
            None => Some(movetime_ms.unwrap_or(100)),
        },
        depth,
        nodes: None,
    };
    let reviewed = run_interruptible(
        py,
        |reporter| {
            let mut judge = FacadeJudge {
                solved: game.solved(),
                tables: oracle.as_deref(),
                engine,
                limits,
            };
            review_game(
                replayed.start.as_ref(),
                &record.moves,
                &mut judge,
                &mut |_, _| !reporter.cancelled(),
            )
        },
        |_, ()| Ok(()),
        || {
            if let Some(flag) = &stop {
                flag.stop();
            }
        },
    )?
    .or_raise()?;
    let value =
        serde_json::to_value(&reviewed).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    json_to_python(py, &value)
}
