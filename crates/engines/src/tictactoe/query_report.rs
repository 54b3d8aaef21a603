//! The answer of `gamesolver query tictactoe`: the board, its value and
//! distance for the side to move, every move with its value, the best
//! moves (its JSON shape is documented in the README).

use std::fmt::{self, Write};

use gamesolver_core::Game;
use gamesolver_games::tictactoe::{Board, Cell};
use gamesolver_retro::PositionAnalysis;
use serde::Serialize;

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
pub(crate) struct Answer {
    position: String,
    to_move: &'static str,
    value: &'static str,
    distance: u16,
    best: Vec<u8>,
    moves: Vec<MoveAnswer>,
}

impl Answer {
    /// The answer for `board` from its `analysis`.
    pub(crate) fn new(board: &Board, analysis: &PositionAnalysis<Cell>) -> Answer {
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

    /// The answer as text, after the board.
    pub(crate) fn text(&self, board: &Board) -> String {
        let mut text = String::new();
        self.write_text(board, &mut text)
            .unwrap_or_else(|_| unreachable!("writing to a String"));
        text
    }

    fn write_text(&self, board: &Board, text: &mut String) -> fmt::Result {
        write!(text, "{}", board.grid())?;
        let status = if board.is_finished() {
            "game over"
        } else {
            "to move"
        };
        writeln!(
            text,
            "{} {status}: {}",
            self.to_move,
            describe(self.value, self.distance)
        )?;
        for m in &self.moves {
            writeln!(text, "  move {}  {}", m.mv, describe(m.value, m.distance))?;
        }
        if !self.best.is_empty() {
            let best: Vec<String> = self.best.iter().map(ToString::to_string).collect();
            writeln!(text, "best moves: {}", best.join(" "))?;
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
