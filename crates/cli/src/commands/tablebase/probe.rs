//! `gamesolver tablebase probe`.

use std::io::Write;

use anyhow::{Context, anyhow, bail};
use gamesolver_core::{Game, Solution, Wdl};
use gamesolver_games::jungle::{JungleTiers, Material, Move, Position};
use gamesolver_retro::tablebase::Tablebase;
use gamesolver_retro::{PositionAnalysis, analyse};
use serde::Serialize;

use super::{Location, TablebaseGame};
use crate::json::write_json;

/// Arguments of `gamesolver tablebase probe`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: TablebaseGame,
    /// The position in FEN, e.g. `7/7/7/7/7/7/1l5/7/L6 w` (quotes optional).
    #[arg(required = true, num_args = 1.., value_name = "FEN")]
    pub fen: Vec<String>,
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Longest main line printed for a drawn position.
const DRAWN_LINE: usize = 12;
/// Longest main line at all.
const MAX_LINE: usize = 1000;

/// Probes the position and prints the answer.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let fen = args.fen.join(" ");
    let position = Position::from_fen(&fen, args.location.rules)
        .with_context(|| format!("cannot read the Jungle position {fen:?}"))?;
    let tablebase = args.location.open();
    write_probe(&tablebase, &position, args.json, out)
}

/// Probes `position` in `tablebase` and prints the answer as text or JSON.
fn write_probe(
    tablebase: &Tablebase<JungleTiers>,
    position: &Position,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let material = Material::of(position);
    if !tablebase.dir().is_dir() {
        bail!(
            "the tablebase directory {} does not exist (or is not a directory); build one with \
             `gamesolver tablebase build jungle --material {material} --dir {}`",
            tablebase.dir().display(),
            tablebase.dir().display()
        );
    }
    if tablebase.probe(position)?.is_none() {
        bail!(
            "material {material} is not in the tablebase at {}; build it with \
             `gamesolver tablebase build jungle --material {material}`",
            tablebase.dir().display()
        );
    }
    let analysis = judge(tablebase, position)?;
    let answer = Answer::new(
        position,
        material,
        &analysis,
        main_line(tablebase, position)?,
    );
    if json {
        write_json(out, &answer)
    } else {
        answer.write_text(out)
    }
}

/// Every move of `position` judged from the tablebase.
fn judge(
    tablebase: &Tablebase<JungleTiers>,
    position: &Position,
) -> anyhow::Result<PositionAnalysis<Move>> {
    let probe_error = std::cell::RefCell::new(None);
    let analysis = analyse(position, |p| match tablebase.probe(p) {
        Ok(found) => found,
        Err(e) => {
            probe_error.borrow_mut().get_or_insert(e);
            None
        }
    });
    if let Some(error) = probe_error.into_inner() {
        return Err(error.into());
    }
    analysis.ok_or_else(|| anyhow!("a position after a capture is missing from the tablebase"))
}

/// The line of best moves to the end (wins and losses), or its first
/// plies (draws).
fn main_line(tablebase: &Tablebase<JungleTiers>, start: &Position) -> anyhow::Result<Vec<Move>> {
    let mut line = Vec::new();
    let mut position = *start;
    while !position.is_finished() && line.len() < MAX_LINE {
        let analysis = judge(tablebase, &position)?;
        if analysis.solution.wdl == Wdl::Draw && line.len() >= DRAWN_LINE {
            break;
        }
        let Some(&best) = analysis.best.first() else {
            break;
        };
        line.push(best);
        position.play_unchecked(best);
    }
    Ok(line)
}

/// One move's verdict.
#[derive(Debug, Serialize)]
struct MoveAnswer {
    #[serde(skip)]
    solution: Solution,
    #[serde(rename = "move")]
    mv: String,
    value: &'static str,
    distance: u16,
}

/// The answer to a probe.
#[derive(Debug, Serialize)]
struct Answer {
    #[serde(skip)]
    solution: Solution,
    fen: String,
    material: String,
    to_move: &'static str,
    value: &'static str,
    distance: u16,
    best: Vec<String>,
    moves: Vec<MoveAnswer>,
    main_line: Vec<String>,
}

impl Answer {
    fn new(
        position: &Position,
        material: Material,
        analysis: &PositionAnalysis<Move>,
        line: Vec<Move>,
    ) -> Answer {
        Answer {
            solution: analysis.solution,
            fen: position.to_string(),
            material: material.to_string(),
            to_move: Position::player_name(position.turn()),
            value: analysis.solution.wdl.name(),
            distance: analysis.solution.distance,
            best: analysis.best.iter().map(ToString::to_string).collect(),
            moves: analysis
                .moves
                .iter()
                .map(|m| MoveAnswer {
                    solution: m.solution,
                    mv: m.mv.to_string(),
                    value: m.solution.wdl.name(),
                    distance: m.solution.distance,
                })
                .collect(),
            main_line: line.iter().map(ToString::to_string).collect(),
        }
    }

    fn write_text(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        writeln!(
            out,
            "{}  ({}, {} to move)",
            self.fen, self.material, self.to_move
        )?;
        writeln!(out, "value: {}", describe(self.solution))?;
        for m in &self.moves {
            writeln!(out, "  {}  {}", m.mv, describe(m.solution))?;
        }
        if !self.best.is_empty() {
            writeln!(out, "best: {}", self.best.join(" "))?;
        }
        if !self.main_line.is_empty() {
            writeln!(out, "main line: {}", self.main_line.join(" "))?;
        }
        Ok(())
    }
}

/// "win in 7 plies", "draw", "loss (game over)".
fn describe(s: Solution) -> String {
    match (s.wdl, s.distance) {
        (Wdl::Draw, _) => "draw".to_string(),
        (wdl, 0) => format!("{wdl} (game over)"),
        (wdl, d) => format!("{wdl} in {d} plies"),
    }
}
