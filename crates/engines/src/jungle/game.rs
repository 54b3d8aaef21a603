//! Jungle's declaration: positions are [`JungleGame`]s, so repetition and
//! 200-ply draws count; its capabilities: tablebases, the bench, the
//! terminal board, and four random plies for match openings.
//!
//! Actions are `from * 63 + to`, squares `a1` = 0 … `g9` = 62 (file + 7 ×
//! rank; 3969 actions). Observation `[17, 9, 7]`: planes 0..8 the bottom
//! side's pieces, 8..16 the top side's, each in the order rat, cat, dog,
//! wolf, leopard, tiger, lion, elephant
//! ([`gamesolver_games::jungle::Piece::ALL`]); plane 16 all ones when the
//! bottom side is to move. Row 0 is rank 9 (as in the FEN), column 0 is
//! file a. Terrain is fixed and not encoded.

use std::sync::Arc;

use gamesolver_api::model::{
    Built, DEFAULT_SEED, HostBox, TableFailures, TableTest, configure_host,
};
use gamesolver_api::{
    ArenaRules, Declared, EngineKind, EngineSpec, ErasedHost, FacadeError, GameInfo, GameModel,
    Planes, PositionError, WebBoard, apply_options,
};
use gamesolver_core::{Game, Player};
use gamesolver_games::jungle::{
    DrawReason, GameEnd, JungleGame, Move, Piece, Position, Square, Variant,
};

use super::bench::BENCH;
use super::engine::{JungleOptions, build};
use super::host::JungleHost;
use super::tables::{TABLEBASES, open};
use super::terminal::JungleTerminal;
use super::tour::TOUR;

/// Jungle (Dou Shou Qi): actions = from × 63 + to.
#[derive(Default)]
pub struct Jungle;

pub(super) static INFO: GameInfo = GameInfo {
    name: "jungle",
    aliases: &["doushouqi", "dou-shou-qi"],
    title: "Jungle (Dou Shou Qi)",
    titles: &[("zh", "斗兽棋")],
    rules: &["standard", "dog-over-wolf", "rat-across-water"],
    engines: &["alphabeta", "mcts"],
    action_space: 63 * 63,
    observation_shape: [17, 9, 7],
};

/// The number of squares (a1 = 0 … g9 = 62).
const SQUARES: u8 = 63;

/// The preset called `rules` (one of `INFO.rules`).
pub(super) fn variant(rules: &str) -> Variant {
    rules.parse().unwrap_or_default()
}

impl GameModel for Jungle {
    type G = JungleGame;

    fn info(&self) -> &GameInfo {
        &INFO
    }

    fn start(&self, rules: &'static str) -> JungleGame {
        JungleGame::new(Position::start_with(variant(rules)))
    }

    fn parse(&self, text: &str, rules: &'static str) -> Result<JungleGame, PositionError> {
        JungleGame::from_fen(text, variant(rules)).map_err(|e| {
            PositionError::new(
                e.kind(),
                text,
                format!("cannot read Jungle position {text:?}: {e}"),
            )
        })
    }

    fn rules_of(&self, game: &JungleGame) -> &'static str {
        game.position().variant().name()
    }

    fn action_of(&self, _game: &JungleGame, mv: Move) -> u32 {
        u32::from(mv.from.index()) * u32::from(SQUARES) + u32::from(mv.to.index())
    }

    fn move_of(&self, _game: &JungleGame, action: u32) -> Option<Move> {
        let squares = u32::from(SQUARES);
        let square = |n: u32| u8::try_from(n).ok().and_then(Square::new);
        (action < squares * squares).then(|| {
            Some(Move::new(
                square(action / squares)?,
                square(action % squares)?,
            ))
        })?
    }

    #[inline]
    fn write_observation(&self, game: &JungleGame, observation: &mut Planes<'_>) {
        let position = game.position();
        for (player, piece, square) in position.pieces() {
            let plane = player.index() * 8 + piece_plane(piece);
            let row = usize::from(8 - square.rank());
            observation.set(plane, row, usize::from(square.file()), 1.0);
        }
        if game.turn() == Player::First {
            observation.fill_plane(16, 1.0);
        }
    }

    fn perft(&self, game: &JungleGame, depth: u32) -> u64 {
        gamesolver_search::perft::perft(game.position(), depth)
    }

    fn engine(
        &self,
        kind: EngineKind,
        spec: &EngineSpec,
        rules: &'static str,
    ) -> Result<Built<JungleGame>, FacadeError> {
        let defaults = JungleOptions::default();
        let tablebase = spec
            .tablebase
            .as_deref()
            .map(|dir| open(dir, rules))
            .transpose()?;
        let from_table = tablebase.clone().map(|handle| {
            Box::new(move |game: &JungleGame| !game.is_finished() && handle.covers(game.position()))
                as TableTest<JungleGame>
        });
        let table_failures = tablebase
            .clone()
            .map(|handle| Box::new(move || handle.take_failures()) as TableFailures);
        let mut host = JungleHost {
            options: JungleOptions {
                kind,
                hash_mb: spec.hash_mb_or(defaults.hash_mb)?,
                seed: spec.seed.unwrap_or(DEFAULT_SEED),
                tablebase,
                ..defaults
            },
            rules: variant(rules),
        };
        apply_options(&mut host, spec)?;
        Ok(Built {
            engine: build(&host.options),
            from_table,
            table_failures,
        })
    }

    fn protocol_host(
        self: Arc<Self>,
        spec: &EngineSpec,
    ) -> Result<Box<dyn ErasedHost>, FacadeError> {
        let mut host = JungleHost::default();
        configure_host(&mut host, spec, "Rules")?;
        Ok(Box::new(HostBox::new(host)))
    }

    /// Why the game ended: the draw rules of the game's history, or how
    /// the position ended it.
    fn end_reason(&self, game: &JungleGame) -> Option<&'static str> {
        Some(match (game.draw_reason(), game.position().game_end()) {
            (Some(DrawReason::Repetition), _) => "threefold repetition",
            (Some(DrawReason::NoCapture), _) => "200 plies without capture",
            (None, Some(GameEnd::DenEntered)) => "den entered",
            (None, Some(GameEnd::AllCaptured)) => "all pieces captured",
            (None, Some(GameEnd::NoMoves)) => "no legal move",
            (None, None) => return None,
        })
    }

    /// Tablebases, the bench, the terminal board, the match rules (four
    /// opening plies) and the tour.
    fn declared(&self) -> Declared<'_> {
        Declared {
            tablebase: Some(&TABLEBASES),
            bench: Some(&BENCH),
            terminal: Some(&JungleTerminal),
            arena: Some(&JungleArena),
            tour: &TOUR,
            web_board: Some(&WEB_BOARD),
            ..Declared::default()
        }
    }
}

/// Jungle's match rules: its start needs four random plies to vary.
struct JungleArena;

impl ArenaRules for JungleArena {
    fn opening_plies(&self) -> usize {
        4
    }
}

/// The plane of `piece` among a side's eight: its place in [`Piece::ALL`].
fn piece_plane(piece: Piece) -> usize {
    Piece::ALL.iter().position(|&p| p == piece).unwrap_or(0)
}

/// The board of the web page, `board.js` beside this file: the 7 × 9 board with
/// water, traps and dens; click a piece, then a target.
/// `pieces.js` (the pieces' drawings) is served at its head, as one module.
static WEB_BOARD: WebBoard =
    WebBoard::new(concat!(include_str!("pieces.js"), include_str!("board.js")));
