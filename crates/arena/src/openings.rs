//! Opening positions for self-play and matches, for any game (typed, or
//! the façade's [`State`]: [`random_state_openings`],
//! [`parse_state_openings`]): a few random plies from the start,
//! reproducible from a seed, or read from a file.

use gamesolver_core::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use gamesolver_api::State;
use gamesolver_api::data_lines::data_lines;

/// What openings need of a position: its legal moves by index and whether
/// the game is over. Every [`Game`] has it (the façade's states through
/// the `state` functions of this module).
pub trait Opening: Clone {
    /// The number of legal moves (0 when the game is over).
    fn move_count(&self) -> usize;
    /// Plays legal move number `index` (in move-generation order).
    fn play_nth(&mut self, index: usize);
    /// Whether the game is over.
    fn is_over(&self) -> bool;
}

impl<G: Game> Opening for G {
    fn move_count(&self) -> usize {
        self.moves().len()
    }

    fn play_nth(&mut self, index: usize) {
        if let Some(&mv) = self.moves().get(index) {
            self.play_unchecked(mv);
        }
    }

    fn is_over(&self) -> bool {
        self.is_finished()
    }
}

/// A façade position as an [`Opening`].
#[derive(Clone)]
struct StateOpening(Box<dyn State>);

impl Opening for StateOpening {
    fn move_count(&self) -> usize {
        self.0.legal_moves().len()
    }

    fn play_nth(&mut self, index: usize) {
        if let Some(mv) = self.0.legal_moves().get(index) {
            // A move from the legal list is accepted.
            let _ = self.0.play(mv);
        }
    }

    fn is_over(&self) -> bool {
        self.0.is_terminal()
    }
}

/// `count` positions reached by `plies` uniformly random moves from
/// `start` (a game that ends stops early), reproducible from `seed`.
#[must_use]
pub fn random_openings<P: Opening>(start: &P, count: usize, plies: usize, seed: u64) -> Vec<P> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut position = start.clone();
            for _ in 0..plies {
                let moves = position.move_count();
                if moves == 0 {
                    break;
                }
                position.play_nth(rng.random_range(0..moves));
            }
            position
        })
        .collect()
}

/// [`random_openings`] of a façade position.
#[must_use]
pub fn random_state_openings(
    start: &dyn State,
    count: usize,
    plies: usize,
    seed: u64,
) -> Vec<Box<dyn State>> {
    random_openings(&StateOpening(start.clone_box()), count, plies, seed)
        .into_iter()
        .map(|opening| opening.0)
        .collect()
}

/// Why an openings text was refused.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// A line is no position.
    #[error("openings line {line}: {reason}")]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// What the parser said.
        reason: String,
    },
    /// A line's position is already finished.
    #[error("openings line {line}: the game is already over")]
    Finished {
        /// The line number, from 1.
        line: usize,
    },
    /// No position at all.
    #[error("the openings file has no position")]
    Empty,
}

/// Reads openings from text, one position per line read by `parse`;
/// blank lines and lines starting with `#` are skipped. Finished positions
/// and an empty list are refused, with the line number.
pub fn parse_openings<P: Opening, E: std::fmt::Display>(
    text: &str,
    parse: impl Fn(&str) -> Result<P, E>,
) -> Result<Vec<P>, OpeningsError> {
    let mut openings = Vec::new();
    for (number, line) in data_lines(text) {
        let position = parse(line).map_err(|e| OpeningsError::BadLine {
            line: number,
            reason: e.to_string(),
        })?;
        if position.is_over() {
            return Err(OpeningsError::Finished { line: number });
        }
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// [`parse_openings`] of façade positions.
pub fn parse_state_openings<E: std::fmt::Display>(
    text: &str,
    parse: impl Fn(&str) -> Result<Box<dyn State>, E>,
) -> Result<Vec<Box<dyn State>>, OpeningsError> {
    let openings = parse_openings(text, |line| parse(line).map(StateOpening))?;
    Ok(openings.into_iter().map(|opening| opening.0).collect())
}

#[cfg(test)]
mod tests {
    use gamesolver_api::{GameDef, text_game};
    use gamesolver_games::{tictactoe, uttt};

    use super::*;

    /// A game of the façade with `start`'s rules and notation.
    fn declared<G>(start: G) -> Box<dyn GameDef>
    where
        G: Game<Move: Send + Sync> + std::fmt::Display + std::str::FromStr + Send + Sync + 'static,
        <G as std::str::FromStr>::Err: std::fmt::Display,
    {
        text_game("test", "Test", start)
    }

    #[test]
    fn states_and_typed_games_get_the_same_openings() {
        let board = uttt::Board::start(uttt::Variant::Standard);
        let start = declared(board).start(None).unwrap();
        let states = random_state_openings(start.as_ref(), 4, 3, 11);
        let boards = random_openings(&board, 4, 3, 11);
        for (state, board) in states.iter().zip(&boards) {
            assert_eq!(state.to_text(), board.to_string());
            assert_eq!(state.history().len(), 3);
        }
    }

    #[test]
    fn finished_state_openings_are_refused() {
        let ttt = declared(tictactoe::Board::empty());
        let parse = |line: &str| ttt.parse(line, None);
        assert!(parse_state_openings("X........\n", parse).is_ok());
        let error = parse_state_openings("# c\nXXXOO....\n", parse).unwrap_err();
        assert!(
            matches!(error, OpeningsError::Finished { line: 2 }),
            "{error}"
        );
    }
}
