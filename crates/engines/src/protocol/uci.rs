//! The UCI-style engine protocol (DESIGN.md §5), for any game.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name N value V`,
//! `position startpos|fen TEXT [moves M…]`, `go movetime|depth|nodes|
//! wtime/btime/winc/binc|infinite`, `stop`, `quit`. The search runs on its
//! own thread so `stop` and `isready` are answered while it thinks; every
//! bad line gets `info string error …` and the engine carries on.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;
use std::time::Duration;

use gamesolver_core::Game;
use gamesolver_search::{Engine, SearchInfo, StopFlag};

use super::EngineHost;
use super::command::{Command, GoParams, parse_command};

/// Something the protocol loop reacts to.
enum Event<G: Game> {
    /// A line of input, or `None` at the end of input.
    Line(Option<String>),
    /// A line of output from the searching thread.
    Info(String),
    /// The search finished: the engine comes back with its `bestmove` line.
    Done(Box<dyn Engine<G> + Send>, String),
}

/// The protocol state between commands.
struct Session<G: Game, H: EngineHost<G>> {
    host: H,
    position: G,
    engine: Option<Box<dyn Engine<G> + Send>>,
    searching: Option<(StopFlag, bool)>,
    pending: VecDeque<Option<String>>,
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
    let mut session = Session {
        position: host.start(),
        engine: Some(host.build()),
        host,
        searching: None,
        pending: VecDeque::new(),
    };
    loop {
        let line = match session.pending.pop_front() {
            Some(line) => line,
            None => match rx.recv() {
                Ok(Event::Line(line)) => line,
                Ok(event) => {
                    session.absorb(event, out)?;
                    continue;
                }
                Err(_) => None,
            },
        };
        let Some(line) = line else {
            session.finish_search(&rx, out, false)?;
            return Ok(());
        };
        if !session.command(line.trim(), &tx, &rx, out)? {
            return Ok(());
        }
        out.flush()?;
    }
}

/// Forwards input lines to the loop; `None` at the end.
fn read_lines<G: Game>(input: Box<dyn BufRead + Send>, tx: &Sender<Event<G>>) {
    for line in input.lines() {
        match line {
            Ok(line) => {
                if tx.send(Event::Line(Some(line))).is_err() {
                    return;
                }
            }
            Err(_) => break,
        }
    }
    let _ = tx.send(Event::Line(None));
}

