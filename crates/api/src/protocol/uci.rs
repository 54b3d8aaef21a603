//! The UCI-style engine protocol (docs/PROTOCOL.md), for any game.
//!
//! Commands: `uci` (or `jcei` where the host speaks it), `isready`,
//! `ucinewgame`, `setoption name N value V`, `position startpos|fen TEXT
//! [moves M…]`, `go movetime|depth|nodes|wtime/btime/winc/binc|infinite`,
//! `stop`, `quit`. The search runs on its own thread, which writes its
//! `info` lines and its `bestmove` itself (no hand-over to another thread
//! between the end of a search and its answer). While it runs,
//! `isready` is answered at once, `stop` ends it, `quit` and the end of
//! input stop it and end the session (after its `bestmove`); every other
//! command waits in a queue until the search ends (and ends a `go infinite`
//! search first: stop and apply). Every bad line gets one `info string error
//! …` line and the session goes on; a malformed `go` gets no `bestmove`.

use std::collections::VecDeque;
use std::fmt::Arguments;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Instant;

use gamesolver_core::Game;
use gamesolver_search::{CpuWaits, Engine, Limits, SearchInfo, StopFlag, TurnClock, TurnStart};

use super::EngineHost;
use super::command::{Command, GoParams, parse_command};
use super::lines::{Line, next_line};

/// Something the protocol loop reacts to.
enum Event<G: Game> {
    /// A line of input, or `None` at the end of input, when it was read
    /// (a `go`'s clock starts then) and the reader thread's waits for a
    /// processor while reading it.
    Line(Option<Line>, Instant, Option<CpuWaits>),
    /// The search finished and its `bestmove` was written: the engine
    /// comes back with what the answer took.
    Done(Box<dyn Engine<G> + Send>, Answer),
}

/// How a search's answer went, told by the searching thread.
struct Answer {
    /// When its `bestmove` had been written and flushed, or the error that
    /// stopped the output.
    written: io::Result<Instant>,
    /// The searching thread's processor waits from when it began waiting
    /// for the job to the answer.
    waits: Option<CpuWaits>,
}

/// A search for the searching thread: the engine, the position, the
/// limits (with when the `go` was read).
struct Job<G: Game> {
    engine: Box<dyn Engine<G> + Send>,
    position: G,
    limits: Limits,
}

/// The session's output, shared by the session's loop and the searching
/// thread: each line is written whole under the lock.
struct Output<'o> {
    out: Mutex<&'o mut (dyn Write + Send)>,
}

