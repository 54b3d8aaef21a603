//! `gamesolver match`: two engines play each other (UCI-style protocol
//! engines, or bots in a turn format the game declares, such as ultimate
//! tic-tac-toe's CodinGame format);
//! colours and openings alternate, every move is checked, and the result
//! comes with a 95% interval and an Elo difference; with `--sprt` the match
//! stops as soon as a sequential probability ratio test decides.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, ensure};
use gamesolver_api::{
    DEFAULT_OPENING_PLIES, GameDef, GameResult, Registry, SavedGame, State, record_date,
};
use gamesolver_arena::engine::EngineCommand;
use gamesolver_arena::openings::{parse_state_openings, random_state_openings};
use gamesolver_arena::referee::{GameRecord, Seat, play_game};
use gamesolver_arena::repetition::Repetitions;
use gamesolver_arena::sprt::{Sprt, SprtVerdict};
use gamesolver_arena::stats::{Tally, elo};
use gamesolver_arena::time_summary::TimeSummary;
use gamesolver_arena::{MatchEngine, MoveLimit};
use gamesolver_core::{Outcome, Player};

use crate::game_arg::{self, GameName};
use crate::numbers;
use crate::search_args::RuleArgs;

/// Arguments of `gamesolver match`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (a name or alias; the engines must speak its notation).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: GameName,
    /// An engine command line (give exactly two), e.g.
    /// `"gamesolver engine uttt --engine mcts"`; run with `sh -c`. It
    /// speaks the UCI-style protocol, or with the prefix `FORMAT:` a bot
    /// format the game declares: ultimate tic-tac-toe's `codingame:` is
    /// CodinGame's turn format (e.g. `"codingame:./bot"`: one process per
    /// game, its standard error ignored; the first turn may take ten times
    /// the move time and 2 s more for the start-up; an opening is replayed
    /// from the empty board, the bot's own opening moves offered as its
    /// only valid action).
    #[arg(long = "engine", required = true, num_args = 1, value_name = "CMD")]
    pub engines: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped); with
    /// `--sprt` the most games to play.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 20, value_parser = numbers::movetime)]
    pub movetime: u64,
    /// A node budget per move (`go nodes N`) instead of the move time:
    /// results that do not depend on the machine's load.
    #[arg(long, value_name = "N", conflicts_with = "depth", value_parser = numbers::nodes)]
    pub nodes: Option<u64>,
    /// A fixed depth per move (`go depth D`) instead of the move time.
    #[arg(long, value_name = "D", value_parser = numbers::depth)]
    pub depth: Option<u32>,
    /// The sequential test that may end the match early.
    #[command(flatten)]
    pub sprt: SprtArgs,
    /// Extra milliseconds before a missing answer is a time-out (a loss).
    #[arg(long, default_value_t = 100)]
    pub grace: u64,
    /// Openings file: one position per line (`#` comments); by default
    /// random two-ply openings.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Random plies of the generated openings (default: the game's, 4 for
    /// Jungle, 2 for the other games).
    #[arg(long, value_name = "N")]
    pub random_plies: Option<usize>,
    /// Print one line per game.
    #[arg(long)]
    pub verbose: bool,
    /// Print the running score (and the SPRT's log-likelihood ratio) every
    /// N games, so a long match stopped early still leaves its result.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub progress: Option<u64>,
    /// Write every game to FILE as game records, one after the other
    /// (docs/FORMATS.md): the opening as the start, `A: CMD` and `B: CMD`
    /// as the players, tag `Round` the game's number, a forfeit's reason
    /// in tags `Termination` and `Forfeit`.
    #[arg(long, value_name = "FILE")]
    pub save_games: Option<PathBuf>,
}

/// The SPRT options of `gamesolver match`.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct SprtArgs {
    /// Stop at the first pair of games where a sequential probability
    /// ratio test accepts H0 (A is `--elo0` stronger) or H1 (`--elo1`).
    #[arg(long)]
    pub sprt: bool,
    /// The SPRT's null hypothesis, in Elo.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub elo0: f64,
    /// The SPRT's alternative hypothesis, in Elo.
    #[arg(long, default_value_t = 10.0, allow_hyphen_values = true)]
    pub elo1: f64,
    /// The SPRT's false-positive rate.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The SPRT's false-negative rate.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
}

