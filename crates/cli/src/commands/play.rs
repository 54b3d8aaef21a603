//! `gamesolver play`: play against the engine in the terminal. Any game
//! with an engine can be played; ultimate tic-tac-toe and Jungle have
//! their own board pictures and move entry, other games show their
//! position text and take moves as they write them.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use anyhow::anyhow;
use gamesolver_core::{Outcome, Player};
use gamesolver_engines::facade::jungle::Jungle;
use gamesolver_engines::facade::model::typed;
use gamesolver_engines::facade::uttt::Uttt;
use gamesolver_engines::{AnyEngine, EngineKind, EngineSpec, Registry, SearchLimits, State};
use gamesolver_games::jungle;
use gamesolver_games::uttt::Cell;

use crate::game_arg;
use crate::jungle::display::Style;
use crate::numbers;
use crate::search_args::RuleArgs;
use crate::uttt::display::draw;

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
    /// The game (any game with an engine; a name or alias).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: String,
    /// Your side.
    #[arg(long, value_enum, default_value_t = Side::X)]
    pub side: Side,
    /// The engine's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 500, value_parser = numbers::movetime)]
    pub movetime: u64,
    /// The engine you play against.
    #[arg(long, default_value_t = EngineKind::Alphabeta)]
    pub engine: EngineKind,
    /// The rules of the game.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Endgame tablebase directory for the engine (games with tablebases
    /// only).
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
trait Table {
    /// One line on how to type moves.
    fn help(&self) -> &'static str;
    /// The position as text.
    fn draw(&self, state: &dyn State) -> String;
    /// The move text of a typed move, or why it is not one.
    fn read_move(&self, text: &str) -> Result<String, String>;
    /// How the engine's move is announced.
    fn announce(&self, mv: &str) -> String;
}

/// Any game: its position text, moves as the game writes them.
struct TextTable;

impl Table for TextTable {
    fn help(&self) -> &'static str {
        "Moves: as the game writes them; `undo`, `quit`."
    }

    fn draw(&self, state: &dyn State) -> String {
        format!("{}\n", state.to_text())
    }

    fn read_move(&self, text: &str) -> Result<String, String> {
        Ok(text.to_string())
    }

    fn announce(&self, mv: &str) -> String {
        mv.to_string()
    }
}

/// Ultimate tic-tac-toe in the terminal.
struct UtttTable;

impl Table for UtttTable {
    fn help(&self) -> &'static str {
        "Moves: a cell 0..80 or `board cell` (e.g. `4 4`); `undo`, `quit`."
    }

    fn draw(&self, state: &dyn State) -> String {
        typed::<Uttt>(state).map_or_else(|_| TextTable.draw(state), |s| draw(&s.game))
    }

    fn read_move(&self, text: &str) -> Result<String, String> {
        read_move(text).map(|cell| cell.to_string())
    }

    fn announce(&self, mv: &str) -> String {
        match mv.parse::<Cell>() {
            Ok(cell) => format!("{mv} (board {}, cell {})", cell.board(), cell.pos()),
            Err(_) => mv.to_string(),
        }
    }
}

/// Jungle in the terminal.
struct JungleTable(Style);

impl Table for JungleTable {
    fn help(&self) -> &'static str {
        "Moves: from-square then to-square, e.g. `g3g4`; `undo`, `quit`."
    }

    fn draw(&self, state: &dyn State) -> String {
        typed::<Jungle>(state).map_or_else(
            |_| TextTable.draw(state),
            |s| crate::jungle::display::draw(s.game.position(), self.0),
        )
    }

    fn read_move(&self, text: &str) -> Result<String, String> {
        text.parse::<jungle::Move>()
            .map(|mv| mv.to_string())
            .map_err(|e| format!("{e}"))
    }

    fn announce(&self, mv: &str) -> String {
        mv.to_string()
    }
}

