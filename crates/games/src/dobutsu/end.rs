//! How a game ends, and the [`Game`] implementation.

use gamesolver_core::{Game, Outcome, Player};

use super::board::far_rank;
use super::{Move, Position, Variant};

/// Why a position is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// A lion was taken: its owner lost.
    LionCaptured,
    /// A lion on its far rank won (the try) under the preset's rule.
    Try,
    /// Both lions stand safely on their far ranks (Fairy-Stockfish's
    /// reading only): a draw.
    BothTries,
    /// The side to move has no legal move: it lost.
    NoMoves,
}

impl Position {
    /// Why the game is over, with its outcome, or `None` while it goes on.
    #[must_use]
    pub fn game_end(&self) -> Option<(GameEnd, Outcome)> {
        let us = self.turn;
        let them = us.opponent();
        let (Some(_), Some(their_lion)) = (self.lion(us), self.lion(them)) else {
            let winner = if self.lion(us).is_some() { us } else { them };
            return Some((GameEnd::LionCaptured, Outcome::Winner(winner)));
        };
        let ours_arrived = self.pieces(us, super::Piece::Lion) & far_rank(us) != 0;
        let theirs_arrived = their_lion.bit() & far_rank(them) != 0;
        let try_won = |winner: Player| Some((GameEnd::Try, Outcome::Winner(winner)));
        let end = match self.variant {
            // Our lion is still on the far rank at our turn: it survived.
            Variant::Official | Variant::TryAfterReply if ours_arrived => try_won(us),
            Variant::Official if theirs_arrived && self.attackers(their_lion, us) == 0 => {
                try_won(them)
            }
            Variant::Official | Variant::TryAfterReply => None,
            Variant::Gamesman if theirs_arrived => {
                let catches = self.attackers(their_lion, us) != 0;
                try_won(if catches { us } else { them })
            }
            Variant::Gamesman | Variant::Pgx if ours_arrived => try_won(us),
            Variant::Gamesman => None,
            Variant::Pgx if theirs_arrived => try_won(them),
            Variant::Pgx => None,
            Variant::FairyStockfish => {
                let ours_safe = ours_arrived && {
                    let lion = self.lion(us).expect("checked above");
                    self.attackers(lion, them) == 0
                };
                let theirs_safe = theirs_arrived && self.attackers(their_lion, us) == 0;
                match (ours_safe, theirs_safe) {
                    (true, true) => Some((GameEnd::BothTries, Outcome::Draw)),
                    (true, false) => try_won(us),
                    (false, true) => try_won(them),
                    (false, false) => None,
                }
            }
        };
        if end.is_some() {
            return end;
        }
        let stuck = if self.variant == Variant::Pgx {
            let mut moves = Vec::new();
            self.pseudo_moves(&mut moves);
            !moves.into_iter().any(|mv| self.keeps_lion_safe(mv))
        } else {
            !self.has_pseudo_move()
        };
        stuck.then_some((GameEnd::NoMoves, Outcome::Winner(them)))
    }
}

impl Game for Position {
    type Move = Move;

    const NAME: &'static str = "dobutsu";

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.game_end().is_none() {
            self.moves_unchecked(out);
        }
    }

    fn count_legal_moves(&self, scratch: &mut Vec<Move>) -> u64 {
        if self.game_end().is_some() {
            return 0;
        }
        if self.variant == Variant::Pgx {
            self.moves_unchecked(scratch);
            return scratch.len() as u64;
        }
        self.count_pseudo_moves()
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_end().map(|(_, outcome)| outcome)
    }

    fn player_name(player: Player) -> &'static str {
        super::side_name(player)
    }
}
