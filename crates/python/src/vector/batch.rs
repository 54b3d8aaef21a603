//! N games stepped together (no Python here): the positions (a façade
//! [`StateBatch`], typed and side by side), each game's generator and
//! whether it ended at the last step; a step writes every game's row of
//! the output buffers in place, spread over the cores.
//!
//! Auto-reset is Gymnasium's next-step mode: a step that ends a game
//! returns its final observation with `terminated` (or `truncated`); the
//! next step ignores that game's action, starts it afresh and returns the
//! first observation of the new episode with reward 0 and both flags off.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use gamesolver_api::FacadeError;
use gamesolver_api::batch::{BatchPart, LegalActions, RowFacts, StateBatch};
use gamesolver_core::{Outcome, Player};

use super::opponent::Opponent;
use super::rng::{GameRng, seeded};
use crate::state::TERMINAL;

/// The least work (nanoseconds of one core, as last measured) worth a
/// part of its own: waking a pool thread and waiting for it costs some
/// microseconds, so a batch of cheap games (tic-tac-toe) is split only when
/// it is large, one of costly games (an engine opponent) from two games on.
const MIN_PART_NANOS: u64 = 40_000;

/// What every game of a batch shares.
pub struct Setup {
    /// The side the agent plays; None = self-play (every move is an action).
    pub agent: Option<Player>,
    /// The opponent of a single-agent batch.
    pub opponent: Opponent,
    /// An episode is truncated after this many steps (None = never).
    pub max_steps: Option<u32>,
    /// Floats per observation.
    pub observation_len: usize,
    /// Distinct actions.
    pub actions: usize,
    /// The measured cost of stepping one game (nanoseconds of one core, a
    /// running average; 0 before the first call), which chooses how many
    /// parts a call is split into.
    pub nanos_per_game: AtomicU64,
}

/// One game of the batch, beside its position in the [`StateBatch`].
pub struct Slot {
    rng: GameRng,
    /// Steps since the episode began.
    steps: u32,
    /// The episode ended at the last step: the next step starts a new one.
    done: bool,
    /// The legal actions of `state` (none once the game is over).
    legal: LegalActions,
}

impl Slot {
    /// A game at the start, with generator `rng` (its row is written by
    /// the first reset).
    pub fn new(rng: GameRng) -> Slot {
        Slot {
            rng,
            steps: 0,
            done: true,
            legal: LegalActions::new(),
        }
    }

    /// Whether `action` is accepted at the next step: a legal action, or
    /// any action when the next step starts a new episode.
    pub fn accepts(&self, action: u32) -> bool {
        self.done || self.legal.contains(action)
    }

    /// A uniformly random legal action (0 when the next step starts a new
    /// episode and ignores the action).
    fn random_action(&mut self) -> u32 {
        if self.done || self.legal.is_empty() {
            return 0;
        }
        let index = rand::Rng::random_range(&mut self.rng, 0..self.legal.len());
        self.legal.get(index).unwrap_or(0)
    }
}

/// The output rows of consecutive games: observations, masks, rewards
/// (one per game in a single-agent batch, two in self-play), flags, the
/// player to move and the opponent's last action.
pub struct Rows<'a> {
    /// Observations, `observation_len` per game.
    pub observations: &'a mut [f32],
    /// Legal-action masks, `actions` per game.
    pub masks: &'a mut [i8],
    /// Rewards, one or two per game.
    pub rewards: &'a mut [f32],
    /// Whether the game ended at this step.
    pub terminated: &'a mut [bool],
    /// Whether the episode was cut at `max_steps`.
    pub truncated: &'a mut [bool],
    /// The player to move (0, 1) or TERMINAL.
    pub players: &'a mut [i32],
    /// The opponent's last action this step, -1 if it did not move.
    pub opponent_actions: &'a mut [i32],
}

