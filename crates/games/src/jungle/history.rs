//! A game in play: a position plus the history the draw rules need.
//!
//! Repetition and the no-capture rule are properties of how a position was
//! reached, not of the position, so [`Position`] (what search and
//! tablebases use) knows nothing of them; [`JungleGame`] adds them.

use gamesolver_core::{Game, Outcome, Player};

use super::{Move, Position};

/// The occurrence of a position that draws the game (threefold repetition).
pub const REPETITION_DRAW: usize = 3;

/// The number of plies without a capture that draws the game.
pub const QUIET_PLIES_DRAW: usize = 200;

/// Why a game in play was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position (same side to move) occurred for the third time.
    Repetition,
    /// 200 plies were played without a capture.
    NoCapture,
}

/// A Jungle game in play: the current position, the moves played, and the
/// Zobrist keys of the positions since the last capture (earlier ones
/// cannot recur: captures are irreversible). Implements [`Game`] with the
/// draw rules of play; positions are compared by their 64-bit keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JungleGame {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    since_capture: Vec<u64>,
}

impl JungleGame {
    /// A game from `start`.
    #[must_use]
    pub fn new(start: Position) -> JungleGame {
        JungleGame {
            start,
            position: start,
            moves: Vec::new(),
            since_capture: vec![start.key()],
        }
    }

    /// The position the game started from.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    #[must_use]
    pub fn played(&self) -> &[Move] {
        &self.moves
    }

    /// Plies played since the last capture (or the start).
    #[must_use]
    pub fn quiet_plies(&self) -> usize {
        self.since_capture.len() - 1
    }

    /// How often the current position has occurred, this time included.
    #[must_use]
    pub fn occurrences(&self) -> usize {
        let key = self.position.key();
        self.since_capture.iter().filter(|&&k| k == key).count()
    }

    /// Why the game is drawn, if it is. A position that is won (a den
    /// entered, no pieces, no move) is not a draw.
    #[must_use]
    pub fn draw_reason(&self) -> Option<DrawReason> {
        if self.position.is_finished() {
            None
        } else if self.occurrences() >= REPETITION_DRAW {
            Some(DrawReason::Repetition)
        } else if self.quiet_plies() >= QUIET_PLIES_DRAW {
            Some(DrawReason::NoCapture)
        } else {
            None
        }
    }
}

impl Game for JungleGame {
    type Move = Move;

    const NAME: &'static str = "jungle";

    fn turn(&self) -> Player {
        self.position.turn()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.draw_reason().is_none() {
            self.position.generate_moves(out);
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        if self.position.is_capture(mv) {
            self.since_capture.clear();
        }
        self.position.make(mv);
        self.since_capture.push(self.position.key());
        self.moves.push(mv);
    }

    /// The position's own outcome, else a draw by repetition or by the
    /// no-capture rule.
    fn outcome(&self) -> Option<Outcome> {
        self.position
            .outcome()
            .or_else(|| self.draw_reason().map(|_| Outcome::Draw))
    }

    fn player_name(player: Player) -> &'static str {
        Position::player_name(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &mut JungleGame, moves: &str) {
        for text in moves.split_whitespace() {
            *game = game.play(text.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn third_occurrence_draws() {
        let mut game = JungleGame::new(Position::start());
        play(&mut game, "a1a2 g9g8 a2a1 g8g9");
        assert_eq!(game.occurrences(), 2);
        assert_eq!(game.outcome(), None);
        play(&mut game, "a1a2 g9g8 a2a1");
        assert_eq!(game.outcome(), None);
        play(&mut game, "g8g9");
        assert_eq!(game.draw_reason(), Some(DrawReason::Repetition));
        assert_eq!(game.outcome(), Some(Outcome::Draw));
        assert!(game.moves().is_empty());
        assert_eq!(game.played().len(), 8);
    }

    #[test]
    fn two_hundred_quiet_plies_draw() {
        let mut game = JungleGame::new(Position::start());
        // Pretend 198 distinct quiet plies were played already.
        game.since_capture.extend(1..=198);
        play(&mut game, "a1a2");
        assert_eq!(game.quiet_plies(), 199);
        assert_eq!(game.outcome(), None);
        play(&mut game, "g9g8");
        assert_eq!(game.quiet_plies(), 200);
        assert_eq!(game.draw_reason(), Some(DrawReason::NoCapture));
        assert!(game.play("a2a1".parse().unwrap()).is_err());
    }

    #[test]
    fn a_capture_resets_the_count() {
        let start: Position = "7/7/7/7/7/7/7/7/Rr5 w".parse().unwrap();
        let mut game = JungleGame::new(start);
        play(&mut game, "a1b1");
        assert_eq!(game.quiet_plies(), 0);
        assert_eq!(game.outcome(), Some(Outcome::Winner(Player::First)));
    }
}
