//! `gamesolver selfplay`: the engine against itself, with results and
//! move-time statistics (the check that no move comes back late).

use std::fmt::Display;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::jungle::{self, JungleGame, Position};
use gamesolver_search::{Engine, Limits};

use crate::jungle::engine::{JungleOptions, open_tablebase};
use crate::openings::random_openings;
use crate::search_args::RuleArgs;
use crate::uttt::engines::{EngineOptions, build};
use gamesolver_engines::EngineKind;

/// The games `selfplay` can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SelfplayGame {
    /// Ultimate tic-tac-toe.
    Uttt,
    /// Jungle (Dou Shou Qi).
    Jungle,
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
    /// Jungle endgame tablebase directory for both engines.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
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
    match args.game {
        SelfplayGame::Uttt => {
            crate::search_args::refuse_tablebase("uttt", args.tablebase.as_deref())?;
            let options = EngineOptions {
                kind: args.engine,
                ..EngineOptions::default()
            };
            let start = gamesolver_games::uttt::Board::start(args.rules.uttt()?);
            let engines = [build(&options), build(&options)];
            play_games(args, &start, engines, |_| String::new(), out)
        }
        SelfplayGame::Jungle => {
            let options = JungleOptions {
                kind: args.engine,
                tablebase: open_tablebase(args.tablebase.as_deref(), args.rules.jungle()?)?,
                ..JungleOptions::default()
            };
            let start = JungleGame::new(Position::start_with(args.rules.jungle()?));
            let build = crate::jungle::engine::build;
            let engines = [build(&options), build(&options)];
            play_games(args, &start, engines, jungle_end, out)
        }
    }
}

/// Why a Jungle game ended, and after how many plies.
fn jungle_end(game: &JungleGame) -> String {
    let reason = match (game.draw_reason(), game.position().game_end()) {
        (Some(jungle::DrawReason::Repetition), _) => "threefold repetition",
        (Some(jungle::DrawReason::NoCapture), _) => "200 plies without capture",
        (None, Some(jungle::GameEnd::DenEntered)) => "den entered",
        (None, Some(jungle::GameEnd::AllCaptured)) => "all pieces captured",
        (None, Some(jungle::GameEnd::NoMoves)) => "no legal move",
        (None, None) => "unfinished",
    };
    format!("({reason}, {} plies)", game.played().len())
}

/// Plays `args.games` games from random openings of `start`, `engines[p]`
/// moving for player `p`, and reports each result (with `end`'s note) and
/// the totals.
fn play_games<G: Game + Display>(
    args: &Args,
    start: &G,
    mut engines: [Box<dyn Engine<G> + Send>; 2],
    end: impl Fn(&G) -> String,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let limits = Limits::movetime_ms(args.movetime);
    let mut times = MoveTimes::default();
    let mut tally = [0usize; 3];
    let mut plies = 0;
    let openings = random_openings(start, args.games, args.random_plies, args.seed);
    for (i, mut position) in openings.into_iter().enumerate() {
        engines.iter_mut().for_each(|e| e.new_game());
        while !position.is_finished() {
            let engine = &mut engines[position.turn().index()];
            let info = times.measure(|| engine.think(&position, &limits, &mut |_| {}));
            let mv = info
                .best_move()
                .ok_or_else(|| anyhow::anyhow!("no move in {position}"))?;
            position = position.play(mv)?;
            plies += 1;
        }
        let outcome = position.outcome().unwrap_or(Outcome::Draw);
        let slot = match outcome {
            Outcome::Winner(Player::First) => 0,
            Outcome::Winner(Player::Second) => 1,
            Outcome::Draw => 2,
        };
        tally[slot] += 1;
        let verdict = describe::<G>(outcome);
        writeln!(
            out,
            "game {:>3}: {verdict:<10} {position} {}",
            i + 1,
            end(&position)
        )?;
    }
    writeln!(
        out,
        "{} games ({} engine, {} ms/move): {} wins {}, {} wins {}, draws {}; {:.1} engine moves per game",
        args.games,
        args.engine.name(),
        args.movetime,
        G::player_name(Player::First),
        tally[0],
        G::player_name(Player::Second),
        tally[1],
        tally[2],
        plies as f64 / args.games.max(1) as f64
    )?;
    times.write(out, limits.movetime.unwrap_or_default())?;
    Ok(())
}

/// `X wins`, `top wins` or `draw`.
fn describe<G: Game>(outcome: Outcome) -> String {
    match outcome {
        Outcome::Winner(p) => format!("{} wins", G::player_name(p)),
        Outcome::Draw => "draw".to_string(),
    }
}
