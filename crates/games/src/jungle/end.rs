//! How a Jungle game ends, and the [`Game`] implementation built on it.

use gamesolver_core::{Game, Outcome, Player};

use super::{Move, Position, side_name};

/// Why a finished position is over. The side that just moved has always
/// won: it entered the den, captured the last piece, or left the side to
/// move without a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// A piece of the winner stands on the loser's den.
    DenEntered,
    /// The loser (to move) has no pieces left.
    AllCaptured,
    /// The loser (to move) has pieces but none can move.
    NoMoves,
}

impl Position {
    /// Why the game is over, or `None` while it goes on (in the position
    /// alone: repetition and the 200-ply rule belong to
    /// [`super::JungleGame`]).
    #[must_use]
    pub fn game_end(&self) -> Option<GameEnd> {
        if self.den_entered() {
            Some(GameEnd::DenEntered)
        } else if self.occupied(self.turn()) == 0 {
            Some(GameEnd::AllCaptured)
        } else if self.count_moves() == 0 {
            Some(GameEnd::NoMoves)
        } else {
            None
        }
    }
}

impl Game for Position {
    type Move = Move;

    const NAME: &'static str = "jungle";

    fn turn(&self) -> Player {
        Position::turn(self)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate_moves(out);
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    /// The side to move loses when a den was entered, it has no pieces, or
    /// it has no legal move; otherwise the game goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.game_end()
            .map(|_| Outcome::Winner(self.turn().opponent()))
    }

    fn player_name(player: Player) -> &'static str {
        side_name(player)
    }

    fn count_legal_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        u64::from(self.count_moves())
    }
}
