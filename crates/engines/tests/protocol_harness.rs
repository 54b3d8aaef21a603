//! The protocol test harness (issue 10, "Harden the classes"): scripted
//! conversations — junk, the end of input at every point, commands during a
//! search — fed to both engines in process, each within a timeout; and
//! random protocol lines, which get an answer or an error, never a panic.

use std::io::{BufRead, Read, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;
use std::time::Duration;

use gamesolver_api::protocol::command::{Command, parse_command};
use gamesolver_api::protocol::uci::serve;
use gamesolver_engines::jungle::host::JungleHost;
use gamesolver_engines::uttt::host::UtttHost;
use proptest::prelude::*;

/// Every conversation must end within this (generous, for loaded machines).
const TIMEOUT: Duration = Duration::from_secs(60);

/// The two engines.
#[derive(Clone, Copy, Debug)]
enum Which {
    Uttt,
    Jungle,
}

/// Input the test hands over piece by piece; the end of input when the
/// sender is dropped.
struct ChannelReader {
    chunks: Receiver<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
}

impl Read for ChannelReader {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for ChannelReader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at == self.buffer.len() {
            self.buffer = self.chunks.recv().unwrap_or_default();
            self.at = 0;
        }
        Ok(&self.buffer[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// Output cut into lines, each handed to `emit` as it ends.
struct LineWriter<F: FnMut(String)> {
    partial: Vec<u8>,
    emit: F,
}

impl<F: FnMut(String)> LineWriter<F> {
    fn new(emit: F) -> LineWriter<F> {
        LineWriter {
            partial: Vec::new(),
            emit,
        }
    }
}

impl<F: FnMut(String)> Write for LineWriter<F> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                (self.emit)(line);
                self.partial.clear();
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A live conversation with an engine running in process.
struct Conversation {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    ended: Receiver<std::io::Result<()>>,
}

impl Which {
    /// Serves the protocol with this engine.
    fn serve(
        self,
        reader: Box<dyn BufRead + Send>,
        out: &mut (dyn Write + Send),
    ) -> std::io::Result<()> {
        match self {
            Which::Uttt => serve(UtttHost::default(), reader, out),
            Which::Jungle => serve(JungleHost::default(), reader, out),
        }
    }
}

impl Conversation {
    fn start(which: Which) -> Conversation {
        let (lines, output) = channel();
        let out = LineWriter::new(move |line| {
            let _ = lines.send(line);
        });
        Conversation::start_writing(which, output, out)
    }

    /// A conversation whose engine writes to `out` (`output` receives
    /// what the test reads, if anything).
    fn start_writing(
        which: Which,
        output: Receiver<String>,
        mut out: impl Write + Send + 'static,
    ) -> Conversation {
        let (input, chunks) = channel();
        let (done, ended) = channel();
        thread::spawn(move || {
            let reader: Box<dyn BufRead + Send> = Box::new(ChannelReader {
                chunks,
                buffer: Vec::new(),
                at: 0,
            });
            let _ = done.send(which.serve(reader, &mut out));
        });
        Conversation {
            input: Some(input),
            output,
            ended,
        }
    }

    fn send(&self, bytes: &[u8]) {
        if let Some(input) = &self.input {
            let _ = input.send(bytes.to_vec());
        }
    }

    /// The next output line, within the timeout.
    fn next(&self) -> String {
        self.output
            .recv_timeout(TIMEOUT)
            .expect("the engine answers within the timeout")
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next();
            let found = line.starts_with(prefix);
            seen.push(line);
            if found {
                return seen;
            }
        }
    }

    /// Ends the input and waits for the session to end; its whole output.
    fn close(mut self) -> Vec<String> {
        self.input = None;
        self.ended
            .recv_timeout(TIMEOUT)
            .expect("the session ends within the timeout after the end of input")
            .expect("no input/output error");
        self.output.try_iter().collect()
    }
}

/// Runs a whole script (then the end of input) and returns the output.
fn run(which: Which, script: &[u8]) -> Vec<String> {
    let conversation = Conversation::start(which);
    conversation.send(script);
    conversation.close()
}

/// Whether `line` is one of the protocol's replies.
fn is_reply(line: &str) -> bool {
    ["id ", "option ", "info ", "bestmove "]
        .iter()
        .any(|p| line.starts_with(p))
        || ["uciok", "jceiok", "readyok"].contains(&line)
}

const UTTT_SCRIPT: &str = "uci\nisready\nsetoption name Hash value 2\nucinewgame\n\
    position startpos moves 40 36\ngo depth 2\nposition startpos moves 40 40\n\
    setoption name Engine value mcts\ngo nodes 50\nisready\nquit\n";
const JUNGLE_SCRIPT: &str = "jcei\nisready\nsetoption name Hash value 2\nucinewgame\n\
    position startpos moves a3a4 g7g6\ngo depth 2\nposition startpos moves a3a9\n\
    setoption name Engine value mcts\ngo nodes 20\nisready\nquit\n";

fn script(which: Which) -> &'static str {
    match which {
        Which::Uttt => UTTT_SCRIPT,
        Which::Jungle => JUNGLE_SCRIPT,
    }
}

#[test]
fn scripted_conversations_are_answered_in_full() {
    for which in [Which::Uttt, Which::Jungle] {
        let out = run(which, script(which).as_bytes());
        assert!(out.iter().all(|l| is_reply(l)), "{which:?}: {out:?}");
        let bestmoves: Vec<_> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(bestmoves.len(), 2, "{which:?}: {out:?}");
        assert!(bestmoves.iter().all(|l| !l.contains("(none)")), "{out:?}");
        assert_eq!(out.iter().filter(|l| *l == "readyok").count(), 2);
        let errors = out.iter().filter(|l| l.contains("error")).count();
        assert_eq!(errors, 1, "one illegal move: {which:?}: {out:?}");
    }
}

#[test]
fn the_jungle_engine_answers_jcei_and_uttt_does_not() {
    let out = run(Which::Jungle, b"jcei\n");
    assert!(out[0].starts_with("id name gamesolver jungle"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("jceiok"), "{out:?}");
    let out = run(Which::Uttt, b"jcei\nuci\n");
    assert!(out[0].contains("does not speak jcei"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("uciok"));
}

/// Junk of every kind: each line gets at most one error, the session goes
/// on and the final `isready` is answered.
#[test]
fn junk_gets_error_lines_and_the_session_goes_on() {
    let junk: &[&[u8]] = &[
        b"\xff\xfe\xfd",
        b"\0\0\0",
        b"go fishing",
        b"go movetime -5",
        b"go depth 4294967295",
        b"go wtime",
        b"position fen",
        b"position startpos moves zz",
        b"setoption name Hash value 0",
        b"setoption name Hash value 1000000000",
        b"setoption",
        b"frobnicate",
        b"position startpos moves",
        b"\r",
        b"stop",
    ];
    for which in [Which::Uttt, Which::Jungle] {
        let mut script = Vec::new();
        for line in junk {
            script.extend_from_slice(line);
            script.push(b'\n');
        }
        script.extend_from_slice(b"isready\n");
        let out = run(which, &script);
        assert_eq!(out.last().map(String::as_str), Some("readyok"), "{out:?}");
        assert!(out.iter().all(|l| !l.starts_with("bestmove")), "{out:?}");
        let errors = out
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .count();
        assert_eq!(errors, 12, "{which:?}: {out:?}");
    }
}

/// The end of input at every line end of a script and two bytes into every
/// line: the session always ends, and every `go` read is answered.
#[test]
fn the_end_of_input_at_every_point_ends_the_session() {
    for which in [Which::Uttt, Which::Jungle] {
        let script = script(which).replace("quit\n", "go infinite\n");
        let bytes = script.as_bytes();
        let line_starts = std::iter::once(0).chain(
            (0..bytes.len())
                .filter(|&i| bytes[i] == b'\n')
                .map(|i| i + 1),
        );
        let cuts: Vec<usize> = line_starts
            .flat_map(|start| [start, (start + 2).min(bytes.len())])
            .collect();
        for cut in cuts {
            let out = run(which, &bytes[..cut]);
            let read = String::from_utf8_lossy(&bytes[..cut]);
            let gos = read
                .lines()
                .filter(|l| matches!(parse_command(l), Ok(Command::Go(_))))
                .count();
            let bestmoves = out.iter().filter(|l| l.starts_with("bestmove")).count();
            assert_eq!(bestmoves, gos, "{which:?} cut at {cut}: {out:?}");
        }
    }
}

/// Commands during a search: `isready` at once, `position` queued, `stop`
/// ends the search, the end of input stops an infinite search.
#[test]
fn commands_during_a_search() {
    for which in [Which::Uttt, Which::Jungle] {
        let engine = Conversation::start(which);
        engine.send(b"go depth 100\nposition startpos\nisready\n");
        let seen = engine.until("readyok");
        assert!(
            seen.iter().all(|l| !l.starts_with("bestmove")),
            "{which:?}: isready waits for nothing: {seen:?}"
        );
        engine.send(b"stop\n");
        engine.until("bestmove");
        engine.send(b"go infinite\nisready\n");
        engine.until("readyok");
        let rest = engine.close();
        assert_eq!(
            rest.iter().filter(|l| l.starts_with("bestmove")).count(),
            1,
            "{which:?}: the end of input stops the search: {rest:?}"
        );
    }
}

/// `go nodes 1` and MCTS: a legal move, never `(none)`, whatever the limits.
#[test]
fn tiny_limits_still_give_a_move() {
    for which in [Which::Uttt, Which::Jungle] {
        for engine in ["alphabeta", "mcts"] {
            let script = format!(
                "setoption name Engine value {engine}\ngo nodes 1\ngo depth 1\ngo movetime 1\n"
            );
            let out = run(which, script.as_bytes());
            let bestmoves: Vec<_> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
            assert_eq!(bestmoves.len(), 3, "{which:?} {engine}: {out:?}");
            assert!(bestmoves.iter().all(|l| !l.contains("(none)")), "{out:?}");
        }
    }
}

/// The `nodes` field of an `info … nodes N …` line.
fn info_nodes(line: &str) -> u64 {
    let mut words = line.split(' ').skip_while(|w| *w != "nodes").skip(1);
    words
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"))
}

/// The output of `go` up to its `bestmove`, the input left open until then
/// (its end would stop the search).
fn answer(which: Which, go: &[u8]) -> Vec<String> {
    let conversation = Conversation::start(which);
    conversation.send(go);
    let out = conversation.until("bestmove");
    conversation.close();
    out
}

/// An iteration cut short by the budget: one more `info` line before
/// `bestmove` counts the whole move's nodes (the budget's), not only the
/// completed iterations'; a search that ends with an iteration (a depth
/// limit) writes no such line.
#[test]
fn a_cut_iteration_reports_the_whole_moves_nodes() {
    for which in [Which::Uttt, Which::Jungle] {
        let out = answer(which, b"go nodes 20000\n");
        let infos: Vec<u64> = out
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .map(|l| info_nodes(l))
            .collect();
        let [.., last_iteration, whole_move] = infos[..] else {
            panic!("{which:?}: {out:?}");
        };
        assert!(last_iteration < whole_move, "{which:?}: {out:?}");
        assert!((20_000..20_300).contains(&whole_move), "{which:?}: {out:?}");
        let out = answer(which, b"go depth 3\n");
        let depths: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
        assert_eq!(depths.len(), 3, "{which:?}: {out:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any line: a command or an error, never a panic.
    #[test]
    fn any_protocol_line_parses_or_is_refused(line in "\\PC{0,80}") {
        let _ = parse_command(&line);
    }

    /// Mutations of valid `go` lines: numbers of any size are read or
    /// refused, and what is read is within range.
    #[test]
    fn go_numbers_of_any_size(key in prop::sample::select(vec!["depth", "nodes", "movetime", "wtime", "winc"]), value in any::<i128>()) {
        match parse_command(&format!("go {key} {value}")) {
            Ok(Command::Go(params)) => {
                prop_assert!(value >= 0);
                if let Some(depth) = params.depth {
                    prop_assert!((1..=100).contains(&depth));
                }
                let (limits, _) = params.limits(0);
                prop_assert!(limits.nodes.is_none_or(|n| n >= 1));
            }
            Ok(other) => prop_assert!(false, "{other:?}"),
            Err(error) => prop_assert!(!error.message.is_empty()),
        }
    }
}

/// The search's answer is written by the thread that searched (nothing to
/// hand over between the end of a search and its `bestmove`), the replies
/// to commands by the session's loop, and the lines are whole.
#[test]
fn the_searching_thread_writes_its_own_answer() {
    for which in [Which::Uttt, Which::Jungle] {
        let input = "uci\nposition startpos\ngo depth 3\nisready\ngo nodes 500\n";
        let reader: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(input.as_bytes()));
        let mut lines = Vec::new();
        let mut out = LineWriter::new(|line| lines.push((thread::current().id(), line)));
        which.serve(reader, &mut out).unwrap();
        let ended_whole = out.partial.is_empty();
        let me = thread::current().id();
        let by = |prefix: &str| -> Vec<bool> {
            lines
                .iter()
                .filter(|(_, line)| line.starts_with(prefix))
                .map(|(id, _)| *id == me)
                .collect()
        };
        assert_eq!(by("bestmove "), [false, false], "{which:?}: {lines:?}");
        assert!(by("info depth").iter().all(|mine| !mine), "{which:?}");
        assert_eq!(by("uciok"), [true], "{which:?}");
        assert_eq!(by("readyok"), [true], "{which:?}");
        assert!(ended_whole, "{which:?}");
    }
}

/// Output that cannot be written (a closed pipe).
struct ClosedPipe;

impl Write for ClosedPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An endless search whose output can no longer be written ends, and the
/// session with it, with the error, though the input stays open.
#[test]
fn output_that_fails_ends_an_endless_search_and_the_session() {
    for which in [Which::Uttt, Which::Jungle] {
        let (_, output) = channel();
        let conversation = Conversation::start_writing(which, output, ClosedPipe);
        conversation.send(b"position startpos\ngo infinite\n");
        let result = conversation.ended.recv_timeout(TIMEOUT);
        let error = result
            .expect("the session ended")
            .expect_err("the output failed");
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{which:?}");
    }
}
