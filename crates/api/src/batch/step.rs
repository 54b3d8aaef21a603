//! One step of a part of a batch in one pass over its positions: the
//! agent's action (given, or drawn at random from the legal ones), the
//! opponent's replies, the end of the game and Gymnasium's next-step
//! auto-reset, and every output row written. The pass is generic over the
//! batch's position type ([`Member`]), so a game's bridge positions are
//! stepped by direct calls the compiler inlines: no virtual call per game.
//!
//! Auto-reset is Gymnasium's next-step mode: a step that ends a game
//! returns its final observation with `terminated` (or `truncated`); the
//! next step ignores that game's action, starts it afresh and returns the
//! first observation of the new episode with reward 0 and both flags off.

use std::marker::PhantomData;

use gamesolver_core::{Outcome, Player};

#[cfg(target_arch = "x86_64")]
use super::bit_select::Deposit;
use super::bit_select::{BitSelect, Broadword};
use super::slot::draw_below;
use super::{GameRng, GameSlot, InstructionSet, Member, RowFacts, Rows};
use crate::{FacadeError, State};

/// What every game of a batch shares in a step.
#[derive(Clone, Copy, Debug)]
pub struct StepPlan {
    /// The side the agent plays; None = self-play (every move is an action).
    pub agent: Option<Player>,
    /// An episode is truncated after this many steps (None = never).
    pub max_steps: Option<u32>,
    /// Values per observation row.
    pub observation_len: usize,
    /// Values per mask row (the game's distinct actions).
    pub actions: usize,
    /// The player to move written for a finished game (Python writes
    /// OpenSpiel's `TERMINAL`).
    pub finished_player: i32,
}

/// The agent's side of a step, for every game of the part.
pub enum AgentMoves<'a> {
    /// Start every game afresh.
    Reset,
    /// Play action `j` in game `j`: checked with [`GameSlot::accepts`]
    /// (ignored where the episode ended at the last step).
    Given(&'a [u32]),
    /// Draw a uniformly random legal action per game with its generator
    /// ([`GameSlot::random_action`]), write it into `drawn[j]` and play it.
    Random(&'a mut [i64]),
}

/// A façade opponent's move: chooses and plays a move in a position (a
/// game not over, not the agent's turn) with the game's generator for its
/// random choices, and returns the action played.
pub type ChooseMove<'a> =
    &'a mut dyn FnMut(&mut dyn State, &mut GameRng) -> Result<u32, FacadeError>;

/// The opponent of a batch with an agent.
pub enum OpponentMoves<'a> {
    /// Uniformly random legal moves, drawn with each game's generator
    /// (stepped in the pass itself).
    Random,
    /// Moves chosen through the façade (an engine, an oracle).
    Chosen(ChooseMove<'a>),
}

/// One step of a part: the games' slots and rows (game `j` of the part is
/// slot `j` and row `j`), what the agent and the opponent do.
pub struct PartStep<'a> {
    /// What every game shares.
    pub plan: &'a StepPlan,
    /// The games' bookkeeping, one per position of the part.
    pub slots: &'a mut [GameSlot],
    /// The agent's moves.
    pub agent: AgentMoves<'a>,
    /// The opponent (not used in self-play).
    pub opponent: OpponentMoves<'a>,
    /// The output rows.
    pub rows: Rows<'a>,
    /// Looked at before each game when given: true stops the step with
    /// [`FacadeError::Cancelled`] (the games then partly stepped).
    pub stop: Option<&'a (dyn Fn() -> bool + Sync)>,
}

/// [`super::BatchPart::step`] over typed positions `members` (copies of
/// `start` when reset), compiled for the widest instruction set the
/// processor has ([`InstructionSet`]).
pub(crate) fn step_members<T: Member>(
    start: &T,
    members: &mut [T],
    step: PartStep<'_>,
) -> Result<(), FacadeError> {
    match InstructionSet::for_step() {
        InstructionSet::Base => step_members_inline::<T, Broadword>(start, members, step),
        #[cfg(target_arch = "x86_64")]
        InstructionSet::X86_64V3 => {
            assert!(
                InstructionSet::detected() == InstructionSet::X86_64V3,
                "x86-64-v3 instructions asked for on a processor without them"
            );
            // SAFETY: the processor has every instruction of the x86-64-v3
            // level (just checked): the function's target features hold.
            #[allow(unsafe_code)]
            unsafe {
                step_members_v3(start, members, step)
            }
        }
    }
}

