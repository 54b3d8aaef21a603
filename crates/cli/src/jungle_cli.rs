//! Jungle wiring shared by the commands: reading a position from the
//! command line under a chosen rule preset.

use anyhow::Context;
use gamesolver_games::jungle::{Position, Variant};

/// The position `text` (FEN; `startpos` or nothing for the start) under
/// `variant`'s rules, with an error that quotes the text and says what is
/// wrong with it.
pub fn parse_position(text: Option<&str>, variant: Variant) -> anyhow::Result<Position> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(Position::start_with(variant)),
        Some(fen) => Position::from_fen(fen, variant)
            .with_context(|| format!("cannot read Jungle position {fen:?}")),
    }
}
