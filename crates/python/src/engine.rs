//! `gamesolver.Engine`: the game's search engines (alpha-beta, MCTS), with
//! an optional tablebase.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

use gamesolver_api::{
    AnyEngine, EngineSpec, GameDef, PositionErrorKind, SearchLimits, SearchReport, State,
};
use gamesolver_search::StopFlag;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Deserialize;

use crate::engine_options::{option_dicts_with_values, option_text};
use crate::errors::{OrRaise, position_error};
use crate::game::PyGame;
use crate::interrupt::run_interruptible;
use crate::numbers::{Int, optional_whole};
use crate::state::PyState;

/// A search engine for one game.
///
/// `Engine(game, kind=None, hash_mb=None, seed=None, tablebase=None,
/// rules=None, options=None)`: `game` is a Game or a game name; `kind`
/// "alphabeta" or "mcts" (None = the game's default); `tablebase` a
/// directory of tablebases used where they cover the position; `options`
/// a dict of further engine options by name (`Game.engine_options()`
/// lists them) to bool, int or str values, checked by the engine's option
/// table (OptionError for an unknown name or a value out of range);
/// `set_option` changes one later, `options()` lists them with their
/// values.
#[pyclass(name = "Engine", module = "gamesolver", frozen)]
pub struct PyEngine {
    engine: Mutex<Box<dyn AnyEngine>>,
    /// The engine's stop flag (a new one when `set_option` rebuilds it).
    stop: Mutex<StopFlag>,
    /// What the engine was built from (with the options set since).
    spec: Mutex<EngineSpec>,
    def: &'static dyn GameDef,
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (game, kind=None, hash_mb=None, seed=None, tablebase=None, rules=None, options=None))]
    fn new(
        game: &Bound<'_, PyAny>,
        kind: Option<String>,
        hash_mb: Option<Int>,
        seed: Option<Int>,
        tablebase: Option<PathBuf>,
        rules: Option<String>,
        options: Option<BTreeMap<String, Bound<'_, PyAny>>>,
    ) -> PyResult<PyEngine> {
        let game = game_argument(game, rules.as_deref())?;
        let spec = EngineSpec {
            kind,
            rules: Some(game.rules.to_string()),
            hash_mb: optional_whole("hash_mb", hash_mb)?,
            seed: optional_whole("seed", seed)?,
            tablebase,
            options: options
                .unwrap_or_default()
                .iter()
                .map(|(name, value)| Ok((name.clone(), option_text(name, value)?)))
                .collect::<PyResult<_>>()?,
        };
        let engine = game.def.engine(&spec).or_raise()?;
        let stop = engine.stop_flag();
        Ok(PyEngine {
            engine: Mutex::new(engine),
            stop: Mutex::new(stop),
            spec: Mutex::new(spec),
            def: game.def,
        })
    }

    /// Sets engine option `name` (any case; `options()` lists them) to
    /// `value` (bool, int or str), checked by the engine's option table:
    /// OptionError for an unknown name, a value out of range, or one of
    /// the engine's own settings (kind, hash_mb, seed, rules, tablebase).
    /// The engine is built again with it (what it learnt is forgotten, as
    /// by `new_game()`); refused while it searches.
    fn set_option(&self, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = option_text(name, value)?;
        let mut engine = self.engine.try_lock().map_err(|_| {
            PyRuntimeError::new_err("this engine is searching; set_option() must wait")
        })?;
        let mut spec = lock(&self.spec).clone();
        spec.options
            .retain(|set, _| !set.eq_ignore_ascii_case(name));
        spec.options.insert(name.to_string(), text);
        let rebuilt = self.def.engine(&spec).or_raise()?;
        *lock(&self.stop) = rebuilt.stop_flag();
        *engine = rebuilt;
        *lock(&self.spec) = spec;
        Ok(())
    }

    /// The options of this engine's table, in the order the protocol
    /// announces them: dicts as `Game.engine_options()` gives them (the
    /// game's `default`) with `value`, this engine's.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let spec = lock(&self.spec).clone();
        let defaults = self
            .def
            .protocol_host(&EngineSpec {
                kind: spec.kind.clone(),
                rules: spec.rules.clone(),
                ..EngineSpec::default()
            })
            .or_raise()?
            .options();
        let mut host = self
            .def
            .protocol_host(&EngineSpec {
                options: Default::default(),
                ..spec.clone()
            })
            .or_raise()?;
        for (name, value) in &spec.options {
            host.set_option(name, value)
                .map_err(PyRuntimeError::new_err)?;
        }
        option_dicts_with_values(py, &defaults, &host.options())
    }

    /// Searches `state` and returns a SearchReport (best move, score,
    /// depth, nodes, principal variation).
    ///
    /// Limits: `movetime_ms`, `depth` or `nodes` (all None = 20 ms).
    /// `progress`, if given, is called with a SearchReport after each
    /// iteration. Runs without the GIL; Ctrl-C stops the search and raises
    /// KeyboardInterrupt; so does an exception raised by `progress`.
    #[pyo3(signature = (state, movetime_ms=None, depth=None, nodes=None, progress=None))]
    fn search(
        &self,
        py: Python<'_>,
        state: PyRef<'_, PyState>,
        movetime_ms: Option<Int>,
        depth: Option<Int>,
        nodes: Option<Int>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<PySearchReport> {
        self.check_game(&state)?;
        let limits = SearchLimits {
            movetime_ms: optional_whole("movetime_ms", movetime_ms)?,
            depth: optional_whole("depth", depth)?,
            nodes: optional_whole("nodes", nodes)?,
        };
        let mut guard = self.engine.try_lock().map_err(|_| {
            PyRuntimeError::new_err("this engine is already searching (use one engine per thread)")
        })?;
        let engine: &mut Box<dyn AnyEngine> = &mut guard;
        let stop = lock(&self.stop).clone();
        // A stop() or Ctrl-C aimed at an earlier search must not end this one.
        stop.reset();
        let root: &dyn State = state.inner.as_ref();
        let report = run_interruptible(
            py,
            |reporter| engine.search(root, &limits, &mut |r| reporter.report(r.clone())),
            |_, report| match &progress {
                Some(callback) => callback
                    .call1((PySearchReport::new(&report, root)?,))
                    .map(drop),
                None => Ok(()),
            },
            || stop.stop(),
        )?
        .or_raise()?;
        PySearchReport::new(&report, root)
    }

    /// Stops a search running in another thread (it returns its best move so far).
    fn stop(&self) {
        lock(&self.stop).stop();
    }

    /// Forgets what was learnt in earlier searches (transposition table,
    /// history) before a new game.
    fn new_game(&self) -> PyResult<()> {
        let mut engine = self.engine.try_lock().map_err(|_| {
            PyRuntimeError::new_err("this engine is searching; new_game() must wait")
        })?;
        engine.new_game();
        Ok(())
    }

    /// The engine's name, e.g. "alphabeta".
    #[getter]
    fn name(&self) -> PyResult<&'static str> {
        let engine = self
            .engine
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("this engine is searching"))?;
        Ok(engine.name())
    }

    fn __repr__(&self) -> String {
        format!("<gamesolver.Engine for {}>", self.def.info().name)
    }
}

