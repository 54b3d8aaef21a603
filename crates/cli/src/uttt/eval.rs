//! The ultimate tic-tac-toe evaluation and move-ordering hooks for
//! [`gamesolver_search::AlphaBeta`].
//!
//! The evaluation is two-level, as in the seed, but probabilistic:
//! - each open small board gets, for each player, the probability that the
//!   player takes it if its empty cells were filled in random order by random
//!   owners (computed exactly once for all 3^9 small-board states by dynamic
//!   programming); won boards are 1 for their owner, drawn boards 0;
//! - the meta-board value of a player is the sum over the eight meta-lines
//!   of the product of the player's probabilities on its three boards, so a
//!   board counts as much as the lines through it are alive (centre >
//!   corners > edges, dead lines count nothing), and two boards of a line
//!   held multiply into a strong threat;
//! - the score is the difference, from the side to move, plus a small bonus
//!   for the side to move, worth more with a free choice.

use std::sync::LazyLock;

use gamesolver_core::{Game, Player};
use gamesolver_games::uttt::{Board, Cell, FULL, LINES, has_line};
use gamesolver_search::{Evaluator, Score};

/// Tunable weights of [`UtttEval`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    /// Score units per unit of meta-line value difference.
    pub scale: f32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Extra bonus for having the move with a free choice of board.
    pub free_choice: i32,
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights {
            scale: 1000.0,
            tempo: 20,
            free_choice: 60,
        }
    }
}

/// The ultimate tic-tac-toe [`Evaluator`] (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct UtttEval {
    /// The weights in use.
    pub weights: EvalWeights,
}

/// `BASE3[mask]`: the base-3 digits of a 9-bit mask (each set bit a 1).
static BASE3: LazyLock<[u16; 512]> = LazyLock::new(|| {
    let mut table = [0u16; 512];
    for (mask, value) in table.iter_mut().enumerate() {
        let mut power = 1;
        for bit in 0..9 {
            if mask >> bit & 1 == 1 {
                *value += power;
            }
            power *= 3;
        }
    }
    table
});

/// `TAKE[state]`: for small-board state `BASE3[x] + 2 * BASE3[o]`, the
/// probabilities that X and that O take the board under random filling.
static TAKE: LazyLock<Vec<[f32; 2]>> = LazyLock::new(|| {
    let mut memo = vec![None; 19_683];
    for state in 0..19_683 {
        let (x, o) = masks_of(state);
        take_probability(x, o, &mut memo);
    }
    memo.into_iter().map(|p| p.unwrap_or([0.0; 2])).collect()
});

/// The X and O masks of a base-3 small-board state.
fn masks_of(mut state: usize) -> (u16, u16) {
    let (mut x, mut o) = (0, 0);
    for bit in 0..9 {
        match state % 3 {
            1 => x |= 1 << bit,
            2 => o |= 1 << bit,
            _ => {}
        }
        state /= 3;
    }
    (x, o)
}

/// The probabilities (X, O) of taking the small board `x`, `o` when each
/// empty cell in turn, in random order, goes to a random player.
fn take_probability(x: u16, o: u16, memo: &mut [Option<[f32; 2]>]) -> [f32; 2] {
    let state = usize::from(BASE3[usize::from(x)] + 2 * BASE3[usize::from(o)]);
    if let Some(p) = memo[state] {
        return p;
    }
    let p = if has_line(x) && !has_line(o) {
        [1.0, 0.0]
    } else if has_line(o) {
        [0.0, if has_line(x) { 0.0 } else { 1.0 }]
    } else if (x | o) == FULL {
        [0.0, 0.0]
    } else {
        let empty: Vec<u16> = (0..9).filter(|b| (x | o) >> b & 1 == 0).collect();
        let mut sum = [0.0f32; 2];
        for &bit in &empty {
            for (dx, do_) in [(1 << bit, 0), (0, 1 << bit)] {
                let q = take_probability(x | dx, o | do_, memo);
                sum[0] += q[0];
                sum[1] += q[1];
            }
        }
        let n = 2.0 * empty.len() as f32;
        [sum[0] / n, sum[1] / n]
    };
    memo[state] = Some(p);
    p
}

