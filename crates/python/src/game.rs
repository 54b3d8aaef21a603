//! `gamesolver.Game`: one game of the registry under one rules preset.

use gamesolver_api::{EngineSpec, GameDef};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::engine_options::option_dict;
use crate::errors::OrRaise;
use crate::registry::registry;
use crate::state::PyState;

/// A game under a rules preset, made by `gamesolver.load_game`.
///
/// Its states come from `new_initial_state()` and `state_from_string(text)`.
#[pyclass(name = "Game", module = "gamesolver", frozen)]
pub struct PyGame {
    /// The game's definition in the registry.
    pub def: &'static dyn GameDef,
    /// The rules preset (canonical name).
    pub rules: &'static str,
}

impl PyGame {
    /// The game `name` (or an alias) under `rules` (None = the default preset).
    pub fn load(name: &str, rules: Option<&str>) -> PyResult<PyGame> {
        let def = registry().get(name).or_raise()?;
        let rules = def.start(rules).or_raise()?.rules();
        Ok(PyGame { def, rules })
    }

    /// The registry name of the game.
    pub fn name(&self) -> &'static str {
        self.def.info().name
    }
}

#[pymethods]
impl PyGame {
    /// The start position.
    fn new_initial_state(&self) -> PyResult<PyState> {
        let state = self.def.start(Some(self.rules)).or_raise()?;
        Ok(PyState::new(self.def, state))
    }

    /// The position written in the game's notation (`start` = the start).
    fn state_from_string(&self, text: &str) -> PyResult<PyState> {
        let state = self.def.parse(text, Some(self.rules)).or_raise()?;
        Ok(PyState::new(self.def, state))
    }

    /// The number of distinct action ids (actions are `0 .. n`).
    fn num_distinct_actions(&self) -> u32 {
        self.def.info().action_space
    }

    /// The shape of `State.observation_tensor()`: (planes, rows, columns).
    fn observation_tensor_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, cols] = self.def.info().observation_shape;
        (planes, rows, cols)
    }

    /// Always 2.
    fn num_players(&self) -> u32 {
        2
    }

    /// The registry name (`registered_names()` lists every game's).
    #[getter(name)]
    fn py_name(&self) -> &'static str {
        self.name()
    }

    /// The game's title, e.g. "Ultimate tic-tac-toe".
    #[getter]
    fn title(&self) -> &'static str {
        self.def.info().title
    }

    /// The rules preset this game object plays.
    #[getter]
    fn rules(&self) -> &'static str {
        self.rules
    }

    /// Every rules preset of the game, the default first.
    #[getter]
    fn rules_presets(&self) -> Vec<&'static str> {
        self.def.info().rules.to_vec()
    }

    /// Other names `load_game` accepts.
    #[getter]
    fn aliases(&self) -> Vec<&'static str> {
        self.def.info().aliases.to_vec()
    }

    /// The engine kinds `gamesolver.Engine` accepts for this game.
    #[getter]
    fn engines(&self) -> Vec<&'static str> {
        self.def.info().engines.to_vec()
    }

    /// The options of the game's engine (default engine kind, this
    /// rules preset), from its option table, in the order the protocol
    /// announces them: dicts with `name`, `type` ("spin", "check",
    /// "combo", "string"), `default` (int, bool or str), `min` and `max`
    /// (spin only), `values` (combo only) and `doc`.
    fn engine_options<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let spec = EngineSpec {
            rules: Some(self.rules.to_string()),
            ..EngineSpec::default()
        };
        let host = self.def.protocol_host(&spec).or_raise()?;
        host.options()
            .iter()
            .map(|option| option_dict(py, option))
            .collect()
    }

    /// What the library offers for this game: solved_table, tablebase,
    /// search, mdp, perft, bench, terminal (each a bool).
    #[getter]
    fn capabilities<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = self.def.capabilities();
        let dict = PyDict::new(py);
        dict.set_item("solved_table", c.solved_table)?;
        dict.set_item("tablebase", c.tablebase)?;
        dict.set_item("search", c.search)?;
        dict.set_item("mdp", c.mdp)?;
        dict.set_item("perft", c.perft)?;
        dict.set_item("bench", c.bench)?;
        dict.set_item("terminal", c.terminal)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "gamesolver.load_game({:?}, rules={:?})",
            self.name(),
            self.rules
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.get().name() == self.name() && o.get().rules == self.rules)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.name(), self.rules).hash(&mut hasher);
        hasher.finish()
    }
}

/// Loads a game by its registry name or an alias (`registered_names()`
/// lists the games), under a rules preset (None = the game's default).
///
/// Raises ValueError for an unknown game or preset, with the known names.
#[pyfunction]
#[pyo3(signature = (name, rules=None))]
pub fn load_game(name: &str, rules: Option<&str>) -> PyResult<PyGame> {
    PyGame::load(name, rules)
}

/// The registry names of every game.
#[pyfunction]
pub fn registered_names() -> Vec<&'static str> {
    registry().names()
}
