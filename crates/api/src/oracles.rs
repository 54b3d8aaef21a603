//! The exact knowledge a game may declare: the solution of the whole game
//! ([`SolvedOracle`], with its reports as [`Rendered`] text and JSON) and
//! an opened endgame tablebase directory ([`TablebaseOracle`]; the
//! capability that opens, builds and checks them is `tablebases`).

use std::path::Path;

use crate::error::FacadeError;
use crate::state::State;
use crate::types::{GameInfo, MaterialStatsReport, PositionReport};

/// A report in the two forms a front end prints: one line of JSON and
/// text for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// The JSON form, one line.
    pub json: String,
    /// The text form, lines ending in newlines.
    pub text: String,
}

/// Capability: the exact solution of a whole game.
pub trait SolvedOracle: Send + Sync {
    /// Value, distance, every move and the main line of `state`.
    fn query(&self, state: &dyn State) -> Result<PositionReport, FacadeError>;
    /// Per ply: positions won, drawn and lost for the side to move (the
    /// `solve` report), as JSON.
    fn per_ply_counts(&self) -> serde_json::Value;

    /// The report of `gamesolver solve` for the game `info` describes,
    /// saving the solved table to `save` when given. The default reports
    /// [`SolvedOracle::per_ply_counts`] and saves nothing (a game solved in
    /// memory only refuses `save`).
    fn solve_report(&self, info: &GameInfo, save: Option<&Path>) -> Result<Rendered, FacadeError> {
        if save.is_some() {
            return Err(FacadeError::Unsupported {
                game: info.name,
                what: "solved table file (it is solved in memory)",
            });
        }
        let report = serde_json::json!({ "game": info.name, "per_ply": self.per_ply_counts() });
        let pretty = serde_json::to_string_pretty(&report).unwrap_or_default();
        Ok(Rendered {
            json: report.to_string(),
            text: format!("{}: {pretty}\n", info.title),
        })
    }

    /// A few lines on the solution (the tour's); the default is the text
    /// of [`SolvedOracle::solve_report`].
    fn summary(&self, info: &GameInfo) -> Result<String, FacadeError> {
        self.solve_report(info, None).map(|report| report.text)
    }

    /// The answer of `gamesolver query` for `state`, read from the table
    /// file `table` (one [`SolvedOracle::solve_report`] saved) or from the
    /// solution in memory. The default answers [`SolvedOracle::query`]
    /// and reads no files.
    fn query_report(
        &self,
        state: &dyn State,
        table: Option<&Path>,
    ) -> Result<Rendered, FacadeError> {
        if table.is_some() {
            return Err(FacadeError::Unsupported {
                game: state.game(),
                what: "solved table file (it is solved in memory)",
            });
        }
        let report = self.query(state)?;
        let mut text = format!(
            "{}: {:?} in {} plies\n",
            report.position, report.value, report.distance
        );
        for m in &report.moves {
            text.push_str(&format!(
                "  move {}  {:?} in {} plies\n",
                m.mv, m.value, m.distance
            ));
        }
        text.push_str(&format!("best moves: {}\n", report.best.join(" ")));
        Ok(Rendered {
            json: serde_json::to_string(&report).unwrap_or_default(),
            text,
        })
    }
}

/// An opened tablebase directory.
pub trait TablebaseOracle: Send + Sync {
    /// The directory.
    fn dir(&self) -> &Path;
    /// The rule preset the tables were built for.
    fn rules(&self) -> &'static str;
    /// The largest piece count of its materials.
    fn max_pieces(&self) -> u32;
    /// The plies of the no-progress rule the tables answer under (Jungle's
    /// 200, or the smaller limit of tables built for tests of the rule);
    /// None for a game without one.
    fn quiet_ply_limit(&self) -> Option<u16> {
        None
    }
    /// Whether `state`'s material is in the tablebase.
    fn covers(&self, state: &dyn State) -> bool;
    /// The exact report of `state`, None if its material is not covered.
    fn probe(&self, state: &dyn State) -> Result<Option<PositionReport>, FacadeError>;
    /// Per material: positions by value and the longest win.
    fn stats(&self) -> Result<Vec<MaterialStatsReport>, FacadeError> {
        self.stats_until(&|| false)
    }
    /// [`TablebaseOracle::stats`] that looks at `stop` often (between
    /// blocks of a file) and fails with [`FacadeError::Cancelled`] once it
    /// said yes (a front end's Ctrl-C).
    fn stats_until(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<MaterialStatsReport>, FacadeError> {
        self.stats_progress(&|_, _| {}, stop)
    }
    /// [`TablebaseOracle::stats_until`] that calls `progress(done, total)`
    /// after each material (read from its statistics companion, or counted
    /// from its table when it has none of its own).
    fn stats_progress(
        &self,
        progress: &(dyn Fn(usize, usize) + Sync),
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<MaterialStatsReport>, FacadeError>;
}
