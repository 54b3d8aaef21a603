//! `gamesolver play`: play against the engine in the terminal.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use anyhow::anyhow;
use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::jungle::{self, JungleGame, Position};
use gamesolver_games::uttt::{Board, Cell};
use gamesolver_search::{Engine, Limits};

use crate::jungle::display::Style;
use crate::jungle::engine::{JungleOptions, open_tablebase};
use crate::search_args::RuleArgs;
use crate::uttt::display::draw;
use crate::uttt::engines::{EngineOptions, build};
use gamesolver_engines::EngineKind;

/// The games you can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PlayGame {
    /// Ultimate tic-tac-toe.
    Uttt,
    /// Jungle (Dou Shou Qi).
    Jungle,
}

/// Which side the human takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// X (Jungle: bottom), moving first.
    #[value(alias = "bottom", alias = "first")]
    X,
    /// O (Jungle: top), moving second.
    #[value(alias = "top", alias = "second")]
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
    #[arg(long, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Jungle endgame tablebase directory for the engine.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Jungle: pieces by their Chinese names (象 狮 虎 豹 狼 狗 猫 鼠).
    #[arg(long)]
    pub cn: bool,
    /// Jungle: no terminal colours.
    #[arg(long)]
    pub plain: bool,
}

/// What the terminal session needs from a game: its board picture and how
/// moves are typed and announced.
trait Table<G: Game> {
    /// One line on how to type moves.
    fn help(&self) -> &'static str;
    /// The position as text.
    fn draw(&self, position: &G) -> String;
    /// A typed move, or why it is not one.
    fn read_move(&self, text: &str) -> Result<G::Move, String>;
    /// How the engine's move is announced.
    fn announce(&self, mv: G::Move) -> String;
}

/// Ultimate tic-tac-toe in the terminal.
struct UtttTable;

impl Table<Board> for UtttTable {
    fn help(&self) -> &'static str {
        "Moves: a cell 0..80 or `board cell` (e.g. `4 4`); `undo`, `quit`."
    }

    fn draw(&self, position: &Board) -> String {
        draw(position)
    }

    fn read_move(&self, text: &str) -> Result<Cell, String> {
        read_move(text)
    }

    fn announce(&self, mv: Cell) -> String {
        format!("{mv} (board {}, cell {})", mv.board(), mv.pos())
    }
}

/// Jungle in the terminal.
struct JungleTable(Style);

impl Table<JungleGame> for JungleTable {
    fn help(&self) -> &'static str {
        "Moves: from-square then to-square, e.g. `g3g4`; `undo`, `quit`."
    }

    fn draw(&self, game: &JungleGame) -> String {
        crate::jungle::display::draw(game.position(), self.0)
    }

    fn read_move(&self, text: &str) -> Result<jungle::Move, String> {
        text.parse().map_err(|e| format!("{e}"))
    }

    fn announce(&self, mv: jungle::Move) -> String {
        mv.to_string()
    }
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
    match args.game {
        PlayGame::Uttt => {
            crate::search_args::refuse_tablebase("uttt", args.tablebase.as_deref())?;
            let mut engine = build(&EngineOptions {
                kind: args.engine,
                ..EngineOptions::default()
            });
            let start = Board::start(args.rules.uttt()?);
            let session = Session {
                human,
                movetime: args.movetime,
            };
            session.run(&UtttTable, start, engine.as_mut(), input, out)
        }
        PlayGame::Jungle => {
            let mut engine = crate::jungle::engine::build(&JungleOptions {
                kind: args.engine,
                tablebase: open_tablebase(args.tablebase.as_deref(), args.rules.jungle()?)?,
                ..JungleOptions::default()
            });
            let table = JungleTable(Style {
                chinese: args.cn,
                colour: !args.plain && crate::terminal::colours_wanted(),
            });
            let start = JungleGame::new(Position::start_with(args.rules.jungle()?));
            let session = Session {
                human,
                movetime: args.movetime,
            };
            session.run(&table, start, engine.as_mut(), input, out)
        }
    }
}

/// A human against an engine.
struct Session {
    human: Player,
    movetime: u64,
}

impl Session {
    /// Plays from `start` until the game ends or the human quits.
    fn run<G: Game>(
        &self,
        table: &dyn Table<G>,
        start: G,
        engine: &mut (dyn Engine<G> + Send),
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let mut history = vec![start];
        writeln!(out, "{}", table.help())?;
        loop {
            let position = history
                .last()
                .cloned()
                .ok_or_else(|| anyhow!("empty history"))?;
            write!(out, "\n{}", table.draw(&position))?;
            if let Some(outcome) = position.outcome() {
                writeln!(out, "{}", verdict(outcome, self.human))?;
                return Ok(());
            }
            if position.turn() != self.human {
                history.push(self.engine_move(table, engine, &position, out)?);
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
                typed => match table
                    .read_move(typed)
                    .and_then(|mv| position.play(mv).map_err(|e| e.to_string()))
                {
                    Ok(next) => history.push(next),
                    Err(e) => writeln!(out, "{e}")?,
                },
            }
        }
    }

    /// The engine's reply, announced.
    fn engine_move<G: Game>(
        &self,
        table: &dyn Table<G>,
        engine: &mut (dyn Engine<G> + Send),
        position: &G,
        out: &mut dyn Write,
    ) -> anyhow::Result<G> {
        let info = engine.think(position, &Limits::movetime_ms(self.movetime), &mut |_| {});
        let mv = info
            .best_move()
            .ok_or_else(|| anyhow!("the engine found no move"))?;
        writeln!(
            out,
            "engine plays {}, score {}, depth {}",
            table.announce(mv),
            info.score,
            info.depth
        )?;
        Ok(position.after(mv))
    }
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
            rules: RuleArgs::default(),
            tablebase: None,
            cn: false,
            plain: true,
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

    #[test]
    fn a_jungle_session_refuses_bad_moves_and_answers() {
        let args = Args {
            game: PlayGame::Jungle,
            side: Side::O,
            movetime: 5,
            engine: EngineKind::Alphabeta,
            rules: RuleArgs::default(),
            tablebase: None,
            cn: true,
            plain: true,
        };
        let mut out = Vec::new();
        let input = "a7a5\nzz\na7a6\nquit\n";
        play_session(&args, &mut input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("engine plays").count(), 2, "{text}");
        assert!(
            text.contains("illegal") || text.contains("not legal"),
            "{text}"
        );
        assert!(text.contains("a Jungle move is two squares"), "{text}");
        assert!(text.contains('象'), "{text}");
    }
}
