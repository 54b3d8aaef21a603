//! One game between two engine processes, every move checked: an illegal
//! move, a crash or a time-out loses the game.

use std::fmt::Display;
use std::time::Duration;

use gamesolver_core::{Game, Outcome, Player};

use super::process::{EngineError, EngineProcess};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<M> {
    /// The result.
    pub outcome: Outcome,
    /// Why, when it was not the rules that ended it (a forfeit).
    pub forfeit: Option<String>,
    /// The moves played after the opening.
    pub moves: Vec<M>,
}

/// A player's engine, and whether it must be restarted after this game.
pub struct Seat<'a> {
    /// The running engine.
    pub engine: &'a mut EngineProcess,
    /// Set when the engine crashed or timed out (its state is unknown).
    pub broken: bool,
}

impl<'a> Seat<'a> {
    /// A seat for a working engine.
    pub fn new(engine: &'a mut EngineProcess) -> Seat<'a> {
        Seat {
            engine,
            broken: false,
        }
    }
}

/// Plays `opening` to the end with `seats[p.index()]` moving for player
/// `p`, each move given `movetime_ms` and `grace_ms` more before it is a
/// time-out.
pub fn play_game<G: Game + Display>(
    opening: &G,
    seats: &mut [Seat<'_>; 2],
    movetime_ms: u64,
    grace_ms: u64,
) -> GameRecord<G::Move> {
    let mut position = opening.clone();
    let mut moves = Vec::new();
    for player in Player::BOTH {
        let seat = &mut seats[player.index()];
        if let Err(e) = seat
            .engine
            .send("ucinewgame")
            .and_then(|()| seat.engine.ready())
        {
            seat.broken = true;
            return forfeit_record(player, e.to_string(), moves);
        }
    }
    while !position.is_finished() {
        let mover = position.turn();
        let seat = &mut seats[mover.index()];
        match ask_move(seat.engine, opening, &moves, movetime_ms, grace_ms) {
            Ok(text) => match text.parse::<G::Move>() {
                Ok(mv) => match position.play(mv) {
                    Ok(next) => {
                        position = next;
                        moves.push(mv);
                    }
                    Err(e) => return forfeit_record(mover, format!("{e} in {position}"), moves),
                },
                Err(e) => return forfeit_record(mover, e.to_string(), moves),
            },
            Err(e) => {
                seat.broken = true;
                return forfeit_record(mover, e.to_string(), moves);
            }
        }
    }
    GameRecord {
        outcome: position.outcome().unwrap_or(Outcome::Draw),
        forfeit: None,
        moves,
    }
}

/// The game lost by `loser` for `reason`.
fn forfeit_record<M>(loser: Player, reason: String, moves: Vec<M>) -> GameRecord<M> {
    GameRecord {
        outcome: Outcome::Winner(loser.opponent()),
        forfeit: Some(format!("{} forfeits: {reason}", player_word(loser))),
        moves,
    }
}

/// `first` or `second`.
fn player_word(p: Player) -> &'static str {
    match p {
        Player::First => "first player",
        Player::Second => "second player",
    }
}

/// Sends the position and `go`, and returns the move text of `bestmove`.
fn ask_move<G: Game + Display>(
    engine: &mut EngineProcess,
    opening: &G,
    moves: &[G::Move],
    movetime_ms: u64,
    grace_ms: u64,
) -> Result<String, EngineError> {
    let mut command = format!("position fen {opening}");
    if !moves.is_empty() {
        command.push_str(" moves");
        for mv in moves {
            command.push_str(&format!(" {mv}"));
        }
    }
    engine.send(&command)?;
    engine.send(&format!("go movetime {movetime_ms}"))?;
    let line = engine.wait_for("bestmove", Duration::from_millis(movetime_ms + grace_ms))?;
    Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
}
