//! Why a finished Jungle game ended, for reports that list games.

use gamesolver_engines::State;
use gamesolver_engines::facade::jungle::Jungle;
use gamesolver_engines::facade::model::typed;
use gamesolver_games::jungle::{DrawReason, GameEnd};

/// `(den entered, 57 plies)` for a Jungle game (the reason and the plies
/// played since the start); empty for other games, whose end needs no
/// note.
#[must_use]
pub fn end_note(state: &dyn State) -> String {
    let Ok(jungle) = typed::<Jungle>(state) else {
        return String::new();
    };
    let game = &jungle.game;
    let reason = match (game.draw_reason(), game.position().game_end()) {
        (Some(DrawReason::Repetition), _) => "threefold repetition",
        (Some(DrawReason::NoCapture), _) => "200 plies without capture",
        (None, Some(GameEnd::DenEntered)) => "den entered",
        (None, Some(GameEnd::AllCaptured)) => "all pieces captured",
        (None, Some(GameEnd::NoMoves)) => "no legal move",
        (None, None) => "unfinished",
    };
    format!("({reason}, {} plies)", game.played().len())
}
