//! `gamesolver tour`: the newcomer's first command. Every game of the
//! registry declares its steps ([`gamesolver_api::GameDef::tour`]): a
//! title, a plain sentence and the command lines that show it, which the
//! tour runs one after the other, as a user would type them.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, bail};
use gamesolver_api::{Registry, TourStep};

use crate::Cli;

/// Arguments of `gamesolver tour` (none yet).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// What a step's command lines write for the scratch directory.
const SCRATCH: &str = "{dir}";

/// Runs each step of each game of `registry` briefly, saying what is shown.
pub fn run_with(
    registry: &Registry,
    _args: &Args,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    writeln!(out, "gamesolver tour: every capability, briefly.\n")?;
    let scratch = std::env::temp_dir().join(format!("gamesolver-tour-{}", std::process::id()));
    let steps = registry.games().flat_map(|game| game.tour());
    let result = steps
        .enumerate()
        .try_for_each(|(index, step)| run_step(registry, index + 1, step, &scratch, out));
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// Prints step `number`'s section and runs its command lines.
fn run_step(
    registry: &Registry,
    number: usize,
    step: &TourStep,
    scratch: &Path,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    let lines: Vec<String> = step.commands.iter().map(|words| shown(words)).collect();
    section(
        out,
        &format!("{number}. {}", step.title),
        step.what,
        &lines.join("; "),
    )?;
    for (index, words) in step.commands.iter().enumerate() {
        if index > 0 {
            writeln!(out)?;
        }
        let scratch = scratch.display().to_string();
        let argv = std::iter::once("gamesolver".to_string())
            .chain(words.iter().map(|word| word.replace(SCRATCH, &scratch)));
        let cli = Cli::try_parse_with(registry, argv)
            .with_context(|| format!("the tour's command `{}`", shown(words)))?;
        if matches!(cli.command, super::Command::Tour(_)) {
            bail!("the tour does not run itself");
        }
        super::run(registry, cli.command, out)?;
    }
    Ok(())
}

/// `gamesolver WORDS…` as a user types it (words with blanks quoted; the
/// scratch directory shown as `DIR`).
fn shown(words: &[&str]) -> String {
    let words = words.iter().map(|word| {
        let word = word.replace(SCRATCH, "DIR");
        if word.contains(' ') {
            format!("'{word}'")
        } else {
            word
        }
    });
    std::iter::once("gamesolver".to_string())
        .chain(words)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A section heading: title, one plain sentence, and the command to run it alone.
fn section(out: &mut dyn Write, title: &str, what: &str, command: &str) -> anyhow::Result<()> {
    writeln!(out, "\n{title}\n{what}\n(on its own: {command})\n")?;
    Ok(())
}
