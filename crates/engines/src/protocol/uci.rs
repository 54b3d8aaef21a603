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
use gamesolver_search::{Engine, Limits, SearchInfo, StopFlag};

use super::EngineHost;

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
    /// Handles one command; `false` means quit.
    fn command(
        &mut self,
        line: &str,
        tx: &Sender<Event<G>>,
        rx: &Receiver<Event<G>>,
        out: &mut dyn Write,
    ) -> std::io::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(verb) = words.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = words.collect();
        match verb {
            "uci" => self.announce(out)?,
            "isready" => writeln!(out, "readyok")?,
            "stop" => {
                if let Some((flag, _)) = &self.searching {
                    flag.stop();
                }
            }
            "quit" => {
                self.finish_search(rx, out, true)?;
                return Ok(false);
            }
            "ucinewgame" | "setoption" | "position" | "go" => {
                // Commands that need the engine wait for a running search
                // (`stop` ends it early).
                self.finish_search(rx, out, false)?;
                let result = match verb {
                    "ucinewgame" => {
                        self.position = self.host.start();
                        self.engine().new_game();
                        Ok(())
                    }
                    "setoption" => self.set_option(&rest),
                    "position" => self.set_position(&rest),
                    _ => self.go(&rest, tx),
                };
                if let Err(message) = result {
                    writeln!(out, "info string error {message}")?;
                    if verb == "go" {
                        // A `go` is always answered, as GUIs wait for it.
                        writeln!(out, "bestmove (none)")?;
                    }
                }
            }
            _ => writeln!(out, "info string error unknown command {verb:?}")?,
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

    /// `setoption name NAME value VALUE`.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let text = words.join(" ");
        let rest = text
            .strip_prefix("name ")
            .ok_or("setoption needs `name NAME value VALUE`")?;
        let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
        self.host.set_option(name.trim(), value.trim())?;
        self.engine = Some(self.host.build());
        Ok(())
    }

    /// `position startpos|fen TEXT [moves M…]`: every move is checked.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let split = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let (base, moves) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
        let mut position = match base {
            ["startpos"] => self.host.start(),
            ["fen", text @ ..] if !text.is_empty() => self.host.parse_position(&text.join(" "))?,
            _ => {
                return Err(
                    "position needs `startpos` or `fen TEXT`, then optionally `moves …`".into(),
                );
            }
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
    fn go(&mut self, words: &[&str], tx: &Sender<Event<G>>) -> Result<(), String> {
        let (limits, infinite) = parse_go(words, self.position.turn().index())?;
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

/// The limits of `go …` for the side `side` (0 first, 1 second), and whether
/// the search is unlimited (`infinite` or nothing given).
pub fn parse_go(words: &[&str], side: usize) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let mut clock = [None, None];
    let mut increment = [0u64, 0];
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if key == "infinite" {
            i += 1;
            continue;
        }
        let value: u64 = words
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("go {key} needs a number"))?;
        match key {
            "movetime" => limits.movetime = Some(Duration::from_millis(value)),
            "depth" => limits.depth = Some(value.min(1000) as u32),
            "nodes" => limits.nodes = Some(value),
            "wtime" => clock[0] = Some(value),
            "btime" => clock[1] = Some(value),
            "winc" => increment[0] = value,
            "binc" => increment[1] = value,
            _ => return Err(format!("unknown go parameter {key:?}")),
        }
        i += 2;
    }
    if limits.movetime.is_none()
        && let Some(remaining) = clock[side]
    {
        // A share of the clock plus most of the increment, never all of it.
        let budget = (remaining / 25 + increment[side] * 3 / 4).min(remaining * 3 / 4);
        limits.movetime = Some(Duration::from_millis(budget.max(1)));
    }
    let infinite = limits.movetime.is_none() && limits.depth.is_none() && limits.nodes.is_none();
    Ok((limits, infinite))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters() {
        let (l, inf) = parse_go(&["movetime", "30"], 0).unwrap();
        assert_eq!((l.movetime, inf), (Some(Duration::from_millis(30)), false));
        let (l, _) = parse_go(&["wtime", "1000", "btime", "500"], 1).unwrap();
        assert_eq!(l.movetime, Some(Duration::from_millis(20)));
        assert!(parse_go(&[], 0).unwrap().1);
        assert!(parse_go(&["infinite"], 0).unwrap().1);
        assert!(parse_go(&["depth"], 0).unwrap_err().contains("number"));
        assert!(
            parse_go(&["speed", "3"], 0)
                .unwrap_err()
                .contains("unknown")
        );
    }
}

#[cfg(test)]
mod session_tests {
    use super::*;
    use crate::uttt::host::UtttHost;

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
