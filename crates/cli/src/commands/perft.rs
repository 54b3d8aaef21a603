//! `gamesolver perft`: count move sequences to prove a move generator and
//! measure its speed.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, bail};
use gamesolver_core::Game;
use gamesolver_games::{tictactoe, uttt};
use gamesolver_search::perft::{divide, perft};

/// The games `perft` can count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PerftGame {
    /// Tic-tac-toe; positions are 9 characters of X, O and `.`.
    Tictactoe,
    /// Ultimate tic-tac-toe; positions are 81 cells, a space, and the forced
    /// board (0-8 or `*`).
    Uttt,
}

/// Arguments of `gamesolver perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: PerftGame,
    /// `[POSITION] DEPTH`: the position (default: the start; its words may
    /// be given unquoted) and the depth in plies.
    #[arg(required = true, num_args = 1.., value_name = "POSITION… DEPTH")]
    pub words: Vec<String>,
    /// Also print the count after each first move.
    #[arg(long)]
    pub divide: bool,
}

/// Counts and reports.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let (depth_word, position_words) = args.words.split_last().context("missing DEPTH")?;
    let depth: u32 = depth_word
        .parse()
        .with_context(|| format!("the depth must be a number of plies, not {depth_word:?}"))?;
    if depth > 30 {
        bail!("depth {depth} is too deep to count");
    }
    let text = (!position_words.is_empty()).then(|| position_words.join(" "));
    match args.game {
        PerftGame::Tictactoe => {
            let board = read_position(text.as_deref(), tictactoe::Board::empty)?;
            report(out, &board, depth, args.divide, |b| perft(b, depth))
        }
        PerftGame::Uttt => {
            let board = read_position(text.as_deref(), uttt::Board::empty)?;
            report(out, &board, depth, args.divide, |b| {
                crate::uttt::perft::perft(b, depth)
            })
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

/// Runs `count` on `board`, printing the divide first if asked.
fn report<G: Game + std::fmt::Display>(
    out: &mut dyn Write,
    board: &G,
    depth: u32,
    show_divide: bool,
    count: impl Fn(&G) -> u64,
) -> anyhow::Result<()> {
    if show_divide {
        for (mv, n) in divide(board, depth) {
            writeln!(out, "{mv}: {n}")?;
        }
    }
    let start = Instant::now();
    let leaves = count(board);
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "perft({depth}) of {board} = {leaves}")?;
    writeln!(
        out,
        "time {:.3} s, {:.1} million leaves/s",
        seconds,
        leaves as f64 / seconds.max(1e-9) / 1e6
    )?;
    Ok(())
}
