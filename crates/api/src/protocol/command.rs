//! The commands of the UCI-style protocol, read from a line by a pure
//! function ([`parse_command`]), so the reading is tested without threads.

use std::time::Duration;

use gamesolver_search::{Limits, MAX_PLY};

/// One protocol command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line: nothing to do.
    Empty,
    /// `uci` or `jcei`: identify, list the options and answer `uciok`
    /// (`jceiok`); the handshake's name.
    Handshake(&'static str),
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: back to the start, fresh engine state.
    NewGame,
    /// `setoption name NAME value VALUE`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value (empty if none given).
        value: String,
    },
    /// `position startpos|fen TEXT [moves M…]`.
    Position {
        /// The position text, or None for the start.
        fen: Option<String>,
        /// The moves to play from it, as text.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoParams),
    /// `stop`: end the running search.
    Stop,
    /// `quit`.
    Quit,
}

/// The parameters of `go`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `depth D` (1..=[`MAX_PLY`]).
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `wtime MS`, `btime MS`: the clocks of the first and second player.
    pub clock: [Option<u64>; 2],
    /// `winc MS`, `binc MS`: their increments.
    pub increment: [u64; 2],
}

impl GoParams {
    /// The search limits for the side `side` (0 first, 1 second), and
    /// whether the search is unlimited (`infinite` or nothing given).
    #[must_use]
    pub fn limits(&self, side: usize) -> (Limits, bool) {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            started: None,
        };
        if limits.movetime.is_none()
            && let Some(remaining) = self.clock[side]
        {
            // A share of the clock plus most of the increment, never all of
            // it; saturating, so huge clocks mean long thinks, not wraps.
            let increment = self.increment[side];
            let budget = (remaining / 25)
                .saturating_add(increment / 4 * 3 + increment % 4 * 3 / 4)
                .min(remaining / 4 * 3 + remaining % 4 * 3 / 4);
            limits.movetime = Some(Duration::from_millis(budget.max(1)));
        }
        let infinite =
            limits.movetime.is_none() && limits.depth.is_none() && limits.nodes.is_none();
        (limits, infinite)
    }
}

/// A line that is no valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    /// The verb (first word).
    pub verb: String,
    /// What is wrong.
    pub message: String,
}

impl CommandError {
    /// Whether the verb is one that waits for a running search before it
    /// is answered (`ucinewgame`, `setoption`, `position`, `go`).
    #[must_use]
    pub fn waits_for_search(&self) -> bool {
        matches!(
            self.verb.as_str(),
            "ucinewgame" | "setoption" | "position" | "go"
        )
    }
}

/// Reads one protocol line.
///
/// ```
/// use gamesolver_api::protocol::command::{Command, parse_command};
///
/// let Ok(Command::Go(go)) = parse_command("go depth 6 movetime 100") else {
///     panic!("a go command");
/// };
/// assert_eq!((go.depth, go.movetime), (Some(6), Some(100)));
/// assert_eq!(parse_command("isready"), Ok(Command::IsReady));
/// assert!(parse_command("go depth many").is_err());
/// ```
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let mut words = line.split_whitespace();
    let Some(verb) = words.next() else {
        return Ok(Command::Empty);
    };
    let rest: Vec<&str> = words.collect();
    let error = |message: String| CommandError {
        verb: verb.to_string(),
        message,
    };
    match verb {
        "uci" => Ok(Command::Handshake("uci")),
        "jcei" => Ok(Command::Handshake("jcei")),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::NewGame),
        "stop" => Ok(Command::Stop),
        "quit" => Ok(Command::Quit),
        "setoption" => parse_setoption(&rest).map_err(error),
        "position" => parse_position(&rest).map_err(error),
        "go" => parse_go(&rest).map(Command::Go).map_err(error),
        _ => Err(error(format!("unknown command {verb:?}"))),
    }
}

/// `setoption name NAME value VALUE`.
fn parse_setoption(words: &[&str]) -> Result<Command, String> {
    let text = words.join(" ");
    let rest = text
        .strip_prefix("name ")
        .ok_or("setoption needs `name NAME value VALUE`")?;
    let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
    Ok(Command::SetOption {
        name: name.trim().to_string(),
        value: value.trim().to_string(),
    })
}

/// `position startpos|fen TEXT [moves M…]`.
fn parse_position(words: &[&str]) -> Result<Command, String> {
    let split = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (base, moves) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
    let fen = match base {
        ["startpos"] => None,
        ["fen", text @ ..] if !text.is_empty() => Some(text.join(" ")),
        _ => {
            return Err(
                "position needs `startpos` or `fen TEXT`, then optionally `moves …`".into(),
            );
        }
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(ToString::to_string).collect(),
    })
}

