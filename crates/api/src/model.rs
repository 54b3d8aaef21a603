//! The generic bridge from a typed game ([`GameModel`]) to the object-safe
//! façade: one [`ModelDef`] per game, [`ModelState`] for its positions,
//! [`ModelEngine`] for its engines, [`ModelHost`] for its protocol host.
//! A game gives its notation, rule presets, actions and observation; the
//! rest is shared.

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt::{self, Display};
use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_search::{Engine, Mcts, StopFlag};

use crate::batch::{LegalActions, Member, Members, RowFacts, ShownObservation, StateBatch};
use crate::engine_options::check_options;
use crate::observation_bits::ObservationBits;
pub use crate::playouts::PLAYOUT_PLY_CAP;
use crate::playouts::{PlayoutRng, random_move_from_list, random_playouts_with};
use crate::protocol::common::{CommonOptions, CommonSettings, common_options};
use crate::protocol::options::{OptionKind, OptionValue, announce, set};
use crate::protocol::uci::serve;
use crate::protocol::{EngineHost, OptionSpec};
use crate::state::observation_size;
use crate::{
    AnyEngine, ArenaRules, Bench, EngineKind, EngineSpec, ErasedHost, FacadeError, GameDef,
    GameInfo, MdpModel, MoveErrorKind, Observation, Planes, PlayoutStats, PositionError,
    PositionErrorKind, SearchLimits, SearchReport, SolvedOracle, State, TablebaseCause,
    TablebaseError, Tablebases, TerminalRenderer, TourStep, WebBoard,
};

/// The seed engines use when none is given.
pub const DEFAULT_SEED: u64 = 2026;

