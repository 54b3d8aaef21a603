//! Engine protocols: the UCI-style line protocol of docs/PROTOCOL.md, generic
//! over the game ([`uci`]), and the game-specific parts a host supplies
//! ([`EngineHost`]).

pub mod command;
pub mod common;
pub mod lines;
pub mod options;
pub mod uci;

use gamesolver_core::Game;
use gamesolver_search::{Engine, Reserve};

/// One engine option as announced by `uci` (`option name … type … …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name.
    pub name: &'static str,
    /// The rest of the announcement: `type spin default 16 min 1 max 4096`.
    pub description: String,
    /// The type and range the announcement states.
    pub kind: options::OptionKind,
    /// The current value, announced as the `default`.
    pub default: options::OptionValue,
    /// What it does, one line (from its [`options::OptionDef`]).
    pub doc: &'static str,
}

/// What the protocol needs from a game and its engines.
pub trait EngineHost<G: Game>: Send {
    /// The engine's name for `id name`.
    fn engine_name(&self) -> String;

    /// The options announced after `uci`.
    fn options(&self) -> Vec<OptionSpec>;

    /// Sets option `name` to `value`, or says why not.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;

    /// An engine with the current options.
    fn build(&self) -> Box<dyn Engine<G> + Send>;

    /// The start position (with the current options' rules).
    fn start(&self) -> G;

    /// Reads position text, or says why it is not a position.
    fn parse_position(&self, text: &str) -> Result<G, String>;

    /// What its engines keep back of a move time (the session keeps more
    /// back after turns the machine delayed: [`gamesolver_search::TurnClock`]).
    fn time_reserve(&self) -> Reserve {
        Reserve::default()
    }

    /// The handshakes it answers (`uci`, and `jcei` for Jungle).
    fn handshakes(&self) -> &'static [&'static str] {
        &["uci"]
    }
}
