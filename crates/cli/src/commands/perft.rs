//! `gamesolver perft`: count the move sequences of a given length, to check
//! a move generator against reference numbers and to measure its speed.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use gamesolver_core::Game;
use gamesolver_games::jungle::Variant;
use gamesolver_games::{tictactoe, uttt};
use gamesolver_search::perft::{divide, perft};

use crate::jungle_cli;

/// The deepest perft the command accepts (deeper runs would take years).
pub const MAX_DEPTH: u32 = 30;

/// The games `perft` can count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PerftGame {
    /// Tic-tac-toe; positions are 9 characters of X, O and `.`.
    Tictactoe,
    /// Ultimate tic-tac-toe; positions are 81 cells, a space, and the forced
    /// board (0-8 or `*`).
    Uttt,
    /// Jungle (Dou Shou Qi); positions in FEN, e.g. the start
    /// `l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w`.
    Jungle,
}

/// Arguments of `gamesolver perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: PerftGame,
    /// The position (optional; the start if left out, quotes optional),
    /// then the depth in plies.
    #[arg(required = true, num_args = 1.., value_name = "[POSITION] DEPTH")]
    pub words: Vec<String>,
    /// Also print each legal move with the count below it.
    #[arg(long)]
    pub divide: bool,
    /// Jungle rule preset: standard, dog-over-wolf or rat-across-water.
    #[arg(long, default_value = "standard", value_parser = parse_variant)]
    pub rules: Variant,
}

fn parse_variant(text: &str) -> Result<Variant, String> {
    text.parse()
        .map_err(|e: gamesolver_games::jungle::UnknownVariant| e.to_string())
}

/// Runs the count and reports it.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let (text, depth) = split_words(&args.words)?;
    match args.game {
        PerftGame::Tictactoe => {
            let board = read_position(text.as_deref(), tictactoe::Board::empty)?;
            report(&board, depth, args.divide, out, perft)
        }
        PerftGame::Uttt => {
            let board = read_position(text.as_deref(), uttt::Board::empty)?;
            report(&board, depth, args.divide, out, crate::uttt::perft::perft)
        }
        PerftGame::Jungle => {
            let position = jungle_cli::parse_position(text.as_deref(), args.rules)?;
            report(&position, depth, args.divide, out, perft)
        }
    }
}

/// The position in `text`, or `start()` when there is none.
fn read_position<G>(text: Option<&str>, start: impl Fn() -> G) -> anyhow::Result<G>
where
    G: std::str::FromStr,
    G::Err: std::error::Error + Send + Sync + 'static,
{
    match text {
        None => Ok(start()),
        Some(t) => t
            .parse()
            .with_context(|| format!("cannot read the position {t:?}")),
    }
}

/// The position text (the words before the last, joined by spaces) and the
/// depth (the last word).
fn split_words(words: &[String]) -> anyhow::Result<(Option<String>, u32)> {
    let Some((last, position)) = words.split_last() else {
        bail!("give the depth in plies, after the position if any");
    };
    let depth: u32 = last.parse().with_context(|| {
        format!(
            "the depth {last:?} is not a whole number of plies (it comes last, after the position)"
        )
    })?;
    if depth > MAX_DEPTH {
        bail!("depth {depth} is too deep; perft takes at most {MAX_DEPTH} plies");
    }
    let position = (!position.is_empty()).then(|| position.join(" "));
    Ok((position, depth))
}

/// Counts with `count` (split by first move with `divide`) and prints the
/// total, the time and the speed.
pub fn report<G: Game + std::fmt::Display>(
    position: &G,
    depth: u32,
    divide_moves: bool,
    out: &mut dyn Write,
    count: impl Fn(&G, u32) -> u64,
) -> anyhow::Result<()> {
    writeln!(out, "perft {} {position} depth {depth}", G::NAME)?;
    let started = Instant::now();
    let total = if divide_moves {
        let split = divide(position, depth);
        for (mv, count) in &split {
            writeln!(out, "{mv} {count}")?;
        }
        split.iter().map(|&(_, n)| n).sum()
    } else {
        count(position, depth)
    };
    let elapsed = started.elapsed();
    writeln!(out, "nodes {total}")?;
    writeln!(out, "time {:.3} s", elapsed.as_secs_f64())?;
    writeln!(out, "speed {}", speed(total, elapsed))?;
    Ok(())
}

/// Leaves per second, in millions.
fn speed(leaves: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds > 0.0 {
        format!("{:.1} M leaves/s", leaves as f64 / seconds / 1e6)
    } else {
        "too fast to measure".to_string()
    }
}
