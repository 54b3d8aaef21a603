//! A POSITION argument: the game's notation, or `@FILE`, a game record
//! (docs/FORMATS.md, "Game records") whose position after its last move
//! is meant, with the moves as its history (so a game's repetition and
//! no-progress counts see them).

use anyhow::{Context, bail};
use gamesolver_api::{GameDef, Registry, SavedGame, State};

/// The state `text` names for `game`: position text, or `@FILE`.
pub fn parse_position(
    registry: &Registry,
    game: &dyn GameDef,
    text: &str,
    rules: Option<&str>,
) -> anyhow::Result<Box<dyn State>> {
    match text.trim().strip_prefix('@') {
        Some(path) => {
            let record = read_record(path)?;
            let named = registry.get(&record.game)?;
            if named.info().name != game.info().name {
                bail!(
                    "{path} is a game of {}, not of {}",
                    named.info().name,
                    game.info().name
                );
            }
            let replayed = record
                .replay(registry)
                .with_context(|| format!("cannot replay {path}"))?;
            if let Some(asked) = rules
                && asked != replayed.end.rules()
            {
                bail!(
                    "{path} is played under the rules {}, not {asked}",
                    replayed.end.rules()
                );
            }
            Ok(replayed.end)
        }
        None => Ok(game.parse(text, rules)?),
    }
}

/// The one game of the record file at `path`.
pub fn read_record(path: &str) -> anyhow::Result<SavedGame> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read the game {path}"))?;
    SavedGame::parse(&text).with_context(|| format!("{path} is not a game record"))
}
