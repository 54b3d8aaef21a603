//! Ultimate tic-tac-toe's declaration: its notation, rules presets,
//! actions, observation, engines and protocol host, and its capabilities:
//! the bench, the terminal board, and CodinGame's bot format for matches.
//!
//! Actions are the global cells 0..80 (`board * 9 + pos`; 81 actions).
//! Observation `[4, 9, 9]`: plane 0 X marks, plane 1 O marks, plane 2 the
//! legal moves, plane 3 all ones when X is to move; the 9 × 9 grid as
//! drawn (row 0 is the top row of boards 0, 1, 2).

use std::sync::Arc;

use gamesolver_api::model::{Built, DEFAULT_SEED, HostBox, configure_host};
use gamesolver_api::observation_bits::ObservationBits;
use gamesolver_api::playouts::{GAMES_BETWEEN_STOP_CHECKS, PlayoutRng};
use gamesolver_api::{
    ArenaRules, BotFormat, Declared, EngineKind, EngineSpec, ErasedHost, FacadeError, GameInfo,
    GameModel, PlayoutStats, PositionError, WebBoard, apply_options,
};
use gamesolver_core::{Game, Player};
use gamesolver_games::uttt::{Board, Cell, Variant};
use rand::{Rng, SeedableRng};

use super::bench::BENCH;
use super::codingame_bot::CODINGAME_FORMAT;
use super::engines::{EngineOptions, build};
use super::host::UtttHost;
use super::perft::perft;
use super::terminal::UtttTerminal;
use super::tour::TOUR;
use crate::cells::{action_of_cell, actions_of_mask, cell_of_action, push_actions_of_mask};

/// Ultimate tic-tac-toe: actions = global cells 0..80.
#[derive(Default)]
pub struct Uttt;

static INFO: GameInfo = GameInfo {
    name: "uttt",
    aliases: &["ultimate", "ultimate-tictactoe", "ultimate-tic-tac-toe"],
    title: "Ultimate tic-tac-toe",
    titles: &[("zh", "终极井字棋")],
    rules: &["standard", "codingame"],
    engines: &["alphabeta", "mcts"],
    action_space: 81,
    observation_shape: [4, 9, 9],
};

/// The options of an engine of `kind` for the rules preset `rules`: the
/// spec's hash and seed, and that rule's default evaluation weights.
fn engine_options(
    kind: EngineKind,
    spec: &EngineSpec,
    rules: &str,
) -> Result<EngineOptions, FacadeError> {
    let defaults = EngineOptions::for_variant(variant(rules));
    Ok(EngineOptions {
        kind,
        hash_mb: spec.hash_mb_or(defaults.hash_mb)?,
        seed: spec.seed.unwrap_or(DEFAULT_SEED),
        ..defaults
    })
}

/// The variant of preset name `rules` (one of `INFO.rules`).
fn variant(rules: &str) -> Variant {
    rules.parse().unwrap_or_default()
}

impl GameModel for Uttt {
    type G = Board;

    fn info(&self) -> &GameInfo {
        &INFO
    }

    fn start(&self, rules: &'static str) -> Board {
        Board::start(variant(rules))
    }

    fn parse(&self, text: &str, rules: &'static str) -> Result<Board, PositionError> {
        Board::parse_variant(text, variant(rules)).map_err(|e| {
            PositionError::new(
                e.kind(),
                text,
                format!("cannot read the ultimate tic-tac-toe position {text:?}: {e}"),
            )
        })
    }

