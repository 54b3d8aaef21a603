//! An engine program run as a child process: lines to its standard input,
//! lines from its standard output with time-outs on every answer (its
//! standard error is ignored), and the UCI-style handshake.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use gamesolver_api::match_player::EngineError;

/// How long a process that was told to quit (or whose input was closed)
/// may take to exit before it is killed.
const EXIT_WAIT: Duration = Duration::from_millis(500);

/// A running engine program.
#[derive(Debug)]
pub struct EngineProcess {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The line that asks it to exit (`quit`), if its protocol has one.
    farewell: Option<&'static str>,
}

impl EngineProcess {
    /// Starts `command` with the shell (so it may carry arguments and
    /// quotes) and completes the `uci`/`isready` handshake.
    pub fn start(command: &str) -> Result<EngineProcess, EngineError> {
        let mut engine = EngineProcess::spawn(command, Some("quit"))?;
        engine.send("uci")?;
        engine.wait_for("uciok", Duration::from_secs(10))?;
        engine.ready()?;
        Ok(engine)
    }

    /// Starts `command` with the shell, in a process group of its own (so
    /// that everything it starts ends with it), without any handshake;
    /// `farewell` is the line sent when it is dropped (none: its input is
    /// just closed).
    pub fn spawn(
        command: &str,
        farewell: Option<&'static str>,
    ) -> Result<EngineProcess, EngineError> {
        let spawn_error = |source| EngineError::Spawn {
            command: command.to_string(),
            source,
        };
        let mut shell = Command::new("sh");
        shell
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = own_group(&mut shell).spawn().map_err(spawn_error)?;
        let stdin = child.stdin.take();
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
        Ok(EngineProcess {
            command: command.to_string(),
            child,
            stdin,
            lines,
            farewell,
        })
    }

    /// The command line it was started with.
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        self.send_text(&format!("{line}\n"))
    }

    /// Sends `text` as it is (whole lines, each ending in a newline).
    pub fn send_text(&mut self, text: &str) -> Result<(), EngineError> {
        let crashed = || EngineError::Crashed(self.command.clone());
        let stdin = self.stdin.as_mut().ok_or_else(crashed)?;
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|_| crashed())
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
        self.wait_until(
            |line| line.trim_start().starts_with(prefix),
            prefix,
            timeout,
        )
    }

    /// The next line that is not blank, within `timeout`; `expected` names
    /// it in the time-out error.
    pub fn next_line(&mut self, expected: &str, timeout: Duration) -> Result<String, EngineError> {
        self.wait_until(|line| !line.trim().is_empty(), expected, timeout)
    }

    /// Reads lines until one passes `wanted`, within `timeout`.
    fn wait_until(
        &mut self,
        wanted: impl Fn(&str) -> bool,
        expected: &str,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if wanted(&line) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::TimedOut {
                        command: self.command.clone(),
                        expected: expected.to_string(),
                        waited_ms: timeout.as_millis(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Crashed(self.command.clone()));
                }
            }
        }
    }

    /// Kills its whole process group (the shell and whatever it started)
    /// with the system's `kill`, then the shell itself should that fail.
    fn kill_group(&mut self) {
        let group = format!("-{}", self.child.id());
        let killed = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !killed {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// `command` set to start a process group of its own.
#[cfg(unix)]
fn own_group(command: &mut Command) -> &mut Command {
    use std::os::unix::process::CommandExt;
    command.process_group(0)
}

/// `command` as it is (no process groups here).
#[cfg(not(unix))]
fn own_group(command: &mut Command) -> &mut Command {
    command
}

impl Drop for EngineProcess {
    /// Says the farewell line, closes the input, gives the program
    /// `EXIT_WAIT` to exit and then kills its process group.
    fn drop(&mut self) {
        if let Some(line) = self.farewell {
            let _ = self.send(line);
        }
        self.stdin = None;
        let deadline = Instant::now() + EXIT_WAIT;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill_group();
    }
}
