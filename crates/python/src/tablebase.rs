//! `gamesolver.Tablebase`: a directory of endgame tables of any game that
//! declares tablebases, to probe and to build.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use gamesolver_api::{FacadeError, TablebaseOracle};
use gamesolver_retro::tablebase::DEFAULT_MEMORY_LIMIT;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::engine::game_argument;
use crate::errors::{OrRaise, to_py_err};
use crate::game::PyGame;
use crate::interrupt::{run_cancellable, run_interruptible};
use crate::numbers::{Int, optional_whole};
use crate::position_arg::position_of;
use crate::registry::first_with;
use crate::report::PyPositionReport;
use crate::tablebase_build::{Target, TierDone, build_waves, check_memory, materials};

/// Endgame tablebases in a directory (one file per tier, e.g. Jungle's
/// `LR-e.gstb`) for one rules preset.
///
/// `Tablebase(dir, rules=None, game=None)` (None: the first game with
/// tablebases in the module's registry). The directory is opened at the first probe
/// (after `build` it is opened afresh).
#[pyclass(name = "Tablebase", module = "gamesolver", frozen)]
pub struct PyTablebase {
    game: PyGame,
    dir: PathBuf,
    oracle: Mutex<Option<Arc<dyn TablebaseOracle>>>,
}

impl PyTablebase {
    /// The opened directory, opened on first use. The lock is taken only
    /// with the GIL released: a thread holding it while waiting for the
    /// GIL, and a thread holding the GIL while waiting for it, would wait
    /// for each other for ever (issue 26: four threads' first probes froze
    /// the interpreter).
    fn oracle(&self, py: Python<'_>) -> PyResult<Arc<dyn TablebaseOracle>> {
        let (def, dir, rules) = (self.game.def, &self.dir, self.game.rules);
        let tablebases = def.tablebase().ok_or_else(|| no_tablebase(&self.game))?;
        py.detach(|| {
            let mut slot = self.oracle.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(oracle) = slot.as_ref() {
                return Ok(Arc::clone(oracle));
            }
            let oracle: Arc<dyn TablebaseOracle> = Arc::from(tablebases.open(dir, Some(rules))?);
            *slot = Some(Arc::clone(&oracle));
            Ok(oracle)
        })
        .or_raise()
    }

    /// Forgets the opened directory (after a build), under the same rule
    /// as [`PyTablebase::oracle`]: the lock only without the GIL.
    fn forget_oracle(&self, py: Python<'_>) {
        py.detach(|| *self.oracle.lock().unwrap_or_else(PoisonError::into_inner) = None);
    }
}

#[pymethods]
impl PyTablebase {
    #[new]
    #[pyo3(signature = (dir, rules=None, game=None))]
    fn new(
        dir: PathBuf,
        rules: Option<&str>,
        game: Option<Bound<'_, PyAny>>,
    ) -> PyResult<PyTablebase> {
        let game = match game {
            Some(game) => game_argument(&game, rules)?,
            None => {
                let name = first_with(|g| g.tablebase().is_some()).unwrap_or("");
                PyGame::load(name, rules)?
            }
        };
        if game.def.tablebase().is_none() {
            return Err(no_tablebase(&game));
        }
        Ok(PyTablebase {
            game,
            dir,
            oracle: Mutex::new(None),
        })
    }

    /// The position's exact value, distance, every move's verdict, best
    /// moves and main line; None when the tables do not cover its material.
    fn probe(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Option<PyPositionReport>> {
        let state = position_of(&self.game, position)?;
        let oracle = self.oracle(py)?;
        let report = py.detach(|| oracle.probe(state.as_ref())).or_raise()?;
        report.map(|r| PyPositionReport::new(py, r)).transpose()
    }

    /// Whether the tables cover the position's material.
    fn covers(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let state = position_of(&self.game, position)?;
        Ok(self.oracle(py)?.covers(state.as_ref()))
    }

    /// The largest piece count of the materials in the directory.
    #[getter]
    fn max_pieces(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.oracle(py)?.max_pieces())
    }

