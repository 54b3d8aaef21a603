//! The one game argument of every command: a name resolved by the
//! façade's registry, refused with the game's name when it lacks what the
//! command needs.

use gamesolver_engines::{FacadeError, GameDef, Registry};

/// The game `name` of `registry`, refused (naming the game and what it
/// lacks) unless `has(capabilities)` holds.
pub fn resolve<'r>(
    registry: &'r Registry,
    name: &str,
    what: &'static str,
    has: impl Fn(&gamesolver_engines::Capabilities) -> bool,
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
