//! The UCI-style engine protocol (docs/PROTOCOL.md), for any game.
//!
//! Commands: `uci` (or `jcei` where the host speaks it), `isready`,
//! `ucinewgame`, `setoption name N value V`, `position startpos|fen TEXT
//! [moves M…]`, `go movetime|depth|nodes|wtime/btime/winc/binc|infinite`,
//! `stop`, `quit`. The search runs on its own thread. While it runs,
//! `isready` is answered at once, `stop` ends it, `quit` and the end of
//! input stop it and end the session (after its `bestmove`); every other
//! command waits in a queue until the search ends (and ends a `go infinite`
//! search first: stop and apply). Every bad line gets one `info string error
//! …` line and the session goes on; a malformed `go` gets no `bestmove`.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;
use std::time::Instant;

use gamesolver_core::Game;
use gamesolver_search::{CpuWaits, Engine, SearchInfo, StopFlag, TurnClock, TurnStart};

use super::EngineHost;
use super::command::{Command, GoParams, parse_command};
use super::lines::{Line, next_line};

/// Something the protocol loop reacts to.
enum Event<G: Game> {
    /// A line of input, or `None` at the end of input, when it was read
    /// (a `go`'s clock starts then) and the reader thread's processor waits
    /// then.
    Line(Option<Line>, Instant, Option<CpuWaits>),
    /// A line of output from the searching thread.
    Info(String),
    /// The search finished: the engine comes back with its `bestmove` line
    /// and the searching thread's processor waits.
    Done(Box<dyn Engine<G> + Send>, String, Option<CpuWaits>),
}

/// A running search: its stop flag, whether it had no limit, and the
/// turn it answers on a clock (a move time), with when its `go` was read.
struct Running {
    flag: StopFlag,
    infinite: bool,
    timed: Option<(TurnStart, Instant)>,
}

/// The protocol state between commands.
struct Session<G: Game, H: EngineHost<G>> {
    host: H,
    position: G,
    engine: Option<Box<dyn Engine<G> + Send>>,
    searching: Option<Running>,
    /// Commands that arrived during a search, run once it ends.
    queued: VecDeque<(String, Instant)>,
    /// The input ended: stop every search, then finish.
    at_end: bool,
    /// The move times given and the extra reserve after delayed answers.
    clock: TurnClock,
    /// The reader thread's processor waits at the last line it read.
    reader_waits: Option<CpuWaits>,
}

/// Serves the protocol on `input` until `quit` or the end of input, writing
/// replies to `out`.
pub fn serve<G, H>(
    host: H,
    input: Box<dyn BufRead + Send>,
    out: &mut dyn Write,
) -> std::io::Result<()>
where
    G: Game + std::fmt::Display + Send + 'static,
    H: EngineHost<G>,
{
    let (tx, rx) = channel();
    let reader = tx.clone();
    thread::spawn(move || read_lines(input, &reader));
    let position = host.start();
    let engine = Some(host.build());
    // The start-up's waits (building the engine's tables) say how busy the
    // machine is before the first `go` does.
    let clock = TurnClock::new(host.time_reserve(), CpuWaits::of_this_thread());
    let mut session = Session {
        position,
        engine,
        host,
        searching: None,
        queued: VecDeque::new(),
        at_end: false,
        clock,
        reader_waits: None,
    };
    loop {
        let keep_going = if session.searching.is_none()
            && let Some((line, read)) = session.queued.pop_front()
        {
            session.command(&line, read, &tx, out)?
        } else if session.searching.is_none() && session.at_end {
            false
        } else {
            // The session holds a sender, so the channel never closes.
            let event = rx.recv().unwrap_or(Event::Line(None, Instant::now(), None));
            session.event(event, &tx, &rx, out)?
        };
        out.flush()?;
        if !keep_going {
            return Ok(());
        }
    }
}

