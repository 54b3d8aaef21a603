//! One game between two engines, every move checked: an illegal move, a
//! crash, a garbage answer or a time-out loses the game.

use std::fmt::Display;
use std::time::{Duration, Instant};

use gamesolver_core::{Outcome, Player};

use super::engine::MatchEngine;
use crate::facade::State;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<M> {
    /// The result.
    pub outcome: Outcome,
    /// Why, when it was not the rules that ended it (a forfeit).
    pub forfeit: Option<String>,
    /// The moves played after the opening.
    pub moves: Vec<M>,
    /// How long each of `moves` took, from the request to the answer as
    /// the referee saw it (for a CodinGame bot, with the opening turns it
    /// replayed before its first move).
    pub times: Vec<Duration>,
}

/// A player's engine, and whether it must be restarted after this game.
pub struct Seat<'a> {
    /// The running engine.
    pub engine: &'a mut dyn MatchEngine,
    /// Set when the engine crashed or timed out (its state is unknown).
    pub broken: bool,
}

impl<'a> Seat<'a> {
    /// A seat for a working engine.
    pub fn new(engine: &'a mut dyn MatchEngine) -> Seat<'a> {
        Seat {
            engine,
            broken: false,
        }
    }
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

/// Plays `opening` to the end with `seats[p.index()]` moving for player
/// `p`, each move given `limit` and `grace_ms` more before it is a
/// time-out. Every move is checked by the façade's [`State::play`].
pub fn play_game(
    opening: &dyn State,
    seats: &mut [Seat<'_>; 2],
    limit: MoveLimit,
    grace_ms: u64,
) -> GameRecord<String> {
    let mut position = opening.clone_box();
    let mut record = GameRecord {
        outcome: Outcome::Draw,
        forfeit: None,
        moves: Vec::new(),
        times: Vec::new(),
    };
    for player in Player::BOTH {
        let seat = &mut seats[player.index()];
        if let Err(e) = seat.engine.new_game(opening) {
            seat.broken = true;
            return record.forfeited(player, e.to_string());
        }
    }
    while !position.is_terminal() {
        let mover = position.turn();
        let seat = &mut seats[mover.index()];
        let asked = Instant::now();
        match seat.engine.choose(opening, &record.moves, limit, grace_ms) {
            Ok(text) => match position.play(&text) {
                Ok(()) => {
                    record.times.push(asked.elapsed());
                    record.moves.push(text);
                }
                Err(e) => return record.forfeited(mover, e.to_string()),
            },
            Err(e) => {
                seat.broken = true;
                return record.forfeited(mover, e.to_string());
            }
        }
    }
    record.outcome = position.outcome().unwrap_or(Outcome::Draw);
    record
}

impl<M> GameRecord<M> {
    /// The game lost by `loser` for `reason`.
    fn forfeited(mut self, loser: Player, reason: String) -> GameRecord<M> {
        self.outcome = Outcome::Winner(loser.opponent());
        self.forfeit = Some(format!("{} forfeits: {reason}", player_word(loser)));
        self
    }
}

/// `first` or `second`.
fn player_word(p: Player) -> &'static str {
    match p {
        Player::First => "first player",
        Player::Second => "second player",
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
