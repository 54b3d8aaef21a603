//! `gamesolver tour`: the newcomer's first command.

use std::io::Write;

use super::{mdp, query, solve};

/// Arguments of `gamesolver tour` (none yet).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs each capability briefly, saying what is shown.
pub fn run(_args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "gamesolver tour: every capability, briefly.\n")?;
    section(
        out,
        "1. Tic-tac-toe, strongly solved",
        "Every position reachable from the empty board is enumerated and valued by \
         retrograde analysis, from the last ply back to the first.",
        "gamesolver solve tictactoe",
    )?;
    solve::write_summary(out)?;
    section(
        out,
        "2. Asking the solved table",
        "X took the centre, O a corner. The table gives the value for the side to move, \
         the distance to the end, and what every move is worth.",
        "gamesolver query tictactoe O...X....",
    )?;
    let demo = query::Args {
        game: query::QueryGame::Tictactoe,
        position: "O...X....".into(),
        table: None,
        json: false,
    };
    query::run(&demo, out)?;
    section(
        out,
        "3. Playing a fixed opponent optimally",
        "Against an O who plays at random, tic-tac-toe is a Markov decision process for X. \
         Policy iteration starts from 'always take the lowest free cell' and improves it \
         until no state changes; values are exact fractions.",
        "gamesolver mdp tictactoe --method policy-iteration --exact",
    )?;
    mdp::write_tour_demo(out)
}

/// A section heading: title, one plain sentence, and the command to run it alone.
pub(crate) fn section(
    out: &mut dyn Write,
    title: &str,
    what: &str,
    command: &str,
) -> anyhow::Result<()> {
    writeln!(out, "\n{title}\n{what}\n(on its own: {command})\n")?;
    Ok(())
}
