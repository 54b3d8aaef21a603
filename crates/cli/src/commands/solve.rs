//! `gamesolver solve`: strong solution of a loop-free game.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use gamesolver_games::tictactoe::{Base3Indexer, Cell};
use gamesolver_retro::SolvedTable;
use gamesolver_retro::loopfree::{PathCounts, SolveStats, WdlCounts};
use serde::Serialize;

use gamesolver_engines::GameDef;

use crate::game_arg;
use crate::json::write_json;
use crate::tictactoe_table::{self, TicTacToeSolution};

/// Arguments of `gamesolver solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to solve (one with a solved table: tic-tac-toe, all 5478
    /// reachable positions).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: String,
    /// Also save the solved table to this file (for `query --table`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Solves the game and prints the report.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = game_arg::with_solved_table(&args.game)?;
    if game.info().name != "tictactoe" {
        return write_per_ply(game, args, out);
    }
    let (solution, elapsed) = tictactoe_table::solve()?;
    if let Some(path) = &args.out {
        let table =
            SolvedTable::from_solution(&solution, &Base3Indexer, tictactoe_table::identity());
        table
            .save(path)
            .with_context(|| format!("cannot write the table to {}", path.display()))?;
    }
    let report = Report::new(&solution, elapsed, args.out.as_ref());
    if args.json {
        write_json(out, &report)
    } else {
        report.write_text(out, true)
    }
}

/// The report of a game solved through the façade (any game with a
/// solved table but tic-tac-toe, whose report is the detailed one below):
/// per ply, positions won, drawn and lost for the side to move.
fn write_per_ply(game: &dyn GameDef, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let info = game.info();
    let oracle = game
        .solved()
        .ok_or_else(|| anyhow::anyhow!("{} has no solved table", info.name))?;
    anyhow::ensure!(
        args.out.is_none(),
        "--out saves tic-tac-toe's table only; {} is solved in memory",
        info.name
    );
    let report = serde_json::json!({ "game": info.name, "per_ply": oracle.per_ply_counts() });
    if args.json {
        write_json(out, &report)
    } else {
        writeln!(
            out,
            "{}: {}",
            info.title,
            serde_json::to_string_pretty(&report)?
        )?;
        Ok(())
    }
}

/// Counts by value for the side to move.
#[derive(Debug, Serialize)]
struct WdlSplit {
    positions: u64,
    win: u64,
    draw: u64,
    loss: u64,
}

impl From<WdlCounts> for WdlSplit {
    fn from(c: WdlCounts) -> Self {
        WdlSplit {
            positions: c.total(),
            win: c.win,
            draw: c.draw,
            loss: c.loss,
        }
    }
}

/// Finished positions by outcome.
#[derive(Debug, Serialize)]
struct FinishedSplit {
    positions: u64,
    x_wins: u64,
    o_wins: u64,
    full_board_draws: u64,
}

/// One row of the per-ply table.
#[derive(Debug, Serialize)]
struct PlyRow {
    ply: u32,
    positions: u64,
    win: u64,
    draw: u64,
    loss: u64,
    finished: u64,
}

/// The verdict on the start position.
#[derive(Debug, Serialize)]
struct StartVerdict {
    position: String,
    value: &'static str,
    distance: u16,
    best: Vec<u8>,
}

/// Complete games by outcome.
#[derive(Debug, Serialize)]
struct GameCounts {
    total: u128,
    x_wins: u128,
    o_wins: u128,
    draws: u128,
}

/// Everything `solve` reports.
#[derive(Debug, Serialize)]
struct Report {
    game: &'static str,
    reachable_positions: u64,
    finished: FinishedSplit,
    in_play: WdlSplit,
    without_winner: WdlSplit,
    plies: Vec<PlyRow>,
    start: StartVerdict,
    complete_games: GameCounts,
    solve_ms: f64,
    table_file: Option<String>,
}

