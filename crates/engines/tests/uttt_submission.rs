//! The CodinGame bot as one file (`uttt::submission::codingame_file`):
//! within CodinGame's size limit, compiled with plain `rustc --edition
//! 2021 -O` (standard library only), answering CodinGame's turns with legal
//! moves, and playing a whole game through the match runner's `codingame:`
//! driver, every move checked by the referee.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use gamesolver_api::{GameDef, ModelDef};
use gamesolver_arena::MoveLimit;
use gamesolver_arena::referee::{Seat, play_game};
use gamesolver_core::Game;
use gamesolver_engines::uttt::Uttt;
use gamesolver_engines::uttt::codingame::{parse_answer, write_turn};
use gamesolver_engines::uttt::codingame_bot::CodinGameBot;
use gamesolver_engines::uttt::submission::{SIZE_LIMIT, codingame_file};
use gamesolver_games::uttt::{Board, Cell, Variant};

/// The move time the bot is started with, in milliseconds.
const MOVETIME_MS: u64 = 20;

/// How long a test waits for an answer (the machine may be loaded).
const PATIENCE: Duration = Duration::from_secs(20);

/// Writes the file into `dir`, compiles it and returns the program's path.
fn compiled_bot(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let file = codingame_file(&root).expect("the sources bundle");
    let size = file.chars().count();
    assert!(size <= SIZE_LIMIT, "{size} characters");
    let source = dir.join("bot.rs");
    std::fs::write(&source, file).unwrap();
    let program = dir.join("bot");
    let output = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&program)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(
        output.status.success(),
        "rustc failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    program
}

/// The bot's answer lines, read on a thread of their own.
fn answers(stdout: ChildStdout) -> Receiver<String> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

/// The bot started at [`MOVETIME_MS`], and its answers.
fn start(program: &Path) -> (Child, Receiver<String>) {
    let mut bot = Command::new(program)
        .arg(MOVETIME_MS.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines = answers(bot.stdout.take().unwrap());
    (bot, lines)
}

/// Sends one turn (the opponent's move and the legal moves of `board`) and
/// returns the bot's move, checked to be one of them.
fn turn(
    bot: &mut Child,
    answers: &Receiver<String>,
    opponent: Option<Cell>,
    board: &Board,
) -> Cell {
    let valid = board.moves();
    let stdin = bot.stdin.as_mut().unwrap();
    write_turn(stdin, opponent, &valid).unwrap();
    stdin.flush().unwrap();
    let line = answers.recv_timeout(PATIENCE).expect("the bot answers");
    let cell = parse_answer(&line).unwrap_or_else(|e| panic!("answer {line:?}: {e}"));
    assert!(valid.contains(&cell), "{cell} is not one of {valid:?}");
    cell
}

#[test]
fn the_file_compiles_alone_and_plays_codingames_turns() {
    let dir = tempfile::tempdir().unwrap();
    let program = compiled_bot(dir.path());

    // As the first player: the first turn (`-1 -1`, all 81 cells), then
    // later turns after the opponent's replies.
    let (mut bot, lines) = start(&program);
    let mut board = Board::start(Variant::CodinGame);
    let mut opponent = None;
    for _ in 0..3 {
        let ours = turn(&mut bot, &lines, opponent, &board);
        board = board.play(ours).unwrap();
        let reply = *board.moves().last().unwrap();
        board = board.play(reply).unwrap();
        opponent = Some(reply);
    }
    drop(bot.stdin.take());
    assert!(bot.wait().unwrap().success(), "the bot ends with its input");

    // As the second player: its first turn carries the opponent's move.
    let (mut bot, lines) = start(&program);
    let centre = Cell::from_grid(4, 4).unwrap();
    let board = Board::start(Variant::CodinGame).play(centre).unwrap();
    turn(&mut bot, &lines, Some(centre), &board);
    drop(bot.stdin.take());
    assert!(bot.wait().unwrap().success());

    // A whole game, the bot on both sides, through the `codingame:` driver.
    let opening = ModelDef::new(Uttt)
        .parse(&format!("{} *", ".".repeat(81)), Some("codingame"))
        .unwrap();
    let command = format!("{} {MOVETIME_MS}", program.display());
    let (mut x, mut o) = (CodinGameBot::new(&command), CodinGameBot::new(&command));
    let mut seats = [Seat::new(&mut x), Seat::new(&mut o)];
    let record = play_game(
        opening.as_ref(),
        &mut seats,
        MoveLimit::Movetime(MOVETIME_MS),
        2000,
        None,
    );
    assert_eq!(record.forfeit, None);
    assert!(record.moves.len() >= 17, "{:?}", record.moves);
}
