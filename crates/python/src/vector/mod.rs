//! `gamesolver._native.VectorGames`: N games of one registered game stepped
//! in one call, the opponent of a single-agent batch inside Rust, the
//! outputs written in place into numpy arrays the object owns, without
//! the GIL and over every core. The Python classes of `gamesolver.vector`
//! (Gymnasium's vector API, pgx-style self-play) wrap it.

mod batch;
mod opponent;

use std::path::PathBuf;
use std::sync::Arc;

use gamesolver_api::batch::{GameSlot, InstructionSet, Rows, StateBatch, StepPlan};
use gamesolver_api::{EngineSpec, FacadeError, GameDef, SearchLimits, check_hash_mb};
use gamesolver_core::Player;
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use self::batch::{Setup, Stop, random_actions, reset_all, step_all, step_random_all, threads};
use self::opponent::{EnginePool, Opponent, Oracle};
use crate::engine::game_argument;
use crate::errors::OrRaise;
use crate::game::PyGame;
use crate::interrupt::run_cancellable;
use crate::numbers::{Int, optional_whole, whole};
use crate::state::{PyState, TERMINAL};

/// The largest batch (games stepped together).
const MAX_GAMES: usize = 1 << 20;

/// The node budget of an engine opponent given neither nodes nor depth.
const DEFAULT_OPPONENT_NODES: u64 = 1000;

/// N games of one game stepped together (see `gamesolver.vector` for the
/// Python classes built on it).
///
/// `VectorGames(game, num_envs, rules=None, agent_player=None,
/// opponent="random", engine=None, nodes=None, depth=None, hash_mb=None,
/// tablebase=None, position=None, max_steps=None)`: with `agent_player`
/// 0 or 1 the agent plays that side and `opponent` the other inside the
/// batch (`"random"`, `"engine"` at `nodes` (default 1000) or `depth`,
/// `"perfect"`: the solved table, or the tables in `tablebase` where they
/// cover the position, elsewhere the engine if a budget is given, else
/// random moves); with None every move is an action (self-play).
/// `position` is each episode's first position (default: the start);
/// `max_steps` truncates an episode after that many steps.
///
/// `reset(seeds)` and `step(actions)` write the arrays the getters return
/// (the same arrays every time, overwritten by the next call). The
/// observations are a read-only view: a step rewrites only the values
/// that changed since the last one (for a game declaring its observation
/// as bit planes), so the buffer must hold what the last call wrote (do
/// not turn the view's `writeable` flag back on).
#[pyclass(name = "VectorGames", module = "gamesolver")]
pub struct PyVectorGames {
    game: PyGame,
    setup: Setup,
    states: Box<dyn StateBatch>,
    slots: Vec<GameSlot>,
    started: bool,
    observations: Py<PyArrayDyn<f32>>,
    /// `observations` seen from Python: a read-only view.
    observations_view: Py<PyArrayDyn<f32>>,
    masks: Py<PyArray2<i8>>,
    rewards: Py<PyArrayDyn<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    players: Py<PyArray1<i32>>,
    opponent_actions: Py<PyArray1<i32>>,
    actions: Py<PyArray1<i64>>,
}

/// The opponent named `name` for `game`.
fn make_opponent(
    game: &PyGame,
    name: &str,
    spec: &EngineSpec,
    limits: Option<SearchLimits>,
    tablebase: Option<PathBuf>,
) -> PyResult<Opponent> {
    let def: &'static dyn GameDef = game.def;
    let engines = threads();
    let pool = |limits: SearchLimits| EnginePool::new(def, spec, limits, engines).or_raise();
    let default_limits = SearchLimits {
        nodes: Some(DEFAULT_OPPONENT_NODES),
        ..SearchLimits::default()
    };
    match name {
        "random" => Ok(Opponent::Random),
        "engine" => Ok(Opponent::Engine(pool(limits.unwrap_or(default_limits))?)),
        "perfect" => {
            let oracle = if let Some(solved) = def.solved() {
                Oracle::Solved(solved)
            } else if let (Some(tables), Some(dir)) = (def.tablebase(), tablebase.as_ref()) {
                Oracle::Tables(Arc::from(tables.open(dir, Some(game.rules)).or_raise()?))
            } else {
                return Err(PyValueError::new_err(format!(
                    "{} has no solved table: opponent='perfect' needs tablebase=DIR",
                    game.name()
                )));
            };
            let fallback = limits.map(pool).transpose()?;
            Ok(Opponent::Perfect { oracle, fallback })
        }
        other => Err(PyValueError::new_err(format!(
            "unknown opponent {other:?}: use 'random', 'engine' or 'perfect'"
        ))),
    }
}

