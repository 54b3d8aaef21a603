//! The referee's view of a player: [`MatchEngine`] (a program the referee
//! asks for moves), what each move is given ([`MoveLimit`]) and how a
//! player fails ([`EngineError`]). The arena plays UCI-style programs; a
//! game's [`crate::BotFormat`] adds players of its own turn formats.

use std::fmt::Display;
use std::time::Duration;

use thiserror::Error;

use crate::State;

/// An engine the referee plays games with.
pub trait MatchEngine {
    /// Gets ready for a new game from `opening`.
    fn new_game(&mut self, opening: &dyn State) -> Result<(), EngineError>;

    /// The move (in the game's notation) it plays after `moves` from
    /// `opening`, answered within `limit` and `grace_ms` more.
    fn choose(
        &mut self,
        opening: &dyn State,
        moves: &[String],
        limit: MoveLimit,
        grace_ms: u64,
    ) -> Result<String, EngineError>;
}

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
    /// An answer that is not in the protocol's form, or not a valid action.
    #[error("engine {command:?} answered {answer:?}: {reason}")]
    BadAnswer {
        /// The command line.
        command: String,
        /// The line it answered.
        answer: String,
        /// What was wrong with it.
        reason: String,
    },
    /// A move other than the one the opening prescribes, though it was
    /// offered as the only valid action.
    #[error(
        "engine {command:?} played {played} where the opening's move is {prescribed} (offered as the only valid action)"
    )]
    LeftOpening {
        /// The command line.
        command: String,
        /// The move it played.
        played: String,
        /// The opening's move.
        prescribed: String,
    },
    /// The game cannot be given to the engine in its protocol (a referee
    /// or set-up problem, not the engine's fault).
    #[error("cannot give this game to engine {command:?}: {reason}")]
    Unplayable {
        /// The command line.
        command: String,
        /// Why.
        reason: String,
    },
}

/// What each move is given: the `go` command the referee sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// `go movetime MS`: wall-clock milliseconds.
    Movetime(u64),
    /// `go nodes N`: a node (or iteration) budget, independent of the
    /// machine's load.
    Nodes(u64),
    /// `go depth D`: a fixed depth, independent of the machine's load.
    Depth(u32),
}

/// How long an engine given a node or depth budget may take before it is a
/// time-out (added to the grace).
const UNTIMED_WAIT: Duration = Duration::from_secs(10);

impl MoveLimit {
    /// The `go` command.
    #[must_use]
    pub fn go_command(&self) -> String {
        match self {
            MoveLimit::Movetime(ms) => format!("go movetime {ms}"),
            MoveLimit::Nodes(n) => format!("go nodes {n}"),
            MoveLimit::Depth(d) => format!("go depth {d}"),
        }
    }

    /// How long to wait for `bestmove`: the move time plus `grace_ms`, or
    /// for node and depth budgets ten seconds plus `grace_ms`.
    #[must_use]
    pub fn timeout(&self, grace_ms: u64) -> Duration {
        let grace = Duration::from_millis(grace_ms);
        match self {
            MoveLimit::Movetime(ms) => Duration::from_millis(*ms) + grace,
            MoveLimit::Nodes(_) | MoveLimit::Depth(_) => UNTIMED_WAIT + grace,
        }
    }
}

impl Display for MoveLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveLimit::Movetime(ms) => write!(f, "{ms} ms/move"),
            MoveLimit::Nodes(n) => write!(f, "{n} nodes/move"),
            MoveLimit::Depth(d) => write!(f, "depth {d}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_limits_make_go_commands_and_time_outs() {
        assert_eq!(MoveLimit::Movetime(20).go_command(), "go movetime 20");
        assert_eq!(MoveLimit::Nodes(5000).go_command(), "go nodes 5000");
        assert_eq!(MoveLimit::Depth(6).go_command(), "go depth 6");
        assert_eq!(
            MoveLimit::Movetime(20).timeout(100),
            Duration::from_millis(120)
        );
        assert_eq!(
            MoveLimit::Nodes(9).timeout(100),
            Duration::from_millis(10_100)
        );
        assert_eq!(MoveLimit::Nodes(9).to_string(), "9 nodes/move");
    }
}
