//! `gamesolver play`: play against the engine in the terminal. Any game
//! with an engine can be played; a game that declares a terminal board
//! ([`TerminalRenderer`]) is drawn and takes moves its way, any other
//! shows its position text and takes moves as it writes them.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, anyhow};
use gamesolver_api::{
    AnyEngine, EngineKind, EngineSpec, GameDef, Registry, SavedGame, SearchLimits, State,
    TerminalRenderer, TerminalStyle, record_date,
};
use gamesolver_arena::repetition::Repetitions;
use gamesolver_core::{Outcome, Player};

use crate::game_arg::{self, GameName};
use crate::numbers;
use crate::search_args::RuleArgs;

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
    pub game: GameName,
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
    /// Pieces by their names in the game's own script where the game has
    /// one (Jungle: 象 狮 虎 豹 狼 狗 猫 鼠).
    #[arg(long)]
    pub cn: bool,
    /// No terminal colours.
    #[arg(long)]
    pub plain: bool,
    /// Write the game to FILE as a game record when it ends or you quit
    /// (docs/FORMATS.md; `gamesolver review FILE` reviews it).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

/// Any game without a terminal board: its position text, moves as the
/// game writes them.
struct TextRenderer;

impl TerminalRenderer for TextRenderer {
    fn move_help(&self) -> &'static str {
        "Moves: as the game writes them; `undo`, `quit`."
    }

    fn draw(&self, state: &dyn State, _style: TerminalStyle) -> Option<String> {
        Some(format!("{}\n", state.to_text()))
    }
}

/// The terminal picture of `game` and its style: the board the game
/// declares, else its position text.
fn table_of<'g>(game: &'g dyn GameDef, args: &Args) -> Table<'g> {
    Table {
        renderer: game.terminal().unwrap_or(&TextRenderer),
        style: TerminalStyle {
            colour: !args.plain && crate::terminal::colours_wanted(),
            native_names: args.cn,
        },
    }
}

/// A game's terminal renderer and the style it draws in.
struct Table<'g> {
    renderer: &'g dyn TerminalRenderer,
    style: TerminalStyle,
}

impl Table<'_> {
    /// The position as text (the position text if the renderer cannot
    /// draw it).
    fn draw(&self, state: &dyn State) -> String {
        self.renderer
            .draw(state, self.style)
            .or_else(|| TextRenderer.draw(state, self.style))
            .unwrap_or_default()
    }
}

/// Plays one game on standard input, with the games of `registry`.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let stdin = io::stdin();
    play_session(registry, args, &mut stdin.lock(), out)
}

/// The game loop, reading the human's moves from `input`.
pub fn play_session(
    registry: &Registry,
    args: &Args,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let human = match args.side {
        Side::X => Player::First,
        Side::O => Player::Second,
    };
    let game = game_arg::resolve(registry, &args.game, "engine", |c| c.search)?;
    let rules = args.rules.rules.as_deref();
    let mut engine = game.engine(&EngineSpec {
        kind: Some(args.engine.name().to_string()),
        rules: rules.map(str::to_string),
        tablebase: args.tablebase.clone(),
        ..EngineSpec::default()
    })?;
    let start = game.start(rules)?;
    let session = Session {
        human,
        movetime: args.movetime,
        repetitions: Repetitions::of(game, start.rules()),
    };
    let table = table_of(game, args);
    let end = session.run(&table, start.clone(), engine.as_mut(), input, out)?;
    if let Some(path) = &args.save {
        let mut record = SavedGame::of_game(registry, start.as_ref(), &end.history())?;
        let engine_name = format!("gamesolver {}", engine.name());
        let (first, second) = match human {
            Player::First => ("you".to_string(), engine_name),
            Player::Second => (engine_name, "you".to_string()),
        };
        record.first = Some(first);
        record.second = Some(second);
        record.date = Some(record_date(std::time::SystemTime::now()));
        std::fs::write(path, record.to_text()?)
            .with_context(|| format!("cannot write the game to {}", path.display()))?;
        writeln!(out, "game saved to {}", path.display())?;
    }
    Ok(())
}

/// A human against an engine.
struct Session {
    human: Player,
    movetime: u64,
    /// The game's repetition draw, if it declares one.
    repetitions: Option<Repetitions>,
}

impl Session {
    /// Plays from `start` until the game ends or the human quits; the
    /// last position (its history: the game's moves).
    fn run(
        &self,
        table: &Table<'_>,
        start: Box<dyn State>,
        engine: &mut dyn AnyEngine,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> anyhow::Result<Box<dyn State>> {
        let mut history = vec![start];
        writeln!(out, "{}", table.renderer.move_help())?;
        loop {
            let position = history
                .last()
                .cloned()
                .ok_or_else(|| anyhow!("empty history"))?;
            write!(out, "\n{}", table.draw(position.as_ref()))?;
            if let Some(outcome) = position.outcome() {
                writeln!(out, "{}", verdict(outcome, self.human))?;
                return Ok(position);
            }
            if let Some(rule) = &self.repetitions
                && rule.drawn_in(&history)
            {
                writeln!(out, "Draw by {}.", rule.reason())?;
                return Ok(position);
            }
            if position.turn() != self.human {
                history.push(self.engine_move(table, engine, position, out)?);
                continue;
            }
            write!(out, "your move> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                return Ok(position);
            }
            match line.trim() {
                "quit" | "q" => return Ok(position),
                "undo" | "u" => {
                    if history.len() > 2 {
                        history.truncate(history.len() - 2);
                    } else {
                        writeln!(out, "nothing to undo")?;
                    }
                }
                typed => match table.renderer.read_move(typed).and_then(|mv| {
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
        table: &Table<'_>,
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
            table.renderer.announce(&mv),
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
            save: None,
        };
        let mut out = Vec::new();
        let registry = gamesolver_engines::builtin();
        play_session(&registry, &args, &mut input.as_bytes(), &mut out).unwrap();
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
