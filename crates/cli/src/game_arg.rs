//! The one game argument of every command: a name resolved by the
//! façade's registry, refused with the game's name when it lacks what the
//! command needs.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use gamesolver_engines::{Capabilities, FacadeError, GameDef, Registry};

/// The parser of a game argument: the built-in registry's names and
/// aliases (case-insensitive with `ignore_case`), so an unknown name is a
/// usage error (exit 2) that lists the games; the value is the game's
/// registry name.
pub fn registered() -> impl TypedValueParser<Value = String> {
    let values: Vec<PossibleValue> = Registry::global()
        .games()
        .map(|game| {
            let info = game.info();
            PossibleValue::new(info.name)
                .aliases(info.aliases.iter().copied())
                .help(info.title)
        })
        .collect();
    PossibleValuesParser::new(values).map(|name: String| canonical(&name))
}

/// The registry name of `name` (a name or alias), `name` itself if none.
fn canonical(name: &str) -> String {
    Registry::global()
        .get(name)
        .map_or_else(|_| name.to_string(), |game| game.info().name.to_string())
}

/// The built-in game `name`, if it has a solved table (`solve`, `query`).
pub fn with_solved_table(name: &str) -> Result<&'static dyn GameDef, FacadeError> {
    resolve(Registry::global(), name, "solved table", |c| c.solved_table)
}

/// The game `name` of `registry`, refused (naming the game and what it
/// lacks) unless `has(capabilities)` holds.
pub fn resolve<'r>(
    registry: &'r Registry,
    name: &str,
    what: &'static str,
    has: impl Fn(&Capabilities) -> bool,
) -> Result<&'r dyn GameDef, FacadeError> {
    let game = registry.get(name)?;
    let info = game.info();
    if has(&info.capabilities) {
        Ok(game)
    } else {
        Err(FacadeError::Unsupported {
            game: info.name,
            what,
        })
    }
}
