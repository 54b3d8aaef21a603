//! CodinGame's ultimate tic-tac-toe referee protocol (docs/PROTOCOL.md).
//!
//! Each turn the referee sends `opponentRow opponentCol` (`-1 -1` when we
//! move first), `validActionCount`, then that many `row col` lines; we answer
//! `row col`. Rows and columns are 0..8 on the 9×9 grid. The referee's list
//! of valid actions is the authority: if our position ever disagrees with it,
//! we still answer with one of its actions. Bad lines are reported on the
//! error stream and never end the program (except the end of input).

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, Cell, Variant};
use gamesolver_search::{AlphaBeta, CpuWaits, Engine, Limits, Reserve, TurnClock};

use super::eval::{EvalWeights, UtttEval};
use super::search_settings::{HASH_MB, search_config};
use gamesolver_api::protocol::lines;

/// How many times the move time the first answer may take: CodinGame
/// allows 1000 ms for the first turn and 100 ms for the others.
pub const FIRST_TURN_FACTOR: u64 = 10;

/// The time of our `turn`-th answer (from 0): `movetime_ms`, or
/// [`FIRST_TURN_FACTOR`] times it for the first, at least a millisecond;
/// the referee counts it from the turn's first input line, and so does
/// the search's clock ([`Limits::started`]).
#[must_use]
pub fn turn_budget(turn: usize, movetime_ms: u64) -> Duration {
    let whole = if turn == 0 {
        movetime_ms.saturating_mul(FIRST_TURN_FACTOR)
    } else {
        movetime_ms
    };
    Duration::from_millis(whole.max(1))
}

/// The engine of the standalone CodinGame bot (the single submittable
/// file, [`super::submission`]): alpha-beta with CodinGame's evaluation
/// weights and the game's search settings ([`search_config`]), what
/// `engine uttt --format codingame` builds with its default options.
#[must_use]
pub fn bot_engine() -> AlphaBeta<Board, UtttEval> {
    AlphaBeta::new(
        UtttEval::new(EvalWeights::for_variant(Variant::CodinGame)),
        HASH_MB,
    )
    .with_config(search_config(Variant::CodinGame))
}

/// Plays `engine` on `input`/`out` until the end of input, thinking
/// `movetime_ms` per move ([`FIRST_TURN_FACTOR`] times it for the first
/// move; the clock starts when a turn's first line arrives; a single valid
/// action is answered at once), writing problems to `errors`.
/// `search_reserve` is what the engine keeps back of the move time it is
/// given; on a machine that delays the answers (waits for a processor
/// before a turn is read or after the search stopped) more is kept back
/// for the following turns ([`TurnClock`], the search crate's adaptive
/// reserve).
pub fn serve(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    errors: &mut dyn Write,
    engine: &mut dyn Engine<Board>,
    movetime_ms: u64,
    search_reserve: Reserve,
) -> std::io::Result<()> {
    let mut board = Board::start(Variant::CodinGame);
    let mut turn = 0;
    // The start-up's waits (loading, building the tables) say how busy the
    // machine is before the first turn does.
    let mut clock = TurnClock::new(search_reserve, CpuWaits::of_this_thread());
    loop {
        // This thread's waits while it read the turn's first line (the
        // wake-up when it came) were on the referee's clock already.
        let waits_before_read = CpuWaits::of_this_thread();
        let Some(line) = next_line(input, errors)? else {
            break;
        };
        let turn_started = Instant::now();
        let waits_at_read = CpuWaits::of_this_thread();
        clock.line_read(
            turn_started,
            waits_at_read
                .zip(waits_before_read)
                .map(|(read, before)| read.since(before)),
        );
        let (row, col) = match read_pair(&line) {
            Ok(pair) => pair,
            Err(e) => {
                writeln!(errors, "error: {e}")?;
                continue;
            }
        };
        if row >= 0 && col >= 0 {
            board = apply_opponent(board, row, col, errors)?;
        }
        let Some(valid) = read_actions(input, errors)? else {
            return Ok(());
        };
        let timed = clock.begin(turn_budget(turn, movetime_ms), turn_started);
        let limits = Limits {
            movetime: Some(timed.movetime),
            started: Some(turn_started),
            ..Limits::default()
        };
        turn += 1;
        // A single valid action (a forced move, or an opening's move a
        // match runner replays) is played at once.
        let chosen = match valid[..] {
            [only] => Some(only),
            _ => engine
                .think(&board, &limits, &mut |_| {})
                .best_move()
                .filter(|m| valid.contains(m)),
        };
        let Some(mv) = chosen.or_else(|| valid.first().copied()) else {
            writeln!(errors, "error: no valid action was offered")?;
            continue;
        };
        if chosen.is_none() {
            writeln!(
                errors,
                "warning: our position disagrees with the referee's actions"
            )?;
        }
        writeln!(out, "{} {}", mv.grid_row(), mv.grid_col())?;
        out.flush()?;
        let answered = Instant::now();
        let waits_during = CpuWaits::of_this_thread()
            .zip(waits_at_read)
            .map(|(now, read)| now.since(read));
        clock.answered(timed, answered, waits_during);
        board = board.play(mv).unwrap_or(board);
    }
    Ok(())
}