impl Default for SprtArgs {
    fn default() -> SprtArgs {
        SprtArgs {
            sprt: false,
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl Args {
    /// What each move is given.
    fn limit(&self) -> MoveLimit {
        match (self.nodes, self.depth) {
            (Some(nodes), _) => MoveLimit::Nodes(nodes),
            (None, Some(depth)) => MoveLimit::Depth(depth),
            (None, None) => MoveLimit::Movetime(self.movetime),
        }
    }

    /// The test, when `--sprt` asks for one.
    fn sprt(&self) -> anyhow::Result<Option<Sprt>> {
        let a = &self.sprt;
        Ok(if a.sprt {
            Some(Sprt::new(a.elo0, a.elo1, a.alpha, a.beta)?)
        } else {
            None
        })
    }
}

/// Runs the match of a game of `registry` and prints the result of the
/// first engine.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    ensure!(
        args.engines.len() == 2,
        "give exactly two --engine commands"
    );
    ensure!(args.games > 0, "a match needs at least one game (--games)");
    let game = registry.get(&args.game)?;
    let commands = args
        .engines
        .iter()
        .map(|text| EngineCommand::parse(text, game, registry))
        .collect::<Result<Vec<_>, _>>()
        .map_err(anyhow::Error::msg)?;
    let file = args
        .openings
        .as_ref()
        .map(|path| {
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
        })
        .transpose()?;
    let count = args.games.div_ceil(2).max(1);
    let rules = args.rules.rules.as_deref();
    let openings = match file {
        Some(text) => parse_state_openings(&text, |line| game.parse(line, rules))?,
        None => {
            let plies = args.random_plies.unwrap_or_else(|| opening_plies(game));
            random_state_openings(game.start(rules)?.as_ref(), count, plies, args.seed)
        }
    };
    for command in &commands {
        check_openings(command, &openings)?;
    }
    run_match(args, game, [&commands[0], &commands[1]], &openings, out)
}

/// Every opening can be given to `command`'s engine: a bot format may
/// refuse some (CodinGame's needs the moves from the empty board).
fn check_openings(command: &EngineCommand, openings: &[Box<dyn State>]) -> anyhow::Result<()> {
    let Some(format) = command.format() else {
        return Ok(());
    };
    for opening in openings {
        format
            .check_opening(opening.as_ref())
            .map_err(anyhow::Error::msg)
            .with_context(|| {
                format!(
                    "opening {} cannot be given to a {}: engine",
                    opening.to_text(),
                    format.name()
                )
            })?;
    }
    Ok(())
}

/// The random plies of `game`'s generated openings, as its arena rules say.
fn opening_plies(game: &dyn GameDef) -> usize {
    game.arena()
        .map_or(DEFAULT_OPENING_PLIES, |rules| rules.opening_plies())
}

/// Plays the match over `openings` and prints the result of the first
/// engine.
fn run_match(
    args: &Args,
    game_def: &dyn GameDef,
    commands: [&EngineCommand; 2],
    openings: &[Box<dyn State>],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut pair = EnginePair {
        commands,
        engines: [None, None],
    };
    let sprt = args.sprt()?;
    let mut saved = args
        .save_games
        .as_ref()
        .map(|path| {
            std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))
        })
        .transpose()?;
    let mut tally = Tally::default();
    let mut forfeits = 0;
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    for game in 0..args.games {
        // Each opening twice, engine A first in even games.
        let opening = &openings[(game / 2) % openings.len()];
        let a_player = if game % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let repetitions = Repetitions::of(game_def, opening.rules());
        let record = pair.play(
            opening.as_ref(),
            a_player,
            args.limit(),
            args.grace,
            repetitions,
        )?;
        forfeits += usize::from(record.forfeit.is_some());
        record_times(&mut times, opening.turn(), a_player, &record.times);
        let verdict = match record.outcome {
            Outcome::Draw => {
                tally.draw += 1;
                "draw"
            }
            Outcome::Winner(p) if p == a_player => {
                tally.win += 1;
                "A wins"
            }
            Outcome::Winner(_) => {
                tally.loss += 1;
                "B wins"
            }
        };
        if let Some(file) = saved.as_mut() {
            save_game(
                file,
                game + 1,
                opening.as_ref(),
                a_player,
                &record,
                &args.engines,
            )?;
        }
        if let (Some(reason), false) = (&record.forfeit, args.verbose) {
            writeln!(out, "game {}: {reason}", game + 1)?;
        }
        if args.verbose {
            let colour = format!("A={}", opening.player_name(a_player));
            writeln!(
                out,
                "game {:>3} ({colour}): {verdict:<6} after {} moves{}",
                game + 1,
                record.moves.len(),
                record
                    .forfeit
                    .or(record.drawn_by)
                    .map(|f| format!(" ({f})"))
                    .unwrap_or_default()
            )?;
        }
        if args
            .progress
            .is_some_and(|every| (game as u64 + 1).is_multiple_of(every))
        {
            write_progress(out, &tally, sprt.as_ref())?;
        }
        // The test looks at whole pairs, so that colours stay balanced.
        let decided =
            sprt.is_some_and(|t| game % 2 == 1 && t.verdict(&tally) != SprtVerdict::Continue);
        if decided {
            break;
        }
    }
    write_summary(out, args, &tally, forfeits)?;
    write_times(out, args.limit(), &times)?;
    match sprt {
        Some(test) => write_sprt(out, &test, &tally),
        None => Ok(()),
    }
}

