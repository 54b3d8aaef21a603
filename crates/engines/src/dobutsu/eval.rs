//! Dōbutsu shōgi's evaluation and move-ordering hooks for
//! [`gamesolver_search::AlphaBeta`].
//!
//! From the side to move, in centipawn-like units:
//! - **material**, on the board and in hand: chick 100, hen 450, elephant
//!   400, giraffe 500; a piece in hand is worth a little more than on the
//!   board (it may be dropped anywhere);
//! - **lion safety**: a side to move that can take the enemy lion has won
//!   (its next move ends the game); a lion attacked on the mover's side
//!   costs a little (it must step away or be defended);
//! - **try threat**: a lion one step from its far rank with a safe square
//!   there to step to wins next move if its side is to move; the
//!   opponent's such lion must be stopped at once, which costs;
//! - **advance**: each lion's steps towards its far rank.
//!
//! The tactical moves of the quiescence search are captures and lion
//! steps onto the far rank. No move is irreversible (a captured piece
//! comes back as a drop), so the search looks for repetitions along the
//! whole line, as the tables count cycles as draws.

use gamesolver_core::{Game, Player};
use gamesolver_games::dobutsu::board::{Bitboard, far_rank, steps_of};
use gamesolver_games::dobutsu::{Hand, Move, Origin, Piece, Position, Square};
use gamesolver_search::{Evaluator, Score};

use super::encoding::{ACTIONS, action_of};

/// A win on the next move that the static evaluation can see.
const WIN_NEXT: i32 = 20_000;
/// The opponent threatens a try: it must be stopped at once.
const TRY_THREATENED: i32 = 300;
/// The mover's lion stands attacked.
const LION_ATTACKED: i32 = 60;
/// Per rank a lion has advanced.
const LION_ADVANCE: i32 = 15;
/// The extra worth of a piece in hand.
const IN_HAND: i32 = 20;

/// The value of a piece on the board.
const fn value(piece: Piece) -> i32 {
    match piece {
        Piece::Lion => 0,
        Piece::Giraffe => 500,
        Piece::Elephant => 400,
        Piece::Chick => 100,
        Piece::Hen => 450,
    }
}

/// The evaluation of dōbutsu shōgi (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct DobutsuEval;

/// `player`'s material, on the board and in hand.
fn material(position: &Position, player: Player) -> i32 {
    let on_board: i32 = Piece::ALL
        .into_iter()
        .map(|piece| value(piece) * position.pieces(player, piece).count_ones() as i32)
        .sum();
    let in_hand: i32 = Hand::ALL
        .into_iter()
        .map(|hand| (value(hand.piece()) + IN_HAND) * i32::from(position.hand(player, hand)))
        .sum();
    on_board + in_hand
}

/// Whether `player`'s lion can step onto its far rank, to a square no
/// enemy piece attacks and none of its own pieces holds.
fn threatens_try(position: &Position, player: Player) -> bool {
    let Some(lion) = position.lion(player) else {
        return false;
    };
    let targets: Bitboard = steps_of(Piece::Lion, player, lion.index())
        & far_rank(player)
        & !position.occupied(player)
        & !position.attacks(player.opponent());
    targets != 0
}

/// How many ranks `player`'s lion has advanced from its home rank.
fn lion_advance(position: &Position, player: Player) -> i32 {
    position.lion(player).map_or(0, |lion| {
        i32::from(match player {
            Player::First => lion.rank(),
            Player::Second => 3 - lion.rank(),
        })
    })
}

impl Evaluator<Position> for DobutsuEval {
    fn evaluate(&self, position: &Position) -> Score {
        let us = position.turn();
        let them = us.opponent();
        if position.can_take_lion() || threatens_try(position, us) {
            return Score::eval(WIN_NEXT);
        }
        let mut score = material(position, us) - material(position, them);
        score += LION_ADVANCE * (lion_advance(position, us) - lion_advance(position, them));
        if threatens_try(position, them) {
            score -= TRY_THREATENED;
        }
        if let Some(lion) = position.lion(us)
            && position.attackers(lion, them) != 0
        {
            score -= LION_ATTACKED;
        }
        Score::eval(score)
    }

    fn key(&self, position: &Position) -> u64 {
        position.key()
    }

    fn move_slots(&self) -> usize {
        ACTIONS as usize
    }

    fn move_index(&self, mv: Move) -> usize {
        action_of(mv) as usize
    }

    /// Captures first, the most valuable victim first; a lion's step
    /// onto the far rank before them.
    fn order_bonus(&self, position: &Position, mv: Move) -> i32 {
        let victim = position
            .piece_at(mv.to())
            .filter(|&(owner, _)| owner != position.turn());
        match (victim, mv.origin()) {
            (Some((_, Piece::Lion)), _) => 1_000_000,
            (Some((_, piece)), _) => 10_000 + value(piece),
            (None, Origin::Board(from)) if is_lion_try(position, from, mv.to()) => 5_000,
            _ => 0,
        }
    }

    fn is_irreversible(&self, _position: &Position, _mv: Move) -> bool {
        false
    }

    fn tactical_moves(&self, position: &Position, out: &mut Vec<Move>) {
        position.legal_moves(out);
        let them = position.occupied(position.turn().opponent());
        out.retain(|mv| match mv.origin() {
            Origin::Hand(_) => false,
            Origin::Board(from) => {
                them & mv.to().bit() != 0 || is_lion_try(position, from, mv.to())
            }
        });
    }
}

/// Whether the step `from`–`to` takes the side to move's lion onto its
/// far rank.
fn is_lion_try(position: &Position, from: Square, to: Square) -> bool {
    let us = position.turn();
    position.pieces(us, Piece::Lion) & from.bit() != 0 && far_rank(us) & to.bit() != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> Score {
        DobutsuEval.evaluate(&text.parse().unwrap())
    }

    #[test]
    fn the_start_is_even_and_a_capture_counts() {
        assert_eq!(eval("gle/1c1/1C1/ELG b -"), Score::DRAW);
        // After b2b3 the second player is a chick (and a bit of hand) down.
        let after = eval("gle/1C1/3/ELG w C");
        assert!(after.value() <= -100, "{after}");
    }

    #[test]
    fn a_lion_capture_or_a_safe_try_is_a_win_next_move() {
        // The first player's giraffe on b2 attacks the lion on b3.
        assert_eq!(eval("g1e/1lc/1G1/E1L b C"), Score::eval(WIN_NEXT));
        // The first player's lion on a3 steps to a4, which the lion on c4 does not attack.
        assert_eq!(eval("2l/L2/3/GE1 b ge2c"), Score::eval(WIN_NEXT));
        // The second player to move must answer the threat: its material
        // (hand 1180 against 900), the lions' advance (0 against 2 ranks)
        // and the threat.
        let material = 1180 - 900;
        assert_eq!(
            eval("2l/L2/3/GE1 w ge2c").value(),
            material - 2 * LION_ADVANCE - TRY_THREATENED
        );
    }

    #[test]
    fn captures_and_tries_are_tactical() {
        let position: Position = "gle/1c1/1C1/ELG b -".parse().unwrap();
        let mut out = Vec::new();
        DobutsuEval.tactical_moves(&position, &mut out);
        let moves: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(moves, ["b2b3"]);
    }
}