impl PyVectorGames {
    /// Every output buffer as mutable rows, and the games.
    /// Runs `work` on every output buffer as mutable rows and the games,
    /// without the GIL. A batch whose opponent searches (steps that may
    /// take long) runs on a worker thread while the caller looks at
    /// Ctrl-C (KeyboardInterrupt, `work`'s stop turning true); others on
    /// the calling thread (no thread per step).
    fn with_rows(
        &mut self,
        py: Python<'_>,
        work: impl FnOnce(
            &Setup,
            &mut dyn StateBatch,
            &mut [GameSlot],
            Rows<'_>,
            Stop<'_>,
        ) -> Result<(), FacadeError>
        + Send,
    ) -> PyResult<()> {
        let mut observations = writable(self.observations.bind(py))?;
        let mut masks = writable(self.masks.bind(py))?;
        let mut rewards = writable(self.rewards.bind(py))?;
        let mut terminated = writable(self.terminated.bind(py))?;
        let mut truncated = writable(self.truncated.bind(py))?;
        let mut players = writable(self.players.bind(py))?;
        let mut opponent_actions = writable(self.opponent_actions.bind(py))?;
        let rows = Rows {
            observations: slice_mut(&mut observations)?,
            masks: slice_mut(&mut masks)?,
            rewards: slice_mut(&mut rewards)?,
            terminated: slice_mut(&mut terminated)?,
            truncated: slice_mut(&mut truncated)?,
            players: slice_mut(&mut players)?,
            opponent_actions: slice_mut(&mut opponent_actions)?,
        };
        let (setup, slots) = (&self.setup, self.slots.as_mut_slice());
        let states = self.states.as_mut();
        if setup.opponent.searches() {
            run_cancellable(py, move |reporter| {
                work(setup, states, slots, rows, &|| reporter.cancelled())
            })?
            .or_raise()
        } else {
            py.detach(move || work(setup, states, slots, rows, &|| false))
                .or_raise()
        }
    }
}

/// A view of `array` that refuses writes (numpy's `writeable` flag off).
fn read_only_view<'py>(
    array: &Bound<'py, PyArrayDyn<f32>>,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let view = array.call_method0("view")?;
    view.getattr("flags")?.setattr("writeable", false)?;
    Ok(view.cast_into::<PyArrayDyn<f32>>()?)
}

/// A borrow of one of the object's arrays for writing (refused while the
/// caller holds the array borrowed, e.g. passed it as the actions).
fn writable<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'py, numpy::PyArray<T, D>>,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    array
        .try_readwrite()
        .map_err(|e| PyRuntimeError::new_err(format!("an output array is in use: {e}")))
}

/// The contiguous data of a borrowed array.
fn slice_mut<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &'a mut PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|e| PyRuntimeError::new_err(format!("an output array is not contiguous: {e}")))
}