impl Report {
    fn new(solution: &TicTacToeSolution, elapsed: Duration, table: Option<&PathBuf>) -> Report {
        let stats = SolveStats::of(solution);
        let start = solution.solution(0);
        let paths: PathCounts = solution.count_paths();
        Report {
            game: "tictactoe",
            reachable_positions: stats.positions,
            finished: FinishedSplit {
                positions: stats.finished(),
                x_wins: stats.finished_first_wins,
                o_wins: stats.finished_second_wins,
                full_board_draws: stats.finished_draws,
            },
            in_play: stats.unfinished.into(),
            without_winner: stats.without_winner.into(),
            plies: stats
                .layers
                .iter()
                .map(|l| PlyRow {
                    ply: l.depth,
                    positions: l.wdl.total(),
                    win: l.wdl.win,
                    draw: l.wdl.draw,
                    loss: l.wdl.loss,
                    finished: l.finished,
                })
                .collect(),
            start: StartVerdict {
                position: solution.graph().position(0).to_string(),
                value: start.wdl.name(),
                distance: start.distance,
                best: solution
                    .best_moves(0)
                    .iter()
                    .map(|c: &Cell| c.index())
                    .collect(),
            },
            complete_games: GameCounts {
                total: paths.total(),
                x_wins: paths.first_wins,
                o_wins: paths.second_wins,
                draws: paths.draws,
            },
            solve_ms: elapsed.as_secs_f64() * 1e3,
            table_file: table.map(|p| p.display().to_string()),
        }
    }

    /// The report as text; `with_plies` adds the per-ply table.
    fn write_text(&self, out: &mut dyn Write, with_plies: bool) -> anyhow::Result<()> {
        let Report {
            finished: f,
            in_play: p,
            without_winner: w,
            ..
        } = self;
        writeln!(
            out,
            "Tic-tac-toe solved by retrograde analysis in {:.2} ms",
            self.solve_ms
        )?;
        writeln!(
            out,
            "  reachable positions         {:>5}",
            self.reachable_positions
        )?;
        writeln!(
            out,
            "  finished positions          {:>5}  X wins {}, O wins {}, full-board draws {}",
            f.positions, f.x_wins, f.o_wins, f.full_board_draws
        )?;
        writeln!(
            out,
            "  positions in play           {:>5}  side to move wins {}, draws {}, loses {}",
            p.positions, p.win, p.draw, p.loss
        )?;
        writeln!(
            out,
            "  in play + full-board draws  {:>5}  side to move wins {}, draws {}, loses {}  (seed 000's count)",
            w.positions, w.win, w.draw, w.loss
        )?;
        if with_plies {
            self.write_plies(out)?;
        }
        let s = &self.start;
        let best: Vec<String> = s.best.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "  empty board: {} in {} plies; best moves {}",
            s.value,
            s.distance,
            best.join(" ")
        )?;
        let g = &self.complete_games;
        writeln!(
            out,
            "  complete games {}: X wins {}, O wins {}, draws {}",
            g.total, g.x_wins, g.o_wins, g.draws
        )?;
        if let Some(file) = &self.table_file {
            writeln!(out, "  table saved to {file}")?;
        }
        Ok(())
    }

    fn write_plies(&self, out: &mut dyn Write) -> anyhow::Result<()> {
        writeln!(out, "\n  ply  positions   win  draw  loss  finished")?;
        for r in &self.plies {
            writeln!(
                out,
                "  {:>3}  {:>9}  {:>4}  {:>4}  {:>4}  {:>8}",
                r.ply, r.positions, r.win, r.draw, r.loss, r.finished
            )?;
        }
        writeln!(out)?;
        Ok(())
    }
}

/// The short solve report the tour shows.
pub(crate) fn write_summary(out: &mut dyn Write) -> anyhow::Result<()> {
    let (solution, elapsed) = tictactoe_table::solve()?;
    Report::new(&solution, elapsed, None).write_text(out, false)
}