/// Adds a game's move times to each engine's (`times[0]` A's, `times[1]`
/// B's); `first` moved first after the opening, A played `a_player`. Each
/// side's first move is left out: it includes a CodinGame bot's start-up
/// and the opening turns it replays, and CodinGame allows it ten times the
/// move time.
fn record_times(
    times: &mut [Vec<Duration>; 2],
    first: Player,
    a_player: Player,
    game: &[Duration],
) {
    for (ply, &time) in game.iter().enumerate().skip(2) {
        let mover = if ply % 2 == 0 {
            first
        } else {
            first.opponent()
        };
        times[usize::from(mover != a_player)].push(time);
    }
}

/// Each engine's move times: mean (as a share of the move time), p99,
/// maximum, and how many moves took longer than the move time.
fn write_times(
    out: &mut dyn Write,
    limit: MoveLimit,
    times: &[Vec<Duration>; 2],
) -> anyhow::Result<()> {
    let budget = match limit {
        MoveLimit::Movetime(ms) => Some(Duration::from_millis(ms)),
        MoveLimit::Nodes(_) | MoveLimit::Depth(_) => None,
    };
    for (name, engine_times) in ["A", "B"].iter().zip(times) {
        let label = format!("{name} move times (each side's first move left out)");
        TimeSummary::of(engine_times).write(out, &label, budget)?;
        if let Some(b) = budget {
            let over = engine_times.iter().filter(|&&t| t > b).count();
            writeln!(out, "{name} moves over {} ms: {over}", b.as_millis())?;
        }
    }
    Ok(())
}

/// One game of `--save-games` as a game record (docs/FORMATS.md): the
/// opening as its start, engine A's and B's commands as the players
/// (`A: CMD`), the game's number as tag `Round`, a forfeit's reason as
/// tags `Termination` and `Forfeit`.
fn save_game(
    file: &mut dyn Write,
    number: usize,
    opening: &dyn State,
    a_player: Player,
    record: &GameRecord<String>,
    engines: &[String],
) -> anyhow::Result<()> {
    let a = format!("A: {}", engines.first().map_or("", String::as_str));
    let b = format!("B: {}", engines.get(1).map_or("", String::as_str));
    let (first, second) = if a_player == Player::First {
        (a, b)
    } else {
        (b, a)
    };
    let mut end = opening.clone_box();
    for mv in &record.moves {
        if end.play(mv).is_err() {
            break;
        }
    }
    let mut saved = SavedGame {
        game: opening.game().to_string(),
        rules: Some(opening.rules().to_string()),
        start: Some(opening.to_text()),
        first: Some(first),
        second: Some(second),
        date: Some(record_date(std::time::SystemTime::now())),
        result: GameResult::of(Some(record.outcome)),
        termination: record
            .forfeit
            .clone()
            .or_else(|| end.end_reason().map(str::to_string)),
        moves: record.moves.clone(),
        ..SavedGame::default()
    };
    saved.set_tag("Round", number.to_string())?;
    if let Some(reason) = &record.forfeit {
        saved.set_tag("Forfeit", reason.clone())?;
    }
    writeln!(file, "{}", saved.to_text()?)?;
    Ok(())
}

