//! The object-safe traits every front end speaks: a game, a position, an
//! engine, the exact oracles and the protocol host.

use std::any::Any;
use std::io::{BufRead, Write};
use std::path::Path;

use gamesolver_core::{Outcome, Player};
use gamesolver_search::StopFlag;

use crate::{
    ArenaRules, Bench, Capabilities, EngineSpec, FacadeError, GameInfo, MaterialStatsReport,
    MdpModel, Observation, PlayoutStats, PositionReport, SearchLimits, SearchReport,
    TerminalRenderer, TourStep,
};

/// One game's declaration: its rules and notation, its engines and
/// protocol host, and its optional capabilities (each `None` unless the
/// game declares it; [`GameDef::capabilities`] lists them).
pub trait GameDef: Send + Sync {
    /// What the game is.
    fn info(&self) -> &GameInfo;
    /// The start position under `rules` (None = the default preset).
    fn start(&self, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError>;
    /// Parses position text (the game's notation; `start` or `startpos` =
    /// the start). Empty text is an error.
    fn parse(&self, text: &str, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError>;
    /// An engine (`spec.kind` None = the game's default engine).
    fn engine(&self, spec: &EngineSpec) -> Result<Box<dyn AnyEngine>, FacadeError>;
    /// The UCI-style protocol host of this game, set up by `spec`.
    fn protocol_host(&self, spec: &EngineSpec) -> Result<Box<dyn ErasedHost>, FacadeError>;

    /// Capability: the exact solution of the whole game.
    fn solved(&self) -> Option<&dyn SolvedOracle> {
        None
    }
    /// Capability: endgame tablebases.
    fn tablebase(&self) -> Option<&dyn Tablebases> {
        None
    }
    /// Capability: the game against a fixed opponent as a Markov decision
    /// process.
    fn mdp(&self) -> Option<&dyn MdpModel> {
        None
    }
    /// Capability: the bench (fixed positions, a fixed depth).
    fn bench(&self) -> Option<&dyn Bench> {
        None
    }
    /// Capability: the board drawn for a terminal.
    fn terminal(&self) -> Option<&dyn TerminalRenderer> {
        None
    }
    /// Capability: how matches open and which bot formats its engines
    /// speak besides the UCI-style protocol.
    fn arena(&self) -> Option<&dyn ArenaRules> {
        None
    }
    /// What the game offers, derived from the members above.
    fn capabilities(&self) -> Capabilities {
        Capabilities::of(self)
    }
    /// The game's steps of `gamesolver tour` (none by default).
    fn tour(&self) -> &[TourStep] {
        &[]
    }
}

/// A position of some game, with the moves played since it was parsed.
pub trait State: Send + Sync + std::fmt::Debug {
    /// The game's registry name.
    fn game(&self) -> &'static str;
    /// The rule preset.
    fn rules(&self) -> &'static str;
    /// The position in the game's notation (round-trips through
    /// [`GameDef::parse`]).
    fn to_text(&self) -> String;
    /// The side to move (`First` = X / bottom).
    fn turn(&self) -> Player;
    /// How the game names `player` in text (`X`/`O`, `bottom`/`top`).
    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "first",
            Player::Second => "second",
        }
    }
    /// The legal moves as text, in move-generation order.
    fn legal_moves(&self) -> Vec<String>;
    /// The legal moves as action numbers, in the same order.
    fn legal_actions(&self) -> Vec<u32>;
    /// The action number of move text (which must be legal).
    fn move_to_action(&self, mv: &str) -> Result<u32, FacadeError>;
    /// The move text of an action number (which must be legal).
    fn action_to_move(&self, action: u32) -> Result<String, FacadeError>;
    /// Plays a move given as text; the state is unchanged on error.
    fn play(&mut self, mv: &str) -> Result<(), FacadeError>;
    /// Plays a move given as an action number; unchanged on error.
    fn play_action(&mut self, action: u32) -> Result<(), FacadeError>;
    /// How the game ended, None while it goes on (draws by the game's
    /// history, such as repetitions, included).
    fn outcome(&self) -> Option<Outcome>;
    /// Why the game ended, in a few words (`den entered`), for games whose
    /// end needs a note; None while it goes on or when the outcome says
    /// it all.
    fn end_reason(&self) -> Option<&'static str> {
        None
    }
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }
    /// The moves played since the parse or the start.
    fn history(&self) -> Vec<String>;
    /// The position as numbers (the game's declaration documents the
    /// planes).
    fn observation(&self) -> Observation;
    /// The number of move paths of `depth` plies from here.
    fn perft(&self, depth: u32) -> Result<u64, FacadeError>;
    /// `n` uniformly random playouts from here, reproducible from `seed`.
    fn random_playouts(&self, n: u64, seed: u64) -> PlayoutStats;
    /// A copy.
    fn clone_box(&self) -> Box<dyn State>;
    /// For downcasting to the game's typed position (see
    /// [`crate::model::typed`]).
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn State> {
    fn clone(&self) -> Box<dyn State> {
        self.clone_box()
    }
}

/// A ready engine of some game.
pub trait AnyEngine: Send {
    /// The engine's name (`alphabeta`, `mcts`).
    fn name(&self) -> &'static str;
    /// Forgets what it learnt (transposition table, history).
    fn new_game(&mut self);
    /// Searches `state` within `limits`; `progress` is called with the
    /// report of every iteration.
    fn search(
        &mut self,
        state: &dyn State,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> Result<SearchReport, FacadeError>;
    /// Raise it from another thread to stop the search.
    fn stop_flag(&self) -> StopFlag;
}

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

/// Capability: endgame tablebases, opened from a directory of table files.
pub trait Tablebases: Send + Sync {
    /// Opens the tablebase in `dir` built for the rules preset `rules`
    /// (None = the game's default).
    fn open(
        &self,
        dir: &Path,
        rules: Option<&str>,
    ) -> Result<Box<dyn TablebaseOracle>, FacadeError>;
}

/// An opened tablebase directory.
pub trait TablebaseOracle: Send + Sync {
    /// The directory.
    fn dir(&self) -> &Path;
    /// The rule preset the tables were built for.
    fn rules(&self) -> &'static str;
    /// The largest piece count of its materials.
    fn max_pieces(&self) -> u32;
    /// Whether `state`'s material is in the tablebase.
    fn covers(&self, state: &dyn State) -> bool;
    /// The exact report of `state`, None if its material is not covered.
    fn probe(&self, state: &dyn State) -> Result<Option<PositionReport>, FacadeError>;
    /// Per material: positions by value and the longest win.
    fn stats(&self) -> Result<Vec<MaterialStatsReport>, FacadeError>;
}

/// A game's protocol host, ready to serve (`gamesolver engine GAME`).
pub trait ErasedHost: Send {
    /// The name announced by `id name`.
    fn engine_name(&self) -> String;
    /// The names of the protocol options it offers (`Engine`, `Hash`, …):
    /// what `setoption` and [`ErasedHost::set_option`] accept.
    fn option_names(&self) -> Vec<&'static str>;
    /// Sets protocol option `name` to `value` before serving, as
    /// `setoption` would; the error says what was wrong.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// Serves the UCI-style protocol on `input` until `quit` or its end.
    fn serve(
        self: Box<Self>,
        input: Box<dyn BufRead + Send>,
        out: &mut dyn Write,
    ) -> std::io::Result<()>;
}