impl UtttEval {
    /// An evaluator with `weights`.
    #[must_use]
    pub fn new(weights: EvalWeights) -> UtttEval {
        LazyLock::force(&TAKE);
        UtttEval { weights }
    }

    /// Each player's probability of taking each small board.
    fn board_probabilities(board: &Board) -> [[f32; 9]; 2] {
        let mut p = [[0.0; 9]; 2];
        let (won_x, won_o, closed) = (
            board.meta(Player::First),
            board.meta(Player::Second),
            board.closed(),
        );
        for b in 0..9u8 {
            let bit = 1 << b;
            let take = if won_x & bit != 0 {
                [1.0, 0.0]
            } else if won_o & bit != 0 {
                [0.0, 1.0]
            } else if closed & bit != 0 {
                [0.0, 0.0]
            } else {
                let x = board.small_board(b, Player::First);
                let o = board.small_board(b, Player::Second);
                TAKE[usize::from(BASE3[usize::from(x)] + 2 * BASE3[usize::from(o)])]
            };
            p[0][usize::from(b)] = take[0];
            p[1][usize::from(b)] = take[1];
        }
        p
    }

    /// Sum over meta-lines of the product of the line's probabilities.
    fn line_value(p: &[f32; 9]) -> f32 {
        LINES
            .iter()
            .map(|&line| {
                let mut product = 1.0;
                let mut bits = line;
                while bits != 0 {
                    product *= p[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                product
            })
            .sum()
    }
}

impl Evaluator<Board> for UtttEval {
    fn evaluate(&self, position: &Board) -> Score {
        let p = UtttEval::board_probabilities(position);
        let x_minus_o = UtttEval::line_value(&p[0]) - UtttEval::line_value(&p[1]);
        let sign = if position.turn() == Player::First {
            1.0
        } else {
            -1.0
        };
        let w = &self.weights;
        let mover = w.tempo
            + if position.forced().is_none() {
                w.free_choice
            } else {
                0
            };
        Score::eval((sign * x_minus_o * w.scale) as i32 + mover)
    }

    fn key(&self, position: &Board) -> u64 {
        position.key()
    }

    fn move_slots(&self) -> usize {
        81
    }

    fn move_index(&self, mv: Cell) -> usize {
        mv.index().into()
    }

    /// Winning a small board first; sending the opponent to a closed board
    /// (a free choice for them) last.
    fn order_bonus(&self, position: &Board, mv: Cell) -> i32 {
        let mine = position.small_board(mv.board(), position.turn());
        let wins_board = has_line(mine | 1 << mv.pos());
        let frees = position.closed() >> mv.pos() & 1 == 1 || mv.pos() == mv.board() && wins_board;
        i32::from(wins_board) * 4096 - i32::from(frees) * 2048
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_filling_probabilities_are_sane() {
        let empty = TAKE[0];
        assert!((empty[0] - empty[1]).abs() < 1e-6);
        assert!(empty[0] > 0.3 && empty[0] < 0.5);
        let centre = TAKE[usize::from(BASE3[1 << 4])];
        let corner = TAKE[usize::from(BASE3[1])];
        assert!(centre[0] > corner[0] && corner[0] > empty[0]);
        let two_in_row = TAKE[usize::from(BASE3[0b11])];
        assert!(two_in_row[0] > centre[0]);
    }

    #[test]
    fn the_start_is_level_and_scores_are_side_relative() {
        let eval = UtttEval::default();
        let start = eval.evaluate(&Board::empty()).value();
        assert_eq!(start, 80);
        let after_centre = Board::empty().after(Cell::new(40).expect("cell"));
        assert!(eval.evaluate(&after_centre).value() < 0);
    }
}
