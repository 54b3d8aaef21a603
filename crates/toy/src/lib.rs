//! # gamesolver-toy
//!
//! Ring coins, a toy loopy game with tiers, declared with the tablebase
//! capability: what a game of one's own needs to reach every front end.
//! No front end names it; the front ends' tests register it at run time
//! (`gamesolver_engines::builtin().with(ring_coins())`) and drive it
//! through the command line, the HTTP API and the tablebase commands.
//!
//! The rules: a token stands on a ring of [`RING`] cells, beside a pile of
//! coins. A move steps the token to a neighbouring cell or, with the token
//! on cell 0, takes a coin from the pile (the token then jumps to cell
//! [`RING`]` / 2`). Whoever takes the last coin wins. Stepping never ends,
//! so a side that cannot win keeps the token away from cell 0: most
//! positions are draws by endless play, the rest wins and losses, as a
//! loopy solver must find. (The ring is odd: on an even one each side
//! would keep to cells of one parity.)
//!
//! The tiers are the piles: a take leaves the tier for the next smaller
//! pile, a step stays in it. Positions are written `PILE CELL SIDE`, e.g.
//! `3 0 x` (pile 3, token on cell 0, first player to move).
//!
//! ```
//! use gamesolver_api::{EngineSpec, Registry, SearchLimits};
//!
//! let registry = Registry::new().with(gamesolver_toy::ring_coins());
//! let game = registry.get("ringcoins").unwrap();
//! assert!(game.capabilities().tablebase);
//! let mut state = game.parse("1 0 x", None).unwrap();
//! state.play("take").unwrap();
//! assert!(state.is_terminal());
//! ```

mod game;
mod tiers;

pub use game::{Coins, MAX_PILE, RING, Step};
pub use tiers::{CoinTiers, RingCoinTables};

use gamesolver_api::{
    Declared, GameDef, GameInfo, GameModel, ModelDef, PositionError, PositionErrorKind,
    TieredTablebases,
};

/// The game's description.
static INFO: GameInfo = GameInfo {
    name: "ringcoins",
    aliases: &["ring-coins"],
    title: "Ring coins (a toy loopy game)",
    titles: &[],
    rules: &["standard"],
    engines: &["mcts"],
    action_space: 0,
    observation_shape: [0, 0, 0],
};

/// The tablebase capability of the declaration.
static TABLEBASES: TieredTablebases<RingCoinTables> = TieredTablebases(RingCoinTables);

/// The declaration: positions are [`Coins`], MCTS the engine, tablebases
/// over [`CoinTiers`].
#[derive(Default)]
pub struct RingCoins;

impl GameModel for RingCoins {
    type G = Coins;

    fn info(&self) -> &GameInfo {
        &INFO
    }

    /// Five coins, the token on cell 0, the first player to move.
    fn start(&self, _rules: &'static str) -> Coins {
        Coins::new(5, 0, gamesolver_core::Player::First)
    }

    fn parse(&self, text: &str, _rules: &'static str) -> Result<Coins, PositionError> {
        text.parse()
            .map_err(|message: String| PositionError::new(PositionErrorKind::Other, text, message))
    }

    fn rules_of(&self, _game: &Coins) -> &'static str {
        INFO.rules[0]
    }

    fn declared(&self) -> Declared<'_> {
        Declared {
            tablebase: Some(&TABLEBASES),
            ..Declared::default()
        }
    }
}

/// The game's declaration, to register: `registry.with(ring_coins())`.
#[must_use]
pub fn ring_coins() -> Box<dyn GameDef> {
    Box::new(ModelDef::new(RingCoins))
}

/// The game's description (its name, rules and engines).
#[must_use]
pub fn info() -> &'static GameInfo {
    &INFO
}