    fn rules_of(&self, game: &Board) -> &'static str {
        match game.variant() {
            Variant::Standard => "standard",
            Variant::CodinGame => "codingame",
        }
    }

    fn action_of(&self, _game: &Board, mv: Cell) -> u32 {
        action_of_cell(mv)
    }

    fn move_of(&self, _game: &Board, action: u32) -> Option<Cell> {
        cell_of_action(action)
    }

    /// One bit of the move mask.
    fn is_legal(&self, game: &Board, mv: Cell) -> bool {
        game.legal_mask() >> mv.index() & 1 == 1
    }

    /// Straight from the move mask (cells in increasing order, as
    /// `legal_moves` lists them).
    fn legal_actions(&self, game: &Board) -> Vec<u32> {
        actions_of_mask(game.legal_mask())
    }

    /// The move mask.
    fn legal_action_mask(&self, game: &Board) -> Option<u128> {
        Some(game.legal_mask())
    }

    /// Straight from the move mask, as `legal_actions`.
    fn legal_actions_into(&self, game: &Board, _moves: &mut Vec<Cell>, out: &mut Vec<u32>) {
        push_actions_of_mask(game.legal_mask(), out);
    }

    /// A random set bit of the move mask: the same move as the generic
    /// draw (the same `usize` range, moves in increasing cell order), no list.
    fn random_move(&self, game: &Board, rng: &mut PlayoutRng, _: &mut Vec<Cell>) -> Option<Cell> {
        game.pick_move(|count| rng.random_range(0..count as usize) as u32)
    }

    /// Whole games in the playout kernel of the games crate
    /// ([`gamesolver_games::uttt::playout::Playout`]): each ply draws
    /// `rng.random_range(0..count)` over `usize` and plays the legal move of
    /// that rank in increasing cell order, as the generic loop with
    /// [`GameModel::random_move`] does, so a seed gives the same games.
    /// Looks at `stop` every [`GAMES_BETWEEN_STOP_CHECKS`] games.
    fn random_playouts(
        &self,
        start: &Board,
        n: u64,
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> PlayoutStats {
        let playout = gamesolver_games::uttt::playout::Playout::new(start);
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let mut stats = PlayoutStats::default();
        for game in 0..n {
            if game % GAMES_BETWEEN_STOP_CHECKS == 0 && stop() {
                break;
            }
            let (outcome, plies) = playout.play_out(|count| {
                // A count of at most 81 moves: the rank fits in u32.
                rng.random_range(0..count as usize) as u32
            });
            stats.record(Some(outcome), plies.into());
        }
        stats
    }

    /// The board's own masks, each cell at its place on the grid as it is
    /// drawn ([`GRID_PLACES`]).
    #[inline]
    fn observation_bits(&self, game: &Board) -> Option<ObservationBits> {
        let legal = if game.is_finished() {
            0
        } else {
            game.legal_mask()
        };
        let turn = if game.turn() == Player::First {
            ALL_CELLS
        } else {
            0
        };
        Some(ObservationBits {
            masks: [
                game.marks(Player::First),
                game.marks(Player::Second),
                legal,
                turn,
            ],
            places: &GRID_PLACES,
        })
    }

    fn perft(&self, game: &Board, depth: u32) -> u64 {
        perft(game, depth)
    }

    fn engine(
        &self,
        kind: EngineKind,
        spec: &EngineSpec,
        rules: &'static str,
    ) -> Result<Built<Board>, FacadeError> {
        let mut host = UtttHost {
            options: engine_options(kind, spec, rules)?,
            variant: variant(rules),
        };
        apply_options(&mut host, spec)?;
        Ok(Built::searching(build(&host.options)))
    }

    fn protocol_host(
        self: Arc<Self>,
        spec: &EngineSpec,
    ) -> Result<Box<dyn ErasedHost>, FacadeError> {
        let mut host = UtttHost::default();
        configure_host(&mut host, spec, "Variant")?;
        Ok(Box::new(HostBox::new(host)))
    }

    /// The bench, the terminal board, the match rules (the CodinGame bot
    /// format) and the tour.
    fn declared(&self) -> Declared<'_> {
        Declared {
            bench: Some(&BENCH),
            terminal: Some(&UtttTerminal),
            arena: Some(&UtttArena),
            tour: &TOUR,
            web_board: Some(&WEB_BOARD),
            ..Declared::default()
        }
    }
}

