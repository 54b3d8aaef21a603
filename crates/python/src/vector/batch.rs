//! N games stepped together (no Python here): the positions (a façade
//! [`StateBatch`], typed and side by side) and each game's
//! [`GameSlot`]; a call is split into contiguous parts spread over the
//! cores, each part stepped in one pass by the façade
//! ([`gamesolver_api::batch::BatchPart::step`]: the agent's action, the
//! opponent's replies, Gymnasium's next-step auto-reset, every row of the
//! output buffers written in place).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use gamesolver_api::FacadeError;
use gamesolver_api::batch::{
    AgentMoves, BatchPart, GameRng, GameSlot, OpponentMoves, PartStep, Rows, StateBatch, StepPlan,
};

use super::opponent::Opponent;

/// The least work (nanoseconds of one core, as last measured) worth a
/// part of its own: waking a pool thread and waiting for it costs tens of
/// microseconds on a busy machine, so a batch of cheap games (tic-tac-toe:
/// about 60 ns a step) is split only from a few thousand games, one of
/// costly games (an engine opponent) from two games on. (At 40 µs,
/// 1,024 tic-tac-toe games, split in two, stepped slower than 64.)
const MIN_PART_NANOS: u64 = 100_000;

/// What every game of a batch shares.
pub struct Setup {
    /// The agent's side, the step limit and the rows' sizes.
    pub plan: StepPlan,
    /// The opponent of a single-agent batch.
    pub opponent: Opponent,
    /// The measured cost of stepping one game (nanoseconds of one core, a
    /// running average; 0 before the first call), which chooses how many
    /// parts a call is split into.
    pub nanos_per_game: AtomicU64,
}

/// What a call does to the agent's side of every game.
#[derive(Clone, Copy)]
enum Agent<'a> {
    /// Start every game afresh.
    Reset,
    /// Play these actions (already checked with [`GameSlot::accepts`]).
    Given(&'a [u32]),
    /// Play a uniformly random legal action per game.
    Random,
}

/// Looked at between games: true stops the call with
/// [`FacadeError::Cancelled`] (a front end's Ctrl-C; the games are then
/// partly stepped and need a reset).
pub type Stop<'a> = &'a (dyn Fn() -> bool + Sync);

/// Starts every game afresh (reseeding game `i`'s generator with
/// `seeds[i]` where given) and writes its rows.
pub fn reset_all(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [GameSlot],
    seeds: Option<&[u64]>,
    rows: Rows<'_>,
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    if let Some(seeds) = seeds {
        for (slot, &seed) in slots.iter_mut().zip(seeds) {
            slot.reseed(seed);
        }
    }
    in_parts(setup, states, slots, rows, Agent::Reset, &mut [], stop)
}

/// Plays `actions[i]` in game `i` (already checked with
/// [`GameSlot::accepts`]), the opponent's replies in a single-agent batch,
/// and writes every row.
pub fn step_all(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [GameSlot],
    actions: &[u32],
    rows: Rows<'_>,
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    in_parts(
        setup,
        states,
        slots,
        rows,
        Agent::Given(actions),
        &mut [],
        stop,
    )
}

/// Plays a uniformly random legal action in every game (the action
/// [`random_actions`] would draw, written into `drawn`), the opponent's
/// replies in a single-agent batch, and writes every row: the draw and
/// the step in one pass.
pub fn step_random_all(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [GameSlot],
    drawn: &mut [i64],
    rows: Rows<'_>,
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    in_parts(setup, states, slots, rows, Agent::Random, drawn, stop)
}

/// A uniformly random legal action per game, drawn with each game's
/// generator (0 for a game whose next step starts a new episode).
pub fn random_actions(slots: &mut [GameSlot], out: &mut [i64]) {
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

/// Folds one call's cost per game (nanoseconds, measured on the part the
/// calling thread stepped: the work alone, not the wait for the others)
/// into the running cost.
fn record_cost(setup: &Setup, sample: u64) {
    let old = setup.nanos_per_game.load(Ordering::Relaxed);
    let new = if old == 0 {
        sample
    } else {
        (old.saturating_mul(3) + sample) / 4
    };
    setup.nanos_per_game.store(new, Ordering::Relaxed);
}

/// One part's work: its index, slots, positions, rows and random draws.
type Job<'a> = (
    usize,
    &'a mut [GameSlot],
    Box<dyn BatchPart + 'a>,
    Rows<'a>,
    &'a mut [i64],
);

/// Steps every game (`agent` says what its side does; `drawn` receives
/// the random actions of [`Agent::Random`], else is empty) in contiguous
/// parts spread over the cores (part `k` searches with engine `k` of an
/// engine opponent): the first part on the calling thread, the others on
/// the pool's threads.
fn in_parts(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [GameSlot],
    rows: Rows<'_>,
    agent: Agent<'_>,
    drawn: &mut [i64],
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    let plan = &setup.plan;
    let games = slots.len();
    let parts = parts_for(setup, games);
    let per_part = games.div_ceil(parts).max(1);
    let mut work = Vec::with_capacity(parts);
    let (mut rest_rows, mut rest_drawn) = (rows, drawn);
    let positions = states.parts(per_part);
    for (part, (chunk, positions)) in slots.chunks_mut(per_part).zip(positions).enumerate() {
        let (mine, rest) = rest_rows.split(chunk.len(), plan.observation_len, plan.actions);
        rest_rows = rest;
        let split = chunk.len().min(rest_drawn.len());
        let (my_drawn, rest) = std::mem::take(&mut rest_drawn).split_at_mut(split);
        rest_drawn = rest;
        work.push((part, chunk, positions, mine, my_drawn));
    }
    // Only a searching opponent makes a step long enough to stop.
    let stop = setup.opponent.searches().then_some(stop);
    let run = |(part, slots, mut positions, rows, drawn): Job<'_>| {
        let agent = match agent {
            Agent::Reset => AgentMoves::Reset,
            Agent::Given(actions) => {
                let first = part * per_part;
                AgentMoves::Given(&actions[first..first + slots.len()])
            }
            Agent::Random => AgentMoves::Random(drawn),
        };
        let mut scratch = Vec::new();
        let mut choose = |state: &mut dyn gamesolver_api::State, rng: &mut GameRng| {
            setup.opponent.play(state, rng, part, &mut scratch)
        };
        let opponent = match setup.opponent {
            Opponent::Random => OpponentMoves::Random,
            _ => OpponentMoves::Chosen(&mut choose),
        };
        positions.step(PartStep {
            plan,
            slots,
            agent,
            opponent,
            rows,
            stop,
        })
    };
    let mut jobs = work.into_iter();
    let Some(here) = jobs.next() else {
        return Ok(());
    };
    let games_here = here.1.len().max(1) as u64;
    let mut results: Vec<Result<(), FacadeError>> = Vec::new();
    results.resize_with(jobs.len(), || Ok(()));
    let run = &run;
    let mut result_here = Ok(());
    let mut nanos_here = 0;
    let run_here = || {
        let began = Instant::now();
        result_here = run(here);
        nanos_here = u64::try_from(began.elapsed().as_nanos()).unwrap_or(u64::MAX);
    };
    if results.is_empty() {
        run_here();
    } else {
        rayon::in_place_scope(|scope| {
            for (job, result) in jobs.zip(results.iter_mut()) {
                scope.spawn(move |_| *result = run(job));
            }
            run_here();
        });
    }
    record_cost(setup, nanos_here / games_here);
    result_here.and(results.into_iter().collect())
}
