//! Capability: a game's board drawn for a terminal, and moves typed there
//! (`gamesolver play`). A front end falls back to the position text for a
//! game without one.

use gamesolver_core::Player;

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

impl TerminalStyle {
    /// A piece as three terminal columns: a separator, then `text` (the
    /// piece in two columns: a letter and a space, or one wide character)
    /// in `player`'s colour, red for the first player and blue for the
    /// second; without colour but with native names (which have no case to
    /// tell the sides apart) a star before the second player's pieces.
    ///
    /// ```
    /// use gamesolver_api::TerminalStyle;
    /// use gamesolver_core::Player;
    ///
    /// let plain = TerminalStyle::default();
    /// assert_eq!(plain.piece_cell(Player::Second, "e "), " e ");
    /// let native = TerminalStyle { colour: false, native_names: true };
    /// assert_eq!(native.piece_cell(Player::Second, "象"), "*象");
    /// let coloured = TerminalStyle { colour: true, native_names: false };
    /// assert_eq!(coloured.piece_cell(Player::First, "E "), " \u{1b}[1;31mE \u{1b}[0m");
    /// ```
    #[must_use]
    pub fn piece_cell(self, player: Player, text: &str) -> String {
        if self.colour {
            let code = if player == Player::First { 31 } else { 34 };
            format!(" \u{1b}[1;{code}m{text}\u{1b}[0m")
        } else if self.native_names && player == Player::Second {
            format!("*{text}")
        } else {
            format!(" {text}")
        }
    }
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
