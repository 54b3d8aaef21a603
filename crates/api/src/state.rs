//! A position of some game behind the façade ([`State`]).

use std::any::Any;

use gamesolver_core::{Outcome, Player};

use crate::batch::{StateBatch, boxed_batch};
use crate::error::FacadeError;
use crate::types::{Observation, PlayoutStats};

/// A position of some game, with the moves played since it was parsed.
pub trait State: Send + Sync + std::fmt::Debug {
    /// The game's registry name.
    fn game(&self) -> &'static str;
    /// The rule preset.
    fn rules(&self) -> &'static str;
    /// The position in the game's notation (round-trips through
    /// `GameDef::parse`).
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
    /// [`State::legal_actions`] appended to `out`, for batch front ends:
    /// once `out` and the state's own scratch list have grown, no
    /// allocation. The default copies [`State::legal_actions`].
    fn legal_actions_into(&mut self, out: &mut Vec<u32>) {
        out.extend(self.legal_actions());
    }
    /// The legal actions as a mask (bit `a` set when action `a` is legal;
    /// zero once the game is over) if the game declares one
    /// ([`crate::GameModel::legal_action_mask`]; [`State::legal_actions`]
    /// then lists its bits in increasing order), else `None` (the
    /// default).
    fn legal_action_mask(&self) -> Option<u128> {
        None
    }
    /// The action number of move text (which must be legal).
    fn move_to_action(&self, mv: &str) -> Result<u32, FacadeError>;
    /// The move text of an action number (which must be legal).
    fn action_to_move(&self, action: u32) -> Result<String, FacadeError>;
    /// Plays a move given as text; the state is unchanged on error.
    fn play(&mut self, mv: &str) -> Result<(), FacadeError>;
    /// Plays a move given as an action number; unchanged on error.
    fn play_action(&mut self, action: u32) -> Result<(), FacadeError>;
    /// Plays `action`, which the caller took from this state's
    /// [`State::legal_actions`] (or [`State::legal_actions_into`]) and has
    /// not played since, for batch front ends that checked the action
    /// already: a bridge state skips the second legality check. An action
    /// naming no move fails as in [`State::play_action`]; the default is
    /// [`State::play_action`].
    fn play_legal_action(&mut self, action: u32) -> Result<(), FacadeError> {
        self.play_action(action)
    }
    /// Makes this state a copy of `source` (position and history) in
    /// place, keeping its lists' memory, and says so; false (nothing
    /// changed) when `source` is another game's or another kind of state,
    /// which the caller then copies with [`State::clone_box`]. The default
    /// copies nothing.
    fn copy_from(&mut self, source: &dyn State) -> bool {
        let _ = source;
        false
    }
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
    /// [`State::observation`] written into `out` (all its values, row-major
    /// plane after plane) without allocating, for batch front ends; fails
    /// unless `out` holds exactly as many values as the game's observation
    /// shape. The default copies [`State::observation`].
    fn write_observation(&self, out: &mut [f32]) -> Result<(), FacadeError> {
        let observation = self.observation();
        if out.len() != observation.data.len() {
            return Err(observation_size(out.len(), observation.shape));
        }
        out.copy_from_slice(&observation.data);
        Ok(())
    }
    /// The number of move paths of `depth` plies from here.
    fn perft(&self, depth: u32) -> Result<u64, FacadeError>;
    /// `n` uniformly random playouts from here, reproducible from `seed`.
    fn random_playouts(&self, n: u64, seed: u64) -> PlayoutStats {
        self.random_playouts_until(n, seed, &|| false)
    }
    /// [`State::random_playouts`] that looks at `stop` between games and
    /// ends early (with the games played so far) once it said yes: a front
    /// end's Ctrl-C, whose caller then discards the numbers.
    fn random_playouts_until(&self, n: u64, seed: u64, stop: &dyn Fn() -> bool) -> PlayoutStats;
    /// A copy.
    fn clone_box(&self) -> Box<dyn State>;
    /// `len` copies of this position kept together, for batch front ends
    /// (see [`StateBatch`]). The default boxes each copy.
    fn batch(&self, len: usize) -> Box<dyn StateBatch> {
        boxed_batch(self.clone_box(), len)
    }
    /// The state itself, for downcasting to the bridge's state type (see
    /// `model::typed`).
    fn as_any(&self) -> &dyn Any;
    /// The game's typed position, for downcasting by the position's type
    /// (see `model::position_of`); the state itself by default.
    fn position_any(&self) -> &dyn Any {
        self.as_any()
    }
}

/// The error for an observation buffer of `len` values where `shape` needs
/// another count.
pub(crate) fn observation_size(len: usize, shape: [usize; 3]) -> FacadeError {
    FacadeError::BadLimit(format!(
        "an observation of shape {shape:?} has {} values, not {len}",
        shape[0] * shape[1] * shape[2]
    ))
}

impl Clone for Box<dyn State> {
    fn clone(&self) -> Box<dyn State> {
        self.clone_box()
    }
}
