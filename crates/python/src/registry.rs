//! The games the module serves: the registry its module function was
//! given ([`crate::fill_module`]: the shipped `gamesolver._native` passes
//! `gamesolver_engines::builtin()`, a module of one's own the built-in
//! games plus its own, or only its own); every game lookup of the module
//! goes through it.

use std::sync::OnceLock;

use gamesolver_api::{GameDef, Registry};

/// The module's registry, set once when the module is made.
static REGISTRY: OnceLock<Registry> = OnceLock::new();

/// Makes `registry` the module's, if none is yet (a native module is made
/// once per process; a second call keeps the first registry). Whether it
/// became the module's.
pub fn install(registry: Registry) -> bool {
    REGISTRY.set(registry).is_ok()
}

/// The games the module serves (none before the module is made).
pub fn registry() -> &'static Registry {
    REGISTRY.get_or_init(Registry::new)
}

/// The first game of the registry for which `has` holds (a default game
/// argument: the first game with a solved table, with tablebases …).
pub fn first_with(has: impl Fn(&dyn GameDef) -> bool) -> Option<&'static str> {
    registry()
        .games()
        .find(|&game| has(game))
        .map(|game| game.info().name)
}
