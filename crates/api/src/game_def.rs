//! A game's declaration ([`GameDef`]): its rules and notation, engines and
//! protocol host, and its optional capability members, from which its
//! [`Capabilities`] are derived.

use crate::any_engine::AnyEngine;
use crate::arena_rules::ArenaRules;
use crate::bench::Bench;
use crate::capabilities::Capabilities;
use crate::error::FacadeError;
use crate::host::ErasedHost;
use crate::mdp::MdpModel;
use crate::oracles::SolvedOracle;
use crate::state::State;
use crate::tablebases::Tablebases;
use crate::terminal::TerminalRenderer;
use crate::tour::TourStep;
use crate::types::{EngineSpec, GameInfo};
use crate::web_board::WebBoard;

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
    /// Capability: the board module of the game's web page.
    fn web_board(&self) -> Option<&WebBoard> {
        None
    }
    /// What the game offers, derived from the members above.
    fn capabilities(&self) -> Capabilities {
        Capabilities {
            solved_table: self.solved().is_some(),
            tablebase: self.tablebase().is_some(),
            search: !self.info().engines.is_empty(),
            mdp: self.mdp().is_some(),
            perft: true,
            bench: self.bench().is_some(),
            terminal: self.terminal().is_some(),
            web_board: self.web_board().is_some(),
            bot_formats: self
                .arena()
                .map(|rules| rules.bot_formats().iter().map(|f| f.name()).collect())
                .unwrap_or_default(),
        }
    }
    /// The game's steps of `gamesolver tour` (none by default).
    fn tour(&self) -> &[TourStep] {
        &[]
    }
}
