//! What a game offers, as front ends list it: derived from the capability
//! members of its declaration ([`GameDef::capabilities`]), never written
//! by hand.

use serde::Serialize;

use crate::GameDef;

/// What a game supports, derived from its declaration (the `capabilities`
/// of `/api/games` and of Python's `Game.capabilities`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Capabilities {
    /// An exact solution of the whole game (`/api/solved`; the
    /// declaration's `solved`).
    pub solved_table: bool,
    /// Endgame tablebases (`/api/tablebase/probe`; the declaration's
    /// `tablebase`).
    pub tablebase: bool,
    /// Engines that search (`/api/analyse`; the game lists an engine kind).
    pub search: bool,
    /// Planning against a fixed opponent (`/api/mdp/solve`; the
    /// declaration's `mdp`).
    pub mdp: bool,
    /// Move-path counting (every game).
    pub perft: bool,
    /// A fixed search workload whose node count is a signature (`gamesolver
    /// bench`; the declaration's `bench`).
    pub bench: bool,
    /// A board picture for terminals (`gamesolver play`; the declaration's
    /// `terminal`).
    pub terminal: bool,
    /// The turn formats its engines speak in matches besides the UCI-style
    /// protocol, e.g. `codingame` (`gamesolver match --engine
    /// FORMAT:COMMAND`; the declaration's `arena`).
    pub bot_formats: Vec<&'static str>,
}

impl Capabilities {
    /// The capabilities `game` declares.
    #[must_use]
    pub fn of(game: &(impl GameDef + ?Sized)) -> Capabilities {
        Capabilities {
            solved_table: game.solved().is_some(),
            tablebase: game.tablebase().is_some(),
            search: !game.info().engines.is_empty(),
            mdp: game.mdp().is_some(),
            perft: true,
            bench: game.bench().is_some(),
            terminal: game.terminal().is_some(),
            bot_formats: game
                .arena()
                .map(|rules| rules.bot_formats().iter().map(|f| f.name()).collect())
                .unwrap_or_default(),
        }
    }
}
