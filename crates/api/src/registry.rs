//! The registry of games: every front end finds its game here.

use std::sync::OnceLock;

use super::jungle::Jungle;
use super::model::ModelDef;
use super::tictactoe::TicTacToe;
use super::uttt::Uttt;
use super::{FacadeError, GameDef};

/// The games, in registration order.
///
/// ```
/// use gamesolver_engines::facade::{EngineSpec, Registry, SearchLimits};
///
/// let uttt = Registry::global().get("ultimate").unwrap();
/// let state = uttt.parse("start", None).unwrap();
/// let mut engine = uttt.engine(&EngineSpec::default()).unwrap();
/// let limits = SearchLimits { depth: Some(3), ..SearchLimits::default() };
/// let report = engine.search(state.as_ref(), &limits, &mut |_| {}).unwrap();
/// assert!(state.legal_moves().contains(report.bestmove.as_ref().unwrap()));
/// assert!(Registry::global().get("chess").is_err());
/// ```
pub struct Registry {
    games: Vec<Box<dyn GameDef>>,
}

impl Registry {
    /// The built-in games: tic-tac-toe, ultimate tic-tac-toe, Jungle.
    #[must_use]
    pub fn builtin() -> Registry {
        Registry { games: Vec::new() }
            .with(Box::new(ModelDef::new(TicTacToe::default())))
            .with(Box::new(ModelDef::new(Uttt)))
            .with(Box::new(ModelDef::new(Jungle)))
    }

    /// The built-in registry, made once.
    pub fn global() -> &'static Registry {
        static GLOBAL: OnceLock<Registry> = OnceLock::new();
        GLOBAL.get_or_init(Registry::builtin)
    }

    /// The same registry with `game` added (a game registered under a
    /// name already taken replaces nothing: the first one wins lookups).
    #[must_use]
    pub fn with(mut self, game: Box<dyn GameDef>) -> Registry {
        self.games.push(game);
        self
    }

    /// The game called `name` or one of its aliases, case-insensitively.
    pub fn get(&self, name: &str) -> Result<&dyn GameDef, FacadeError> {
        let wanted = name.trim();
        self.games()
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