/// A typed game as the façade needs it. Implement this (or use
/// [`crate::TextGame`]) and register `ModelDef::new(model)`: the bridge
/// gives the game every generic part (parsing with presets, play by text
/// or action, perft, playouts, engines, the protocol host). What it offers
/// beyond play it declares in [`GameModel::declared`].
pub trait GameModel: Send + Sync + Sized + 'static {
    /// The position type (with whatever history its rules need).
    type G: Game<Move: Send + Sync> + Display + Send + Sync + 'static;

    /// The game's description; `info().rules[0]` is the default preset.
    fn info(&self) -> &GameInfo;
    /// The start position under preset `rules` (one of `info().rules`).
    fn start(&self, rules: &'static str) -> Self::G;
    /// Reads position text under preset `rules`, or says what is wrong.
    fn parse(&self, text: &str, rules: &'static str) -> Result<Self::G, PositionError>;
    /// The preset `game` is played under.
    fn rules_of(&self, game: &Self::G) -> &'static str;

    /// The action number of legal move `mv`. The default numbers the
    /// legal moves in generation order.
    fn action_of(&self, game: &Self::G, mv: <Self::G as Game>::Move) -> u32 {
        game.moves().iter().position(|&m| m == mv).unwrap_or(0) as u32
    }
    /// The legal move of action number `action`, if any.
    fn move_of(&self, game: &Self::G, action: u32) -> Option<<Self::G as Game>::Move> {
        game.moves().get(action as usize).copied()
    }
    /// Whether `mv` is legal in `game` (a game not over). The default
    /// looks for it in the legal moves.
    fn is_legal(&self, game: &Self::G, mv: <Self::G as Game>::Move) -> bool {
        game.moves().contains(&mv)
    }
    /// The action numbers of the legal moves of `game` (a game not over),
    /// in move-generation order.
    fn legal_actions(&self, game: &Self::G) -> Vec<u32> {
        game.moves()
            .into_iter()
            .map(|mv| self.action_of(game, mv))
            .collect()
    }
    /// The legal actions of `game` (a game not over) as a mask, bit `a`
    /// set when action `a` is legal, for a game whose action numbers stay
    /// below 128 and that keeps such a mask at hand (cell-numbered
    /// boards); `None`, the default, otherwise. Front ends may build the
    /// action list from it faster (Python's `legal_actions()` copies
    /// prebuilt lists, a batch keeps the mask instead of a list and draws
    /// the `k`-th legal action as its `k`-th set bit); it must hold exactly
    /// the actions of [`GameModel::legal_actions`], which then lists them
    /// in increasing order.
    fn legal_action_mask(&self, _game: &Self::G) -> Option<u128> {
        None
    }
    /// [`GameModel::legal_actions`] appended to `out` (a game not over),
    /// in the same order, with `moves` as scratch: no allocation once both
    /// lists have grown. The default generates the moves into `moves` and
    /// numbers them with [`GameModel::action_of`]; a game that overrides
    /// `legal_actions` with a faster kernel overrides this too.
    fn legal_actions_into(
        &self,
        game: &Self::G,
        moves: &mut Vec<<Self::G as Game>::Move>,
        out: &mut Vec<u32>,
    ) {
        moves.clear();
        game.legal_moves(moves);
        out.extend(moves.iter().map(|&mv| self.action_of(game, mv)));
    }
    /// `n` uniformly random playouts from `start`, reproducible from
    /// `seed`: the generic loop ([`random_playouts_with`]) drawing with
    /// [`GameModel::random_move`]. A game with a faster kernel may play the
    /// same games its own way (the same draws give the same games). Looks
    /// at `stop` between games and ends early once it said yes.
    fn random_playouts(
        &self,
        start: &Self::G,
        n: u64,
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> PlayoutStats {
        random_playouts_with(
            start,
            n,
            seed,
            |game, rng, scratch| self.random_move(game, rng, scratch),
            stop,
        )
    }
    /// Why a finished game ended, when its outcome needs a note (see
    /// [`State::end_reason`]); None by default.
    fn end_reason(&self, _game: &Self::G) -> Option<&'static str> {
        None
    }
    /// A uniformly random legal move for random playouts. A faster draw
    /// must return the move [`random_move_from_list`] (the default) returns
    /// for the same generator state.
    fn random_move(
        &self,
        game: &Self::G,
        rng: &mut PlayoutRng,
        scratch: &mut Vec<<Self::G as Game>::Move>,
    ) -> Option<<Self::G as Game>::Move> {
        random_move_from_list(game, rng, scratch)
    }
    /// Writes the observation planes of `game` into `planes` (of
    /// `info().observation_shape`, all zero on entry): the one place a
    /// game describes its observation, for `State::observation` and the
    /// allocation-free `State::write_observation` alike (default: the
    /// planes of [`GameModel::observation_bits`], else none).
    #[inline]
    fn write_observation(&self, game: &Self::G, planes: &mut Planes<'_>) {
        if let Some(bits) = self.observation_bits(game) {
            bits.write(planes);
        }
    }
    /// The observation of `game` as bit planes, for a game whose
    /// observation is at most [`crate::observation_bits::MAX_BIT_PLANES`]
    /// planes of 0s and 1s of up to 128 values each (default: None, the
    /// observation is what [`GameModel::write_observation`] writes). A
    /// game declaring it leaves `write_observation` to its default; a
    /// batch then rewrites only the values of a row that changed since
    /// the row's last step.
    #[inline]
    fn observation_bits(&self, _game: &Self::G) -> Option<ObservationBits> {
        None
    }
    /// Perft from `game`.
    fn perft(&self, game: &Self::G, depth: u32) -> u64 {
        gamesolver_search::perft::perft(game, depth)
    }
    /// An engine of `kind` set up by `spec` (already checked to be one of
    /// `info().engines`). The default offers MCTS.
    fn engine(
        &self,
        kind: EngineKind,
        spec: &EngineSpec,
        _rules: &'static str,
    ) -> Result<Built<Self::G>, FacadeError> {
        match kind {
            EngineKind::Mcts => Ok(Built::searching(Box::new(Mcts::<Self::G>::new(
                1.0,
                spec.seed.unwrap_or(DEFAULT_SEED),
            )))),
            EngineKind::Alphabeta => Err(self.unsupported("engine alphabeta")),
        }
    }
    /// The capabilities the game declares (none by default).
    fn declared(&self) -> Declared<'_> {
        Declared::default()
    }
    /// The game's own protocol host, if it has one (default: the generic
    /// [`ModelHost`]).
    fn protocol_host(
        self: Arc<Self>,
        spec: &EngineSpec,
    ) -> Result<Box<dyn ErasedHost>, FacadeError> {
        Ok(Box::new(HostBox::new(ModelHost::new(self, spec)?)))
    }

    /// The error for something the game lacks.
    fn unsupported(&self, what: &'static str) -> FacadeError {
        FacadeError::Unsupported {
            game: self.info().name,
            what,
        }
    }
}

/// Tells the positions an engine answers from a tablebase.
pub type TableTest<G> = Box<dyn Fn(&G) -> bool + Send>;

/// An engine as a model builds it, and how to tell a table answer.
pub struct Built<G: Game> {
    /// The engine.
    pub engine: Box<dyn Engine<G> + Send>,
    /// True for positions the engine answers from a tablebase.
    pub from_table: Option<TableTest<G>>,
    /// The table files that failed since the last call (each error names
    /// one): a search during which one failed is an error, not an answer
    /// given without it.
    pub table_failures: Option<TableFailures>,
}