/// [`step_members_inline`] compiled with the x86-64-v3 level's
/// instructions (AVX2, BMI1/2, FMA, LZCNT, MOVBE): wider stores for the
/// observation planes, one-instruction bit tricks.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2,bmi1,bmi2,fma,lzcnt,movbe,f16c")]
fn step_members_v3<T: Member>(
    start: &T,
    members: &mut [T],
    step: PartStep<'_>,
) -> Result<(), FacadeError> {
    step_members_inline::<T, Deposit>(start, members, step)
}

/// The pass of [`step_members`], inlined into each instruction set's copy,
/// the legal mask's bits selected with `S`.
#[inline(always)]
fn step_members_inline<T: Member, S: BitSelect>(
    start: &T,
    members: &mut [T],
    step: PartStep<'_>,
) -> Result<(), FacadeError> {
    let PartStep {
        plan,
        slots,
        agent,
        opponent,
        rows,
        stop,
    } = step;
    let mut pass = Pass {
        plan,
        start,
        members,
        slots,
        opponent,
        rows,
        stop,
    };
    match agent {
        AgentMoves::Reset => {
            // The rows are written whole: a reset makes no assumption
            // about what they hold.
            pass.slots.iter_mut().for_each(|slot| slot.shown.forget());
            pass.run::<S, _>(StartAfresh)
        }
        AgentMoves::Given(actions) => pass.run::<S, _>(GivenMoves(actions)),
        AgentMoves::Random(drawn) => pass.run::<S, _>(RandomMoves::<S>(drawn, PhantomData)),
    }
}

/// What the agent does in a pass, game by game: each kind of
/// [`AgentMoves`] a type, so that the pass is compiled once for each with
/// its action inlined (a closure was left out of line in the x86-64-v3
/// copy of the step; a match per game cost instructions).
trait AgentMove {
    /// Game `j`'s action (None: start afresh).
    fn action(&mut self, j: usize, slot: &mut GameSlot) -> Option<u32>;
}

/// [`AgentMoves::Reset`].
struct StartAfresh;

impl AgentMove for StartAfresh {
    #[inline(always)]
    fn action(&mut self, _: usize, _: &mut GameSlot) -> Option<u32> {
        None
    }
}

/// [`AgentMoves::Given`].
struct GivenMoves<'a>(&'a [u32]);

impl AgentMove for GivenMoves<'_> {
    #[inline(always)]
    fn action(&mut self, j: usize, _: &mut GameSlot) -> Option<u32> {
        Some(self.0[j])
    }
}

/// [`AgentMoves::Random`], a mask's set bit found with `S`.
struct RandomMoves<'a, S>(&'a mut [i64], PhantomData<S>);

impl<S: BitSelect> AgentMove for RandomMoves<'_, S> {
    #[inline(always)]
    fn action(&mut self, j: usize, slot: &mut GameSlot) -> Option<u32> {
        let action = slot.random_action_with::<S>();
        self.0[j] = i64::from(action);
        Some(action)
    }
}

/// The state of one pass over a part.
struct Pass<'p, 'a, T> {
    plan: &'a StepPlan,
    start: &'p T,
    members: &'p mut [T],
    slots: &'a mut [GameSlot],
    opponent: OpponentMoves<'a>,
    rows: Rows<'a>,
    stop: Option<&'a (dyn Fn() -> bool + Sync)>,
}