/// The terminal picture of `game` (a registry name): the board drawings
/// of ultimate tic-tac-toe and Jungle, the position text of any other.
fn table_of(game: &str, args: &Args) -> Box<dyn Table> {
    match game {
        "uttt" => Box::new(UtttTable),
        "jungle" => Box::new(JungleTable(Style {
            chinese: args.cn,
            colour: !args.plain && crate::terminal::colours_wanted(),
        })),
        _ => Box::new(TextTable),
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
    let game = game_arg::resolve(Registry::global(), &args.game, "engine", |c| c.search)?;
    let rules = args.rules.rules.as_deref();
    let mut engine = game.engine(&EngineSpec {
        kind: Some(args.engine.name().to_string()),
        rules: rules.map(str::to_string),
        tablebase: args.tablebase.clone(),
        ..EngineSpec::default()
    })?;
    let session = Session {
        human,
        movetime: args.movetime,
    };
    let table = table_of(game.info().name, args);
    session.run(
        table.as_ref(),
        game.start(rules)?,
        engine.as_mut(),
        input,
        out,
    )
}

/// A human against an engine.
struct Session {
    human: Player,
    movetime: u64,
}

impl Session {
    /// Plays from `start` until the game ends or the human quits.
    fn run(
        &self,
        table: &dyn Table,
        start: Box<dyn State>,
        engine: &mut dyn AnyEngine,
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
            write!(out, "\n{}", table.draw(position.as_ref()))?;
            if let Some(outcome) = position.outcome() {
                writeln!(out, "{}", verdict(outcome, self.human))?;
                return Ok(());
            }
            if position.turn() != self.human {
                history.push(self.engine_move(table, engine, position, out)?);
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
                typed => match table.read_move(typed).and_then(|mv| {
                    let mut next = position.clone();
                    next.play(&mv).map(|()| next).map_err(|e| e.to_string())
                }) {
                    Ok(next) => history.push(next),
                    Err(e) => writeln!(out, "{e}")?,
                },
            }
        }
    }

    /// The engine's reply, announced.
    fn engine_move(
        &self,
        table: &dyn Table,
        engine: &mut dyn AnyEngine,
        mut position: Box<dyn State>,
        out: &mut dyn Write,
    ) -> anyhow::Result<Box<dyn State>> {
        let limits = SearchLimits {
            movetime_ms: Some(self.movetime),
            ..SearchLimits::default()
        };
        let report = engine.search(position.as_ref(), &limits, &mut |_| {})?;
        let mv = report
            .bestmove
            .ok_or_else(|| anyhow!("the engine found no move"))?;
        writeln!(
            out,
            "engine plays {}, score {}, depth {}",
            table.announce(&mv),
            report.score,
            report.depth
        )?;
        position.play(&mv)?;
        Ok(position)
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

    /// The output of a session of `game` with the human on `side`, typing
    /// `input`.
    fn session(game: &str, side: Side, chinese: bool, input: &str) -> String {
        let args = Args {
            game: game.into(),
            side,
            movetime: 5,
            engine: EngineKind::Alphabeta,
            rules: RuleArgs::default(),
            tablebase: None,
            cn: chinese,
            plain: true,
        };
        let mut out = Vec::new();
        play_session(&args, &mut input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_session_survives_bad_input() {
        let text = session("uttt", Side::X, false, "hello\n99\n4 4\n0\nundo\nquit\n");
        assert!(text.contains("engine plays"), "{text}");
        assert!(
            text.contains("not a number") && text.contains("0..80"),
            "{text}"
        );
    }

    #[test]
    fn any_game_with_an_engine_is_played_as_text() {
        let text = session("tictactoe", Side::X, false, "9\n4\nquit\n");
        assert!(text.contains("as the game writes them"), "{text}");
        assert!(text.contains("illegal move \"9\""), "{text}");
        assert!(text.contains("\n....X....\n"), "{text}");
        assert_eq!(text.matches("engine plays").count(), 1, "{text}");
    }

    #[test]
    fn a_jungle_session_refuses_bad_moves_and_answers() {
        let text = session("jungle", Side::O, true, "a7a5\nzz\na7a6\nquit\n");
        assert_eq!(text.matches("engine plays").count(), 2, "{text}");
        assert!(
            text.contains("illegal") || text.contains("not legal"),
            "{text}"
        );
        assert!(text.contains("a Jungle move is two squares"), "{text}");
        assert!(text.contains('象'), "{text}");
    }
}