/// Collects the failures of an engine's table files since the last call.
pub type TableFailures = Box<dyn Fn() -> Vec<TablebaseError> + Send>;

impl<G: Game> Built<G> {
    /// An engine that always searches.
    #[must_use]
    pub fn searching(engine: Box<dyn Engine<G> + Send>) -> Built<G> {
        Built {
            engine,
            from_table: None,
            table_failures: None,
        }
    }
}

/// The preset of the game `info` describes called `rules` (None = the
/// default).
pub fn resolve_rules(info: &GameInfo, rules: Option<&str>) -> Result<&'static str, FacadeError> {
    match rules.map(str::trim) {
        None | Some("") => Ok(info.rules[0]),
        Some(name) => info
            .rules
            .iter()
            .find(|r| r.eq_ignore_ascii_case(name))
            .copied()
            .ok_or_else(|| FacadeError::UnknownRules {
                game: info.name,
                rules: name.to_string(),
                known: info.rules.to_vec(),
            }),
    }
}

/// The engine kind `spec` asks for, checked against the engines of the
/// game `info` describes.
pub fn resolve_kind(info: &GameInfo, spec: &EngineSpec) -> Result<EngineKind, FacadeError> {
    let name = spec
        .kind
        .as_deref()
        .unwrap_or(info.engines.first().copied().unwrap_or("-"));
    let offered = info
        .engines
        .iter()
        .any(|e| e.eq_ignore_ascii_case(name.trim()));
    match EngineKind::from_name(name) {
        Some(kind) if offered => Ok(kind),
        Some(kind) => Err(FacadeError::Unsupported {
            game: info.name,
            what: match kind {
                EngineKind::Alphabeta => "engine alphabeta",
                EngineKind::Mcts => "engine mcts",
            },
        }),
        None => Err(FacadeError::BadLimit(format!(
            "{} has no engine {name:?}; its engines are {}",
            info.name,
            if info.engines.is_empty() {
                "none".to_string()
            } else {
                info.engines.join(", ")
            }
        ))),
    }
}

/// What a [`GameModel`] declares beyond play: its capability members (see
/// [`GameDef`]'s), each `None` (no tour steps) unless the game offers it.
#[derive(Clone, Copy, Default)]
pub struct Declared<'a> {
    /// The exact solution ([`GameDef::solved`]).
    pub solved: Option<&'a dyn SolvedOracle>,
    /// Endgame tablebases ([`GameDef::tablebase`]).
    pub tablebase: Option<&'a dyn Tablebases>,
    /// The game as an MDP ([`GameDef::mdp`]).
    pub mdp: Option<&'a dyn MdpModel>,
    /// The bench ([`GameDef::bench`]).
    pub bench: Option<&'a dyn Bench>,
    /// The terminal board ([`GameDef::terminal`]).
    pub terminal: Option<&'a dyn TerminalRenderer>,
    /// Match openings and bot formats ([`GameDef::arena`]).
    pub arena: Option<&'a dyn ArenaRules>,
    /// The steps of the tour ([`GameDef::tour`]).
    pub tour: &'a [TourStep],
    /// The board of the web page ([`GameDef::web_board`]).
    pub web_board: Option<&'a WebBoard>,
}

/// A [`GameModel`] as a registered game.
pub struct ModelDef<M: GameModel> {
    model: Arc<M>,
}

impl<M: GameModel> ModelDef<M> {
    /// The game `model` describes.
    #[must_use]
    pub fn new(model: M) -> ModelDef<M> {
        ModelDef {
            model: Arc::new(model),
        }
    }

    /// The model.
    #[must_use]
    pub fn model(&self) -> &M {
        &self.model
    }

    fn state(&self, game: M::G) -> Box<dyn State> {
        Box::new(ModelState {
            model: Arc::clone(&self.model),
            game,
            history: Vec::new(),
            moves: Vec::new(),
        })
    }
}

impl<M: GameModel> GameDef for ModelDef<M> {
    fn info(&self) -> &GameInfo {
        self.model.info()
    }

