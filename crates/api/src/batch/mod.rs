//! N positions of one game kept together, for batch front ends (Python's
//! vector environment): a [`StateBatch`] owns them, a [`BatchPart`] is a run
//! of consecutive ones that one thread steps. [`State::batch`] makes one; a
//! bridge position ([`crate::model::ModelState`]) stores its batch typed and
//! side by side, so a game's step is a few direct calls on contiguous
//! memory instead of virtual calls on a heap object per game; any other
//! [`State`] gets boxed copies, stepped through the trait. A step of a
//! part ([`BatchPart::step`], `step.rs`) is one pass over its positions,
//! generic over their type: the agent's action, the opponent's replies,
//! auto-reset and every output row, with no virtual call per game.

mod bit_select;
mod crew;
mod instruction_set;
mod legal;
mod rows;
mod shown;
mod slot;
mod split;
mod step;

use gamesolver_core::{Outcome, Player};

pub use self::crew::Crew;
pub use self::instruction_set::InstructionSet;
pub use self::legal::LegalActions;
pub use self::rows::{RowBuffers, Rows};
pub use self::shown::ShownObservation;
pub use self::slot::{GameRng, GameSlot, draw_below};
pub use self::split::SplitChoice;
pub use self::step::{AgentMoves, ChooseMove, OpponentMoves, PartStep, StepPlan};
use crate::{FacadeError, State};

/// N positions of one game, each starting from the same position.
pub trait StateBatch: Send + Sync {
    /// The number of positions.
    fn len(&self) -> usize;
    /// Whether the batch holds no position.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Position `i` (below [`StateBatch::len`]).
    fn get(&self, i: usize) -> &dyn State;
    /// The positions in consecutive parts of `per_part` each (the last one
    /// may be shorter), for one thread each.
    fn parts(&mut self, per_part: usize) -> Vec<Box<dyn BatchPart + '_>>;
}

/// What [`BatchPart::write_row`] tells of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowFacts {
    /// How the game ended, None while it goes on.
    pub outcome: Option<Outcome>,
    /// The side to move (meaningful while the game goes on).
    pub turn: Player,
}

/// Consecutive positions of a [`StateBatch`], indexed from 0.
pub trait BatchPart: Send {
    /// The number of positions.
    fn len(&self) -> usize;
    /// Whether the part holds no position.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Position `j`, for what plays through the façade (an opponent).
    fn state_mut(&mut self, j: usize) -> &mut dyn State;
    /// Makes position `j` the batch's start again (keeping its memory).
    fn reset(&mut self, j: usize);
    /// Plays `action` in position `j`: an action of the legal list its
    /// last [`BatchPart::write_row`] gave (so the game is not over; a
    /// bridge position does not look at its outcome again), as
    /// [`State::play_legal_action`] plays it.
    fn play_legal_action(&mut self, j: usize, action: u32) -> Result<(), FacadeError>;
    /// Writes position `j`'s observation into `observation`, its legal
    /// actions into `legal` (replacing its contents; none once the game is
    /// over; the bit mask of a game that declares one) and `mask` (1 at
    /// each legal action, 0 elsewhere), and says how the game stands.
    fn write_row(
        &mut self,
        j: usize,
        observation: &mut [f32],
        legal: &mut LegalActions,
        mask: &mut [i8],
    ) -> Result<RowFacts, FacadeError>;
    /// Steps every position of the part in one pass (see [`PartStep`]):
    /// position `j` with `step.slots[j]` and row `j` of `step.rows`.
    fn step(&mut self, step: PartStep<'_>) -> Result<(), FacadeError>;
}

/// A position a batch can hold: the bridge's typed positions, or boxed
/// positions of any kind.
pub(crate) trait Member: Send + Sync + Sized {
    /// The position as the trait object.
    fn state(&self) -> &dyn State;
    /// The position as the trait object, mutable.
    fn state_mut(&mut self) -> &mut dyn State;
    /// How the game ended, None while it goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// The side to move.
    fn turn(&self) -> Player;
    /// Sets `legal` to the legal actions of this position (a game not
    /// over): the game's mask where it declares one, else its list.
    fn fill_legal(&mut self, legal: &mut LegalActions);
    /// Becomes a copy of `start`, keeping its memory where it can.
    fn reset_to(&mut self, start: &Self);
    /// [`BatchPart::play_legal_action`] of this position.
    fn play_legal(&mut self, action: u32) -> Result<(), FacadeError>;
    /// [`BatchPart::write_row`] of this position, into a row that holds
    /// what `shown` says (and says afterwards).
    fn write_row(
        &mut self,
        observation: &mut [f32],
        shown: &mut ShownObservation,
        legal: &mut LegalActions,
        mask: &mut [i8],
    ) -> Result<RowFacts, FacadeError>;
}

/// [`BatchPart::write_row`] for any state (`S` a concrete type compiles to
/// direct calls): the legal actions from [`State::legal_action_mask`]
/// where the game declares one, else from its list.
pub(crate) fn write_row_of<S: State + ?Sized>(
    state: &mut S,
    observation: &mut [f32],
    legal: &mut LegalActions,
    mask: &mut [i8],
) -> Result<RowFacts, FacadeError> {
    let outcome = state.outcome();
    state.write_observation(observation)?;
    if outcome.is_none() {
        fill_legal_of(state, legal);
    } else {
        legal.set_none();
    }
    legal.write_mask(mask);
    Ok(RowFacts {
        outcome,
        turn: state.turn(),
    })
}

/// [`Member::fill_legal`] for any state (a game not over).
fn fill_legal_of<S: State + ?Sized>(state: &mut S, legal: &mut LegalActions) {
    match state.legal_action_mask() {
        Some(bits) => legal.set_mask(bits),
        None => state.legal_actions_into(legal.list_mut()),
    }
}

impl Member for Box<dyn State> {
    fn state(&self) -> &dyn State {
        self.as_ref()
    }

