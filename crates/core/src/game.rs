//! The trait a game implements to get every gamesolver algorithm.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use crate::{IllegalMove, Outcome, ParseMoveError, Player};

/// A finite, deterministic, two-player game with perfect information,
/// described by its positions.
///
/// A value of the type is one position (including whose turn it is). Positions
/// are small, so algorithms copy them (copy-make) rather than undo moves.
///
/// Implementors provide move generation ([`Game::legal_moves`]), unchecked
/// move application ([`Game::play_unchecked`]) and end detection
/// ([`Game::outcome`]); the checked [`Game::play`] and the other helpers come
/// for free.
///
/// Invariant (checked by the conformance suite): a position has legal moves
/// if and only if its outcome is `None`.
pub trait Game: Clone + Eq + Hash + Debug {
    /// A move, written and read in the game's move notation.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr<Err = ParseMoveError>;

    /// The game's name as used on the command line and in file headers.
    const NAME: &'static str;

    /// The player whose turn it is.
    fn turn(&self) -> Player;

    /// Replaces the contents of `out` with the legal moves of this position,
    /// in the game's canonical order. A finished position has none.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The number of legal moves. The default fills `scratch` with
    /// [`Game::legal_moves`] and counts them; a game that can count without
    /// listing (for example by popcounts) overrides it, which makes perft's
    /// bulk counting at the last ply cheap.
    fn count_legal_moves(&self, scratch: &mut Vec<Self::Move>) -> u64 {
        self.legal_moves(scratch);
        scratch.len() as u64
    }

    /// Plays `mv`, which **must** be legal in this position: an illegal move
    /// leaves the position in an unspecified (but memory-safe) state. Use
    /// [`Game::play`] for moves that come from outside.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// How the game names `player` in text output (for example `X`/`O`).
    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "first",
            Player::Second => "second",
        }
    }

    /// Whether the game is over.
    fn is_finished(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves as a new vector (convenience over [`Game::legal_moves`]).
    fn moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves(&mut out);
        out
    }

    /// The position after the legal move `mv` (see [`Game::play_unchecked`]).
    #[must_use]
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }

    /// The position after `mv`, or an error if `mv` is not legal here.
    fn play(&self, mv: Self::Move) -> Result<Self, IllegalMove> {
        if self.is_finished() {
            return Err(IllegalMove::new(mv, Some("the game is over".into())));
        }
        if self.moves().contains(&mv) {
            Ok(self.after(mv))
        } else {
            Err(IllegalMove::new(mv, None))
        }
    }
}
