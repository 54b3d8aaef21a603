//! A game in play: a position plus the history the draw rules need.
//!
//! Repetition and the no-capture rule are properties of how a position was
//! reached, not of the position, so [`Position`] (what search and
//! tablebases use) knows nothing of them; [`JungleGame`] adds them.

use std::fmt;

use gamesolver_core::{Game, Outcome, Player};

use super::{Fen, FenError, Move, Position, Variant};

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
    /// Plies without a capture before `start` (the long FEN's half-move
    /// field), until the first capture.
    quiet_before: usize,
    /// The move number of `start` (the long FEN's last field).
    start_move_number: u32,
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
            quiet_before: 0,
            start_move_number: 1,
        }
    }

    /// A game from a short or long FEN (`… w - - HALFMOVES MOVENUMBER`):
    /// the half-move field counts towards the 200-ply rule, the move number
    /// is kept for [`JungleGame::long_fen`].
    pub fn from_fen(text: &str, variant: Variant) -> Result<JungleGame, FenError> {
        let fen = Fen::parse(text, variant)?;
        Ok(JungleGame {
            quiet_before: fen.quiet_plies as usize,
            start_move_number: fen.move_number,
            ..JungleGame::new(fen.position)
        })
    }

    /// The current position as a long FEN (`… - - HALFMOVES MOVENUMBER`);
    /// [`Display`](fmt::Display) gives the short form.
    #[must_use]
    pub fn long_fen(&self) -> String {
        let halfmoves = u32::try_from(self.quiet_plies()).unwrap_or(u32::MAX);
        // The number grows after each move of the top side (`b`).
        let top_moved_first = u64::from(self.start.turn() == Player::Second);
        let full_moves = (self.moves.len() as u64 + top_moved_first) / 2;
        let number = u64::from(self.start_move_number).saturating_add(full_moves);
        Fen {
            position: self.position,
            quiet_plies: halfmoves,
            move_number: u32::try_from(number).unwrap_or(u32::MAX),
        }
        .to_long()
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

    /// Plies played since the last capture (or the start, plus the long
    /// FEN's half-move field until the first capture).
    #[must_use]
    pub fn quiet_plies(&self) -> usize {
        self.quiet_before
            .saturating_add(self.since_capture.len() - 1)
    }

    /// The Zobrist keys of the positions since the last capture (or the
    /// start), oldest first, the current position last: the positions a
    /// repetition can return to.
    #[must_use]
    pub fn keys_since_capture(&self) -> &[u64] {
        &self.since_capture
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
            self.quiet_before = 0;
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

/// The current position's FEN (the history is not part of it).
impl fmt::Display for JungleGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.fmt(f)
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
        assert_eq!(game.keys_since_capture().len(), 5);
        assert_eq!(game.to_string(), Position::start().to_string());
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
    fn the_long_fen_half_move_field_counts_towards_the_200_ply_rule() {
        let fen = format!("{} - - 198 40", super::super::START_FEN);
        let mut game = JungleGame::from_fen(&fen, Variant::Standard).unwrap();
        assert_eq!(game.quiet_plies(), 198);
        assert_eq!(game.to_string(), super::super::START_FEN);
        play(&mut game, "a1a2");
        assert_eq!(game.outcome(), None);
        play(&mut game, "g9g8");
        assert_eq!(game.draw_reason(), Some(DrawReason::NoCapture));
        let past = format!("{} - - 250 1", super::super::START_FEN);
        let drawn = JungleGame::from_fen(&past, Variant::Standard).unwrap();
        assert_eq!(drawn.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn a_capture_resets_the_half_move_field() {
        let mut game =
            JungleGame::from_fen("7/7/7/7/7/7/7/r6/R5l w - - 150 7", Variant::Standard).unwrap();
        play(&mut game, "a1a2");
        assert_eq!(game.quiet_plies(), 0);
        assert_eq!(game.long_fen(), "7/7/7/7/7/7/7/R6/6l b - - 0 7");
    }

    #[test]
    fn the_long_fen_counts_moves_after_the_top_side_moves() {
        let start = super::super::START_FEN;
        let mut game =
            JungleGame::from_fen(&format!("{start} - - 5 3"), Variant::Standard).unwrap();
        assert_eq!(game.long_fen(), format!("{start} - - 5 3"));
        play(&mut game, "a1a2");
        assert!(
            game.long_fen().ends_with(" b - - 6 3"),
            "{}",
            game.long_fen()
        );
        play(&mut game, "g9g8");
        assert!(
            game.long_fen().ends_with(" w - - 7 4"),
            "{}",
            game.long_fen()
        );
        let top = start.replace(" w", " b");
        let mut game = JungleGame::from_fen(&top, Variant::Standard).unwrap();
        play(&mut game, "g9g8");
        assert!(
            game.long_fen().ends_with(" w - - 1 2"),
            "{}",
            game.long_fen()
        );
        assert_eq!(game.to_string(), game.position().to_string());
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
