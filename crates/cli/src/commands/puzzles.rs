//! `gamesolver puzzles`: a seeded set of tablebase puzzles (one move keeps
//! the win, or wins fastest) from any game's tables, as the puzzle set
//! file of docs/FORMATS.md.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use gamesolver_api::tablebases::{MAX_GRADE, PuzzleRequest, draw_puzzles, grade_range};

use super::tablebase::{Location, TablebaseGame, Tables};

/// Arguments of `gamesolver puzzles`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (default: the first game with tablebases).
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: Option<TablebaseGame>,
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// How many puzzles (fewer if the tables hold fewer within the
    /// sampler's tries).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub count: u32,
    /// The sampler's seed: the same tables, arguments and seed give the
    /// same set.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The pieces of the positions (default: the most in the directory).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub pieces: Option<u32>,
    /// The shortest win in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub min_distance: Option<u32>,
    /// The longest win in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_distance: Option<u32>,
    /// Only puzzles of this grade (1: wins in 1–3 plies, 2: 4–7, 3: 8–15,
    /// 4: 16–31, 5: 32 or more).
    #[arg(long, conflicts_with_all = ["min_distance", "max_distance"],
          value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_GRADE)))]
    pub grade: Option<u8>,
    /// Write the set to FILE (JSON) instead of standard output, and print a
    /// summary.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Draws the set and writes it.
pub fn run_with(
    registry: &gamesolver_api::Registry,
    args: &Args,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let tables = Tables::of(registry, args.game.as_deref(), &args.location)?;
    let mut request = PuzzleRequest::new(args.count as usize, args.seed);
    request.pieces = args.pieces;
    if let Some(grade) = args.grade {
        request = request.grades(grade, grade);
    }
    if let Some(min) = args.min_distance {
        request.min_distance = min;
    }
    if let Some(max) = args.max_distance {
        request.max_distance = max;
    }
    if request.min_distance > request.max_distance {
        bail!(
            "--min-distance {} is more than --max-distance {}",
            request.min_distance,
            request.max_distance
        );
    }
    let oracle = tables.tables.open(&tables.dir, tables.rules)?;
    let set = draw_puzzles(
        tables.game,
        tables.tables,
        oracle.as_ref(),
        &tables.dir,
        tables.rules,
        &request,
    )?;
    let json = serde_json::to_string_pretty(&set)?;
    let Some(path) = &args.out else {
        writeln!(out, "{json}")?;
        return Ok(());
    };
    std::fs::write(path, format!("{json}\n"))
        .with_context(|| format!("cannot write {}", path.display()))?;
    let mut by_grade = [0usize; MAX_GRADE as usize];
    for p in &set.puzzles {
        by_grade[usize::from(p.grade - 1)] += 1;
    }
    let grades: Vec<String> = by_grade
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(g, n)| {
            let (low, high) = grade_range(g as u8 + 1);
            let range = if high == u32::MAX {
                format!("{low}+")
            } else {
                format!("{low}-{high}")
            };
            format!("grade {} ({range} plies): {n}", g + 1)
        })
        .collect();
    writeln!(
        out,
        "wrote {} of {} puzzles ({} {}, seed {}) to {}: {}",
        set.puzzles.len(),
        args.count,
        set.game,
        set.rules,
        set.seed,
        path.display(),
        if grades.is_empty() {
            "none found".to_string()
        } else {
            grades.join(", ")
        }
    )?;
    Ok(())
}