/// Forwards input lines to the loop; `None` at the end (or a read error).
fn read_lines<G: Game>(mut input: Box<dyn BufRead + Send>, tx: &Sender<Event<G>>) {
    while let Ok(Some(line)) = next_line(&mut input) {
        let read = Instant::now();
        let event = Event::Line(Some(line), read, CpuWaits::of_this_thread());
        if tx.send(event).is_err() {
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
    /// Reacts to one event; `false` means the session ends.
    fn event(
        &mut self,
        event: Event<G>,
        tx: &Sender<Event<G>>,
        rx: &Receiver<Event<G>>,
        out: &mut dyn Write,
    ) -> std::io::Result<bool> {
        if let Event::Line(_, _, Some(waits)) = event {
            self.reader_waits = Some(waits);
        }
        match event {
            Event::Line(Some(Ok(line)), read, _) => {
                if self.searching.is_some() {
                    return self.during_search(line, read, rx, out);
                }
                return self.command(&line, read, tx, out);
            }
            Event::Line(Some(Err(message)), ..) => writeln!(out, "info string error {message}")?,
            Event::Line(None, ..) => {
                self.at_end = true;
                self.stop();
            }
            event => self.absorb(event, out)?,
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
        rx: &Receiver<Event<G>>,
        out: &mut dyn Write,
    ) -> std::io::Result<bool> {
        match parse_command(&line) {
            Ok(Command::IsReady) => writeln!(out, "readyok")?,
            Ok(Command::Stop) => self.stop(),
            Ok(Command::Quit) if self.queued.is_empty() => {
                self.stop();
                self.wait_for_search(rx, out)?;
                return Ok(false);
            }
            Ok(Command::Quit) => {
                // After the queued commands, whose searches stop at once.
                self.stop();
                self.at_end = true;
                self.queued.push_back((line, read));
            }
            Ok(Command::Empty) => {}
            Ok(Command::Handshake(name)) => self.handshake(name, out)?,
            Err(error) if !error.waits_for_search() => {
                writeln!(out, "info string error {}", error.message)?;
            }
            _ => {
                if self.searching.as_ref().is_some_and(|s| s.infinite) {
                    self.stop();
                }
                self.queued.push_back((line, read));
            }
        }
        Ok(true)
    }

    /// Runs one command line, read at `read`, with no search running;
    /// `false` means quit.
    fn command(
        &mut self,
        line: &str,
        read: Instant,
        tx: &Sender<Event<G>>,
        out: &mut dyn Write,
    ) -> std::io::Result<bool> {
        let result = match parse_command(line) {
            Err(error) => Err(error.message),
            Ok(Command::Empty | Command::Stop) => Ok(()),
            Ok(Command::Handshake(name)) => return self.handshake(name, out).map(|()| true),
            Ok(Command::IsReady) => return writeln!(out, "readyok").map(|()| true),
            Ok(Command::Quit) => return Ok(false),
            Ok(Command::NewGame) => {
                self.position = self.host.start();
                self.engine().new_game();
                Ok(())
            }
            Ok(Command::SetOption { name, value }) => self.set_option(&name, &value),
            Ok(Command::Position { fen, moves }) => self.set_position(fen.as_deref(), &moves),
            Ok(Command::Go(params)) => return self.go(&params, read, tx, out).map(|()| true),
        };
        if let Err(message) = result {
            writeln!(out, "info string error {message}")?;
        }
        Ok(true)
    }

    /// Raises the running search's stop flag, if one runs.
    fn stop(&self) {
        if let Some(running) = &self.searching {
            running.flag.stop();
        }
    }

    /// Waits for the running search's `bestmove` (printing its output).
    fn wait_for_search(
        &mut self,
        rx: &Receiver<Event<G>>,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        while self.searching.is_some() {
            match rx.recv() {
                Ok(event @ (Event::Info(_) | Event::Done(..))) => self.absorb(event, out)?,
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
    fn handshake(&self, name: &str, out: &mut dyn Write) -> std::io::Result<()> {
        if !self.host.handshakes().contains(&name) {
            return writeln!(
                out,
                "info string error this engine does not speak {name}; use {}",
                self.host.handshakes().join(" or ")
            );
        }
        writeln!(out, "id name {}", self.host.engine_name())?;
        writeln!(out, "id author the gamesolver authors")?;
        for option in self.host.options() {
            writeln!(out, "option name {} {}", option.name, option.description)?;
        }
        writeln!(out, "{name}ok")
    }

    /// Handles the output of a search thread; a search on a clock is timed
    /// to its flushed `bestmove` ([`TurnClock::answered`]).
    fn absorb(&mut self, event: Event<G>, out: &mut dyn Write) -> std::io::Result<()> {
        match event {
            Event::Info(line) => writeln!(out, "{line}")?,
            Event::Done(engine, bestmove, search_waits) => {
                self.engine = Some(engine);
                writeln!(out, "{bestmove}")?;
                out.flush()?;
                if let Some((turn, read)) = self.searching.take().and_then(|s| s.timed) {
                    let answered = read.elapsed();
                    self.clock
                        .answered(turn, answered, search_waits, self.reader_waits);
                }
            }
            Event::Line(..) => {}
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

    /// `go …`: starts the search on its own thread (stopped at once after
    /// the end of input), its clock running from `read`, when the command
    /// was read; a finished game is answered `bestmove (none)`.
    fn go(
        &mut self,
        params: &GoParams,
        read: Instant,
        tx: &Sender<Event<G>>,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        if self.position.is_finished() {
            writeln!(out, "info string error the game is over: no move to search")?;
            return writeln!(out, "bestmove (none)");
        }
        let (mut limits, infinite) = params.limits(self.position.turn().index());
        limits.started = Some(read);
        // On a clock, the move time less what the machine's recent delays
        // call for.
        self.clock.set_search_reserve(self.host.time_reserve());
        let timed = limits.movetime.map(|budget| {
            let turn = self.clock.begin(budget, self.reader_waits);
            limits.movetime = Some(turn.movetime);
            (turn, read)
        });
        let mut engine = self.engine.take().unwrap_or_else(|| self.host.build());
        let flag = engine.stop_flag();
        flag.reset();
        if self.at_end {
            flag.stop();
        }
        self.searching = Some(Running {
            flag,
            infinite,
            timed,
        });
        let position = self.position.clone();
        let tx = tx.clone();
        thread::spawn(move || {
            let progress_tx = tx.clone();
            let info = engine.think(&position, &limits, &mut |i| {
                let _ = progress_tx.send(Event::Info(info_line(i)));
            });
            let best = info
                .best_move()
                .map_or("(none)".to_string(), |m| m.to_string());
            // The thread searched and nothing else: its waits since it
            // started are the turn's.
            let waits = CpuWaits::of_this_thread();
            let _ = tx.send(Event::Done(engine, format!("bestmove {best}"), waits));
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