#[pymethods]
impl PyVectorGames {
    #[new]
    #[pyo3(signature = (game, num_envs, rules=None, agent_player=None, opponent="random",
        engine=None, nodes=None, depth=None, hash_mb=None, tablebase=None, position=None,
        max_steps=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        num_envs: Int,
        rules: Option<&str>,
        agent_player: Option<Int>,
        opponent: &str,
        engine: Option<String>,
        nodes: Option<Int>,
        depth: Option<Int>,
        hash_mb: Option<Int>,
        tablebase: Option<PathBuf>,
        position: Option<&str>,
        max_steps: Option<Int>,
    ) -> PyResult<PyVectorGames> {
        let game = game_argument(game, rules)?;
        let games: usize = whole("num_envs", num_envs)?;
        if !(1..=MAX_GAMES).contains(&games) {
            return Err(PyValueError::new_err(format!(
                "num_envs must be 1..={MAX_GAMES}, not {games}"
            )));
        }
        let agent = match optional_whole::<u32>("agent_player", agent_player)? {
            None => None,
            Some(0) => Some(Player::First),
            Some(1) => Some(Player::Second),
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "agent_player is 0 (first), 1 (second) or None (self-play), not {other}"
                )));
            }
        };
        let nodes: Option<u64> = optional_whole("nodes", nodes)?;
        let depth: Option<u32> = optional_whole("depth", depth)?;
        let hash_mb: Option<u64> = optional_whole("hash_mb", hash_mb)?;
        let spec = EngineSpec {
            kind: engine,
            rules: Some(game.rules.to_string()),
            hash_mb: hash_mb
                .map(check_hash_mb)
                .transpose()
                .or_raise()?
                .or(Some(1)),
            seed: None,
            tablebase: tablebase.clone(),
            ..EngineSpec::default()
        };
        let limits = (nodes.is_some() || depth.is_some()).then_some(SearchLimits {
            movetime_ms: None,
            depth,
            nodes,
        });
        let opponent = if agent.is_some() {
            make_opponent(&game, opponent, &spec, limits, tablebase)?
        } else {
            Opponent::Random
        };
        let start = match position {
            Some(text) => game.def.parse(text, Some(game.rules)).or_raise()?,
            None => game.def.start(Some(game.rules)).or_raise()?,
        };
        if start.is_terminal() {
            return Err(PyValueError::new_err(format!(
                "the position {} is already over",
                start.to_text()
            )));
        }
        let info = game.def.info();
        let [planes, rows, cols] = info.observation_shape;
        let actions = info.action_space as usize;
        let states = start.batch(games);
        let setup = Setup::new(
            StepPlan {
                agent,
                max_steps: optional_whole("max_steps", max_steps)?,
                observation_len: planes * rows * cols,
                actions,
                finished_player: TERMINAL,
            },
            opponent,
        );
        let slots = (0..games).map(|i| GameSlot::new(i as u64)).collect();
        let per_reward = if agent.is_some() { 1 } else { 2 };
        let reward_shape: Vec<usize> = if per_reward == 1 {
            vec![games]
        } else {
            vec![games, 2]
        };
        let observations = PyArrayDyn::zeros(py, vec![games, planes, rows, cols], false);
        let observations_view = read_only_view(&observations)?.unbind();
        Ok(PyVectorGames {
            game,
            setup,
            states,
            slots,
            started: false,
            observations: observations.unbind(),
            observations_view,
            masks: PyArray2::zeros(py, [games, actions], false).unbind(),
            rewards: PyArrayDyn::zeros(py, reward_shape, false).unbind(),
            terminated: PyArray1::zeros(py, games, false).unbind(),
            truncated: PyArray1::zeros(py, games, false).unbind(),
            players: PyArray1::zeros(py, games, false).unbind(),
            opponent_actions: PyArray1::zeros(py, games, false).unbind(),
            actions: PyArray1::zeros(py, games, false).unbind(),
        })
    }

    /// Starts every game afresh; `seeds` (one whole number per game)
    /// reseeds each game's generator, None keeps the generators going.
    /// Writes the arrays.
    #[pyo3(signature = (seeds=None))]
    fn reset(&mut self, py: Python<'_>, seeds: Option<Vec<Int>>) -> PyResult<()> {
        let seeds: Option<Vec<u64>> = seeds
            .map(|seeds| {
                if seeds.len() != self.slots.len() {
                    return Err(PyValueError::new_err(format!(
                        "seeds has {} entries, one per game is {}",
                        seeds.len(),
                        self.slots.len()
                    )));
                }
                seeds.into_iter().map(|s| whole("seed", s)).collect()
            })
            .transpose()?;
        self.started = false;
        self.with_rows(py, |setup, states, slots, rows, stop| {
            reset_all(setup, states, slots, seeds.as_deref(), rows, stop)
        })?;
        self.started = true;
        Ok(())
    }

    /// Plays one action per game (an int64 array of `num_envs` actions;
    /// a game whose episode ended at the last step ignores its action and
    /// starts afresh). Raises ValueError, nothing played, if an action is
    /// not legal in its game. Writes the arrays.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        if !self.started {
            return Err(PyRuntimeError::new_err(
                "call reset() first (a failed reset or step needs a reset too)",
            ));
        }
        let given = actions
            .as_slice()
            .map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        if given.len() != self.slots.len() {
            return Err(PyValueError::new_err(format!(
                "actions has {} entries, one per game is {}",
                given.len(),
                self.slots.len()
            )));
        }
        let mut checked = Vec::with_capacity(given.len());
        for (i, (&action, slot)) in given.iter().zip(&self.slots).enumerate() {
            match u32::try_from(action).ok().filter(|&a| slot.accepts(a)) {
                Some(a) => checked.push(a),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "action {action} is not legal in game {i} ({})",
                        self.states.get(i).to_text()
                    )));
                }
            }
        }
        self.started = false;
        self.with_rows(py, |setup, states, slots, rows, stop| {
            step_all(setup, states, slots, &checked, rows, stop)
        })?;
        self.started = true;
        Ok(())
    }

    /// Plays a uniformly random legal action per game (the action
    /// `random_actions()` would draw, with each game's generator; a game
    /// whose episode ended at the last step starts afresh), drawn and
    /// played in one pass. Writes the arrays and returns the actions drawn
    /// (the array `random_actions()` returns, 0 for a game started afresh).
    fn step_random<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        if !self.started {
            return Err(PyRuntimeError::new_err(
                "call reset() first (a failed reset or step needs a reset too)",
            ));
        }
        let array = self.actions.bind(py).clone();
        {
            let mut out = writable(&array)?;
            let drawn = slice_mut(&mut out)?;
            self.started = false;
            self.with_rows(py, |setup, states, slots, rows, stop| {
                step_random_all(setup, states, slots, drawn, rows, stop)
            })?;
            self.started = true;
        }
        Ok(array)
    }

    /// A uniformly random legal action per game, drawn with each game's
    /// generator, written into an int64 array of `num_envs` (the same
    /// array every call).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let array = self.actions.bind(py).clone();
        {
            let mut out = writable(&array)?;
            random_actions(&mut self.slots, slice_mut(&mut out)?);
        }
        Ok(array)
    }

    /// The threads a step uses (the calling thread and the helpers:
    /// `RAYON_NUM_THREADS` or the cores), for the record of a benchmark.
    #[staticmethod]
    fn threads() -> usize {
        threads()
    }

    /// The instructions a step's loop runs on this processor: "x86-64-v3"
    /// (AVX2, BMI2) where it has them, else "base" (the build's); for the
    /// record of a benchmark.
    #[staticmethod]
    fn instruction_set() -> &'static str {
        InstructionSet::detected().name()
    }

    /// The observations, float32 of shape (num_envs, planes, rows,
    /// columns): a read-only view of the object's buffer.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.observations_view.bind(py).clone()
    }

    /// The legal-action masks, int8 of shape (num_envs, num_actions);
    /// all zero for a game that just terminated.
    #[getter]
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.masks.bind(py).clone()
    }

    /// The rewards of the last step, float32: (num_envs,) for the agent of
    /// a single-agent batch, (num_envs, 2) per player in self-play.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.rewards.bind(py).clone()
    }

    /// Whether each game ended at the last step (bool, num_envs).
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }

    /// Whether each episode was cut at `max_steps` at the last step.
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }

    /// The player to move per game (int32: 0, 1, or TERMINAL = -4).
    #[getter]
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.players.bind(py).clone()
    }

    /// The opponent's last action per game at the last step (int32, -1
    /// where it did not move).
    #[getter]
    fn opponent_action<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.opponent_actions.bind(py).clone()
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The game (with its rules preset).
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            def: self.game.def,
            rules: self.game.rules,
        }
    }

    /// The agent's side (0 or 1), None in self-play.
    #[getter]
    fn agent_player(&self) -> Option<u32> {
        self.setup.plan.agent.map(|p| match p {
            Player::First => 0,
            Player::Second => 1,
        })
    }

    /// A copy of game `index`'s position (with its history).
    fn state(&self, index: Int) -> PyResult<PyState> {
        let index: usize = whole("index", index)?;
        if index >= self.states.len() {
            return Err(PyValueError::new_err(format!(
                "index must be below num_envs = {}, not {index}",
                self.states.len()
            )));
        }
        Ok(PyState::new(
            self.game.def,
            self.states.get(index).clone_box(),
        ))
    }
}
