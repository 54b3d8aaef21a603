//! `gamesolver play`: play against the engine in the terminal.

use std::io::{self, BufRead, Write};

use anyhow::anyhow;
use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::{Board, Cell, Variant};
use gamesolver_search::{Engine, Limits};

use crate::uttt::display::draw;
use crate::uttt::engines::{EngineKind, EngineOptions, build};

/// The games you can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PlayGame {
    /// Ultimate tic-tac-toe.
    Uttt,
}

/// Which side the human takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// X, moving first.
    X,
    /// O, moving second.
    O,
}

/// Arguments of `gamesolver play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    pub game: PlayGame,
    /// Your side.
    #[arg(long, value_enum, default_value_t = Side::X)]
    pub side: Side,
    /// The engine's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 500)]
    pub movetime: u64,
    /// The engine you play against.
    #[arg(long, value_enum, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// Rules variant (`standard` or `codingame`).
    #[arg(long, default_value_t = Variant::Standard)]
    pub variant: Variant,
}

/// Plays one game on standard input.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let stdin = io::stdin();
    play_session(args, &mut stdin.lock(), out)
}

/// A move as typed: a cell number `0`..`80`, or board and cell `B C`
/// (also `B,C` or `B.C`).
pub fn read_move(text: &str) -> Result<Cell, String> {
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|p| !p.is_empty())
        .collect();
    let number = |s: &str| {
        s.parse::<u8>()
            .map_err(|_| format!("{s:?} is not a number"))
    };
    match parts[..] {
        [one] => Cell::new(number(one)?).ok_or_else(|| "cells are numbered 0..80".to_string()),
        [b, c] => Cell::at(number(b)?, number(c)?)
            .ok_or_else(|| "boards and cells are numbered 0..8".to_string()),
        _ => Err("type a cell 0..80, or a board and a cell such as `4 4`".to_string()),
    }
}

/// The game loop, reading the human's moves from `input`.
pub fn play_session(
    args: &Args,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let human = match args.side {
        Side::X => Player::First,
        Side::O => Player::Second,
    };
    let mut engine = build(&EngineOptions {
        kind: args.engine,
        ..EngineOptions::default()
    });
    let mut history = vec![Board::start(args.variant)];
    writeln!(
        out,
        "Moves: a cell 0..80 or `board cell` (e.g. `4 4`); `undo`, `quit`."
    )?;
    loop {
        let board = *history.last().ok_or_else(|| anyhow!("empty history"))?;
        write!(out, "\n{}", draw(&board))?;
        if let Some(outcome) = board.outcome() {
            writeln!(out, "{}", verdict(outcome, human))?;
            return Ok(());
        }
        if board.turn() != human {
            history.push(engine_move(engine.as_mut(), &board, args.movetime, out)?);
            continue;
        }
        write!(out, "your move> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        match line.trim() {
            "quit" | "q" => return Ok(()),
            "undo" | "u" => {
                if history.len() > 2 {
                    history.truncate(history.len() - 2);
                } else {
                    writeln!(out, "nothing to undo")?;
                }
            }
            typed => {
                match read_move(typed).and_then(|mv| board.play(mv).map_err(|e| e.to_string())) {
                    Ok(next) => history.push(next),
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
        }
    }
}

/// The engine's reply, announced.
fn engine_move(
    engine: &mut (dyn Engine<Board> + Send),
    board: &Board,
    movetime: u64,
    out: &mut dyn Write,
) -> anyhow::Result<Board> {
    let info = engine.think(board, &Limits::movetime_ms(movetime), &mut |_| {});
    let mv = info
        .best_move()
        .ok_or_else(|| anyhow!("the engine found no move"))?;
    writeln!(
        out,
        "engine plays {mv} (board {}, cell {}), score {}, depth {}",
        mv.board(),
        mv.pos(),
        info.score,
        info.depth
    )?;
    Ok(board.after(mv))
}

/// The end of the game, for the human.
fn verdict(outcome: Outcome, human: Player) -> &'static str {
    match outcome {
        Outcome::Draw => "Draw.",
        Outcome::Winner(p) if p == human => "You win!",
        Outcome::Winner(_) => "The engine wins.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_as_cells_or_board_and_cell() {
        assert_eq!(read_move("40").unwrap().index(), 40);
        assert_eq!(read_move("4 4").unwrap().index(), 40);
        assert_eq!(read_move("8,8").unwrap().index(), 80);
        assert!(read_move("81").is_err());
        assert!(read_move("9 0").is_err());
        assert!(read_move("a b c").is_err());
    }

    #[test]
    fn a_session_survives_bad_input() {
        let args = Args {
            game: PlayGame::Uttt,
            side: Side::X,
            movetime: 5,
            engine: EngineKind::Alphabeta,
            variant: Variant::Standard,
        };
        let mut out = Vec::new();
        let input = "hello\n99\n4 4\n0\nundo\nquit\n";
        play_session(&args, &mut input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("engine plays"), "{text}");
        assert!(
            text.contains("not a number") && text.contains("0..80"),
            "{text}"
        );
    }
}
