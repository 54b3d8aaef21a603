//! What a game offers, as front ends list it: derived from the capability
//! members of its declaration (`GameDef::capabilities`), never written by
//! hand.

use serde::Serialize;

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
    /// A board for the browser (`gamesolver serve`'s game page at
    /// `/game/NAME`; the declaration's `web_board`).
    pub web_board: bool,
    /// The turn formats its engines speak in matches besides the UCI-style
    /// protocol, e.g. `codingame` (`gamesolver match --engine
    /// FORMAT:COMMAND`; the declaration's `arena`).
    pub bot_formats: Vec<&'static str>,
}
