//! The games the module serves: a registry built once from the built-in
//! games of `gamesolver-engines` (`builtin()`); every game lookup of the
//! module goes through it.

use std::sync::LazyLock;

use gamesolver_api::{GameDef, Registry};

/// The module's registry.
static REGISTRY: LazyLock<Registry> = LazyLock::new(gamesolver_engines::builtin);

/// The games the module serves.
pub fn registry() -> &'static Registry {
    &REGISTRY
}

/// The first game of the registry for which `has` holds (a default game
/// argument: the first game with a solved table, with tablebases …).
pub fn first_with(has: impl Fn(&dyn GameDef) -> bool) -> Option<&'static str> {
    registry()
        .games()
        .find(|&game| has(game))
        .map(|game| game.info().name)
}