    fn start(&self, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError> {
        let rules = resolve_rules(self.model.info(), rules)?;
        Ok(self.state(self.model.start(rules)))
    }

    fn parse(&self, text: &str, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError> {
        let rules = resolve_rules(self.model.info(), rules)?;
        match text.trim() {
            "" => Err(FacadeError::bad_position(
                PositionErrorKind::Empty,
                text,
                format!(
                    "empty {} position text (write `start` for the start)",
                    self.info().name
                ),
            )),
            "start" | "startpos" => Ok(self.state(self.model.start(rules))),
            text => self
                .model
                .parse(text, rules)
                .map(|game| self.state(game))
                .map_err(FacadeError::BadPosition),
        }
    }

    fn engine(&self, spec: &EngineSpec) -> Result<Box<dyn AnyEngine>, FacadeError> {
        let kind = resolve_kind(self.model.info(), spec)?;
        let rules = resolve_rules(self.model.info(), spec.rules.as_deref())?;
        if spec.tablebase.is_some() && self.tablebase().is_none() {
            return Err(self.model.unsupported("tablebase"));
        }
        if !spec.options.is_empty() {
            let mut host = self.protocol_host(spec)?;
            check_options(host.as_mut(), self.model.info(), spec)?;
        }
        let built = self.model.engine(kind, spec, rules)?;
        Ok(Box::new(ModelEngine::<M> {
            name: kind.name(),
            built,
        }))
    }

    fn protocol_host(&self, spec: &EngineSpec) -> Result<Box<dyn ErasedHost>, FacadeError> {
        resolve_kind(self.model.info(), spec)?;
        resolve_rules(self.model.info(), spec.rules.as_deref())?;
        if spec.tablebase.is_some() && self.tablebase().is_none() {
            return Err(self.model.unsupported("tablebase"));
        }
        Arc::clone(&self.model).protocol_host(spec)
    }

    fn solved(&self) -> Option<&dyn SolvedOracle> {
        self.model.declared().solved
    }

    fn tablebase(&self) -> Option<&dyn Tablebases> {
        self.model.declared().tablebase
    }

    fn mdp(&self) -> Option<&dyn MdpModel> {
        self.model.declared().mdp
    }

    fn bench(&self) -> Option<&dyn Bench> {
        self.model.declared().bench
    }

    fn terminal(&self) -> Option<&dyn TerminalRenderer> {
        self.model.declared().terminal
    }

    fn arena(&self) -> Option<&dyn ArenaRules> {
        self.model.declared().arena
    }

    fn tour(&self) -> &[TourStep] {
        self.model.declared().tour
    }

    fn web_board(&self) -> Option<&WebBoard> {
        self.model.declared().web_board
    }
}

/// A position of a [`GameModel`] game and the moves played to it.
pub struct ModelState<M: GameModel> {
    model: Arc<M>,
    /// The position.
    pub game: M::G,
    /// The moves played (written out only when asked for).
    history: Vec<<M::G as Game>::Move>,
    /// Scratch for [`State::legal_actions_into`] (empty in a copy).
    moves: Vec<<M::G as Game>::Move>,
}

impl<M: GameModel> fmt::Debug for ModelState<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", self.model.info().name, self.game)
    }
}

/// The typed position behind `state`, if it is one of `M`'s.
pub fn typed<M: GameModel>(state: &dyn State) -> Result<&ModelState<M>, FacadeError> {
    state
        .as_any()
        .downcast_ref::<ModelState<M>>()
        .ok_or_else(|| wrong_game(state, type_name::<M>(1)))
}

/// `state` is not a position of the `expected` type.
fn wrong_game(state: &dyn State, expected: &str) -> FacadeError {
    FacadeError::bad_position(
        PositionErrorKind::WrongGame,
        state.to_text(),
        format!(
            "a {} position was given where a {expected} position was expected",
            state.game()
        ),
    )
}

/// The typed position of `state`, if it is a `G` (whatever declaration
/// made it): what a game's capabilities read, without naming the
/// declaration.
pub fn position_of<G: 'static>(state: &dyn State) -> Result<&G, FacadeError> {
    state
        .position_any()
        .downcast_ref::<G>()
        .ok_or_else(|| wrong_game(state, type_name::<G>(2)))
}

/// A readable name of a type for messages: the last `segments` parts of
/// its path (`Uttt`, `uttt::Board`).
fn type_name<M>(segments: usize) -> &'static str {
    let full = std::any::type_name::<M>();
    match full.rmatch_indices("::").nth(segments - 1) {
        Some((at, _)) => &full[at + 2..],
        None => full,
    }
}