/// The next non-empty line, or `None` at the end of input; a line that is
/// not text is reported and skipped.
fn next_line(input: &mut dyn BufRead, errors: &mut dyn Write) -> std::io::Result<Option<String>> {
    loop {
        match lines::next_line(input)? {
            None => return Ok(None),
            Some(Err(message)) => writeln!(errors, "error: {message}")?,
            Some(Ok(line)) if !line.trim().is_empty() => return Ok(Some(line.trim().to_string())),
            Some(Ok(_)) => {}
        }
    }
}

/// One turn of the referee's input: the opponent's last move (`-1 -1`
/// when there is none), the valid action count, then one `row col` line per
/// valid action. The referee side of the format [`serve`] reads (the match
/// runner drives CodinGame-format bots with it).
pub fn write_turn(
    out: &mut dyn Write,
    opponent: Option<Cell>,
    valid: &[Cell],
) -> std::io::Result<()> {
    let mut text = match opponent {
        Some(cell) => format!("{} {}\n", cell.grid_row(), cell.grid_col()),
        None => "-1 -1\n".to_string(),
    };
    text.push_str(&format!("{}\n", valid.len()));
    for cell in valid {
        text.push_str(&format!("{} {}\n", cell.grid_row(), cell.grid_col()));
    }
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The cell of an action line `row col` on the 9×9 grid.
pub fn parse_action(line: &str) -> Result<Cell, String> {
    let (row, col) = read_pair(line)?;
    grid_cell(row, col).ok_or_else(|| format!("action {line:?} is off the 9x9 grid"))
}

/// The cell of a bot's answer: `row col`, optionally followed by a message
/// (CodinGame's referee shows the rest of the line in its viewer, so bots
/// print their evaluation or iteration count there).
pub fn parse_answer(line: &str) -> Result<Cell, String> {
    let mut words = line.split_whitespace();
    let pair: String = words.by_ref().take(2).collect::<Vec<_>>().join(" ");
    parse_action(&pair).map_err(|e| {
        if words.next().is_some() {
            format!("{e} (answer {line:?})")
        } else {
            e
        }
    })
}

/// The cell at `row`, `col` of the 9×9 grid, if both are 0..8.
fn grid_cell(row: i32, col: i32) -> Option<Cell> {
    u8::try_from(row)
        .ok()
        .zip(u8::try_from(col).ok())
        .and_then(|(r, c)| Cell::from_grid(r, c))
}

/// `row col` as two integers (`-1 -1` allowed).
fn read_pair(line: &str) -> Result<(i32, i32), String> {
    let numbers: Vec<i32> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("expected `row col`, got {line:?}"))?;
    match numbers[..] {
        [row, col] => Ok((row, col)),
        _ => Err(format!("expected two numbers `row col`, got {line:?}")),
    }
}

/// Plays the opponent's move if it is legal here.
fn apply_opponent(
    board: Board,
    row: i32,
    col: i32,
    errors: &mut dyn Write,
) -> std::io::Result<Board> {
    match grid_cell(row, col).map(|c| board.play(c)) {
        Some(Ok(next)) => Ok(next),
        Some(Err(e)) => {
            writeln!(errors, "error: opponent move {row} {col}: {e}")?;
            Ok(board)
        }
        None => {
            writeln!(
                errors,
                "error: opponent move {row} {col} is off the 9x9 grid"
            )?;
            Ok(board)
        }
    }
}

/// `validActionCount` then that many `row col` lines; `None` at the end of
/// input.
fn read_actions(
    input: &mut dyn BufRead,
    errors: &mut dyn Write,
) -> std::io::Result<Option<Vec<Cell>>> {
    let Some(count_line) = next_line(input, errors)? else {
        return Ok(None);
    };
    let count: usize = match count_line.parse() {
        Ok(n) if n <= 81 => n,
        _ => {
            writeln!(
                errors,
                "error: expected the valid action count 0..81, got {count_line:?}"
            )?;
            return Ok(Some(Vec::new()));
        }
    };
    let mut valid = Vec::with_capacity(count);
    for _ in 0..count {
        let Some(line) = next_line(input, errors)? else {
            return Ok(None);
        };
        match parse_action(&line) {
            Ok(cell) => valid.push(cell),
            Err(e) => writeln!(errors, "error: {e}")?,
        }
    }
    Ok(Some(valid))
}

#[cfg(test)]
mod tests {
    use super::super::engines::{EngineOptions, build};
    use super::*;

    /// The bundled bot's engine searches as the engine `engine uttt
    /// --format codingame` builds with its default options.
    #[test]
    fn the_bot_engine_is_the_default_codingame_engine() {
        let options = EngineOptions::for_variant(Variant::CodinGame);
        assert_eq!(options.hash_mb, HASH_MB);
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let mut board = Board::start(Variant::CodinGame);
        for step in 0..4 {
            let (mut ours, mut theirs) = (bot_engine(), build(&options));
            let a = ours.think(&board, &limits, &mut |_| {});
            let b = theirs.think(&board, &limits, &mut |_| {});
            assert_eq!(
                (a.best_move(), a.nodes, a.score),
                (b.best_move(), b.nodes, b.score)
            );
            let moves = board.moves();
            board = board.play(moves[(step * 5) % moves.len()]).unwrap();
        }
    }