    fn state_mut(&mut self) -> &mut dyn State {
        self.as_mut()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.as_ref().outcome()
    }

    fn turn(&self) -> Player {
        self.as_ref().turn()
    }

    fn fill_legal(&mut self, legal: &mut LegalActions) {
        fill_legal_of(self.as_mut(), legal);
    }

    fn reset_to(&mut self, start: &Self) {
        if !self.copy_from(start.as_ref()) {
            *self = start.clone_box();
        }
    }

    fn play_legal(&mut self, action: u32) -> Result<(), FacadeError> {
        self.play_legal_action(action)
    }

    /// Written whole: `shown` is not used.
    fn write_row(
        &mut self,
        observation: &mut [f32],
        _shown: &mut ShownObservation,
        legal: &mut LegalActions,
        mask: &mut [i8],
    ) -> Result<RowFacts, FacadeError> {
        write_row_of(self.as_mut(), observation, legal, mask)
    }
}

/// A batch of `T`s: `len` copies of a start position.
pub(crate) struct Members<T: Member> {
    start: T,
    members: Vec<T>,
}

impl<T: Member> Members<T> {
    /// `len` copies of `start` (made by `copy`).
    pub(crate) fn new(start: T, len: usize, copy: impl Fn(&T) -> T) -> Members<T> {
        let members = (0..len).map(|_| copy(&start)).collect();
        Members { start, members }
    }
}

impl<T: Member> StateBatch for Members<T> {
    fn len(&self) -> usize {
        self.members.len()
    }

    fn get(&self, i: usize) -> &dyn State {
        self.members[i].state()
    }

    fn parts(&mut self, per_part: usize) -> Vec<Box<dyn BatchPart + '_>> {
        let start = &self.start;
        self.members
            .chunks_mut(per_part.max(1))
            .map(|members| Box::new(Part { start, members }) as Box<dyn BatchPart + '_>)
            .collect()
    }
}

/// Consecutive members of a [`Members`] batch.
struct Part<'a, T: Member> {
    start: &'a T,
    members: &'a mut [T],
}

impl<T: Member> BatchPart for Part<'_, T> {
    fn len(&self) -> usize {
        self.members.len()
    }

    fn state_mut(&mut self, j: usize) -> &mut dyn State {
        self.members[j].state_mut()
    }

    fn reset(&mut self, j: usize) {
        self.members[j].reset_to(self.start);
    }

    fn play_legal_action(&mut self, j: usize, action: u32) -> Result<(), FacadeError> {
        self.members[j].play_legal(action)
    }

    fn write_row(
        &mut self,
        j: usize,
        observation: &mut [f32],
        legal: &mut LegalActions,
        mask: &mut [i8],
    ) -> Result<RowFacts, FacadeError> {
        let mut unknown = ShownObservation::default();
        self.members[j].write_row(observation, &mut unknown, legal, mask)
    }

    fn step(&mut self, step: PartStep<'_>) -> Result<(), FacadeError> {
        step::step_members(self.start, self.members, step)
    }
}

/// The batch of boxed copies of `start` (the default of [`State::batch`]).
pub(crate) fn boxed_batch(start: Box<dyn State>, len: usize) -> Box<dyn StateBatch> {
    Box::new(Members::new(start, len, |s| s.clone_box()))
}

#[cfg(test)]
mod tests;
