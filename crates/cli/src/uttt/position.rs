//! Reading ultimate tic-tac-toe positions from command-line words.

use anyhow::Context;
use gamesolver_games::uttt::{Board, Variant};

/// The position the words spell: nothing, `start` or `startpos` for the
/// start, otherwise the position text (its two words may come unquoted).
pub fn read_position(words: &[String], variant: Variant) -> anyhow::Result<Board> {
    let text = words.join(" ");
    let text = text.trim();
    if text.is_empty() || text == "start" || text == "startpos" {
        return Ok(Board::start(variant));
    }
    Board::parse_variant(text, variant)
        .with_context(|| format!("cannot read the ultimate tic-tac-toe position {text:?}"))
}
