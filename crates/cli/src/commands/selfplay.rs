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

/// Wall-clock time of each engine move, against the budget.
#[derive(Debug, Default)]
pub struct MoveTimes {
    times: Vec<Duration>,
}

impl MoveTimes {
    /// Records one move's time.
    pub fn push(&mut self, t: Duration) {
        self.times.push(t);
    }

    /// Writes count, mean, p99 and maximum, and how many moves came back
    /// more than 2 ms after the budget (the requirement is none).
    pub fn write(&self, out: &mut dyn Write, budget: Duration) -> std::io::Result<()> {
        let mut sorted = self.times.clone();
        sorted.sort_unstable();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let n = sorted.len().max(1);
        let mean = sorted.iter().map(|&d| ms(d)).sum::<f64>() / n as f64;
        let p99 = sorted.get(n * 99 / 100).copied().unwrap_or_default();
        let max = sorted.last().copied().unwrap_or_default();
        let late = sorted
            .iter()
            .filter(|&&d| d > budget + Duration::from_millis(2))
            .count();
        writeln!(
            out,
            "move times over {} moves: mean {:.2} ms, p99 {:.2} ms, max {:.2} ms (budget {} ms)",
            sorted.len(),
            mean,
            ms(p99),
            ms(max),
            budget.as_millis()
        )?;
        writeln!(out, "moves more than 2 ms late: {late}")
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
            let started = Instant::now();
            let info = engine.think(&board, &limits, &mut |_| {});
            times.push(started.elapsed());
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
