//! `gamesolver perft`: count the move sequences of a given length, to check
//! a move generator against reference numbers and to measure its speed.
//! Every game comes from the façade's registry ([`gamesolver_api::State::perft`]).

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use gamesolver_api::{Registry, State};

use crate::game_arg;

/// The deepest perft the command accepts (deeper runs would take years).
pub const MAX_DEPTH: u32 = 30;

/// Arguments of `gamesolver perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: a name or alias of the registry (the built-in games or
    /// one a program registers). Positions: tic-tac-toe 9 characters of X, O and
    /// `.`; ultimate tic-tac-toe 81 cells, a space and the forced board
    /// (0-8 or `*`); Jungle FEN, e.g.
    /// `l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w`; dobutsu its position
    /// text, e.g. `gle/1c1/1C1/ELG b -`.
    pub game: String,
    /// The position (optional; the start if left out, quotes optional),
    /// then the depth in plies.
    #[arg(required = true, num_args = 1.., value_name = "[POSITION] DEPTH")]
    pub words: Vec<String>,
    /// Also print each legal move with the count below it.
    #[arg(long)]
    pub divide: bool,
    /// The game's rules preset (Jungle: standard, dog-over-wolf or
    /// rat-across-water; ultimate tic-tac-toe: standard, codingame;
    /// dobutsu: official, try-after-reply, gamesman, fairy-stockfish, pgx).
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
}

/// Runs the count with the games of `registry` and reports it.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = game_arg::resolve(registry, &args.game, "perft", |c| c.perft)?;
    let (text, depth) = split_words(&args.words)?;
    let rules = args.rules.as_deref();
    let state = match text {
        None => game.start(rules)?,
        Some(text) => crate::position_arg::parse_position(registry, game, &text, rules)?,
    };
    report(state.as_ref(), depth, args.divide, out)
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

/// Counts (split by first move with `divide_moves`) and prints the total,
/// the time and the speed.
pub fn report(
    state: &dyn State,
    depth: u32,
    divide_moves: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "perft {} {} depth {depth}",
        state.game(),
        state.to_text()
    )?;
    let started = Instant::now();
    let total = if divide_moves {
        let mut total = 0;
        for (mv, count) in divide(state, depth)? {
            writeln!(out, "{mv} {count}")?;
            total += count;
        }
        total
    } else {
        state.perft(depth)?
    };
    let elapsed = started.elapsed();
    writeln!(out, "nodes {total}")?;
    writeln!(out, "time {:.3} s", elapsed.as_secs_f64())?;
    writeln!(out, "speed {}", speed(total, elapsed))?;
    Ok(())
}

/// Each legal move with the perft(`depth` − 1) below it (nothing at depth 0).
fn divide(state: &dyn State, depth: u32) -> anyhow::Result<Vec<(String, u64)>> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let mut split = Vec::new();
    for mv in state.legal_moves() {
        let mut next = state.clone_box();
        next.play(&mv)?;
        split.push((mv, next.perft(depth - 1)?));
    }
    Ok(split)
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