impl<M: GameModel> ModelState<M> {
    fn parse_move(&self, mv: &str) -> Result<<M::G as Game>::Move, FacadeError> {
        let illegal = |kind: MoveErrorKind, reason: String| FacadeError::IllegalMove {
            mv: mv.to_string(),
            position: self.game.to_string(),
            reason,
            kind,
        };
        let parsed: <M::G as Game>::Move = mv
            .trim()
            .parse()
            .map_err(|e| illegal(MoveErrorKind::Unreadable, format!("{e}")))?;
        if self.game.is_finished() {
            return Err(illegal(MoveErrorKind::GameOver, "the game is over".into()));
        }
        if !self.model.is_legal(&self.game, parsed) {
            return Err(illegal(
                MoveErrorKind::Illegal,
                "not a legal move here".into(),
            ));
        }
        Ok(parsed)
    }

    fn apply(&mut self, mv: <M::G as Game>::Move) {
        self.game.play_unchecked(mv);
        self.history.push(mv);
    }
}

impl<M: GameModel> State for ModelState<M> {
    fn game(&self) -> &'static str {
        self.model.info().name
    }

    fn rules(&self) -> &'static str {
        self.model.rules_of(&self.game)
    }

    fn to_text(&self) -> String {
        self.game.to_string()
    }

    fn turn(&self) -> Player {
        self.game.turn()
    }

    fn player_name(&self, player: Player) -> &'static str {
        M::G::player_name(player)
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.game.is_finished() {
            return Vec::new();
        }
        self.game.moves().iter().map(ToString::to_string).collect()
    }

    fn legal_actions(&self) -> Vec<u32> {
        if self.game.is_finished() {
            return Vec::new();
        }
        self.model.legal_actions(&self.game)
    }

    fn legal_action_mask(&self) -> Option<u128> {
        let mask = self.model.legal_action_mask(&self.game)?;
        Some(if self.game.is_finished() { 0 } else { mask })
    }

    fn legal_actions_into(&mut self, out: &mut Vec<u32>) {
        if !self.game.is_finished() {
            self.model
                .legal_actions_into(&self.game, &mut self.moves, out);
        }
    }

    fn move_to_action(&self, mv: &str) -> Result<u32, FacadeError> {
        let parsed = self.parse_move(mv)?;
        Ok(self.model.action_of(&self.game, parsed))
    }

    fn action_to_move(&self, action: u32) -> Result<String, FacadeError> {
        self.legal_action(action).map(|mv| mv.to_string())
    }

    fn play(&mut self, mv: &str) -> Result<(), FacadeError> {
        let parsed = self.parse_move(mv)?;
        self.apply(parsed);
        Ok(())
    }

    fn play_action(&mut self, action: u32) -> Result<(), FacadeError> {
        let mv = self.legal_action(action)?;
        self.apply(mv);
        Ok(())
    }

    fn play_legal_action(&mut self, action: u32) -> Result<(), FacadeError> {
        if self.game.is_finished() {
            return Err(FacadeError::BadAction {
                action,
                reason: "the game is over".into(),
            });
        }
        self.play_numbered(action)
    }

    fn copy_from(&mut self, source: &dyn State) -> bool {
        let Some(source) = source.as_any().downcast_ref::<ModelState<M>>() else {
            return false;
        };
        if !Arc::ptr_eq(&self.model, &source.model) {
            self.model = Arc::clone(&source.model);
        }
        self.game.clone_from(&source.game);
        self.history.clone_from(&source.history);
        true
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.model.end_reason(&self.game)
    }

    fn history(&self) -> Vec<String> {
        self.history.iter().map(ToString::to_string).collect()
    }

    fn observation(&self) -> Observation {
        let mut observation = Observation::zeros(self.model.info().observation_shape);
        self.model
            .write_observation(&self.game, &mut observation.planes());
        observation
    }

    #[inline]
    fn write_observation(&self, out: &mut [f32]) -> Result<(), FacadeError> {
        let shape = self.model.info().observation_shape;
        let len = out.len();
        let mut planes = Planes::new(shape, out).ok_or_else(|| observation_size(len, shape))?;
        planes.clear();
        self.model.write_observation(&self.game, &mut planes);
        Ok(())
    }

    fn perft(&self, depth: u32) -> Result<u64, FacadeError> {
        const MAX_PERFT_DEPTH: u32 = 12;
        if depth > MAX_PERFT_DEPTH {
            return Err(FacadeError::BadLimit(format!(
                "perft depth must be at most {MAX_PERFT_DEPTH}, not {depth}"
            )));
        }
        Ok(self.model.perft(&self.game, depth))
    }

    fn random_playouts_until(&self, n: u64, seed: u64, stop: &dyn Fn() -> bool) -> PlayoutStats {
        self.model.random_playouts(&self.game, n, seed, stop)
    }

    fn clone_box(&self) -> Box<dyn State> {
        Box::new(self.copy())
    }

    fn batch(&self, len: usize) -> Box<dyn StateBatch> {
        Box::new(Members::new(self.copy(), len, ModelState::copy))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn position_any(&self) -> &dyn Any {
        &self.game
    }
}

