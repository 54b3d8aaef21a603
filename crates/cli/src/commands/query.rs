//! `gamesolver query`: one position, answered from the solved table.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, anyhow};
use gamesolver_core::Game;
use gamesolver_games::tictactoe::Board;
use gamesolver_retro::{PositionAnalysis, analyse};
use serde::Serialize;

use gamesolver_engines::GameDef;

use crate::game_arg;
use crate::json::write_json;
use crate::tictactoe_table::Oracle;

/// Arguments of `gamesolver query`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (one with a solved table: tic-tac-toe, whose positions are
    /// 9 characters of X, O and `.`).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: String,
    /// The position, e.g. `O...X....` (cells 0..8 row-major from the top-left).
    pub position: String,
    /// Read the solved table from this file (written by `solve --out`)
    /// instead of solving in memory.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Answers the query.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = game_arg::with_solved_table(&args.game)?;
    if game.info().name != "tictactoe" {
        return query_facade(game, args, out);
    }
    let board: Board = args
        .position
        .parse()
        .with_context(|| format!("cannot read tic-tac-toe position {:?}", args.position))?;
    let oracle = Oracle::open(args.table.as_deref())?;
    let analysis = analyse(&board, |b| oracle.lookup(b))
        .ok_or_else(|| anyhow!("the table has no entry for a position reached from {board}"))?;
    let answer = Answer::new(&board, &analysis);
    if args.json {
        write_json(out, &answer)
    } else {
        answer.write_text(&board, out)
    }
}

/// The answer of the façade's solved table, for any game with one but
/// tic-tac-toe (whose answer below also reads table files).
fn query_facade(game: &dyn GameDef, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let name = game.info().name;
    anyhow::ensure!(
        args.table.is_none(),
        "--table reads tic-tac-toe's table files only; {name} is solved in memory"
    );
    let oracle = game
        .solved()
        .ok_or_else(|| anyhow!("{name} has no solved table"))?;
    let report = oracle.query(game.parse(&args.position, None)?.as_ref())?;
    if args.json {
        return write_json(out, &report);
    }
    writeln!(
        out,
        "{}: {:?} in {} plies",
        report.position, report.value, report.distance
    )?;
    for m in &report.moves {
        writeln!(
            out,
            "  move {}  {:?} in {} plies",
            m.mv, m.value, m.distance
        )?;
    }
    writeln!(out, "best moves: {}", report.best.join(" "))?;
    Ok(())
}

/// One move's verdict, for JSON.
#[derive(Debug, Serialize)]
struct MoveAnswer {
    #[serde(rename = "move")]
    mv: u8,
    value: &'static str,
    distance: u16,
}

/// The answer to a query; its JSON shape is documented in the README.
#[derive(Debug, Serialize)]
struct Answer {
    position: String,
    to_move: &'static str,
    value: &'static str,
    distance: u16,
    best: Vec<u8>,
    moves: Vec<MoveAnswer>,
}

impl Answer {
    fn new(
        board: &Board,
        analysis: &PositionAnalysis<gamesolver_games::tictactoe::Cell>,
    ) -> Answer {
        Answer {
            position: board.to_string(),
            to_move: Board::player_name(board.turn()),
            value: analysis.solution.wdl.name(),
            distance: analysis.solution.distance,
            best: analysis.best.iter().map(|c| c.index()).collect(),
            moves: analysis
                .moves
                .iter()
                .map(|m| MoveAnswer {
                    mv: m.mv.index(),
                    value: m.solution.wdl.name(),
                    distance: m.solution.distance,
                })
                .collect(),
        }
    }

    fn write_text(&self, board: &Board, out: &mut dyn Write) -> anyhow::Result<()> {
        write!(out, "{}", board.grid())?;
        let status = if board.is_finished() {
            "game over"
        } else {
            "to move"
        };
        writeln!(
            out,
            "{} {status}: {}",
            self.to_move,
            describe(self.value, self.distance)
        )?;
        for m in &self.moves {
            writeln!(out, "  move {}  {}", m.mv, describe(m.value, m.distance))?;
        }
        if !self.best.is_empty() {
            let best: Vec<String> = self.best.iter().map(ToString::to_string).collect();
            writeln!(out, "best moves: {}", best.join(" "))?;
        }
        Ok(())
    }
}

/// "draw in 7 plies", "loss (game over)".
fn describe(value: &str, distance: u16) -> String {
    if distance == 0 {
        format!("{value} (game over)")
    } else {
        format!("{value} in {distance} plies")
    }
}
