//! Opening positions for self-play and matches, for any game (typed, or
//! the façade's [`State`]): a few random plies from the start, reproducible
//! from a seed, or read from a file.

use gamesolver_core::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::facade::State;

/// What openings need of a position: its legal moves by index and whether
/// the game is over. Every [`Game`] and the façade's boxed [`State`] have
/// it.
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

impl Opening for Box<dyn State> {
    fn move_count(&self) -> usize {
        self.legal_moves().len()
    }

    fn play_nth(&mut self, index: usize) {
        if let Some(mv) = self.legal_moves().get(index) {
            // A move from the legal list is accepted.
            let _ = self.play(mv);
        }
    }

    fn is_over(&self) -> bool {
        self.is_terminal()
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
    for (number, line) in crate::data_lines::data_lines(text) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facade::Registry;

    #[test]
    fn states_and_typed_games_get_the_same_openings() {
        let uttt = Registry::global().get("uttt").unwrap();
        let start = uttt.start(None).unwrap();
        let states = random_openings(&start, 4, 3, 11);
        let board = gamesolver_games::uttt::Board::start(gamesolver_games::uttt::Variant::Standard);
        let boards = random_openings(&board, 4, 3, 11);
        for (state, board) in states.iter().zip(&boards) {
            assert_eq!(state.to_text(), board.to_string());
            assert_eq!(state.history().len(), 3);
        }
    }

    #[test]
    fn finished_state_openings_are_refused() {
        let ttt = Registry::global().get("tictactoe").unwrap();
        let parse = |line: &str| ttt.parse(line, None);
        assert!(parse_openings("X........\n", parse).is_ok());
        let error = parse_openings("# c\nXXXOO....\n", parse).unwrap_err();
        assert!(
            matches!(error, OpeningsError::Finished { line: 2 }),
            "{error}"
        );
    }
}
