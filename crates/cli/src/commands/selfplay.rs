//! `gamesolver selfplay`: the engine against itself, with results and
//! move-time statistics, overall and for each side (the check that the
//! engine uses its clock and no move comes back late).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use gamesolver_api::{AnyEngine, EngineKind, EngineSpec, Registry, SearchLimits, State};
use gamesolver_arena::openings::random_state_openings;
use gamesolver_arena::repetition::Repetitions;
use gamesolver_arena::time_summary::TimeSummary;
use gamesolver_core::Outcome;
use gamesolver_core::Player;
use gamesolver_search::CpuWaits;

use crate::game_arg::{self, GameName};
use crate::numbers;
use crate::search_args::RuleArgs;

/// Arguments of `gamesolver selfplay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (any game with an engine; a name or alias).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: GameName,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 20, value_parser = numbers::movetime)]
    pub movetime: u64,
    /// Which engine plays both sides.
    #[arg(long, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// Random plies before the engines take over (for varied games).
    #[arg(long, default_value_t = 2)]
    pub random_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Endgame tablebase directory for both engines (games with
    /// tablebases only).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Sets a protocol option of both engines (repeatable), as `engine
    /// --option` does: e.g. `--option Reserve=40`.
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = super::engine::parse_option)]
    pub options: Vec<(String, String)>,
}

/// Time this thread has spent waiting for a CPU (runnable but not running),
/// from Linux's `/proc/thread-self/schedstat`; `None` where unavailable.
fn cpu_wait() -> Option<Duration> {
    CpuWaits::of_this_thread().map(|waits| waits.waited)
}

/// Wall-clock time of each engine move, against the budget, with the side
/// that moved and the time the thread spent waiting for a CPU during it (a
/// shared, overloaded machine preempts the engine; that delay is not the
/// engine's doing).
#[derive(Debug, Default)]
pub struct MoveTimes {
    times: Vec<(Duration, Option<Duration>)>,
    /// The side that made each move.
    sides: Vec<Player>,
    /// For each move, whether its search proved the result (a mate score).
    proven: Vec<bool>,
}

impl MoveTimes {
    /// Times `think`, a move of `side`, and records how long it took and
    /// how long the thread waited for a CPU meanwhile.
    pub fn measure<T>(&mut self, side: Player, think: impl FnOnce() -> T) -> T {
        let (started, waited) = (Instant::now(), cpu_wait());
        let result = think();
        let wait = waited.zip(cpu_wait()).map(|(a, b)| b.saturating_sub(a));
        self.times.push((started.elapsed(), wait));
        self.sides.push(side);
        result
    }

    /// Notes whether the move just measured was answered on a proved
    /// result.
    pub fn note_proof(&mut self, proven: bool) {
        self.proven
            .resize(self.times.len().saturating_sub(1), false);
        self.proven.push(proven);
    }

    /// Writes count, mean (and its share of the budget), p99 and maximum,
    /// of all moves and of each side's (`names` of the first and second
    /// player); how many moves were answered on a proved result, and the
    /// summary of the moves that used at least 90% of the budget (the
    /// others' searches finished early); how many moves took longer than
    /// the budget (the requirement is none), how many more than 2 ms
    /// longer, and how many are still over once the time spent waiting
    /// for a CPU is taken off.
    pub fn write(
        &self,
        out: &mut dyn Write,
        budget: Duration,
        names: [&str; 2],
    ) -> std::io::Result<()> {
        let all: Vec<Duration> = self.times.iter().map(|t| t.0).collect();
        TimeSummary::of(&all).write(out, "move times", Some(budget))?;
        for (side, name) in [Player::First, Player::Second].into_iter().zip(names) {
            let own: Vec<Duration> = self.only(&all, &self.sides, |&s| s == side);
            TimeSummary::of(&own).write(out, &format!("{name} move times"), Some(budget))?;
        }
        let proved = self.proven.iter().filter(|&&p| p).count();
        writeln!(
            out,
            "{proved} moves answered on a proved result (a mate score)"
        )?;
        let early = budget * 9 / 10;
        let full: Vec<Duration> = all.iter().copied().filter(|&t| t >= early).collect();
        if full.len() < all.len() {
            writeln!(
                out,
                "{} moves ended before 90% of the move time (their search finished: \
                 the rest of the game searched, or a proved root that ends it)",
                all.len() - full.len()
            )?;
            TimeSummary::of(&full).write(out, "the other moves", Some(budget))?;
        }
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let over = |limit: Duration| all.iter().filter(|&&d| d > limit).count();
        let over_running = self
            .times
            .iter()
            .filter(|(t, wait)| t.saturating_sub(wait.unwrap_or_default()) > budget)
            .count();
        let max_wait = self
            .times
            .iter()
            .filter_map(|t| t.1)
            .max()
            .unwrap_or_default();
        writeln!(
            out,
            "moves over the budget ({} ms): {} (more than 2 ms over: {})",
            budget.as_millis(),
            over(budget),
            over(budget + Duration::from_millis(2))
        )?;
        writeln!(
            out,
            "over the budget after taking off time spent waiting for a CPU: {over_running} \
             (longest wait during a move {:.2} ms)",
            ms(max_wait)
        )
    }