impl PyEngine {
    fn check_game(&self, state: &PyState) -> PyResult<()> {
        let expected = self.def.info().name;
        let got = state.def().info().name;
        if expected == got {
            Ok(())
        } else {
            Err(position_error(
                PositionErrorKind::WrongGame,
                &state.inner.to_text(),
                format!("this engine plays {expected}, the state is a position of {got}"),
            ))
        }
    }
}

/// The lock of a mutex that is only held for a copy or an assignment
/// (never poisoned by a panic in between).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A Game argument, or a game name loaded under `rules`.
pub fn game_argument(game: &Bound<'_, PyAny>, rules: Option<&str>) -> PyResult<PyGame> {
    if let Ok(game) = game.cast::<PyGame>() {
        let game = game.get();
        return match rules {
            None => Ok(PyGame {
                def: game.def,
                rules: game.rules,
            }),
            Some(rules) => PyGame::load(game.name(), Some(rules)),
        };
    }
    if let Ok(name) = game.extract::<String>() {
        return PyGame::load(&name, rules);
    }
    Err(PyTypeError::new_err(
        "expected a gamesolver.Game or a game name such as \"uttt\"",
    ))
}

/// The result of a search (or an intermediate report of one): the
/// library's `SearchReport` (read through serde, so its fields are not
/// copied one by one) and the best move's action id.
#[pyclass(name = "SearchReport", module = "gamesolver", frozen, get_all)]
#[derive(Deserialize)]
pub struct PySearchReport {
    /// The engine's name.
    engine: String,
    /// The best move in the game's notation (None only if the game is over).
    bestmove: Option<String>,
    /// The best move's action id.
    #[serde(default)]
    best_action: Option<u32>,
    /// "cp N" or "mate N" (N in plies, negative when losing).
    score: String,
    /// The score in centipawn-like units, None for a mate score.
    score_cp: Option<i32>,
    /// Plies to the end of the game for a mate score (negative = losing).
    mate_plies: Option<i32>,
    /// The depth of the last complete iteration.
    depth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Time spent in milliseconds.
    time_ms: f64,
    /// The principal variation (moves in the game's notation).
    pv: Vec<String>,
    /// "search" or "tablebase".
    source: String,
}

impl PySearchReport {
    fn new(report: &SearchReport, root: &dyn State) -> PyResult<PySearchReport> {
        let converted = serde_json::to_value(report)
            .and_then(serde_json::from_value::<PySearchReport>)
            .map_err(|e| PyRuntimeError::new_err(format!("cannot convert a search report: {e}")))?;
        let best_action = report
            .bestmove
            .as_deref()
            .and_then(|mv| root.move_to_action(mv).ok());
        Ok(PySearchReport {
            best_action,
            ..converted
        })
    }
}

#[pymethods]
impl PySearchReport {
    fn __repr__(&self) -> String {
        format!(
            "<SearchReport bestmove={} score='{}' depth={} nodes={} time_ms={:.1} pv=[{}]>",
            self.bestmove
                .as_deref()
                .map_or("None".to_string(), |m| format!("'{m}'")),
            self.score,
            self.depth,
            self.nodes,
            self.time_ms,
            self.pv.join(" ")
        )
    }
}
