//! The repetition draw of a game that declares one
//! ([`ArenaRules::repetition_draw`](gamesolver_api::ArenaRules::repetition_draw)):
//! every referee of the program (a match, self-play, a game against the
//! engine) counts the positions of a game and ends it drawn when one has
//! occurred that often.

use std::collections::HashMap;

use gamesolver_api::{GameDef, State};

/// The positions of one game so far, by text.
#[derive(Clone, Debug)]
pub struct Repetitions {
    /// The occurrence that draws.
    limit: usize,
    /// How often each position text occurred.
    seen: HashMap<String, usize>,
}

impl Repetitions {
    /// A counter that draws at the `limit`-th occurrence (at least 2).
    ///
    /// ```
    /// use gamesolver_arena::repetition::Repetitions;
    ///
    /// assert_eq!(Repetitions::new(3).reason(), "threefold repetition");
    /// assert_eq!(Repetitions::new(1).reason(), "twofold repetition");
    /// ```
    #[must_use]
    pub fn new(limit: usize) -> Repetitions {
        Repetitions {
            limit: limit.max(2),
            seen: HashMap::new(),
        }
    }

    /// The counter `game` declares for preset `rules`, if it has the rule.
    #[must_use]
    pub fn of(game: &dyn GameDef, rules: &str) -> Option<Repetitions> {
        let limit = game.arena()?.repetition_draw(rules)?;
        Some(Repetitions::new(limit))
    }

    /// Counts `state` (the opening, then the position after each move):
    /// whether it has now occurred often enough to draw the game.
    pub fn repeated(&mut self, state: &dyn State) -> bool {
        let count = self.seen.entry(state.to_text()).or_default();
        *count += 1;
        *count >= self.limit
    }

    /// Whether the last of `positions` (a game from its opening, one state
    /// a ply) has occurred often enough to draw the game: the check of a
    /// game whose moves can be taken back.
    #[must_use]
    pub fn drawn_in(&self, positions: &[Box<dyn State>]) -> bool {
        let Some(last) = positions.last() else {
            return false;
        };
        let text = last.to_text();
        positions.iter().filter(|p| p.to_text() == text).count() >= self.limit
    }

    /// The rule in words, e.g. `threefold repetition`.
    #[must_use]
    pub fn reason(&self) -> String {
        let times = match self.limit {
            2 => "twofold".to_string(),
            3 => "threefold".to_string(),
            4 => "fourfold".to_string(),
            n => format!("{n}-fold"),
        };
        format!("{times} repetition")
    }
}