impl<G, H> Session<G, H>
where
    G: Game + std::fmt::Display + Send + 'static,
    H: EngineHost<G>,
{
    /// Handles one command line; `false` means quit.
    fn command(
        &mut self,
        line: &str,
        tx: &Sender<Event<G>>,
        rx: &Receiver<Event<G>>,
        out: &mut dyn Write,
    ) -> std::io::Result<bool> {
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(error) => {
                if error.waits_for_search() {
                    self.finish_search(rx, out, false)?;
                }
                writeln!(out, "info string error {}", error.message)?;
                if error.owes_bestmove() {
                    writeln!(out, "bestmove (none)")?;
                }
                return Ok(true);
            }
        };
        let result = match command {
            Command::Empty => Ok(()),
            Command::Uci => return self.announce(out).map(|()| true),
            Command::IsReady => return writeln!(out, "readyok").map(|()| true),
            Command::Stop => {
                if let Some((flag, _)) = &self.searching {
                    flag.stop();
                }
                Ok(())
            }
            Command::Quit => {
                self.finish_search(rx, out, true)?;
                return Ok(false);
            }
            // Commands that need the engine wait for a running search
            // (`stop` ends it early).
            Command::NewGame => {
                self.finish_search(rx, out, false)?;
                self.position = self.host.start();
                self.engine().new_game();
                Ok(())
            }
            Command::SetOption { name, value } => {
                self.finish_search(rx, out, false)?;
                self.set_option(&name, &value)
            }
            Command::Position { fen, moves } => {
                self.finish_search(rx, out, false)?;
                self.set_position(fen.as_deref(), &moves)
            }
            Command::Go(params) => {
                self.finish_search(rx, out, false)?;
                let result = self.go(&params, tx);
                if let Err(message) = &result {
                    writeln!(out, "info string error {message}")?;
                    // A `go` is always answered, as GUIs wait for it.
                    writeln!(out, "bestmove (none)")?;
                }
                return Ok(true);
            }
        };
        if let Err(message) = result {
            writeln!(out, "info string error {message}")?;
        }
        Ok(true)
    }

    /// The engine (present whenever no search runs).
    fn engine(&mut self) -> &mut Box<dyn Engine<G> + Send> {
        let host = &self.host;
        self.engine.get_or_insert_with(|| host.build())
    }

    /// Replies to `uci`.
    fn announce(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "id name {}", self.host.engine_name())?;
        writeln!(out, "id author the gamesolver authors")?;
        for option in self.host.options() {
            writeln!(out, "option name {} {}", option.name, option.description)?;
        }
        writeln!(out, "uciok")
    }

    /// Handles the output of a search thread.
    fn absorb(&mut self, event: Event<G>, out: &mut dyn Write) -> std::io::Result<()> {
        match event {
            Event::Info(line) => writeln!(out, "{line}")?,
            Event::Done(engine, bestmove) => {
                self.engine = Some(engine);
                self.searching = None;
                writeln!(out, "{bestmove}")?;
            }
            Event::Line(line) => self.pending.push_back(line),
        }
        out.flush()
    }

    /// Waits for a running search (stopping it first if `stop` or if it has
    /// no limit), keeping input lines that arrive meanwhile for later.
    fn finish_search(
        &mut self,
        rx: &Receiver<Event<G>>,
        out: &mut dyn Write,
        stop: bool,
    ) -> std::io::Result<()> {
        while let Some((flag, infinite)) = &self.searching {
            if stop || *infinite {
                flag.stop();
            }
            match rx.recv_timeout(Duration::from_secs(3600)) {
                Ok(event) => self.absorb(event, out)?,
                Err(_) => break,
            }
        }
        Ok(())
    }

    /// `setoption`: sets the option and rebuilds the engine.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.host.set_option(name, value)?;
        self.engine = Some(self.host.build());
        Ok(())
    }

    /// `position`: the start or `fen`, then every move, each checked.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), String> {
        let mut position = match fen {
            None => self.host.start(),
            Some(text) => self.host.parse_position(text)?,
        };
        for text in moves {
            let mv: G::Move = text.parse().map_err(|e| format!("{e}"))?;
            position = position
                .play(mv)
                .map_err(|e| format!("{e} in {position}"))?;
        }
        self.position = position;
        Ok(())
    }

    /// `go …`: starts the search on its own thread.
    fn go(&mut self, params: &GoParams, tx: &Sender<Event<G>>) -> Result<(), String> {
        let (limits, infinite) = params.limits(self.position.turn().index());
        if self.position.is_finished() {
            return Err("the game is over: no move to search".into());
        }
        let mut engine = self.engine.take().unwrap_or_else(|| self.host.build());
        let flag = engine.stop_flag();
        flag.reset();
        self.searching = Some((flag, infinite));
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
            let _ = tx.send(Event::Done(engine, format!("bestmove {best}")));
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
        info.score,
        info.nodes,
        info.nps(),
        info.elapsed.as_millis(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod session_tests {
    use super::*;
    use crate::uttt::host::UtttHost;
    use std::io::BufRead;

    fn talk(input: &str) -> String {
        let mut out = Vec::new();
        let reader: Box<dyn BufRead + Send> =
            Box::new(std::io::Cursor::new(input.to_string().into_bytes()));
        serve(UtttHost::default(), reader, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn handshake_search_and_errors() {
        let out = talk("uci\nisready\nposition startpos moves 40 36\ngo depth 3\nquit\n");
        assert!(out.contains("uciok") && out.contains("readyok"));
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap();
        let cell: u8 = best.parse().unwrap();
        assert_eq!(cell / 9, 0, "after 36 the reply is in board 0: {out}");
    }

    #[test]
    fn bad_input_gets_error_lines_and_the_engine_carries_on() {
        let out = talk(
            "position startpos moves 40 40\nposition fen nonsense\nsetoption name Hash value 0\n\
             go sideways 3\nfrobnicate\n\u{0}\u{7f}\nposition\ngo depth 2\n",
        );
        let errors = out
            .lines()
            .filter(|l| l.starts_with("info string error"))
            .count();
        assert_eq!(errors, 7, "{out}");
        assert!(out.contains("bestmove"), "{out}");
    }

    #[test]
    fn finished_games_and_option_changes() {
        let out = talk(
            "setoption name Engine value mcts\ngo nodes 200\nsetoption name Engine value none\n",
        );
        assert!(out.contains("bestmove"));
        assert!(out.contains("unknown engine"));
        // X owns boards 0, 1 and 2: the game is over, yet `go` is answered.
        let out = talk(
            "position fen XXX......XXX......XXX......OO.......OO.......OO.......OO......................... *\ngo depth 3\n",
        );
        assert!(
            out.contains("the game is over") && out.contains("bestmove (none)"),
            "{out}"
        );
    }
}