    fn run(input: &str) -> (String, String) {
        run_bytes(input.as_bytes())
    }

    fn run_bytes(mut input: &[u8]) -> (String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut engine = build(&EngineOptions::default());
        serve(
            &mut input,
            &mut out,
            &mut err,
            &mut *engine,
            5,
            Reserve::default(),
        )
        .unwrap();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn answers_with_a_valid_action() {
        let mut input = String::from("-1 -1\n81\n");
        for r in 0..9 {
            for c in 0..9 {
                input.push_str(&format!("{r} {c}\n"));
            }
        }
        let (out, err) = run(&input);
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(err.is_empty(), "{err}");
        // The opponent answers in the board we sent them to.
        let (r, c): (u8, u8) = {
            let mut it = out.split_whitespace().map(|x| x.parse().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        };
        let sent = Cell::from_grid(r, c).unwrap().pos();
        let reply = Cell::at(sent, 0).unwrap();
        let second = format!(
            "{input}{} {}\n1\n{} {}\n",
            reply.grid_row(),
            reply.grid_col(),
            4,
            4
        );
        let (out, _) = run(&second);
        assert_eq!(out.lines().count(), 2);
    }

    #[test]
    fn the_first_turn_gets_ten_times_the_move_time() {
        let ms = Duration::from_millis;
        assert_eq!(turn_budget(0, 90), ms(900));
        assert_eq!(turn_budget(1, 90), ms(90));
        assert_eq!(turn_budget(7, 0), ms(1));
        assert_eq!(turn_budget(0, u64::MAX), Duration::from_millis(u64::MAX));
    }

    #[test]
    fn garbage_is_reported_not_fatal() {
        let (out, err) = run("hello\n-1 -1\nx\n7 7 7\n");
        assert!(err.contains("expected"), "{err}");
        assert!(out.is_empty());
    }

    /// The referee side's turns are what `serve` reads: a single valid
    /// action is answered with that action, and the opponent's move is
    /// applied before the next answer.
    #[test]
    fn written_turns_are_read_and_answered() {
        let corner = Cell::from_grid(0, 0).unwrap();
        let mut input = Vec::new();
        write_turn(&mut input, None, &[corner]).unwrap();
        assert_eq!(String::from_utf8(input.clone()).unwrap(), "-1 -1\n1\n0 0\n");
        let board = Board::start(Variant::CodinGame).play(corner).unwrap();
        let reply = Cell::at(corner.pos(), 4).unwrap();
        let after = board.play(reply).unwrap();
        let mut valid = Vec::new();
        after.for_each_move(|c| valid.push(c));
        write_turn(&mut input, Some(reply), &valid).unwrap();
        let (out, err) = run_bytes(&input);
        assert!(err.is_empty(), "{err}");
        let answers: Vec<Cell> = out.lines().map(|l| parse_action(l).unwrap()).collect();
        assert_eq!(answers[0], corner);
        assert!(valid.contains(&answers[1]), "{out}");
    }

    #[test]
    fn actions_are_two_numbers_on_the_grid() {
        assert_eq!(parse_action("4 7"), Ok(Cell::from_grid(4, 7).unwrap()));
        assert!(
            parse_action("9 0")
                .unwrap_err()
                .contains("off the 9x9 grid")
        );
        assert!(
            parse_action("-1 -1")
                .unwrap_err()
                .contains("off the 9x9 grid")
        );
        assert!(parse_action("4").unwrap_err().contains("two numbers"));
        assert!(parse_action("four four").unwrap_err().contains("expected"));
    }

    #[test]
    fn an_answer_may_carry_a_message_after_the_action() {
        let cell = Cell::from_grid(4, 7).unwrap();
        assert_eq!(parse_answer("4 7"), Ok(cell));
        assert_eq!(parse_answer("4 7 0.5312 20480"), Ok(cell));
        assert_eq!(parse_answer("  4   7  hello there "), Ok(cell));
        assert!(parse_answer("4").unwrap_err().contains("two numbers"));
        assert!(parse_answer("4 x 7").unwrap_err().contains("expected"));
        assert!(
            parse_answer("9 0 msg")
                .unwrap_err()
                .contains("off the 9x9 grid")
        );
        assert!(parse_answer("").is_err());
    }

    /// Issue 10 finding 2: a line that is not UTF-8 is reported and skipped.
    #[test]
    fn a_line_that_is_not_utf8_is_reported_and_play_goes_on() {
        let (out, err) = run_bytes(b"\xff\xfe\n-1 -1\n1\n4 4\n");
        assert!(err.contains("not UTF-8"), "{err}");
        assert_eq!(out.trim(), "4 4", "{out}");
    }
}
