//! An engine program run as a child process, spoken to in the UCI-style
//! protocol with time-outs on every answer.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

/// What went wrong with an engine process.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start engine {command:?}: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The program closed its output or could not be written to (a crash).
    #[error("engine {0:?} stopped answering (crashed or exited)")]
    Crashed(String),
    /// No expected answer in time.
    #[error("engine {command:?} did not answer {expected:?} within {waited_ms} ms")]
    TimedOut {
        /// The command line.
        command: String,
        /// The answer awaited.
        expected: String,
        /// How long we waited.
        waited_ms: u128,
    },
}

/// A running engine program.
#[derive(Debug)]
pub struct EngineProcess {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` with the shell (so it may carry arguments and
    /// quotes) and completes the `uci`/`isready` handshake.
    pub fn start(command: &str) -> Result<EngineProcess, EngineError> {
        let spawn_error = |source| EngineError::Spawn {
            command: command.to_string(),
            source,
        };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(spawn_error)?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| EngineError::Crashed(command.into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| EngineError::Crashed(command.into()))?;
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            command: command.to_string(),
            child,
            stdin,
            lines,
        };
        engine.send("uci")?;
        engine.wait_for("uciok", Duration::from_secs(10))?;
        engine.ready()?;
        Ok(engine)
    }

    /// The command line it was started with.
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| EngineError::Crashed(self.command.clone()))
    }

    /// `isready` → `readyok`.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(10))
            .map(|_| ())
    }

    /// Reads lines until one starts with `prefix`, within `timeout`; returns
    /// that line.
    pub fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim_start().starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::TimedOut {
                        command: self.command.clone(),
                        expected: prefix.to_string(),
                        waited_ms: timeout.as_millis(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Crashed(self.command.clone()));
                }
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
