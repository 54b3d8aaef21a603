//! Capability: a game's board drawn for a terminal, and moves typed there
//! (`gamesolver play`). A front end falls back to the position text for a
//! game without one.

use crate::State;

/// How a board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerminalStyle {
    /// ANSI colours (the front end decides: a terminal, no `NO_COLOR`).
    pub colour: bool,
    /// Pieces by their names in the game's own script where it has one
    /// (Jungle: Chinese characters) instead of letters.
    pub native_names: bool,
}

/// Capability: the terminal picture of a game.
pub trait TerminalRenderer: Send + Sync {
    /// One line on how to type moves (ending with how to undo and quit).
    fn move_help(&self) -> &'static str;
    /// The board of `state` in `style`, ending with a newline; None if
    /// `state` is no position of this game.
    fn draw(&self, state: &dyn State, style: TerminalStyle) -> Option<String>;
    /// The move text of a typed move, or why it is not one. The default
    /// takes the text as the game writes moves.
    fn read_move(&self, typed: &str) -> Result<String, String> {
        Ok(typed.to_string())
    }
    /// How a move the engine plays is announced. The default is its text.
    fn announce(&self, mv: &str) -> String {
        mv.to_string()
    }
}
