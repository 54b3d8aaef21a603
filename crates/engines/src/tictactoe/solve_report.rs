//! The detailed report of tic-tac-toe's solution (`gamesolver solve
//! tictactoe`): positions by outcome and by ply, the empty board's value
//! and best moves, and the number of complete games.

use std::fmt::{self, Write};
use std::path::Path;
use std::time::Duration;

use gamesolver_games::tictactoe::Cell;
use gamesolver_retro::loopfree::{PathCounts, SolveStats, WdlCounts};
use serde::Serialize;

use super::solution::TicTacToeSolution;

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
pub(crate) struct Report {
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
    /// The report of `solution`, solved in `elapsed`, saved to `table` if given.
    pub(crate) fn new(
        solution: &TicTacToeSolution,
        elapsed: Duration,
        table: Option<&Path>,
    ) -> Report {
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
    pub(crate) fn text(&self, with_plies: bool) -> String {
        let mut text = String::new();
        self.write_text(&mut text, with_plies)
            .unwrap_or_else(|_| unreachable!("writing to a String"));
        text
    }

    fn write_text(&self, text: &mut String, with_plies: bool) -> fmt::Result {
        let Report {
            finished: f,
            in_play: p,
            without_winner: w,
            ..
        } = self;
        writeln!(
            text,
            "Tic-tac-toe solved by retrograde analysis in {:.2} ms",
            self.solve_ms
        )?;
        writeln!(
            text,
            "  reachable positions         {:>5}",
            self.reachable_positions
        )?;
        writeln!(
            text,
            "  finished positions          {:>5}  X wins {}, O wins {}, full-board draws {}",
            f.positions, f.x_wins, f.o_wins, f.full_board_draws
        )?;
        writeln!(
            text,
            "  positions in play           {:>5}  side to move wins {}, draws {}, loses {}",
            p.positions, p.win, p.draw, p.loss
        )?;
        writeln!(
            text,
            "  in play + full-board draws  {:>5}  side to move wins {}, draws {}, loses {}  (seed 000's count)",
            w.positions, w.win, w.draw, w.loss
        )?;
        if with_plies {
            self.write_plies(text)?;
        }
        let s = &self.start;
        let best: Vec<String> = s.best.iter().map(ToString::to_string).collect();
        writeln!(
            text,
            "  empty board: {} in {} plies; best moves {}",
            s.value,
            s.distance,
            best.join(" ")
        )?;
        let g = &self.complete_games;
        writeln!(
            text,
            "  complete games {}: X wins {}, O wins {}, draws {}",
            g.total, g.x_wins, g.o_wins, g.draws
        )?;
        if let Some(file) = &self.table_file {
            writeln!(text, "  table saved to {file}")?;
        }
        Ok(())
    }

    fn write_plies(&self, text: &mut String) -> fmt::Result {
        writeln!(text, "\n  ply  positions   win  draw  loss  finished")?;
        for r in &self.plies {
            writeln!(
                text,
                "  {:>3}  {:>9}  {:>4}  {:>4}  {:>4}  {:>8}",
                r.ply, r.positions, r.win, r.draw, r.loss, r.finished
            )?;
        }
        writeln!(text)?;
        Ok(())
    }
}