    /// The times of the moves whose entry in `marks` passes `keep`.
    fn only<T>(&self, times: &[Duration], marks: &[T], keep: impl Fn(&T) -> bool) -> Vec<Duration> {
        times
            .iter()
            .zip(marks)
            .filter(|(_, mark)| keep(mark))
            .map(|(t, _)| *t)
            .collect()
    }
}

/// Plays the games of `registry` and reports: both sides are engines of
/// the façade, so any game with an engine can play itself.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = game_arg::resolve(registry, &args.game, "engine", |c| c.search)?;
    let rules = args.rules.rules.as_deref();
    let spec = EngineSpec {
        kind: Some(args.engine.name().to_string()),
        rules: rules.map(str::to_string),
        tablebase: args.tablebase.clone(),
        options: args.options.iter().cloned().collect(),
        ..EngineSpec::default()
    };
    let engines = [game.engine(&spec)?, game.engine(&spec)?];
    let start = game.start(rules)?;
    let repetitions = Repetitions::of(game, start.rules());
    play_games(args, start, engines, repetitions.as_ref(), out)
}

/// Plays `args.games` games from random openings of `start`, `engines[p]`
/// moving for player `p`, and reports each result (with how it ended) and
/// the totals; `repetitions` (the game's rule) draws a game whose position
/// recurs that often.
fn play_games(
    args: &Args,
    start: Box<dyn State>,
    mut engines: [Box<dyn AnyEngine>; 2],
    repetitions: Option<&Repetitions>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let limits = SearchLimits {
        movetime_ms: Some(args.movetime),
        ..SearchLimits::default()
    };
    let budget = limits.to_limits()?.movetime.unwrap_or_default();
    let mut times = MoveTimes::default();
    let mut tally = [0usize; 3];
    let mut plies = 0;
    let openings = random_state_openings(start.as_ref(), args.games, args.random_plies, args.seed);
    for (i, mut position) in openings.into_iter().enumerate() {
        engines.iter_mut().for_each(|e| e.new_game());
        let mut counter = repetitions.cloned();
        if let Some(counter) = counter.as_mut() {
            counter.repeated(position.as_ref());
        }
        let mut drawn_by = None;
        while !position.is_terminal() {
            let side = position.turn();
            let engine = &mut engines[side.index()];
            let report = times.measure(side, || {
                engine.search(position.as_ref(), &limits, &mut |_| {})
            })?;
            times.note_proof(report.mate_plies.is_some());
            let mv = report
                .bestmove
                .ok_or_else(|| anyhow::anyhow!("no move in {}", position.to_text()))?;
            position.play(&mv)?;
            plies += 1;
            if let Some(counter) = counter.as_mut()
                && !position.is_terminal()
                && counter.repeated(position.as_ref())
            {
                drawn_by = Some(counter.reason());
                break;
            }
        }
        let outcome = position.outcome().unwrap_or(Outcome::Draw);
        let slot = match outcome {
            Outcome::Winner(Player::First) => 0,
            Outcome::Winner(Player::Second) => 1,
            Outcome::Draw => 2,
        };
        tally[slot] += 1;
        let verdict = describe(position.as_ref(), outcome);
        writeln!(
            out,
            "game {:>3}: {verdict:<10} {} {}",
            i + 1,
            position.to_text(),
            end_note(position.as_ref(), drawn_by.as_deref())
        )?;
    }
    writeln!(
        out,
        "{} games ({} engine, {} ms/move): {} wins {}, {} wins {}, draws {}; {:.1} engine moves per game",
        args.games,
        args.engine.name(),
        args.movetime,
        start.player_name(Player::First),
        tally[0],
        start.player_name(Player::Second),
        tally[1],
        tally[2],
        plies as f64 / args.games.max(1) as f64
    )?;
    let names = [Player::First, Player::Second].map(|p| start.player_name(p));
    times.write(out, budget, names)?;
    Ok(())
}

/// `(den entered, 57 plies)`: why the game ended, as the game says
/// ([`State::end_reason`]) or the repetition rule that drew it
/// (`drawn_by`), and the plies played since the start; empty for a game
/// whose end needs no note.
fn end_note(state: &dyn State, drawn_by: Option<&str>) -> String {
    drawn_by
        .or_else(|| state.end_reason())
        .map_or_else(String::new, |reason| {
            format!("({reason}, {} plies)", state.history().len())
        })
}

/// `X wins`, `top wins` or `draw`.
fn describe(state: &dyn State, outcome: Outcome) -> String {
    match outcome {
        Outcome::Winner(p) => format!("{} wins", state.player_name(p)),
        Outcome::Draw => "draw".to_string(),
    }
}
