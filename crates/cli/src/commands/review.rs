//! `gamesolver review`: a game record reviewed: every position evaluated
//! (the game's solved table or the tablebase given where they know it,
//! the engine elsewhere, one engine for the whole game), each move
//! classified, each side's accuracy (the façade's `review`).

use std::io::Write;
use std::path::PathBuf;

use gamesolver_api::review::{FacadeJudge, GameReview, MoveClass, review_game};
use gamesolver_api::{EngineKind, EngineSpec, Registry, SearchLimits};

use crate::json::write_json;
use crate::numbers;
use crate::position_arg::read_record;

/// The thinking time per position when no limit is given, in ms.
pub const DEFAULT_REVIEW_MOVETIME_MS: u64 = 100;

/// Arguments of `gamesolver review`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game record (docs/FORMATS.md, "Game records"): `play --save`,
    /// `match --save-games` (one game), the web page's download.
    #[arg(value_name = "GAME")]
    pub record: String,
    /// Think this many milliseconds per position (100 by default).
    #[arg(long, value_name = "MS", conflicts_with = "depth", value_parser = numbers::movetime)]
    pub movetime: Option<u64>,
    /// Search each position to this depth instead.
    #[arg(long, value_name = "D", value_parser = numbers::depth)]
    pub depth: Option<u32>,
    /// Which engine evaluates.
    #[arg(long)]
    pub engine: Option<EngineKind>,
    /// Tablebase directory: positions it covers get their exact value and
    /// distance (games with tablebases only).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Reviews the game and prints the review.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let path = args.record.strip_prefix('@').unwrap_or(&args.record);
    let record = read_record(path)?;
    let replayed = record.replay(registry)?;
    let game = registry.get(&record.game)?;
    let rules = replayed.start.rules();
    let oracle = match &args.tablebase {
        Some(dir) => {
            let tables = crate::game_arg::require(game, "tablebase", |g| g.tablebase())?;
            Some(tables.open(dir, Some(rules))?)
        }
        None => None,
    };
    let engine = if game.capabilities().search {
        Some(game.engine(&EngineSpec {
            kind: args.engine.map(|kind| kind.name().to_string()),
            rules: Some(rules.to_string()),
            tablebase: args.tablebase.clone(),
            ..EngineSpec::default()
        })?)
    } else {
        None
    };
    let limits = SearchLimits {
        movetime_ms: match args.depth {
            Some(_) => None,
            None => Some(args.movetime.unwrap_or(DEFAULT_REVIEW_MOVETIME_MS)),
        },
        depth: args.depth,
        nodes: None,
    };
    let mut judge = FacadeJudge {
        solved: game.solved(),
        tables: oracle.as_deref(),
        engine,
        limits,
    };
    let review = review_game(
        replayed.start.as_ref(),
        &record.moves,
        &mut judge,
        &mut |_, _| true,
    )?;
    if args.json {
        write_json(out, &review)
    } else {
        write_text(out, &review)
    }
}

/// The text report: one line per move, then each side's accuracy.
fn write_text(out: &mut dyn Write, review: &GameReview) -> anyhow::Result<()> {
    writeln!(out, "{} ({})", review.game, review.rules)?;
    writeln!(
        out,
        "{:>4}  {:<10} {:<8} {:<11} {:>6}  {:<22} better",
        "ply", "move", "side", "class", "drop", "evaluation after"
    )?;
    for m in &review.moves {
        let after = &review.positions[m.ply];
        let exact = m
            .exact
            .map(|note| {
                format!(
                    " ({})",
                    serde_json::to_value(note)
                        .unwrap_or_default()
                        .as_str()
                        .unwrap_or("")
                )
            })
            .unwrap_or_default();
        writeln!(
            out,
            "{:>4}  {:<10} {:<8} {:<11} {:>6.3}  {:<22} {}{exact}",
            m.ply,
            m.mv,
            m.mover,
            class_name(m.class),
            m.drop,
            evaluation(after),
            m.better.as_deref().unwrap_or("")
        )?;
    }
    for side in &review.sides {
        let [best, good, inaccuracy, mistake, blunder] = side.classes;
        writeln!(
            out,
            "{}: accuracy {}; {best} best, {good} good, {inaccuracy} inaccuracies, {mistake} mistakes, {blunder} blunders",
            side.side,
            side.accuracy
                .map_or_else(|| "- (no move)".to_string(), |a| format!("{a:.1}%"))
        )?;
    }
    Ok(())
}

/// A class's name.
fn class_name(class: MoveClass) -> &'static str {
    match class {
        MoveClass::Best => "best",
        MoveClass::Good => "good",
        MoveClass::Inaccuracy => "inaccuracy",
        MoveClass::Mistake => "mistake",
        MoveClass::Blunder => "blunder",
    }
}

/// A position's evaluation in a few words: the first player's expected
/// score and the engine's score or the exact value.
fn evaluation(position: &gamesolver_api::review::PositionEval) -> String {
    let what = match (&position.score, position.value, position.distance) {
        (Some(score), _, _) => score.clone(),
        (None, Some(value), Some(distance)) => {
            format!(
                "{} in {distance}",
                serde_json::to_value(value)
                    .unwrap_or_default()
                    .as_str()
                    .unwrap_or("")
            )
        }
        _ => String::new(),
    };
    format!("{:.2} {what}", position.expected_first)
}