/// The running score of `--progress`: games, A's wins, draws and losses,
/// its score with the 95% interval, and the SPRT's log-likelihood ratio.
fn write_progress(out: &mut dyn Write, tally: &Tally, sprt: Option<&Sprt>) -> anyhow::Result<()> {
    write!(
        out,
        "after {} games: A wins {}, draws {}, losses {}, score {:.1}% ± {:.1}%, Elo {:+.0}",
        tally.total(),
        tally.win,
        tally.draw,
        tally.loss,
        100.0 * tally.score(),
        100.0 * tally.margin95(),
        elo(tally.score())
    )?;
    match sprt {
        Some(test) => writeln!(out, ", LLR {:.2}", test.llr(tally))?,
        None => writeln!(out)?,
    }
    Ok(())
}

/// The SPRT line: hypotheses, LLR against its bounds, and the verdict.
fn write_sprt(out: &mut dyn Write, test: &Sprt, tally: &Tally) -> anyhow::Result<()> {
    let (elo0, elo1) = test.hypotheses();
    let (lower, upper) = test.bounds();
    let verdict = match test.verdict(tally) {
        SprtVerdict::AcceptH0 => "H0 accepted",
        SprtVerdict::AcceptH1 => "H1 accepted",
        SprtVerdict::Continue => "no decision",
    };
    writeln!(
        out,
        "SPRT elo0 {elo0} elo1 {elo1}: LLR {:.2} [{lower:.2}, {upper:.2}], {verdict} after {} games",
        test.llr(tally),
        tally.total()
    )?;
    Ok(())
}

/// Engines A and B: their commands and running engines, restarted when
/// one broke (crashed or timed out) in the previous game.
struct EnginePair<'a> {
    commands: [&'a EngineCommand; 2],
    engines: [Option<Box<dyn MatchEngine>>; 2],
}

impl EnginePair<'_> {
    /// Plays one game from `opening`, engine A moving for `a_player`.
    fn play(
        &mut self,
        opening: &dyn State,
        a_player: Player,
        limit: MoveLimit,
        grace: u64,
        repetitions: Option<Repetitions>,
    ) -> anyhow::Result<GameRecord<String>> {
        for (slot, command) in self.engines.iter_mut().zip(self.commands) {
            if slot.is_none() {
                *slot = Some(command.start()?);
            }
        }
        let [Some(a), Some(b)] = &mut self.engines else {
            anyhow::bail!("an engine failed to start");
        };
        let (first, second) = if a_player == Player::First {
            (a, b)
        } else {
            (b, a)
        };
        let mut seats = [Seat::new(first.as_mut()), Seat::new(second.as_mut())];
        let record = play_game(opening, &mut seats, limit, grace, repetitions);
        let broken = seats.map(|seat| seat.broken);
        // Seats are by colour; processes by engine (A, B).
        let a_broken = broken[a_player.index()];
        let b_broken = broken[a_player.opponent().index()];
        for (slot, broken) in self.engines.iter_mut().zip([a_broken, b_broken]) {
            if broken {
                *slot = None;
            }
        }
        Ok(record)
    }
}

/// The final report.
fn write_summary(
    out: &mut dyn Write,
    args: &Args,
    tally: &Tally,
    forfeits: usize,
) -> anyhow::Result<()> {
    let score = tally.score();
    let margin = tally.margin95();
    writeln!(out, "A: {}\nB: {}", args.engines[0], args.engines[1])?;
    writeln!(
        out,
        "{} games at {}: A wins {}, draws {}, losses {} ({forfeits} by forfeit)",
        tally.total(),
        args.limit(),
        tally.win,
        tally.draw,
        tally.loss
    )?;
    writeln!(
        out,
        "score of A {:.1}% ± {:.1}% (95%), Elo difference {:+.0} [{:+.0}, {:+.0}]",
        100.0 * score,
        100.0 * margin,
        elo(score),
        elo(score - margin),
        elo(score + margin)
    )?;
    Ok(())
}