impl<'a> Rows<'a> {
    /// The rows of the first `games` games and those of the rest.
    fn split(self, games: usize, setup: &Setup) -> (Rows<'a>, Rows<'a>) {
        let per_reward = self.rewards.len() / self.terminated.len().max(1);
        let (o1, o2) = self
            .observations
            .split_at_mut(games * setup.observation_len);
        let (m1, m2) = self.masks.split_at_mut(games * setup.actions);
        let (r1, r2) = self.rewards.split_at_mut(games * per_reward);
        let (t1, t2) = self.terminated.split_at_mut(games);
        let (u1, u2) = self.truncated.split_at_mut(games);
        let (p1, p2) = self.players.split_at_mut(games);
        let (a1, a2) = self.opponent_actions.split_at_mut(games);
        let first = Rows {
            observations: o1,
            masks: m1,
            rewards: r1,
            terminated: t1,
            truncated: u1,
            players: p1,
            opponent_actions: a1,
        };
        let rest = Rows {
            observations: o2,
            masks: m2,
            rewards: r2,
            terminated: t2,
            truncated: u2,
            players: p2,
            opponent_actions: a2,
        };
        (first, rest)
    }
}

/// What a step does to one game.
#[derive(Clone, Copy)]
enum Move {
    /// Start a new episode.
    Reset,
    /// Play this action (auto-reset if the episode ended).
    Play(u32),
}

/// Looked at between games: true stops the call with
/// [`FacadeError::Cancelled`] (a front end's Ctrl-C; the games are then
/// partly stepped and need a reset).
pub type Stop<'a> = &'a (dyn Fn() -> bool + Sync);

/// Starts every game afresh (with a new generator from `seeds` where
/// given) and writes its rows.
pub fn reset_all(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [Slot],
    seeds: Option<&[u64]>,
    rows: Rows<'_>,
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    if let Some(seeds) = seeds {
        for (slot, &seed) in slots.iter_mut().zip(seeds) {
            slot.rng = seeded(seed);
        }
    }
    in_parts(setup, states, slots, rows, None, stop)
}

/// Plays `actions[i]` in game `i` (already checked with
/// [`Slot::accepts`]), the opponent's replies in a single-agent batch, and
/// writes every row.
pub fn step_all(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [Slot],
    actions: &[u32],
    rows: Rows<'_>,
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    in_parts(setup, states, slots, rows, Some(actions), stop)
}

/// A uniformly random legal action per game, drawn with each game's
/// generator (0 for a game whose next step starts a new episode).
pub fn random_actions(slots: &mut [Slot], out: &mut [i64]) {
    for (slot, out) in slots.iter_mut().zip(out) {
        *out = i64::from(slot.random_action());
    }
}

/// How many parts `games` games are split into: as many as the cores
/// while each part gets at least [`MIN_PART_NANOS`] of the work measured
/// at the last calls.
fn parts_for(setup: &Setup, games: usize) -> usize {
    let threads = rayon::current_num_threads().max(1);
    let work = setup
        .nanos_per_game
        .load(Ordering::Relaxed)
        .saturating_mul(games as u64);
    let worth = usize::try_from(work / MIN_PART_NANOS).unwrap_or(usize::MAX);
    worth.clamp(1, threads.min(games).max(1))
}

/// Folds one call's time into the running cost per game.
fn record_cost(setup: &Setup, games: usize, parts: usize, elapsed_nanos: u64) {
    let sample = elapsed_nanos.saturating_mul(parts as u64) / games.max(1) as u64;
    let old = setup.nanos_per_game.load(Ordering::Relaxed);
    let new = if old == 0 {
        sample
    } else {
        (old.saturating_mul(3) + sample) / 4
    };
    setup.nanos_per_game.store(new, Ordering::Relaxed);
}

