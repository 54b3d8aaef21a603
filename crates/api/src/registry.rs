//! The registry of games: the declarations a front end serves. It is built
//! by the caller and passed in (no game is built in here), so a game
//! registered at run time reaches every command, the web server and the
//! Python module alike.

use std::sync::Arc;

use crate::{FacadeError, GameDef};

/// The games, in registration order.
///
/// ```
/// use gamesolver_api::Registry;
///
/// let empty = Registry::new();
/// assert!(empty.names().is_empty());
/// let error = empty.get("chess").err().unwrap();
/// assert_eq!(error.to_string(), "unknown game \"chess\"; the games are ");
/// ```
#[derive(Clone, Default)]
pub struct Registry {
    games: Vec<Arc<dyn GameDef>>,
}

impl Registry {
    /// A registry without games.
    #[must_use]
    pub fn new() -> Registry {
        Registry::default()
    }

    /// The same registry with `game` added (a game registered under a
    /// name already taken replaces nothing: the first one wins lookups).
    #[must_use]
    pub fn with(mut self, game: Box<dyn GameDef>) -> Registry {
        self.games.push(Arc::from(game));
        self
    }

    /// The game called `name` or one of its aliases, case-insensitively.
    pub fn get(&self, name: &str) -> Result<&dyn GameDef, FacadeError> {
        self.find(name).map(AsRef::as_ref)
    }

    /// The game called `name` or one of its aliases, shared (for a caller
    /// that keeps it past the registry's borrow, such as a server task).
    pub fn shared(&self, name: &str) -> Result<Arc<dyn GameDef>, FacadeError> {
        self.find(name).map(Arc::clone)
    }

    fn find(&self, name: &str) -> Result<&Arc<dyn GameDef>, FacadeError> {
        let wanted = name.trim();
        self.games
            .iter()
            .find(|game| {
                let info = game.info();
                info.name.eq_ignore_ascii_case(wanted)
                    || info.aliases.iter().any(|a| a.eq_ignore_ascii_case(wanted))
            })
            .ok_or_else(|| FacadeError::UnknownGame {
                name: wanted.to_string(),
                known: self.names(),
            })
    }

    /// Every game, in registration order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameDef> {
        self.games.iter().map(AsRef::as_ref)
    }

    /// Every game's name, in registration order.
    #[must_use]
    pub fn names(&self) -> Vec<&'static str> {
        self.games().map(|g| g.info().name).collect()
    }
}
