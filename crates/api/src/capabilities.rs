//! What a game offers, as front ends list it: derived from the capability
//! members of its declaration ([`GameDef::capabilities`]), never written
//! by hand.

use serde::Serialize;

use crate::GameDef;

/// What a game supports (the `capabilities` of `/api/games` and of
/// Python's `Game.capabilities`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Capabilities {
    /// An exact solution of the whole game ([`GameDef::solved`]).
    pub solved_table: bool,
    /// Endgame tablebases ([`GameDef::tablebase`]).
    pub tablebase: bool,
    /// Engines that search (the game lists at least one engine kind).
    pub search: bool,
    /// The game as a Markov decision process ([`GameDef::mdp`]).
    pub mdp: bool,
    /// Move-path counting ([`crate::State::perft`]; every game).
    pub perft: bool,
    /// A fixed search workload whose node count is a signature
    /// ([`GameDef::bench`]).
    pub bench: bool,
    /// A board picture for terminals ([`GameDef::terminal`]).
    pub terminal: bool,
    /// The formats its engines speak in matches besides the UCI-style
    /// protocol ([`GameDef::arena`]), e.g. `codingame`.
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
