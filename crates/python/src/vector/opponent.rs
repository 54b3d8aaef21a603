//! The opponents a batch of games plays against inside Rust: uniform random
//! moves, the engine at a fixed node or depth budget, and perfect play from
//! an exact oracle (the solved table, or a tablebase where it covers the
//! position) with a random or engine fallback elsewhere.

use std::sync::{Arc, Mutex, PoisonError};

use gamesolver_api::batch::{GameRng, draw_below};
use gamesolver_api::{
    AnyEngine, EngineSpec, FacadeError, GameDef, SearchLimits, SolvedOracle, State, TablebaseOracle,
};

/// Where perfect play comes from.
pub enum Oracle {
    /// The game's solved table (every position).
    Solved(&'static dyn SolvedOracle),
    /// Tablebases (positions of the materials they hold).
    Tables(Arc<dyn TablebaseOracle>),
}

impl Oracle {
    /// The best moves of `state` (move text), None where the oracle has no
    /// answer (a material the tables lack, a game already drawn by rule).
    pub fn best_moves(&self, state: &dyn State) -> Result<Option<Vec<String>>, FacadeError> {
        let report = match self {
            Oracle::Solved(solved) => Some(solved.query(state)?),
            Oracle::Tables(tables) => tables.probe(state)?,
        };
        Ok(report.map(|r| r.best).filter(|best| !best.is_empty()))
    }
}

/// Engines for a batch: one per part of the batch stepped at once, each
/// cleared before every search so that a move depends only on the
/// position (and a node or depth budget makes it deterministic).
pub struct EnginePool {
    engines: Vec<Mutex<Box<dyn AnyEngine>>>,
    limits: SearchLimits,
}

impl EnginePool {
    /// `count` engines of `def` made from `spec`, searching within `limits`.
    pub fn new(
        def: &'static dyn GameDef,
        spec: &EngineSpec,
        limits: SearchLimits,
        count: usize,
    ) -> Result<EnginePool, FacadeError> {
        limits.to_limits()?;
        let engines = (0..count.max(1))
            .map(|_| def.engine(spec).map(Mutex::new))
            .collect::<Result<_, _>>()?;
        Ok(EnginePool { engines, limits })
    }

    /// The engine's move (an action) in `state`, searched by engine `part`.
    fn best_action(&self, part: usize, state: &dyn State) -> Result<u32, FacadeError> {
        let slot = &self.engines[part % self.engines.len()];
        let mut engine = slot.lock().unwrap_or_else(PoisonError::into_inner);
        engine.new_game();
        let report = engine.search(state, &self.limits, &mut |_| {})?;
        let mv = report.bestmove.ok_or_else(|| FacadeError::BadAction {
            action: 0,
            reason: format!("the engine found no move in {}", state.to_text()),
        })?;
        state.move_to_action(&mv)
    }
}

/// An opponent inside the batch.
pub enum Opponent {
    /// Uniformly random legal moves.
    Random,
    /// The engine's best move under its budget.
    Engine(EnginePool),
    /// A best move of the oracle (uniformly among the tied ones) where it
    /// answers; elsewhere the engine if one is given, else random moves.
    Perfect {
        /// The exact oracle.
        oracle: Oracle,
        /// Plays where the oracle has no answer (None = random moves).
        fallback: Option<EnginePool>,
    },
}

impl Opponent {
    /// Whether the opponent searches (its moves may take long).
    pub fn searches(&self) -> bool {
        matches!(
            self,
            Opponent::Engine(_)
                | Opponent::Perfect {
                    fallback: Some(_),
                    ..
                }
        )
    }

    /// Plays the opponent's move in `state` (a game not over), drawn with
    /// `rng` where a choice is random, and returns its action; `part`
    /// names the part of the batch (which engine of a pool searches),
    /// `scratch` is a list to reuse.
    pub fn play(
        &self,
        state: &mut dyn State,
        rng: &mut GameRng,
        part: usize,
        scratch: &mut Vec<u32>,
    ) -> Result<u32, FacadeError> {
        let action = match self {
            Opponent::Random => return play_random(state, rng, scratch),
            Opponent::Engine(pool) => pool.best_action(part, state)?,
            Opponent::Perfect { oracle, fallback } => match oracle.best_moves(state)? {
                Some(best) => state.move_to_action(&best[draw_below(rng, best.len())])?,
                None => match fallback {
                    Some(pool) => pool.best_action(part, state)?,
                    None => return play_random(state, rng, scratch),
                },
            },
        };
        state.play_action(action)?;
        Ok(action)
    }
}

/// Plays a uniformly random legal action of `state` and returns it
/// (`scratch` receives the legal actions). Fails on a finished game.
pub fn play_random(
    state: &mut dyn State,
    rng: &mut GameRng,
    scratch: &mut Vec<u32>,
) -> Result<u32, FacadeError> {
    scratch.clear();
    state.legal_actions_into(scratch);
    if scratch.is_empty() {
        return Err(FacadeError::BadAction {
            action: 0,
            reason: format!("no legal move in {}", state.to_text()),
        });
    }
    let action = scratch[draw_below(rng, scratch.len())];
    state.play_legal_action(action)?;
    Ok(action)
}
