//! `gamesolver tablebase probe`: the position as every front end answers
//! it (the oracle of the game's tablebase capability: Jungle's under its
//! draw rules).

use std::io::Write;

use anyhow::bail;
use gamesolver_api::{Category, MoveVerdictText, PositionReport, State, Verdict};
use serde::Serialize;

use super::{Location, TablebaseGame, Tables};
use crate::json::write_json;

/// Arguments of `gamesolver tablebase probe`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: TablebaseGame,
    /// The position in the game's notation, e.g. Jungle's FEN
    /// `7/7/7/7/7/7/1l5/7/L6 w` (quotes optional; the long form's half-move
    /// field, `… w - - 150 80`, is the counter of the 200-ply rule), or
    /// `@FILE`: the position after the last move of a game record.
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
pub fn run(tables: &Tables<'_>, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let fen = args.fen.join(" ");
    let state =
        crate::position_arg::parse_position(tables.registry, tables.game, &fen, tables.rules)?;
    write_probe(tables, state.as_ref(), args.json, out)
}

/// Probes `state` in the tables and prints the answer as text or JSON.
fn write_probe(
    tables: &Tables<'_>,
    state: &dyn State,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let material = tables.tables.tier_name(state)?;
    let (dir, game) = (tables.dir.display(), tables.name());
    if !tables.dir.is_dir() {
        bail!(
            "the tablebase directory {dir} does not exist (or is not a directory); build one with \
             `gamesolver tablebase build {game} --material {material} --dir {dir}`"
        );
    }
    let oracle = tables.tables.open(&tables.dir, tables.rules)?;
    let Some(report) = oracle.probe(state)? else {
        bail!(
            "material {material} is not in the tablebase at {dir}; build it with \
             `gamesolver tablebase build {game} --material {material}`"
        );
    };
    let answer = Answer {
        fen: tables.tables.position_text(state),
        material,
        to_move: state.player_name(state.turn()),
        report,
        rule_plies: oracle.quiet_ply_limit(),
    };
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
    /// The plies of the tables' no-progress rule (Jungle's 200 but in
    /// tables built for tests of the rule; None for a game without one).
    #[serde(skip)]
    rule_plies: Option<u16>,
}

impl Answer {
    fn write_text(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        let report = &self.report;
        writeln!(
            out,
            "{}  ({}, {} to move)",
            self.fen, self.material, self.to_move
        )?;
        match &report.drawn_by_rule {
            Some(rule) => writeln!(out, "value: draw by the {rule} (the game is over)")?,
            None => writeln!(
                out,
                "value: {}",
                describe(
                    category(report.category, report.value),
                    report.distance,
                    report.dtz,
                    report.counter,
                    self.rule_plies,
                )
            )?,
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
/// tables' no-progress rule of `rule_plies` plies (200 when they name
/// none).
fn describe(
    category: Category,
    distance: u32,
    dtz: Option<u32>,
    counter: Option<u32>,
    rule_plies: Option<u16>,
) -> String {
    let rule_plies = rule_plies.unwrap_or(200);
    let zeroing = match (dtz, counter) {
        (Some(dtz), Some(counter)) => format!(" (next capture or end in {dtz}, counter {counter})"),
        _ => String::new(),
    };
    match (category, distance) {
        (Category::Draw, _) => "draw".to_string(),
        (c, 0) => format!("{} (game over)", name(c)),
        (c @ (Category::CursedWin | Category::BlessedLoss), d) => format!(
            "{} (a draw by the {rule_plies}-ply rule; {} in {d} plies without it){zeroing}",
            name(c),
            if c == Category::CursedWin {
                "win"
            } else {
                "loss"
            }
        ),
        (c, d) => format!("{} in {d} plies{zeroing}", name(c)),
    }
}

/// The five-way category of a report, or its win/draw/loss value as one
/// (a game without a draw rule reports no category).
fn category(category: Option<Category>, value: Verdict) -> Category {
    category.unwrap_or(match value {
        Verdict::Win => Category::Win,
        Verdict::Draw => Category::Draw,
        Verdict::Loss => Category::Loss,
    })
}

/// A move's verdict in words.
fn describe_move(m: &MoveVerdictText) -> String {
    match (category(m.category, m.value), m.dtz) {
        (Category::Draw, _) => "draw".to_string(),
        (c, dtz) => {
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