/// A batch of bridge positions: typed, side by side, stepped by direct calls.
impl<M: GameModel> Member for ModelState<M> {
    fn state(&self) -> &dyn State {
        self
    }

    fn state_mut(&mut self) -> &mut dyn State {
        self
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    #[inline]
    fn turn(&self) -> Player {
        self.game.turn()
    }

    /// The game's mask where it declares one (no list), else the list.
    #[inline]
    fn fill_legal(&mut self, legal: &mut LegalActions) {
        match self.model.legal_action_mask(&self.game) {
            Some(bits) => legal.set_mask(bits),
            None => {
                self.model
                    .legal_actions_into(&self.game, &mut self.moves, legal.list_mut());
            }
        }
    }

    #[inline]
    fn reset_to(&mut self, start: &Self) {
        self.game.clone_from(&start.game);
        self.history.clone_from(&start.history);
    }

    /// The batch plays only actions of the legal list its last row gave,
    /// which is empty once the game is over: no second look at the outcome.
    #[inline]
    fn play_legal(&mut self, action: u32) -> Result<(), FacadeError> {
        debug_assert!(!self.game.is_finished(), "{action} in {}", self.game);
        self.play_numbered(action)
    }

    /// The outcome looked at once; the legal actions as the game's mask
    /// where it declares one (no list), else as the list.
    /// A game declaring its observation as bit planes has only the
    /// values that changed since `shown` rewritten.
    #[inline(always)]
    fn write_row(
        &mut self,
        observation: &mut [f32],
        shown: &mut ShownObservation,
        legal: &mut LegalActions,
        mask: &mut [i8],
    ) -> Result<RowFacts, FacadeError> {
        let outcome = self.game.outcome();
        match self.model.observation_bits(&self.game) {
            Some(bits) => {
                let shape = self.model.info().observation_shape;
                let len = observation.len();
                let mut planes =
                    Planes::new(shape, observation).ok_or_else(|| observation_size(len, shape))?;
                shown.write(&bits, &mut planes);
            }
            None => {
                shown.forget();
                State::write_observation(self, observation)?;
            }
        }
        if outcome.is_none() {
            Member::fill_legal(self, legal);
        } else {
            legal.set_none();
        }
        legal.write_mask(mask);
        Ok(RowFacts {
            outcome,
            turn: self.game.turn(),
        })
    }
}

impl<M: GameModel> ModelState<M> {
    /// Plays `action`, a legal action of this position (a game not over).
    fn play_numbered(&mut self, action: u32) -> Result<(), FacadeError> {
        let mv = self
            .model
            .move_of(&self.game, action)
            .ok_or_else(|| FacadeError::BadAction {
                action,
                reason: "no move has this number".into(),
            })?;
        debug_assert!(self.model.is_legal(&self.game, mv), "{mv} in {}", self.game);
        self.apply(mv);
        Ok(())
    }

    /// A copy (with an empty scratch list).
    fn copy(&self) -> ModelState<M> {
        ModelState {
            model: Arc::clone(&self.model),
            game: self.game.clone(),
            history: self.history.clone(),
            moves: Vec::new(),
        }
    }

    fn legal_action(&self, action: u32) -> Result<<M::G as Game>::Move, FacadeError> {
        let bad = |reason: &str| FacadeError::BadAction {
            action,
            reason: reason.to_string(),
        };
        if self.game.is_finished() {
            return Err(bad("the game is over"));
        }
        let mv = self
            .model
            .move_of(&self.game, action)
            .ok_or_else(|| bad("no move has this number"))?;
        if !self.model.is_legal(&self.game, mv) {
            return Err(bad(&format!("{mv} is not a legal move in {}", self.game)));
        }
        Ok(mv)
    }
}

/// An engine of a [`GameModel`] game behind [`AnyEngine`].
pub struct ModelEngine<M: GameModel> {
    name: &'static str,
    built: Built<M::G>,
}

impl<M: GameModel> AnyEngine for ModelEngine<M> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn new_game(&mut self) {
        self.built.engine.new_game();
    }

