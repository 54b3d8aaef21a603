//! One game between two engines, every move checked: an illegal move, a
//! crash, a garbage answer or a time-out loses the game; a repetition
//! draws it when the game declares the rule.

use std::time::{Duration, Instant};

use gamesolver_api::State;
use gamesolver_api::match_player::{MatchEngine, MoveLimit};
use gamesolver_core::{Outcome, Player};

use crate::repetition::Repetitions;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<M> {
    /// The result.
    pub outcome: Outcome,
    /// Why, when it was not the rules that ended it (a forfeit).
    pub forfeit: Option<String>,
    /// The repetition rule that drew it, if one did (`threefold
    /// repetition`).
    pub drawn_by: Option<String>,
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

/// Plays `opening` to the end with `seats[p.index()]` moving for player
/// `p`, each move given `limit` and `grace_ms` more before it is a
/// time-out. Every move is checked by the façade's [`State::play`];
/// `repetitions` (the game's rule, [`Repetitions::of`]) draws the game
/// when a position recurs that often, the opening counted.
pub fn play_game(
    opening: &dyn State,
    seats: &mut [Seat<'_>; 2],
    limit: MoveLimit,
    grace_ms: u64,
    mut repetitions: Option<Repetitions>,
) -> GameRecord<String> {
    let mut position = opening.clone_box();
    let mut record = GameRecord {
        outcome: Outcome::Draw,
        forfeit: None,
        drawn_by: None,
        moves: Vec::new(),
        times: Vec::new(),
    };
    if let Some(counter) = repetitions.as_mut() {
        counter.repeated(opening);
    }
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
                    if let Some(counter) = repetitions.as_mut()
                        && !position.is_terminal()
                        && counter.repeated(position.as_ref())
                    {
                        record.drawn_by = Some(counter.reason());
                        return record;
                    }
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