impl<T: Member> Pass<'_, '_, T> {
    /// Steps every game, `agent` giving game `j`'s action (None: start
    /// afresh).
    #[inline(always)]
    fn run<S: BitSelect, A: AgentMove>(&mut self, mut agent: A) -> Result<(), FacadeError> {
        let plan = self.plan;
        let (len, actions) = (plan.observation_len, plan.actions);
        let games = self.members.len();
        let rows = &mut self.rows;
        let per_reward = if plan.agent.is_some() { 1 } else { 2 };
        assert!(
            self.slots.len() == games
                && rows.observations.len() >= games * len
                && rows.masks.len() >= games * actions
                && rows.rewards.len() >= games * per_reward
                && [rows.terminated.len(), rows.truncated.len()]
                    .iter()
                    .all(|&n| n >= games)
                && [rows.players.len(), rows.opponent_actions.len()]
                    .iter()
                    .all(|&n| n >= games),
            "a part's rows and slots hold fewer than its {games} games"
        );
        // Each game's outputs beside it (no index checked per game).
        let outputs = rows
            .rewards
            .chunks_exact_mut(per_reward)
            .zip(rows.terminated.iter_mut().zip(rows.truncated.iter_mut()))
            .zip(
                rows.players
                    .iter_mut()
                    .zip(rows.opponent_actions.iter_mut()),
            );
        let games = self
            .members
            .iter_mut()
            .zip(self.slots.iter_mut())
            .zip(outputs);
        for (j, ((member, slot), ((rewards, (terminated, truncated)), (player, opponent)))) in
            games.enumerate()
        {
            if let Some(stop) = self.stop
                && stop()
            {
                return Err(FacadeError::Cancelled);
            }
            match agent.action(j, slot) {
                Some(action) if !slot.done => {
                    member.play_legal(action)?;
                    slot.steps = slot.steps.saturating_add(1);
                }
                _ => {
                    member.reset_to(self.start);
                    slot.steps = 0;
                }
            }
            *opponent = match plan.agent {
                Some(agent) => reply::<T, S>(member, slot, agent, &mut self.opponent)?,
                None => -1,
            };
            let facts = member.write_row(
                &mut rows.observations[j * len..(j + 1) * len],
                &mut slot.shown,
                &mut slot.legal,
                &mut rows.masks[j * actions..(j + 1) * actions],
            )?;
            *terminated = facts.outcome.is_some();
            *truncated = !*terminated && plan.max_steps.is_some_and(|max| slot.steps >= max);
            slot.done = *terminated || *truncated;
            *player = write_rewards(plan, facts, rewards);
        }
        Ok(())
    }
}

/// The opponent's moves in `member` until the game ends or it is the
/// `agent`'s turn; the last one's action, -1 if it did not move.
#[inline]
fn reply<T: Member, S: BitSelect>(
    member: &mut T,
    slot: &mut GameSlot,
    agent: Player,
    opponent: &mut OpponentMoves<'_>,
) -> Result<i32, FacadeError> {
    let mut last = -1;
    while member.outcome().is_none() && member.turn() != agent {
        let action = match opponent {
            OpponentMoves::Random => random_reply::<T, S>(member, slot)?,
            OpponentMoves::Chosen(choose) => choose(member.state_mut(), &mut slot.rng)?,
        };
        last = i32::try_from(action).unwrap_or(i32::MAX);
    }
    Ok(last)
}

/// Plays a uniformly random legal action of `member` (a game not over):
/// the [`draw_below`]`(count)`-th of its legal actions in
/// [`State::legal_actions`]' order, drawn with the game's generator, and
/// returns it.
fn random_reply<T: Member, S: BitSelect>(
    member: &mut T,
    slot: &mut GameSlot,
) -> Result<u32, FacadeError> {
    member.fill_legal(&mut slot.legal);
    let rng = &mut slot.rng;
    let Some(action) = slot.legal.draw_with::<S>(|count| draw_below(rng, count)) else {
        return Err(FacadeError::BadAction {
            action: 0,
            reason: format!("no legal move in {}", member.state().to_text()),
        });
    };
    member.play_legal(action)?;
    Ok(action)
}

/// Writes a game's rewards (one for the agent, both players' in
/// self-play) and returns the player to move to write.
#[inline]
fn write_rewards(plan: &StepPlan, facts: RowFacts, rewards: &mut [f32]) -> i32 {
    let outcome = facts.outcome;
    let [first, second] = match outcome {
        Some(Outcome::Winner(Player::First)) => [1.0, -1.0],
        Some(Outcome::Winner(Player::Second)) => [-1.0, 1.0],
        Some(Outcome::Draw) | None => [0.0, 0.0],
    };
    match (plan.agent, rewards) {
        (Some(Player::First), [reward, ..]) => *reward = first,
        (Some(Player::Second), [reward, ..]) => *reward = second,
        (None, [for_first, for_second, ..]) => (*for_first, *for_second) = (first, second),
        _ => {}
    }
    match (outcome, facts.turn) {
        (Some(_), _) => plan.finished_player,
        (None, Player::First) => 0,
        (None, Player::Second) => 1,
    }
}