    fn search(
        &mut self,
        state: &dyn State,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> Result<SearchReport, FacadeError> {
        let limits = limits.to_limits()?;
        let state = typed::<M>(state)?;
        let game = &state.game;
        let source = match &self.built.from_table {
            Some(covered) if covered(game) => "tablebase",
            _ => "search",
        };
        let name = self.name;
        let failures = self.built.table_failures.as_ref();
        // Failures of an earlier search are that search's business.
        failures.map(|take| take());
        let info = self.built.engine.think(game, &limits, &mut |info| {
            progress(&SearchReport::from_info(name, info, source));
        });
        if let Some(failed) = failures.map(|take| take()).filter(|f| !f.is_empty()) {
            let mut distinct = failed;
            distinct.dedup();
            let message = distinct
                .iter()
                .map(|e| e.message.as_str())
                .collect::<Vec<_>>()
                .join("; ");
            let first = distinct.swap_remove(0);
            return Err(FacadeError::Tablebase(TablebaseError { message, ..first }));
        }
        Ok(SearchReport::from_info(name, &info, source))
    }

    fn stop_flag(&self) -> StopFlag {
        self.built.engine.stop_flag()
    }
}

/// The generic protocol host of a [`GameModel`] game: options `Engine`,
/// `Hash`, `Seed` and `Rules`, and `TablebasePath` for a game that
/// declares tablebases (the directory is checked when set, and dropped
/// with an error when new rules do not fit it).
pub struct ModelHost<M: GameModel> {
    model: Arc<M>,
    kind: EngineKind,
    hash_mb: usize,
    seed: u64,
    rules: &'static str,
    tablebase: Option<PathBuf>,
}

impl<M: GameModel> ModelHost<M> {
    /// The host of `model` set up by `spec` (its table directory, if
    /// any, opened once to check it).
    pub fn new(model: Arc<M>, spec: &EngineSpec) -> Result<ModelHost<M>, FacadeError> {
        let host = ModelHost {
            kind: resolve_kind(model.info(), spec)?,
            rules: resolve_rules(model.info(), spec.rules.as_deref())?,
            hash_mb: spec.hash_mb_or(16)?,
            seed: spec.seed.unwrap_or(DEFAULT_SEED),
            tablebase: spec.tablebase.clone(),
            model,
        };
        if let Some(dir) = &host.tablebase {
            host.check_tablebase(dir)?;
        }
        Ok(host)
    }

    fn spec(&self) -> EngineSpec {
        EngineSpec {
            kind: Some(self.kind.name().to_string()),
            rules: Some(self.rules.to_string()),
            hash_mb: Some(self.hash_mb),
            seed: Some(self.seed),
            tablebase: self.tablebase.clone(),
            options: BTreeMap::new(),
        }
    }

    /// Checks that the game's tablebases open `dir` under the host's
    /// rules.
    fn check_tablebase(&self, dir: &Path) -> Result<(), FacadeError> {
        let tablebases = self
            .model
            .declared()
            .tablebase
            .ok_or_else(|| self.model.unsupported("tablebase"))?;
        tablebases.open(dir, Some(self.rules)).map(drop)
    }
}

impl<M: GameModel> CommonSettings for ModelHost<M> {
    fn common(&self) -> (EngineKind, usize, u64) {
        (self.kind, self.hash_mb, self.seed)
    }

    fn common_mut(&mut self) -> CommonOptions<'_> {
        CommonOptions {
            kind: &mut self.kind,
            hash_mb: &mut self.hash_mb,
            seed: &mut self.seed,
        }
    }
}

impl<M: GameModel> EngineHost<M::G> for ModelHost<M> {
    fn engine_name(&self) -> String {
        format!("gamesolver {} {}", self.model.info().name, self.kind)
    }

    fn options(&self) -> Vec<OptionSpec> {
        let mut specs = announce(&common_options::<Self>(), self);
        let vars: Vec<String> = self
            .model
            .info()
            .rules
            .iter()
            .map(|r| format!("var {r}"))
            .collect();
        specs.push(OptionSpec {
            name: "Rules",
            description: format!("type combo default {} {}", self.rules, vars.join(" ")),
            kind: OptionKind::Combo {
                vars: self.model.info().rules,
            },
            default: OptionValue::Text(self.rules.to_string()),
            doc: "the rules",
        });
        if self.model.declared().tablebase.is_some() {
            let path = self
                .tablebase
                .as_ref()
                .map_or_else(|| "<empty>".to_string(), |dir| dir.display().to_string());
            specs.push(OptionSpec {
                name: "TablebasePath",
                description: format!("type string default {path}"),
                kind: OptionKind::String,
                default: OptionValue::Text(path),
                doc: "endgame tablebase directory, or empty / <empty> for none",
            });
        }
        specs
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if let Some(result) = set(&common_options::<Self>(), self, name, value) {
            resolve_kind(self.model.info(), &self.spec()).map_err(|e| e.to_string())?;
            return result;
        }
        if name.eq_ignore_ascii_case("rules") {
            self.rules =
                resolve_rules(self.model.info(), Some(value)).map_err(|e| e.to_string())?;
            if let Some(dir) = self.tablebase.take() {
                self.check_tablebase(&dir).map_err(|e| {
                    format!("rules set to {}, tablebase no longer used: {e}", self.rules)
                })?;
                self.tablebase = Some(dir);
            }
            return Ok(());
        }
        if name.eq_ignore_ascii_case("tablebasepath") && self.model.declared().tablebase.is_some() {
            self.tablebase = None;
            let value = value.trim();
            if !value.is_empty() && value != "<empty>" {
                let dir = PathBuf::from(value);
                self.check_tablebase(&dir).map_err(|e| e.to_string())?;
                self.tablebase = Some(dir);
            }
            return Ok(());
        }
        Err(format!("unknown option {name:?}"))
    }

