//! Dōbutsu shōgi's declaration: its notation, the five rule presets,
//! actions and observation ([`super::encoding`]), the engines, and its
//! capabilities: the solved tables (tablebase), the bench, the terminal
//! board and two random plies for match openings.

use std::path::Path;

use gamesolver_api::model::{Built, DEFAULT_SEED, TableTest};
use gamesolver_api::{
    ArenaRules, Declared, EngineKind, EngineSpec, FacadeError, GameInfo, GameModel, Planes,
    PositionError, TieredTablebases, WebBoard,
};
use gamesolver_core::Game;
use gamesolver_games::dobutsu::{GameEnd, Move, Position, Variant};

use super::bench::BENCH;
use super::encoding::{ACTIONS, OBSERVATION_SHAPE, action_of, move_of, write_observation};
use super::engine::{DobutsuOptions, build};
use super::tablebase::{DobutsuTables, TablebaseHandle, open, variant};
use super::terminal::DobutsuTerminal;
use super::tour::TOUR;

/// Dōbutsu shōgi: actions = origin × 12 + arrival square.
#[derive(Default)]
pub struct Dobutsu;

pub(super) static INFO: GameInfo = GameInfo {
    name: "dobutsu",
    aliases: &["dobutsu-shogi", "animal-shogi", "doubutsu", "doubutsushogi"],
    title: "Dōbutsu shōgi (animal shōgi)",
    titles: &[("zh", "动物将棋 (どうぶつしょうぎ)")],
    rules: &[
        "official",
        "try-after-reply",
        "gamesman",
        "fairy-stockfish",
        "pgx",
    ],
    engines: &["alphabeta", "mcts"],
    action_space: ACTIONS,
    observation_shape: OBSERVATION_SHAPE,
};

/// The tablebase capability of the declaration.
static TABLEBASES: TieredTablebases<DobutsuTables> = TieredTablebases(DobutsuTables);

impl GameModel for Dobutsu {
    type G = Position;

    fn info(&self) -> &GameInfo {
        &INFO
    }

    fn start(&self, rules: &'static str) -> Position {
        Position::start_with(variant(rules))
    }

    fn parse(&self, text: &str, rules: &'static str) -> Result<Position, PositionError> {
        Position::from_sfen(text, variant(rules)).map_err(|e| {
            PositionError::new(
                e.kind(),
                text,
                format!("cannot read the dobutsu position {text:?}: {e}"),
            )
        })
    }

    fn rules_of(&self, position: &Position) -> &'static str {
        position.variant().name()
    }

    fn action_of(&self, _position: &Position, mv: Move) -> u32 {
        action_of(mv)
    }

    fn move_of(&self, _position: &Position, action: u32) -> Option<Move> {
        move_of(action)
    }

    #[inline]
    fn write_observation(&self, position: &Position, planes: &mut Planes<'_>) {
        write_observation(position, planes);
    }

    fn engine(
        &self,
        kind: EngineKind,
        spec: &EngineSpec,
        rules: &'static str,
    ) -> Result<Built<Position>, FacadeError> {
        let tablebase = spec
            .tablebase
            .as_deref()
            .map(|dir: &Path| open(dir, rules))
            .transpose()?;
        if tablebase.is_some() && kind == EngineKind::Mcts {
            return Err(FacadeError::Unsupported {
                game: INFO.name,
                what: "tablebase for engine mcts (the tables' player is alpha-beta)",
            });
        }
        let from_table = tablebase.clone().map(|handle: TablebaseHandle| {
            Box::new(move |position: &Position| !position.is_finished() && handle.covers(position))
                as TableTest<Position>
        });
        let defaults = DobutsuOptions::default();
        let options = DobutsuOptions {
            kind,
            hash_mb: spec.hash_mb_or(defaults.hash_mb)?,
            seed: spec.seed.unwrap_or(DEFAULT_SEED),
            tablebase,
            ..defaults
        };
        Ok(Built {
            engine: build(&options),
            from_table,
            table_failures: None,
        })
    }

    /// How the position ended the game.
    fn end_reason(&self, position: &Position) -> Option<&'static str> {
        Some(match position.game_end()?.0 {
            GameEnd::LionCaptured => "lion captured",
            GameEnd::Try => "try: the lion reached the far rank",
            GameEnd::BothTries => "both lions on their far ranks",
            GameEnd::NoMoves => "no legal move",
        })
    }

    /// The solved tables, the bench, the terminal board, the match rules
    /// and the tour.
    fn declared(&self) -> Declared<'_> {
        Declared {
            tablebase: Some(&TABLEBASES),
            bench: Some(&BENCH),
            terminal: Some(&DobutsuTerminal),
            arena: Some(&DobutsuArena),
            tour: &TOUR,
            web_board: Some(&WEB_BOARD),
            ..Declared::default()
        }
    }
}

/// Dōbutsu shōgi's match rules: two random plies (the start has four
/// moves, so 17 openings), and the repetition draw (positions carry no
/// history, so the referees count them): the third occurrence of a
/// position draws, as the official sheet, the clausecker player and pgx
/// say (GamesmanOne's ties are cycles, the third occurrence ends one
/// there too); Fairy-Stockfish's preset draws at the fourth (its shōgi
/// `nFoldRule = 4`).
struct DobutsuArena;

impl ArenaRules for DobutsuArena {
    fn repetition_draw(&self, rules: &str) -> Option<usize> {
        Some(match variant(rules) {
            Variant::FairyStockfish => 4,
            _ => 3,
        })
    }
}

/// The board of the web page, `board.js` beside this file: the 3 × 4 board and
/// both hands; click a piece or a piece in hand, then a square.
/// `pieces.js` (the pieces' drawings) is served at its head, as one module.
static WEB_BOARD: WebBoard =
    WebBoard::new(concat!(include_str!("pieces.js"), include_str!("board.js")));
