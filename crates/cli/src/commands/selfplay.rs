//! `gamesolver selfplay`: the engine against itself, with results and
//! move-time statistics (the check that no move comes back late).

use std::io::Write;
use std::time::{Duration, Instant};

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::Limits;

use crate::uttt::engines::{EngineKind, EngineOptions, build};
use crate::uttt::openings::random_openings;

/// The games `selfplay` can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SelfplayGame {
    /// Ultimate tic-tac-toe.
    Uttt,
}

/// Arguments of `gamesolver selfplay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: SelfplayGame,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 20)]
    pub movetime: u64,
    /// Which engine plays both sides.
    #[arg(long, value_enum, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// Random plies before the engines take over (for varied games).
    #[arg(long, default_value_t = 2)]
    pub random_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rules variant (`standard` or `codingame`).
    #[arg(long, default_value_t = Variant::Standard)]
    pub variant: Variant,
}

/// Time this thread has spent waiting for a CPU (runnable but not running),
/// from Linux's `/proc/thread-self/schedstat`; `None` where unavailable.
fn cpu_wait() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Wall-clock time of each engine move, against the budget, with the time
/// the thread spent waiting for a CPU during it (a shared, overloaded machine
/// preempts the engine; that delay is not the engine's doing).
#[derive(Debug, Default)]
pub struct MoveTimes {
    times: Vec<(Duration, Option<Duration>)>,
}

impl MoveTimes {
    /// Times `think` and records how long it took and how long the thread
    /// waited for a CPU meanwhile.
    pub fn measure<T>(&mut self, think: impl FnOnce() -> T) -> T {
        let (started, waited) = (Instant::now(), cpu_wait());
        let result = think();
        let wait = waited.zip(cpu_wait()).map(|(a, b)| b.saturating_sub(a));
        self.times.push((started.elapsed(), wait));
        result
    }

    /// Writes count, mean, p99 and maximum, how many moves came back more
    /// than 2 ms after the budget (the requirement is none), and how many
    /// are still late once the time spent waiting for a CPU is taken off.
    pub fn write(&self, out: &mut dyn Write, budget: Duration) -> std::io::Result<()> {
        let mut sorted: Vec<Duration> = self.times.iter().map(|t| t.0).collect();
        sorted.sort_unstable();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let n = sorted.len().max(1);
        let mean = sorted.iter().map(|&d| ms(d)).sum::<f64>() / n as f64;
        let p99 = sorted.get(n * 99 / 100).copied().unwrap_or_default();
        let max = sorted.last().copied().unwrap_or_default();
        let limit = budget + Duration::from_millis(2);
        let late = sorted.iter().filter(|&&d| d > limit).count();
        let late_running = self
            .times
            .iter()
            .filter(|(t, wait)| t.saturating_sub(wait.unwrap_or_default()) > limit)
            .count();
        let max_wait = self
            .times
            .iter()
            .filter_map(|t| t.1)
            .max()
            .unwrap_or_default();
        writeln!(
            out,
            "move times over {} moves: mean {:.2} ms, p99 {:.2} ms, max {:.2} ms (budget {} ms)",
            sorted.len(),
            mean,
            ms(p99),
            ms(max),
            budget.as_millis()
        )?;
        writeln!(out, "moves more than 2 ms late: {late}")?;
        writeln!(
            out,
            "late after taking off time spent waiting for a CPU: {late_running} \
             (longest wait during a move {:.2} ms)",
            ms(max_wait)
        )
    }
}

/// Plays the games and reports.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let SelfplayGame::Uttt = args.game;
    let options = EngineOptions {
        kind: args.engine,
        ..EngineOptions::default()
    };
    let mut engines = [build(&options), build(&options)];
    let limits = Limits::movetime_ms(args.movetime);
    let mut times = MoveTimes::default();
    let mut tally = [0usize; 3];
    let mut plies = 0;
    for (i, opening) in random_openings(args.games, args.random_plies, args.seed, args.variant)
        .into_iter()
        .enumerate()
    {
        engines.iter_mut().for_each(|e| e.new_game());
        let mut board: Board = opening;
        while !board.is_finished() {
            let engine = &mut engines[board.turn().index()];
            let info = times.measure(|| engine.think(&board, &limits, &mut |_| {}));
            let mv = info
                .best_move()
                .ok_or_else(|| anyhow::anyhow!("no move in {board}"))?;
            board = board.play(mv)?;
            plies += 1;
        }
        let outcome = board.outcome().unwrap_or(Outcome::Draw);
        let slot = match outcome {
            Outcome::Winner(Player::First) => 0,
            Outcome::Winner(Player::Second) => 1,
            Outcome::Draw => 2,
        };
        tally[slot] += 1;
        writeln!(out, "game {:>3}: {:<7} {board}", i + 1, describe(outcome))?;
    }
    writeln!(
        out,
        "{} games ({} engine, {} ms/move): X wins {}, O wins {}, draws {}; {:.1} engine moves per game",
        args.games,
        args.engine.name(),
        args.movetime,
        tally[0],
        tally[1],
        tally[2],
        plies as f64 / args.games.max(1) as f64
    )?;
    times.write(out, limits.movetime.unwrap_or_default())?;
    Ok(())
}

/// `X wins`, `O wins` or `draw`.
fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Winner(Player::First) => "X wins",
        Outcome::Winner(Player::Second) => "O wins",
        Outcome::Draw => "draw",
    }
}