    fn build(&self) -> Box<dyn Engine<M::G> + Send> {
        let spec = self.spec();
        let without_tables = EngineSpec {
            tablebase: None,
            ..spec.clone()
        };
        // The tables were checked when set, but an engine kind may have
        // none (MCTS): it then plays without them.
        match self
            .model
            .engine(self.kind, &spec, self.rules)
            .or_else(|_| self.model.engine(self.kind, &without_tables, self.rules))
        {
            Ok(built) => built.engine,
            // The kind was checked when set; MCTS exists for every game.
            Err(_) => Box::new(Mcts::<M::G>::new(1.0, self.seed)),
        }
    }

    fn start(&self) -> M::G {
        self.model.start(self.rules)
    }

    fn parse_position(&self, text: &str) -> Result<M::G, String> {
        self.model
            .parse(text, self.rules)
            .map_err(|e| e.to_string())
    }
}

/// What serves a host on its input and output, in place of the UCI-style
/// loop (a bot format's own turn loop).
pub type Server<H> = Box<
    dyn FnOnce(H, Box<dyn BufRead + Send>, &mut (dyn Write + Send)) -> std::io::Result<()> + Send,
>;

/// Any [`EngineHost`] as an [`ErasedHost`].
pub struct HostBox<G, H> {
    host: H,
    server: Option<Server<H>>,
    game: PhantomData<fn() -> G>,
}

impl<G, H> HostBox<G, H> {
    /// Wraps `host`, served in the UCI-style protocol.
    pub fn new(host: H) -> HostBox<G, H> {
        HostBox {
            host,
            server: None,
            game: PhantomData,
        }
    }

    /// Wraps `host`, served by `server` (its options still set by name).
    pub fn serving(host: H, server: Server<H>) -> HostBox<G, H> {
        HostBox {
            host,
            server: Some(server),
            game: PhantomData,
        }
    }
}

impl<G, H> ErasedHost for HostBox<G, H>
where
    G: Game + Display + Send + 'static,
    H: EngineHost<G> + 'static,
{
    fn engine_name(&self) -> String {
        self.host.engine_name()
    }

    fn options(&self) -> Vec<OptionSpec> {
        self.host.options()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.host.set_option(name, value)
    }

    fn serve(
        self: Box<Self>,
        input: Box<dyn BufRead + Send>,
        out: &mut (dyn Write + Send),
    ) -> std::io::Result<()> {
        match self.server {
            Some(server) => server(self.host, input, out),
            None => serve(self.host, input, out),
        }
    }
}

/// Applies the protocol options `spec` sets to `host`, by their protocol
/// names (`Engine`, `Hash`, `Seed`, then `rules_option`, `TablebasePath`).
pub fn configure_host<G: Game, H: EngineHost<G>>(
    host: &mut H,
    spec: &EngineSpec,
    rules_option: &str,
) -> Result<(), FacadeError> {
    let mut set =
        |name: &str, value: String| host.set_option(name, &value).map_err(FacadeError::BadLimit);
    if let Some(kind) = &spec.kind {
        set("Engine", kind.clone())?;
    }
    if let Some(mb) = spec.hash_mb {
        set("Hash", mb.to_string())?;
    }
    if let Some(seed) = spec.seed {
        set("Seed", seed.to_string())?;
    }
    if let Some(rules) = &spec.rules {
        set(rules_option, rules.clone())?;
    }
    if let Some(dir) = &spec.tablebase {
        host.set_option("TablebasePath", &dir.display().to_string())
            .map_err(|e| FacadeError::tablebase(TablebaseCause::NoTables, e))?;
    }
    Ok(())
}
