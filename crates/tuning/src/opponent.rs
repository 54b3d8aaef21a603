//! A weight set's games against another engine, the objective of
//! [`super::spsa`] when it tunes against an opponent instead of the
//! perturbed sets against each other: our alpha-beta runs in process at a
//! fixed node budget ([`InProcessEngine`]), the opponent is any engine
//! `gamesolver match --engine` takes (a UCI-style program, or a bot in a
//! format the game declares, such as `codingame:./bot`), refereed by the
//! arena ([`gamesolver_arena::referee::play_game`]).
//!
//! An opponent at a fixed budget of its own (a CodinGame bot given a
//! simulation count) plays the same game again when we do, so the `+` and
//! `−` sets of an iteration, each playing it from the same opening with
//! both colours, are compared on exactly paired games.

use gamesolver_api::match_player::{EngineError, MatchEngine, MoveLimit};
use gamesolver_api::{Registry, State};
use gamesolver_arena::engine::EngineCommand;
use gamesolver_arena::referee::{Seat, play_game};
use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt::{Board, Cell, Variant};
use gamesolver_search::{Engine, Limits};

use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::eval::EvalWeights;

/// Milliseconds an opponent may take past its budget's time-out before it
/// forfeits (the match runner's default grace).
const GRACE_MS: u64 = 100;

/// Our alpha-beta with given weights, searching `nodes` a move, as a
/// player of the arena's referee (the moves in the game's notation).
pub struct InProcessEngine {
    /// The search.
    engine: Box<dyn Engine<Board> + Send>,
    /// Its node budget a move.
    nodes: u64,
    /// The rules its positions are read under.
    variant: Variant,
}

impl InProcessEngine {
    /// The default engine of `variant` with `weights`, `nodes` a move.
    #[must_use]
    pub fn new(weights: EvalWeights, nodes: u64, variant: Variant) -> InProcessEngine {
        InProcessEngine {
            engine: build(&EngineOptions {
                weights,
                ..EngineOptions::default()
            }),
            nodes,
            variant,
        }
    }

    /// An error of this player's (it has no command line).
    fn unplayable(reason: String) -> EngineError {
        EngineError::Unplayable {
            command: "in-process alpha-beta".to_string(),
            reason,
        }
    }
}

impl MatchEngine for InProcessEngine {
    fn new_game(&mut self, _opening: &dyn State) -> Result<(), EngineError> {
        self.engine.new_game();
        Ok(())
    }

    fn choose(
        &mut self,
        opening: &dyn State,
        moves: &[String],
        _limit: MoveLimit,
        _grace_ms: u64,
    ) -> Result<String, EngineError> {
        let mut board = Board::parse_variant(&opening.to_text(), self.variant)
            .map_err(|e| Self::unplayable(e.to_string()))?;
        for text in moves {
            let cell: Cell = text.parse().map_err(|e| Self::unplayable(format!("{e}")))?;
            board = board
                .play(cell)
                .map_err(|e| Self::unplayable(format!("{e}")))?;
        }
        let report = self
            .engine
            .think(&board, &Limits::nodes(self.nodes), &mut |_| {});
        report
            .best_move()
            .map(|cell| cell.to_string())
            .ok_or_else(|| Self::unplayable("no move in a position with moves".to_string()))
    }
}

/// Why a game against the opponent could not be played.
#[derive(Debug, thiserror::Error)]
pub enum OpponentError {
    /// The command is not an engine of the game (an unknown bot format).
    #[error("{0}")]
    Command(String),
    /// The opening cannot be given to the façade.
    #[error("the opening cannot be read: {0}")]
    Opening(String),
    /// The opponent could not be started, or forfeited a game (crashed,
    /// timed out, answered garbage): a tuning run against it would learn
    /// from broken games.
    #[error("{0}")]
    Engine(String),
}

/// An opponent engine, started once and given every game.
pub struct Opponent {
    /// The running engine.
    engine: Box<dyn MatchEngine>,
    /// The games (the openings are given to the referee through it).
    registry: Registry,
    /// The rules of the games.
    variant: Variant,
}

impl Opponent {
    /// Starts `command` (as `gamesolver match --engine` reads it) for
    /// ultimate tic-tac-toe games under `variant`.
    pub fn start(command: &str, variant: Variant) -> Result<Opponent, OpponentError> {
        let registry = gamesolver_engines::builtin();
        let game = registry
            .get("uttt")
            .map_err(|e| OpponentError::Command(e.to_string()))?;
        let command =
            EngineCommand::parse(command, game, &registry).map_err(OpponentError::Command)?;
        let engine = command
            .start()
            .map_err(|e| OpponentError::Engine(e.to_string()))?;
        Ok(Opponent {
            engine,
            registry,
            variant,
        })
    }

    /// Our points (1 a win, ½ a draw) from the two games of `opening`
    /// between `weights` at `nodes` a move and the opponent, ours moving
    /// first in one and second in the other (0 to 2). A forfeit by either
    /// side is an error.
    pub fn points(
        &mut self,
        opening: &Board,
        weights: EvalWeights,
        nodes: u64,
    ) -> Result<f64, OpponentError> {
        let game = self
            .registry
            .get("uttt")
            .map_err(|e| OpponentError::Opening(e.to_string()))?;
        let start = game
            .parse(&opening.to_string(), Some(&self.variant.to_string()))
            .map_err(|e| OpponentError::Opening(e.to_string()))?;
        let mover = opening.turn();
        let mut points = 0.0;
        for ours in [mover, mover.opponent()] {
            let mut us = InProcessEngine::new(weights, nodes, self.variant);
            let mut seats = if ours == Player::First {
                [Seat::new(&mut us), Seat::new(self.engine.as_mut())]
            } else {
                [Seat::new(self.engine.as_mut()), Seat::new(&mut us)]
            };
            let record = play_game(
                start.as_ref(),
                &mut seats,
                MoveLimit::Nodes(nodes),
                GRACE_MS,
                None,
            );
            if let Some(reason) = record.forfeit {
                return Err(OpponentError::Engine(reason));
            }
            points += match record.outcome {
                Outcome::Winner(p) if p == ours => 1.0,
                Outcome::Winner(_) => 0.0,
                Outcome::Draw => 0.5,
            };
        }
        Ok(points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A CodinGame-format bot that plays its first valid action.
    const FIRST_ACTION: &str = "codingame:while read opponent; do read n; first=; i=0; \
        while [ $i -lt $n ]; do read r c; [ -z \"$first\" ] && first=\"$r $c\"; i=$((i+1)); done; \
        echo $first; done";

    #[test]
    fn the_search_beats_a_bot_that_plays_its_first_action_with_both_colours() {
        let mut opponent = Opponent::start(FIRST_ACTION, Variant::CodinGame).unwrap();
        let opening = Board::start(Variant::CodinGame);
        let points = opponent
            .points(&opening, EvalWeights::CODINGAME, 2000)
            .unwrap();
        assert_eq!(points, 2.0);
    }

    #[test]
    fn unknown_formats_and_forfeits_are_errors() {
        let error = Opponent::start("codingame:", Variant::CodinGame).err();
        assert!(
            matches!(error, Some(OpponentError::Command(_))),
            "{error:?}"
        );
        let mut opponent = Opponent::start("codingame:exit 0", Variant::CodinGame).unwrap();
        let opening = Board::start(Variant::CodinGame);
        let error = opponent
            .points(&opening, EvalWeights::CODINGAME, 1000)
            .err();
        assert!(matches!(error, Some(OpponentError::Engine(_))), "{error:?}");
    }
}
