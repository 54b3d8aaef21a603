//! `gamesolver match`: two protocol engines play each other; colours and
//! openings alternate, every move is checked, and the result comes with a
//! 95% interval and an Elo difference.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, ensure};
use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::jungle::{JungleGame, Position};

use crate::arena::process::EngineProcess;
use crate::arena::referee::{GameRecord, Seat, play_game};
use crate::arena::stats::{Tally, elo};
use crate::openings::{parse_openings, random_openings};
use crate::search_args::RuleArgs;

/// The games `match` can referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MatchGame {
    /// Ultimate tic-tac-toe.
    Uttt,
    /// Jungle (Dou Shou Qi).
    Jungle,
}

/// Arguments of `gamesolver match`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: MatchGame,
    /// An engine command line (give exactly two), e.g.
    /// `"gamesolver engine uttt --engine mcts"`; run with `sh -c`.
    #[arg(long = "engine", required = true, num_args = 1, value_name = "CMD")]
    pub engines: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 20)]
    pub movetime: u64,
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
    /// Random plies of the generated openings (default: 2 for ultimate
    /// tic-tac-toe, 4 for Jungle).
    #[arg(long, value_name = "N")]
    pub random_plies: Option<usize>,
    /// Print one line per game.
    #[arg(long)]
    pub verbose: bool,
}

/// Runs the match and prints the result of the first engine.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    ensure!(
        args.engines.len() == 2,
        "give exactly two --engine commands"
    );
    ensure!(args.games > 0, "a match needs at least one game (--games)");
    let file = args
        .openings
        .as_ref()
        .map(|path| {
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
        })
        .transpose()?;
    let count = args.games.div_ceil(2).max(1);
    match args.game {
        MatchGame::Uttt => {
            let openings = match file {
                Some(text) => crate::uttt::openings::parse_openings(&text, args.rules.uttt()?)?,
                None => {
                    let start = gamesolver_games::uttt::Board::start(args.rules.uttt()?);
                    random_openings(&start, count, args.random_plies.unwrap_or(2), args.seed)
                }
            };
            run_match(args, &openings, out)
        }
        MatchGame::Jungle => {
            let rules = args.rules.jungle()?;
            let openings = match file {
                Some(text) => parse_openings(&text, |line| {
                    Position::from_fen(line, rules).map(JungleGame::new)
                })?,
                None => {
                    let start = JungleGame::new(Position::start_with(args.rules.jungle()?));
                    random_openings(&start, count, args.random_plies.unwrap_or(4), args.seed)
                }
            };
            run_match(args, &openings, out)
        }
    }
}

/// Plays the match over `openings` and prints the result of the first
/// engine.
fn run_match<G: Game + std::fmt::Display>(
    args: &Args,
    openings: &[G],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut pair = EnginePair {
        commands: [&args.engines[0], &args.engines[1]],
        processes: [None, None],
    };
    let mut tally = Tally::default();
    let mut forfeits = 0;
    for game in 0..args.games {
        // Each opening twice, engine A first in even games.
        let opening = &openings[(game / 2) % openings.len()];
        let a_player = if game % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let record = pair.play(opening, a_player, args.movetime, args.grace)?;
        forfeits += usize::from(record.forfeit.is_some());
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
        if let (Some(reason), false) = (&record.forfeit, args.verbose) {
            writeln!(out, "game {}: {reason}", game + 1)?;
        }
        if args.verbose {
            let colour = format!("A={}", G::player_name(a_player));
            writeln!(
                out,
                "game {:>3} ({colour}): {verdict:<6} after {} moves{}",
                game + 1,
                record.moves.len(),
                record
                    .forfeit
                    .map(|f| format!(" ({f})"))
                    .unwrap_or_default()
            )?;
        }
    }
    write_summary(out, args, &tally, forfeits)
}

/// Engines A and B: their commands and running processes, restarted when
/// one broke (crashed or timed out) in the previous game.
struct EnginePair<'a> {
    commands: [&'a str; 2],
    processes: [Option<EngineProcess>; 2],
}

impl EnginePair<'_> {
    /// Plays one game from `opening`, engine A moving for `a_player`.
    fn play<G: Game + std::fmt::Display>(
        &mut self,
        opening: &G,
        a_player: Player,
        movetime: u64,
        grace: u64,
    ) -> anyhow::Result<GameRecord<G::Move>> {
        for (slot, command) in self.processes.iter_mut().zip(self.commands) {
            if slot.is_none() {
                *slot = Some(EngineProcess::start(command)?);
            }
        }
        let [Some(a), Some(b)] = &mut self.processes else {
            anyhow::bail!("an engine failed to start");
        };
        let (first, second) = if a_player == Player::First {
            (a, b)
        } else {
            (b, a)
        };
        let mut seats = [Seat::new(first), Seat::new(second)];
        let record = play_game(opening, &mut seats, movetime, grace);
        let broken = seats.map(|seat| seat.broken);
        // Seats are by colour; processes by engine (A, B).
        let a_broken = broken[a_player.index()];
        let b_broken = broken[a_player.opponent().index()];
        for (slot, broken) in self.processes.iter_mut().zip([a_broken, b_broken]) {
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
        "{} games at {} ms/move: A wins {}, draws {}, losses {} ({forfeits} by forfeit)",
        tally.total(),
        args.movetime,
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