    /// The directory.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    /// The rules preset of the tables.
    #[getter]
    fn rules(&self) -> &'static str {
        self.game.rules
    }

    /// Per material: positions won, drawn and lost for each side to move
    /// ([W, D, L]) and the longest win with an example position.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let oracle = self.oracle(py)?;
        let stats = run_cancellable(py, |reporter| oracle.stats_until(&|| reporter.cancelled()))?
            .or_raise()?;
        stats
            .into_iter()
            .map(|s| {
                let dict = PyDict::new(py);
                dict.set_item("material", s.material)?;
                dict.set_item("bottom_to_move", s.bottom_to_move.to_vec())?;
                dict.set_item("top_to_move", s.top_to_move.to_vec())?;
                dict.set_item("longest_win", s.longest_win)?;
                dict.set_item("longest_win_example", s.longest_win_example)?;
                Ok(dict)
            })
            .collect()
    }

    /// Builds tables into the directory: every material with at most
    /// `max_pieces` pieces (2 to 4), or one `material` (e.g. "LR-e": lion
    /// and rat against an elephant) and everything it captures into.
    /// Tiers already built are reused, so an interrupted build resumes.
    ///
    /// The limits are the command line's: `max_pieces` up to 4, one
    /// `material` up to 5 pieces, and a build whose estimated memory is
    /// over `memory_limit_mib` (default 8192) is refused before it starts.
    ///
    /// `progress`, if given, is called with a dict per finished tier
    /// (tier, indices, skipped, seconds, file_bytes, done, total). Returns
    /// the list of those dicts. Runs without the GIL; Ctrl-C stops the
    /// build (inside a tier, within a fraction of a second) and raises
    /// KeyboardInterrupt; the tiers finished before are kept.
    #[pyo3(signature = (max_pieces=None, material=None, progress=None, memory_limit_mib=None))]
    fn build<'py>(
        &self,
        py: Python<'py>,
        max_pieces: Option<Int>,
        material: Option<String>,
        progress: Option<Bound<'py, PyAny>>,
        memory_limit_mib: Option<Int>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let max_pieces: Option<u32> = optional_whole("max_pieces", max_pieces)?;
        let memory_limit_mib: u64 = optional_whole("memory_limit_mib", memory_limit_mib)?
            .unwrap_or(DEFAULT_MEMORY_LIMIT >> 20);
        let memory_limit = memory_limit_mib.saturating_mul(1 << 20);
        let target = match (max_pieces, material) {
            (Some(n), None) => Target::MaxPieces(n),
            (None, Some(spec)) => Target::Material(spec),
            _ => {
                return Err(PyValueError::new_err(
                    "say what to build: max_pieces=N or material=\"SPEC\" (one of them)",
                ));
            }
        };
        let tables = self
            .game
            .def
            .tablebase()
            .ok_or_else(|| no_tablebase(&self.game))?;
        let targets = materials(tables, &target).map_err(PyValueError::new_err)?;
        let rules = self.game.rules;
        let waves =
            check_memory(tables, rules, &targets, memory_limit).map_err(PyValueError::new_err)?;
        let dir = &self.dir;
        let built = run_interruptible(
            py,
            |reporter| build_waves(tables, dir, rules, &waves, memory_limit, reporter),
            |py, tier| match &progress {
                Some(callback) => callback.call1((tier_dict(py, &tier)?,)).map(drop),
                None => Ok(()),
            },
            || {},
        )?
        .map_err(PyValueError::new_err)?;
        self.forget_oracle(py);
        built.iter().map(|tier| tier_dict(py, tier)).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<gamesolver.Tablebase {} ({} rules)>",
            self.dir.display(),
            self.game.rules
        )
    }
}

fn tier_dict<'py>(py: Python<'py>, tier: &TierDone) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("tier", &tier.tier)?;
    dict.set_item("indices", tier.indices)?;
    dict.set_item("skipped", tier.skipped)?;
    dict.set_item("seconds", tier.elapsed.as_secs_f64())?;
    dict.set_item("file_bytes", tier.file_bytes)?;
    dict.set_item("done", tier.done)?;
    dict.set_item("total", tier.total)?;
    Ok(dict)
}

/// The error for a game without tablebases.
fn no_tablebase(game: &PyGame) -> PyErr {
    to_py_err(FacadeError::Unsupported {
        game: game.name(),
        what: "tablebase",
    })
}
