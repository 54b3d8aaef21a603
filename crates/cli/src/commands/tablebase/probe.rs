//! `gamesolver tablebase probe`: the position under the game's draw rules,
//! as every front end answers it (`engines::jungle::rule_report`).

use std::io::Write;

use anyhow::{Context, bail};
use gamesolver_api::{Category, MoveVerdictText, PositionReport};
use gamesolver_core::Game;
use gamesolver_engines::jungle::rule_report::rule_report;
use gamesolver_games::jungle::{JungleGame, Material, Position};
use serde::Serialize;

use super::{Location, TablebaseGame};
use crate::json::write_json;

/// Arguments of `gamesolver tablebase probe`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: TablebaseGame,
    /// The position in FEN, e.g. `7/7/7/7/7/7/1l5/7/L6 w` (quotes
    /// optional); the long form's half-move field (`… w - - 150 80`) is the
    /// counter of the 200-ply rule.
    #[arg(required = true, num_args = 1.., value_name = "FEN")]
    pub fen: Vec<String>,
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Probes the position and prints the answer.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let fen = args.fen.join(" ");
    let game = JungleGame::from_fen(&fen, args.location.rules)
        .with_context(|| format!("cannot read the Jungle position {fen:?}"))?;
    write_probe(&args.location, &game, args.json, out)
}

/// Probes `game` in the tables at `location` and prints the answer as text
/// or JSON.
fn write_probe(
    location: &Location,
    game: &JungleGame,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let material = Material::of(game.position());
    if !location.dir.is_dir() {
        bail!(
            "the tablebase directory {} does not exist (or is not a directory); build one with \
             `gamesolver tablebase build jungle --material {material} --dir {}`",
            location.dir.display(),
            location.dir.display()
        );
    }
    let tables = location.handle()?;
    let Some(report) = rule_report(&tables, game).map_err(anyhow::Error::msg)? else {
        bail!(
            "material {material} is not in the tablebase at {}; build it with \
             `gamesolver tablebase build jungle --material {material}`",
            location.dir.display()
        );
    };
    let answer = Answer::new(game, material, report, tables.quiet_ply_limit());
    if json {
        write_json(out, &answer)
    } else {
        answer.write_text(out)
    }
}

/// The answer to a probe: the shared report with the material and the side
/// to move.
#[derive(Debug, Serialize)]
struct Answer {
    fen: String,
    material: String,
    to_move: &'static str,
    #[serde(flatten)]
    report: PositionReport,
    /// The plies of the tables' no-capture rule (200 but in tables built
    /// for tests of the rule).
    #[serde(skip)]
    rule_plies: u16,
}

impl Answer {
    fn new(
        game: &JungleGame,
        material: Material,
        report: PositionReport,
        rule_plies: u16,
    ) -> Answer {
        Answer {
            fen: game.long_fen(),
            material: material.to_string(),
            to_move: Position::player_name(game.turn()),
            report,
            rule_plies,
        }
    }

    fn write_text(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let report = &self.report;
        writeln!(
            out,
            "{}  ({}, {} to move)",
            self.fen, self.material, self.to_move
        )?;
        match &report.drawn_by_rule {
            Some(rule) => writeln!(out, "value: draw by the {rule} (the game is over)")?,
            None => writeln!(out, "value: {}", describe(report, self.rule_plies))?,
        }
        for m in &report.moves {
            writeln!(out, "  {}  {}", m.mv, describe_move(m))?;
        }
        if !report.best.is_empty() {
            writeln!(out, "best: {}", report.best.join(" "))?;
        }
        if !report.main_line.is_empty() {
            writeln!(out, "main line: {}", report.main_line.join(" "))?;
        }
        Ok(())
    }
}

/// "win in 33 plies (next capture or end in 33, counter 0)", "cursed win
/// (draw by the 200-ply rule): …", "draw", "loss (game over)", for the
/// tables' rule of `rule_plies` plies.
fn describe(report: &PositionReport, rule_plies: u16) -> String {
    let (category, distance) = (report.category, report.distance);
    let zeroing = match (report.dtz, report.counter) {
        (Some(dtz), Some(counter)) => format!(" (next capture or end in {dtz}, counter {counter})"),
        _ => String::new(),
    };
    match (category, distance) {
        (Some(Category::Draw) | None, _) => "draw".to_string(),
        (Some(c), 0) => format!("{} (game over)", name(c)),
        (Some(c @ (Category::CursedWin | Category::BlessedLoss)), d) => format!(
            "{} (a draw by the {rule_plies}-ply rule; {} in {d} plies without it){zeroing}",
            name(c),
            if c == Category::CursedWin {
                "win"
            } else {
                "loss"
            }
        ),
        (Some(c), d) => format!("{} in {d} plies{zeroing}", name(c)),
    }
}

/// A move's verdict in words.
fn describe_move(m: &MoveVerdictText) -> String {
    match (m.category, m.dtz) {
        (Some(Category::Draw), _) | (None, _) => "draw".to_string(),
        (Some(c), dtz) => {
            let zeroing = dtz.map_or(String::new(), |d| format!(", next capture or end in {d}"));
            format!("{} in {} plies{zeroing}", name(c), m.distance)
        }
    }
}

fn name(category: Category) -> &'static str {
    match category {
        Category::Win => "win",
        Category::CursedWin => "cursed win",
        Category::Draw => "draw",
        Category::BlessedLoss => "blessed loss",
        Category::Loss => "loss",
    }
}