/// The parameters of `go …`: every number checked against its range
/// (depth 1..=[`MAX_PLY`], nodes and movetime at least 1).
pub fn parse_go(words: &[&str]) -> Result<GoParams, String> {
    let mut params = GoParams::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if key == "infinite" {
            i += 1;
            continue;
        }
        const KEYS: [&str; 7] = [
            "movetime", "depth", "nodes", "wtime", "btime", "winc", "binc",
        ];
        if !KEYS.contains(&key) {
            return Err(format!("unknown go parameter {key:?}"));
        }
        let value: u64 = words
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("go {key} needs a number from 0 to {}", u64::MAX))?;
        let positive = || {
            (value > 0)
                .then_some(value)
                .ok_or_else(|| format!("go {key} must be at least 1"))
        };
        match key {
            "movetime" => params.movetime = Some(positive()?),
            "depth" => params.depth = Some(depth(value)?),
            "nodes" => params.nodes = Some(positive()?),
            "wtime" => params.clock[0] = Some(value),
            "btime" => params.clock[1] = Some(value),
            "winc" => params.increment[0] = value,
            "binc" => params.increment[1] = value,
            _ => return Err(format!("unknown go parameter {key:?}")),
        }
        i += 2;
    }
    Ok(params)
}

/// A depth within 1..=[`MAX_PLY`], the deepest the searches reach.
fn depth(value: u64) -> Result<u32, String> {
    u32::try_from(value)
        .ok()
        .filter(|d| (1..=MAX_PLY as u32).contains(d))
        .ok_or_else(|| format!("go depth must be 1..={MAX_PLY}, not {value}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_reads() {
        assert_eq!(parse_command("  "), Ok(Command::Empty));
        assert_eq!(parse_command("uci"), Ok(Command::Handshake("uci")));
        assert_eq!(parse_command("jcei"), Ok(Command::Handshake("jcei")));
        assert_eq!(parse_command("isready"), Ok(Command::IsReady));
        assert_eq!(parse_command("ucinewgame"), Ok(Command::NewGame));
        assert_eq!(parse_command("stop"), Ok(Command::Stop));
        assert_eq!(parse_command("quit"), Ok(Command::Quit));
        assert_eq!(
            parse_command("setoption name Hash value 32"),
            Ok(Command::SetOption {
                name: "Hash".into(),
                value: "32".into()
            })
        );
        assert_eq!(
            parse_command("position fen 7/7/7/7/L2t3/7/7/7/7 w moves a5a6 d5d4"),
            Ok(Command::Position {
                fen: Some("7/7/7/7/L2t3/7/7/7/7 w".into()),
                moves: vec!["a5a6".into(), "d5d4".into()]
            })
        );
        assert_eq!(
            parse_command("position startpos"),
            Ok(Command::Position {
                fen: None,
                moves: vec![]
            })
        );
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let error = parse_command("frobnicate").unwrap_err();
        assert!(error.message.contains("unknown command") && !error.waits_for_search());
        let error = parse_command("go sideways 3").unwrap_err();
        assert!(error.message.contains("unknown") && error.waits_for_search());
        assert!(parse_command("position").unwrap_err().waits_for_search());
        assert!(parse_command("position fen").is_err());
        assert!(parse_command("setoption Hash 3").is_err());
    }

    #[test]
    fn go_parameters() {
        let go = |words: &[&str], side| parse_go(words).map(|p| p.limits(side));
        let (l, inf) = go(&["movetime", "30"], 0).unwrap();
        assert_eq!((l.movetime, inf), (Some(Duration::from_millis(30)), false));
        let (l, _) = go(&["wtime", "1000", "btime", "500"], 1).unwrap();
        assert_eq!(l.movetime, Some(Duration::from_millis(20)));
        assert!(go(&[], 0).unwrap().1);
        assert!(go(&["infinite"], 0).unwrap().1);
        assert!(go(&["depth"], 0).unwrap_err().contains("number"));
        assert!(go(&["speed", "3"], 0).unwrap_err().contains("unknown"));
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    /// Issue 10 finding 7: depths beyond what the search reaches are refused.
    #[test]
    fn depth_is_refused_outside_one_to_max_ply() {
        assert_eq!(parse_go(&["depth", "100"]).unwrap().depth, Some(100));
        for bad in ["0", "101", "4294967295", "18446744073709551615"] {
            let error = parse_go(&["depth", bad]).unwrap_err();
            assert!(error.contains("1..=100"), "{error}");
        }
        assert!(
            parse_go(&["nodes", "0"])
                .unwrap_err()
                .contains("at least 1")
        );
        assert!(
            parse_go(&["movetime", "-5"])
                .unwrap_err()
                .contains("number")
        );
    }

    /// Issue 10 finding 9: huge clocks and increments saturate, never wrap.
    #[test]
    fn clock_arithmetic_saturates() {
        for (clock, increment) in [
            (6_148_914_691_236_517_206, 0),
            (u64::MAX, u64::MAX),
            (u64::MAX, 0),
            (1000, u64::MAX),
        ] {
            let params = GoParams {
                clock: [Some(clock), None],
                increment: [increment, 0],
                ..GoParams::default()
            };
            let movetime = params.limits(0).0.movetime.unwrap();
            assert!(
                movetime >= Duration::from_millis(clock / 25).min(Duration::from_millis(750)),
                "{clock} {increment}: {movetime:?}"
            );
            assert!(
                movetime <= Duration::from_millis(clock),
                "{clock}: {movetime:?}"
            );
        }
    }
}
