//! The invariants every game must keep.

use std::collections::HashSet;
use std::fmt::{Debug, Display};
use std::str::FromStr;

use gamesolver_core::{Game, Indexer};

/// Checks move generation on each position:
/// - a position has legal moves exactly when it is not finished;
/// - legal moves are distinct;
/// - [`Game::play`] accepts every legal move, giving the same position as
///   [`Game::play_unchecked`], and the turn passes to the opponent unless
///   the game ended;
/// - [`Game::play`] refuses every move of `universe` (every move the game
///   can name) that is not legal.
///
/// # Panics
/// On the first broken rule, naming the position and the move.
pub fn check_moves<G: Game>(positions: &[G], universe: &[G::Move]) {
    for position in positions {
        let legal = position.moves();
        assert_eq!(
            legal.is_empty(),
            position.is_finished(),
            "{position:?}: has legal moves {legal:?} but outcome {:?}",
            position.outcome()
        );
        let distinct: HashSet<_> = legal.iter().collect();
        assert_eq!(
            distinct.len(),
            legal.len(),
            "{position:?}: repeated legal moves {legal:?}"
        );
        for &mv in &legal {
            let next = position
                .play(mv)
                .unwrap_or_else(|e| panic!("{position:?}: legal move {mv} refused: {e}"));
            assert_eq!(
                next,
                position.after(mv),
                "{position:?}: play and play_unchecked differ on {mv}"
            );
        }
        for &mv in universe.iter().filter(|mv| !legal.contains(mv)) {
            assert!(
                position.play(mv).is_err(),
                "{position:?}: illegal move {mv} accepted"
            );
        }
    }
}

/// Checks that every position prints to text that parses back to itself.
///
/// # Panics
/// On the first position that does not round-trip.
pub fn check_position_notation<G>(positions: &[G])
where
    G: Game + Display + FromStr,
    G::Err: Debug,
{
    for position in positions {
        let text = position.to_string();
        let back: G = text.parse().unwrap_or_else(|e| {
            panic!("{position:?} prints as {text:?}, which does not parse: {e:?}")
        });
        assert_eq!(&back, position, "{text:?} parses to another position");
    }
}

/// Checks that every legal move of each position prints to text that parses
/// back to the same move.
///
/// # Panics
/// On the first move that does not round-trip.
pub fn check_move_notation<G: Game>(positions: &[G]) {
    for position in positions {
        for mv in position.moves() {
            let text = mv.to_string();
            let back: G::Move = text.parse().unwrap_or_else(|e| {
                panic!("move {mv:?} prints as {text:?}, which does not parse: {e}")
            });
            assert_eq!(back, mv, "move text {text:?} parses to another move");
        }
    }
}

/// Checks that `indexer` gives each position an index in range that maps
/// back to the same position, and that distinct positions get distinct
/// indices.
///
/// # Panics
/// On the first position that does not round-trip or collides.
pub fn check_index_round_trip<G: Game, I: Indexer<G>>(indexer: &I, positions: &[G]) {
    let mut owners = std::collections::HashMap::new();
    for position in positions {
        let index = indexer.index(position);
        assert!(
            index < indexer.len(),
            "{position:?}: index {index} out of range"
        );
        let back = indexer.position(index);
        assert_eq!(
            back.as_ref(),
            Some(position),
            "index {index} does not map back to {position:?}"
        );
        if let Some(other) = owners.insert(index, position.clone()) {
            assert_eq!(
                &other, position,
                "{other:?} and {position:?} share index {index}"
            );
        }
    }
}
