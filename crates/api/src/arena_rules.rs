//! Capability: a game's rules for matches and self-play: how many random
//! plies its generated openings take, the repetition draw the referees
//! apply, and the bot formats its engines speak besides the UCI-style
//! protocol (a match engine named `FORMAT:COMMAND`, and `gamesolver engine
//! GAME --format FORMAT`).

use crate::match_player::MatchEngine;
use crate::{EngineSpec, ErasedHost, FacadeError, State};

/// Random plies of generated openings for a game that asks for no other
/// number.
pub const DEFAULT_OPENING_PLIES: usize = 2;

/// Capability: how a game's matches are set up.
pub trait ArenaRules: Send + Sync {
    /// Random plies of generated openings (a start that needs more to
    /// vary asks for more).
    fn opening_plies(&self) -> usize {
        DEFAULT_OPENING_PLIES
    }
    /// How many times one position may occur in a game under preset
    /// `rules` before the game is drawn (3: the third occurrence draws),
    /// for a game whose positions do not carry their own history; the
    /// referees of `match`, `selfplay` and `play` count the positions'
    /// texts (which must not count moves). None (the default): the game
    /// has no such rule, or its states apply it themselves.
    fn repetition_draw(&self, rules: &str) -> Option<usize> {
        let _ = rules;
        None
    }
    /// The turn formats of other arenas the game's engines and bots speak.
    fn bot_formats(&self) -> &[&'static dyn BotFormat] {
        &[]
    }
}

/// A turn format of another arena, both sides of it: a bot in that format
/// as a match player, and the game's own engine serving it.
pub trait BotFormat: Send + Sync {
    /// Its name: the prefix of a match engine command (`NAME:COMMAND`) and
    /// the value of `engine --format`.
    fn name(&self) -> &'static str;
    /// Whether a game from `opening` can be given to a bot of this format,
    /// or why not.
    fn check_opening(&self, opening: &dyn State) -> Result<(), String>;
    /// A bot run by `command` (with `sh -c`) as a match player.
    fn player(&self, command: &str) -> Box<dyn MatchEngine>;
    /// The game's engine, set up by `spec` (its engine kind and hash; the
    /// format fixes the rules), speaking this format when served, thinking
    /// `movetime_ms` per move. Its options are the protocol host's, set by
    /// name.
    fn host(&self, spec: &EngineSpec, movetime_ms: u64)
    -> Result<Box<dyn ErasedHost>, FacadeError>;
}