impl<'o> Output<'o> {
    /// The writer (a thread that panicked while writing left whole lines).
    fn lock(&self) -> MutexGuard<'_, &'o mut (dyn Write + Send)> {
        self.out.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Writes `line` and a newline.
    fn line(&self, line: Arguments<'_>) -> io::Result<()> {
        writeln!(self.lock(), "{line}")
    }

    /// Writes `line` and a newline, then flushes.
    fn flushed_line(&self, line: Arguments<'_>) -> io::Result<()> {
        let mut out = self.lock();
        writeln!(out, "{line}")?;
        out.flush()
    }

    /// Writes `lines` (each ending with a newline) in one piece, then
    /// flushes: a reader woken by the first line cannot take the processor
    /// before the others are out.
    fn flushed_lines(&self, lines: &str) -> io::Result<()> {
        let mut out = self.lock();
        out.write_all(lines.as_bytes())?;
        out.flush()
    }

    /// Flushes what was written.
    fn flush(&self) -> io::Result<()> {
        self.lock().flush()
    }
}

/// A running search: its stop flag, whether it had no limit, and the
/// turn it answers on a clock (a move time).
struct Running {
    flag: StopFlag,
    infinite: bool,
    timed: Option<TurnStart>,
}

/// The protocol state between commands.
struct Session<G: Game, H: EngineHost<G>> {
    host: H,
    position: G,
    engine: Option<Box<dyn Engine<G> + Send>>,
    searching: Option<Running>,
    /// Commands that arrived during a search, run once it ends: each line,
    /// when it was read and the reader's waits while reading it.
    queued: VecDeque<(String, Instant, Option<CpuWaits>)>,
    /// The input ended: stop every search, then finish.
    at_end: bool,
    /// The move times given and the extra reserve after delayed answers.
    clock: TurnClock,
    /// The searching thread's work.
    jobs: Sender<Job<G>>,
}

/// Serves the protocol on `input` until `quit` or the end of input, writing
/// replies to `out` (from this thread and the searching thread, a line at a
/// time).
pub fn serve<G, H>(
    host: H,
    input: Box<dyn BufRead + Send>,
    out: &mut (dyn Write + Send),
) -> io::Result<()>
where
    G: Game + std::fmt::Display + Send + 'static,
    H: EngineHost<G>,
{
    let (tx, rx) = channel();
    let reader = tx.clone();
    thread::spawn(move || read_lines(input, &reader));
    let output = Output {
        out: Mutex::new(out),
    };
    let (jobs, searches) = channel();
    let position = host.start();
    let engine = Some(host.build());
    // The start-up's waits (building the engine's tables) say how busy the
    // machine is before the first `go` does.
    let clock = TurnClock::new(host.time_reserve(), CpuWaits::of_this_thread());
    let session = Session {
        position,
        engine,
        host,
        searching: None,
        queued: VecDeque::new(),
        at_end: false,
        clock,
        jobs,
    };
    thread::scope(|scope| {
        let answers = tx.clone();
        let output = &output;
        scope.spawn(move || search(&searches, &answers, output));
        // The session (and its job sender, which ends the searching
        // thread) is dropped when the loop ends.
        let mut session = session;
        let served = session.run(&rx, output);
        // A search still running (the output failed) ends now.
        session.stop();
        drop(session);
        served
    })
}

/// The searching thread: runs each job, writes its `info` lines and its
/// `bestmove` (flushed), and sends the engine back with the answer's
/// timing; ends when the session drops its job sender.
fn search<G>(jobs: &Receiver<Job<G>>, answers: &Sender<Event<G>>, output: &Output<'_>)
where
    G: Game + std::fmt::Display,
{
    loop {
        // The thread's waits are counted from here: the wait to be woken
        // for the job is the turn's, a wait after the last answer (between
        // its flush and this reading) is no one's.
        let waits_before_job = CpuWaits::of_this_thread();
        let Ok(Job {
            mut engine,
            position,
            limits,
        }) = jobs.recv()
        else {
            return;
        };
        let mut failed = None;
        let mut reported_nodes = None;
        // Output that cannot be written ends the search.
        let flag = engine.stop_flag();
        let info = engine.think(&position, &limits, &mut |i| {
            reported_nodes = Some(i.nodes);
            if failed.is_none()
                && let Err(error) = output.flushed_line(format_args!("{}", info_line(i)))
            {
                failed = Some(error);
                flag.stop();
            }
        });
        let best = info
            .best_move()
            .map_or("(none)".to_string(), |m| m.to_string());
        // When the search went on past its last report (an iteration cut
        // short by the clock, the node budget or `stop`), one more line
        // tells the whole move's nodes and time; it goes out with the
        // `bestmove`, in one write (a referee woken by a line of its own
        // would take the processor between the two).
        let went_on = reported_nodes.is_some_and(|n| n != info.nodes);
        let totals = if went_on {
            format!("{}\n", info_line(&info))
        } else {
            String::new()
        };
        let answer = format!("{totals}bestmove {best}\n");
        let written = match failed {
            Some(error) => Err(error),
            // Timed once written and flushed: a wait for a processor just
            // after the write (the woken referee taking this one) is not on
            // the referee's clock, but it tells of a busy machine, and
            // counting it keeps answers in time under load.
            None => output.flushed_lines(&answer).map(|()| Instant::now()),
        };
        let waits = CpuWaits::of_this_thread()
            .zip(waits_before_job)
            .map(|(now, then)| now.since(then));
        if answers
            .send(Event::Done(engine, Answer { written, waits }))
            .is_err()
        {
            return;
        }
    }
}

/// Forwards input lines to the loop, each with the reader's waits for a
/// processor while reading it (from just before it asked for the line:
/// the wake-up when the line arrived, not a wait after the last line was
/// handed on); `None` at the end (or a read error).
fn read_lines<G: Game>(mut input: Box<dyn BufRead + Send>, tx: &Sender<Event<G>>) {
    loop {
        let before = CpuWaits::of_this_thread();
        let Ok(Some(line)) = next_line(&mut input) else {
            break;
        };
        let read = Instant::now();
        let waits = CpuWaits::of_this_thread()
            .zip(before)
            .map(|(now, then)| now.since(then));
        if tx.send(Event::Line(Some(line), read, waits)).is_err() {
            return;
        }
    }
    let _ = tx.send(Event::Line(None, Instant::now(), None));
}

impl<G, H> Session<G, H>
where
    G: Game + std::fmt::Display + Send + 'static,
    H: EngineHost<G>,
{
    /// Runs commands and events until `quit` or the end of input.
    fn run(&mut self, rx: &Receiver<Event<G>>, output: &Output<'_>) -> io::Result<()> {
        loop {
            let keep_going = if self.searching.is_none()
                && let Some((line, read, waits)) = self.queued.pop_front()
            {
                self.command(&line, read, waits, output)?
            } else if self.searching.is_none() && self.at_end {
                false
            } else {
                // The reader and the searching thread hold senders, and the
                // searching thread lives as long as the session.
                let event = rx.recv().unwrap_or(Event::Line(None, Instant::now(), None));
                self.event(event, rx, output)?
            };
            output.flush()?;
            if !keep_going {
                return Ok(());
            }
        }
    }

    /// Reacts to one event; `false` means the session ends.
    fn event(
        &mut self,
        event: Event<G>,
        rx: &Receiver<Event<G>>,
        output: &Output<'_>,
    ) -> io::Result<bool> {
        match event {
            Event::Line(Some(Ok(line)), read, waits) => {
                if self.searching.is_some() {
                    return self.during_search(line, read, waits, rx, output);
                }
                return self.command(&line, read, waits, output);
            }
            Event::Line(Some(Err(message)), ..) => {
                output.line(format_args!("info string error {message}"))?;
            }
            Event::Line(None, ..) => {
                self.at_end = true;
                self.stop();
            }
            Event::Done(engine, answer) => self.answered(engine, answer)?,
        }
        Ok(true)
    }

    /// A line that arrives while a search runs: `isready`, `stop`, `quit`
    /// and lines that are no command at all are answered now, the rest
    /// queued (a `go infinite` search is stopped for them).
    fn during_search(
        &mut self,
        line: String,
        read: Instant,
        waits: Option<CpuWaits>,
        rx: &Receiver<Event<G>>,
        output: &Output<'_>,
    ) -> io::Result<bool> {
        match parse_command(&line) {
            Ok(Command::IsReady) => output.line(format_args!("readyok"))?,
            Ok(Command::Stop) => self.stop(),
            Ok(Command::Quit) if self.queued.is_empty() => {
                self.stop();
                self.wait_for_search(rx)?;
                return Ok(false);
            }
            Ok(Command::Quit) => {
                // After the queued commands, whose searches stop at once.
                self.stop();
                self.at_end = true;
                self.queued.push_back((line, read, waits));
            }
            Ok(Command::Empty) => {}
            Ok(Command::Handshake(name)) => self.handshake(name, output)?,
            Err(error) if !error.waits_for_search() => {
                output.line(format_args!("info string error {}", error.message))?;
            }
            _ => {
                if self.searching.as_ref().is_some_and(|s| s.infinite) {
                    self.stop();
                }
                self.queued.push_back((line, read, waits));
            }
        }
        Ok(true)
    }

    /// Runs one command line, read at `read` (the reader waited `waits`
    /// for a processor while reading it), with no search running; `false`
    /// means quit.
    fn command(
        &mut self,
        line: &str,
        read: Instant,
        waits: Option<CpuWaits>,
        output: &Output<'_>,
    ) -> io::Result<bool> {
        self.clock.line_read(read, waits);
        let result = match parse_command(line) {
            Err(error) => Err(error.message),
            Ok(Command::Empty | Command::Stop) => Ok(()),
            Ok(Command::Handshake(name)) => return self.handshake(name, output).map(|()| true),
            Ok(Command::IsReady) => {
                // The other side waited for this answer: its clock had not
                // started.
                self.clock.forget_waits();
                return output.line(format_args!("readyok")).map(|()| true);
            }
            Ok(Command::Quit) => return Ok(false),
            Ok(Command::NewGame) => {
                self.position = self.host.start();
                self.engine().new_game();
                Ok(())
            }
            Ok(Command::SetOption { name, value }) => self.set_option(&name, &value),
            Ok(Command::Position { fen, moves }) => self.set_position(fen.as_deref(), &moves),
            Ok(Command::Go(params)) => return self.go(&params, read, output).map(|()| true),
        };
        if let Err(message) = result {
            output.line(format_args!("info string error {message}"))?;
        }
        Ok(true)
    }

    /// Raises the running search's stop flag, if one runs.
    fn stop(&self) {
        if let Some(running) = &self.searching {
            running.flag.stop();
        }
    }

    /// Waits for the running search's `bestmove` (lines read meanwhile
    /// are dropped).
    fn wait_for_search(&mut self, rx: &Receiver<Event<G>>) -> io::Result<()> {
        while self.searching.is_some() {
            match rx.recv() {
                Ok(Event::Done(engine, answer)) => self.answered(engine, answer)?,
                Ok(Event::Line(..)) => {}
                Err(_) => break,
            }
        }
        Ok(())
    }

    /// The engine (present whenever no search runs).
    fn engine(&mut self) -> &mut Box<dyn Engine<G> + Send> {
        let host = &self.host;
        self.engine.get_or_insert_with(|| host.build())
    }

    /// Replies to `uci` or `jcei`: identity, options, `uciok` (`jceiok`);
    /// a handshake the host does not speak is an error.
    fn handshake(&self, name: &str, output: &Output<'_>) -> io::Result<()> {
        if !self.host.handshakes().contains(&name) {
            return output.line(format_args!(
                "info string error this engine does not speak {name}; use {}",
                self.host.handshakes().join(" or ")
            ));
        }
        let mut out = output.lock();
        writeln!(out, "id name {}", self.host.engine_name())?;
        writeln!(out, "id author the gamesolver authors")?;
        for option in self.host.options() {
            writeln!(out, "option name {} {}", option.name, option.description)?;
        }
        writeln!(out, "{name}ok")
    }

    /// Takes back the engine of a search that answered; a search on a
    /// clock is timed to its flushed `bestmove` ([`TurnClock::answered`]).
    fn answered(&mut self, engine: Box<dyn Engine<G> + Send>, answer: Answer) -> io::Result<()> {
        self.engine = Some(engine);
        let running = self.searching.take();
        let answered = answer.written?;
        if let Some(turn) = running.and_then(|s| s.timed) {
            self.clock.answered(turn, answered, answer.waits);
        }
        Ok(())
    }

    /// `setoption`: sets the option and rebuilds the engine (also after
    /// a refusal, which may have dropped a setting, such as a tablebase of
    /// other rules).
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let result = self.host.set_option(name, value);
        self.engine = Some(self.host.build());
        result
    }

    /// `position`: the start or `fen`, then the moves up to the first one
    /// that cannot be played (Stockfish's practice); that one is reported.
    /// A position text that cannot be read leaves the position unchanged.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let mut position = match fen {
            None => self.host.start(),
            Some(text) => self.host.parse_position(text)?,
        };
        let mut refused = None;
        for (index, text) in moves.iter().enumerate() {
            let played = text
                .parse::<G::Move>()
                .map_err(|e| format!("{e}"))
                .and_then(|mv| position.play(mv).map_err(|e| format!("{e} in {position}")));
            match played {
                Ok(next) => position = next,
                Err(message) => {
                    refused = Some(format!(
                        "move {} ({text}) refused, position kept after the {index} before it: \
                         {message}",
                        index + 1
                    ));
                    break;
                }
            }
        }
        self.position = position;
        refused.map_or(Ok(()), Err)
    }

    /// `go …`: hands the search to the searching thread (stopped at once
    /// after the end of input), its clock running from `read`, when the
    /// command was read; a finished game is answered `bestmove (none)`.
    fn go(&mut self, params: &GoParams, read: Instant, output: &Output<'_>) -> io::Result<()> {
        if self.position.is_finished() {
            output.line(format_args!(
                "info string error the game is over: no move to search"
            ))?;
            return output.line(format_args!("bestmove (none)"));
        }
        let (mut limits, infinite) = params.limits(self.position.turn().index());
        limits.started = Some(read);
        // On a clock, the move time less what the machine's recent delays
        // call for.
        self.clock.set_search_reserve(self.host.time_reserve());
        let timed = limits.movetime.map(|budget| {
            let turn = self.clock.begin(budget, read);
            limits.movetime = Some(turn.movetime);
            turn
        });
        if timed.is_none() {
            self.clock.forget_waits();
        }
        let engine = self.engine.take().unwrap_or_else(|| self.host.build());
        let flag = engine.stop_flag();
        flag.reset();
        if self.at_end {
            flag.stop();
        }
        let job = Job {
            engine,
            position: self.position.clone(),
            limits,
        };
        if let Err(refused) = self.jobs.send(job) {
            // The searching thread lives as long as the session: this does
            // not happen; the engine is kept.
            self.engine = Some(refused.0.engine);
            return Err(io::Error::other("the searching thread ended"));
        }
        self.searching = Some(Running {
            flag,
            infinite,
            timed,
        });
        Ok(())
    }
}

/// The `info …` line of a search report.
pub fn info_line<M: std::fmt::Display + Copy>(info: &SearchInfo<M>) -> String {
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.score.uci(),
        info.nodes,
        info.nps(),
        info.elapsed.as_millis(),
        pv.join(" ")
    )
}