/// Plays `actions[i]` in every game `i` (None: starts every game afresh),
/// in contiguous parts spread over the
/// cores (part `k` searches with engine `k` of an engine opponent): the
/// first part on the calling thread, the others on the pool's threads.
fn in_parts(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [Slot],
    rows: Rows<'_>,
    actions: Option<&[u32]>,
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    let began = Instant::now();
    let searches = setup.opponent.searches();
    let games = slots.len();
    let parts = parts_for(setup, games);
    let per_part = games.div_ceil(parts).max(1);
    let mut work = Vec::with_capacity(parts);
    let mut rest_rows = rows;
    let positions = states.parts(per_part);
    for (part, (chunk, positions)) in slots.chunks_mut(per_part).zip(positions).enumerate() {
        let (mine, rest) = rest_rows.split(chunk.len(), setup);
        rest_rows = rest;
        work.push((part, chunk, positions, mine));
    }
    type Job<'a> = (usize, &'a mut [Slot], Box<dyn BatchPart + 'a>, Rows<'a>);
    let run = |(part, chunk, mut positions, mut rows): Job<'_>| {
        let mut scratch = Vec::new();
        let first = part * per_part;
        for (j, slot) in chunk.iter_mut().enumerate() {
            // Only a searching opponent makes a step long enough to stop.
            if searches && stop() {
                return Err(FacadeError::Cancelled);
            }
            let what = match actions {
                Some(actions) => Move::Play(actions[first + j]),
                None => Move::Reset,
            };
            let game = Game {
                slot,
                positions: positions.as_mut(),
                j,
            };
            step_one(setup, game, what, part, &mut rows, &mut scratch)?;
        }
        Ok(())
    };
    let result = if work.len() == 1 {
        work.into_iter().try_for_each(run)
    } else {
        let mut results: Vec<Result<(), FacadeError>> = Vec::new();
        results.resize_with(work.len(), || Ok(()));
        let run = &run;
        let mut pairs = work.into_iter().zip(results.iter_mut());
        let here = pairs.next();
        rayon::in_place_scope(|scope| {
            for (job, result) in pairs {
                scope.spawn(move |_| *result = run(job));
            }
            if let Some((job, result)) = here {
                *result = run(job);
            }
        });
        results.into_iter().collect()
    };
    let elapsed = u64::try_from(began.elapsed().as_nanos()).unwrap_or(u64::MAX);
    record_cost(setup, games, parts, elapsed);
    result
}

/// Game `j` of a part: its slot and its position.
struct Game<'s, 'p> {
    slot: &'s mut Slot,
    positions: &'s mut (dyn BatchPart + 'p),
    j: usize,
}

/// One game's step, its row (`game.j`) of `rows` written.
fn step_one(
    setup: &Setup,
    game: Game<'_, '_>,
    what: Move,
    part: usize,
    rows: &mut Rows<'_>,
    scratch: &mut Vec<u32>,
) -> Result<(), FacadeError> {
    let Game { slot, positions, j } = game;
    let mut opponent_action = -1;
    match what {
        // Checked against `slot.legal` by the caller (`Slot::accepts`).
        Move::Play(action) if !slot.done => {
            positions.play_legal_action(j, action)?;
            slot.steps = slot.steps.saturating_add(1);
        }
        Move::Play(_) | Move::Reset => {
            positions.reset(j);
            slot.steps = 0;
        }
    }
    if let Some(agent) = setup.agent {
        let state = positions.state_mut(j);
        while !state.is_terminal() && state.turn() != agent {
            let action = setup.opponent.play(state, &mut slot.rng, part, scratch)?;
            opponent_action = i32::try_from(action).unwrap_or(i32::MAX);
        }
    }
    let len = setup.observation_len;
    let facts = positions.write_row(
        j,
        &mut rows.observations[j * len..(j + 1) * len],
        &mut slot.legal,
        &mut rows.masks[j * setup.actions..(j + 1) * setup.actions],
    )?;
    let terminated = facts.outcome.is_some();
    let truncated = !terminated && setup.max_steps.is_some_and(|max| slot.steps >= max);
    slot.done = terminated || truncated;
    write_rewards(setup, facts, rows, j);
    rows.terminated[j] = terminated;
    rows.truncated[j] = truncated;
    rows.opponent_actions[j] = opponent_action;
    Ok(())
}

/// Writes game `j`'s rewards and player to move.
fn write_rewards(setup: &Setup, facts: RowFacts, rows: &mut Rows<'_>, j: usize) {
    let outcome = facts.outcome;
    let [first, second] = match outcome {
        Some(Outcome::Winner(Player::First)) => [1.0, -1.0],
        Some(Outcome::Winner(Player::Second)) => [-1.0, 1.0],
        Some(Outcome::Draw) | None => [0.0, 0.0],
    };
    match setup.agent {
        Some(Player::First) => rows.rewards[j] = first,
        Some(Player::Second) => rows.rewards[j] = second,
        None => {
            rows.rewards[2 * j] = first;
            rows.rewards[2 * j + 1] = second;
        }
    }
    rows.players[j] = if outcome.is_some() {
        TERMINAL
    } else {
        match facts.turn {
            Player::First => 0,
            Player::Second => 1,
        }
    };
}
