//! N games stepped together (no Python here): the positions (a façade
//! [`StateBatch`], typed and side by side) and each game's
//! [`GameSlot`]; a call is split into contiguous parts run by the calling
//! thread and the process's [`Crew`] of helper threads, each part stepped
//! in one pass by the façade ([`gamesolver_api::batch::BatchPart::step`]:
//! the agent's action, the opponent's replies, Gymnasium's next-step
//! auto-reset, every row of the output buffers written in place). Whether
//! a call is split is a [`SplitChoice`] timing whole calls both ways
//! (always, against a searching opponent).

use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use gamesolver_api::FacadeError;
use gamesolver_api::batch::{
    AgentMoves, BatchPart, Crew, GameRng, GameSlot, OpponentMoves, PartStep, Rows, SplitChoice,
    StateBatch, StepPlan,
};

use super::opponent::Opponent;

/// How long a helper thread stays awake after a call, watching for the
/// next one, before it parks: far longer than the Python code between the
/// steps of a tight loop (a few microseconds), short enough that nothing
/// polls once the steps stop.
const HELPER_PATIENCE: Duration = Duration::from_micros(250);

/// The threads a call can use: the calling thread and the helpers (one
/// fewer than rayon's threads, `RAYON_NUM_THREADS` or the cores), started
/// when the first batch is made.
fn crew() -> &'static Crew {
    static CREW: OnceLock<Crew> = OnceLock::new();
    CREW.get_or_init(|| {
        Crew::new(
            rayon::current_num_threads().saturating_sub(1),
            HELPER_PATIENCE,
        )
    })
}

/// The threads a call can use (the calling thread and the helpers).
pub fn threads() -> usize {
    crew().helpers() + 1
}

/// What every game of a batch shares.
pub struct Setup {
    /// The agent's side, the step limit and the rows' sizes.
    pub plan: StepPlan,
    /// The opponent of a single-agent batch.
    pub opponent: Opponent,
    /// Whether a call of this batch is split over the threads.
    pub split: Mutex<SplitChoice>,
}

impl Setup {
    /// The setup of a batch stepped with `plan` against `opponent`.
    pub fn new(plan: StepPlan, opponent: Opponent) -> Setup {
        Setup {
            plan,
            opponent,
            split: Mutex::new(SplitChoice::new(threads())),
        }
    }
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
/// parts (part `k` searches with engine `k` of an engine opponent) run by
/// the calling thread and the helpers: one part per thread (a thread
/// that claims a part when done with its own takes a late helper's share;
/// otherwise each thread keeps stepping the same games, in its own
/// caches), always against a searching opponent, else as the batch's
/// [`SplitChoice`] says (a step's time is recorded for it; a reset's is
/// not).
fn in_parts(
    setup: &Setup,
    states: &mut dyn StateBatch,
    slots: &mut [GameSlot],
    rows: Rows<'_>,
    agent: Agent<'_>,
    drawn: &mut [i64],
    stop: Stop<'_>,
) -> Result<(), FacadeError> {
    let began = Instant::now();
    let plan = &setup.plan;
    let games = slots.len();
    let searches = setup.opponent.searches();
    let parts = if searches {
        threads()
    } else {
        lock(&setup.split).parts()
    };
    let per_part = games.div_ceil(parts.clamp(1, games.max(1))).max(1);
    let mut work = Vec::with_capacity(parts);
    let (mut rest_rows, mut rest_drawn) = (rows, drawn);
    let positions = states.parts(per_part);
    for (part, (chunk, positions)) in slots.chunks_mut(per_part).zip(positions).enumerate() {
        let (mine, rest) = rest_rows.split(chunk.len(), plan.observation_len, plan.actions);
        rest_rows = rest;
        let split = chunk.len().min(rest_drawn.len());
        let (my_drawn, rest) = std::mem::take(&mut rest_drawn).split_at_mut(split);
        rest_drawn = rest;
        work.push(Mutex::new(Some((part, chunk, positions, mine, my_drawn))));
    }
    // Only a searching opponent makes a step long enough to stop.
    let stop = searches.then_some(stop);
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
    let results: Vec<Mutex<Result<(), FacadeError>>> =
        work.iter().map(|_| Mutex::new(Ok(()))).collect();
    crew().run(work.len(), &|k| {
        if let Some(job) = lock(&work[k]).take() {
            *lock(&results[k]) = run(job);
        }
    });
    if !searches && !matches!(agent, Agent::Reset) {
        let nanos = u64::try_from(began.elapsed().as_nanos()).unwrap_or(u64::MAX);
        lock(&setup.split).record(parts, nanos);
    }
    results
        .into_iter()
        .try_for_each(|result| result.into_inner().unwrap_or_else(PoisonError::into_inner))
}

/// Locks `mutex`, whatever a panic left in it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