/// Ultimate tic-tac-toe's match rules: two random opening plies, and bots
/// in CodinGame's format.
struct UtttArena;

/// The bot formats of [`UtttArena`].
static BOT_FORMATS: [&dyn BotFormat; 1] = [&CODINGAME_FORMAT];

impl ArenaRules for UtttArena {
    fn bot_formats(&self) -> &[&'static dyn BotFormat] {
        &BOT_FORMATS
    }
}

/// The board of the web page, `board.js` beside this file: nine small boards,
/// the boards the side to move may play in and the last move marked.
static WEB_BOARD: WebBoard = WebBoard::new(include_str!("board.js"));

/// The 81 cells' bits (`board * 9 + pos`).
const ALL_CELLS: u128 = (1 << 81) - 1;

/// Entry `i` is the place of global cell `i` (`board * 9 + pos`) on the
/// 9 × 9 grid as it is drawn (`row * 9 + col`, [`Cell::grid_row`],
/// [`Cell::grid_col`]); 255, off the grid, past the 81 cells.
const GRID_PLACES: [u8; 128] = {
    let mut places = [u8::MAX; 128];
    let mut cell = 0;
    while cell < 81 {
        let (board, pos) = (cell / 9, cell % 9);
        let (row, col) = (board / 3 * 3 + pos / 3, board % 3 * 3 + pos % 3);
        places[cell] = (row * 9 + col) as u8;
        cell += 1;
    }
    places
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uttt::eval::EvalWeights;

    #[test]
    fn each_cell_is_written_at_its_place_on_the_grid() {
        let mut places: Vec<u8> = GRID_PLACES[..81].to_vec();
        for cell in Cell::all() {
            let place = cell.grid_row() * 9 + cell.grid_col();
            assert_eq!(GRID_PLACES[usize::from(cell.index())], place, "{cell}");
        }
        places.sort_unstable();
        assert_eq!(places, (0..81).collect::<Vec<u8>>());
        assert!(GRID_PLACES[81..].iter().all(|&place| place == u8::MAX));
    }

    #[test]
    fn the_observation_has_the_marks_the_legal_moves_and_the_turn_on_the_grid() {
        let mut board = Board::start(Variant::Standard);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        for _ in 0..40 {
            if board.is_finished() {
                break;
            }
            let mut written = gamesolver_api::Observation::zeros(INFO.observation_shape);
            Uttt.write_observation(&board, &mut written.planes());
            let observation = &written.data;
            for cell in Cell::all() {
                let at = usize::from(cell.grid_row()) * 9 + usize::from(cell.grid_col());
                let bit = |mask: u128| f32::from(u8::from(mask >> cell.index() & 1 == 1));
                assert_eq!(observation[at], bit(board.marks(Player::First)), "{cell}");
                assert_eq!(observation[81 + at], bit(board.marks(Player::Second)));
                assert_eq!(observation[162 + at], bit(board.legal_mask()));
            }
            let turn = f32::from(u8::from(board.turn() == Player::First));
            assert!(observation[243..].iter().all(|&v| v == turn));
            let bits = Uttt.observation_bits(&board).unwrap();
            assert!(bits.masks.iter().all(|&mask| mask >> 81 == 0), "{board}");
            let mv = board.pick_move(|count| rng.random_range(0..count)).unwrap();
            board.play_unchecked(mv);
        }
    }

    #[test]
    fn each_rule_gets_its_own_default_weights_and_search() {
        let spec = EngineSpec::default();
        let standard = engine_options(EngineKind::Alphabeta, &spec, "standard").unwrap();
        let codingame = engine_options(EngineKind::Alphabeta, &spec, "codingame").unwrap();
        assert_eq!(standard.weights, EvalWeights::STANDARD);
        assert_eq!(codingame.weights, EvalWeights::CODINGAME);
        assert_eq!(standard.search.singular_extension, 0);
        assert_eq!(codingame.search.singular_extension, 1);
    }
}
