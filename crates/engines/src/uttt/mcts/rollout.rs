//! The playout policy, on the search's [`State`], with two cheap
//! heuristics: a move that wins a small board is taken (one that also wins
//! the game first), and a move that sends the opponent to a board it can
//! win at once, or to a closed board (a free choice), is avoided when
//! another move exists. No allocation: a random move is a popcount, one
//! random number and one table lookup ([`super::bits`]).

use gamesolver_core::Outcome;

use super::bits::{COMPLETING, COUNT, SELECT, random_bit};
use super::state::{FREE, State};

/// The playouts' random generator (wyrand: a multiply and a few
/// additions per number).
pub(crate) type Rng = fastrand::Rng;

/// Plays random moves from the unfinished `state` to the end, with the
/// heuristics if `heuristic`, else uniformly among the legal moves; the
/// result.
pub(crate) fn playout(mut state: State, heuristic: bool, rng: &mut Rng) -> Outcome {
    loop {
        let (b, p) = if heuristic {
            choose(&state, rng)
        } else {
            choose_uniformly(&state, rng)
        };
        if let Some(outcome) = state.play(b, p) {
            return outcome;
        }
    }
}

/// A uniformly random legal move: (board, position).
fn choose_uniformly(state: &State, rng: &mut Rng) -> (usize, usize) {
    if state.forced == FREE {
        uniform_cell(state, rng.u32(..))
    } else {
        let b = usize::from(state.forced);
        (b, usize::from(random_bit(state.empty(b), rng.u32(..))))
    }
}

/// The move of the side to move: (board, position).
#[inline]
fn choose(state: &State, rng: &mut Rng) -> (usize, usize) {
    let me = state.turn;
    if state.forced != FREE {
        let b = usize::from(state.forced);
        return (b, choose_in(state, b, rng));
    }
    let winnable = state.threats(me);
    if winnable != 0 {
        // The boards whose win completes a meta-line, else any.
        let game_winning = COMPLETING[usize::from(state.meta[me])] & winnable;
        let pick = if game_winning != 0 {
            game_winning
        } else {
            winnable
        };
        let b = pick.trailing_zeros() as usize;
        return (b, choose_in(state, b, rng));
    }
    choose_anywhere(state, rng)
}

/// A move in open board `b`: a cell that wins it if there is one, else a
/// random cell, preferring one that does not send the opponent to a board
/// it can win at once or to a free choice.
#[inline]
fn choose_in(state: &State, b: usize, rng: &mut Rng) -> usize {
    let me = state.turn;
    let empty = state.empty(b);
    let winning = COMPLETING[usize::from(state.cells[me][b])] & empty;
    if winning != 0 {
        return winning.trailing_zeros() as usize;
    }
    let bad_targets = state.threats(1 - me) | !state.open;
    let safe = empty & !bad_targets;
    let pool = if safe != 0 { safe } else { empty };
    usize::from(random_bit(pool, rng.u32(..)))
}

/// A free choice with nothing to win at once: a uniformly random empty
/// cell of the open boards, drawn again once if it sends the opponent to a
/// bad board.
fn choose_anywhere(state: &State, rng: &mut Rng) -> (usize, usize) {
    let bad_targets = state.threats(1 - state.turn) | !state.open;
    let mut choice = uniform_cell(state, rng.u32(..));
    if bad_targets >> choice.1 & 1 == 1 {
        choice = uniform_cell(state, rng.u32(..));
    }
    choice
}

/// The cell of rank `random` scaled to the number of empty cells of the
/// open boards.
fn uniform_cell(state: &State, random: u32) -> (usize, usize) {
    let mut counts = [0u32; 9];
    let mut total = 0;
    for (b, count) in counts.iter_mut().enumerate() {
        if state.open >> b & 1 == 1 {
            *count = u32::from(COUNT[usize::from(state.empty(b))]);
            total += *count;
        }
    }
    let mut k = ((u64::from(random) * u64::from(total)) >> 32) as u32;
    for (b, &count) in counts.iter().enumerate() {
        if k < count {
            let p = SELECT[usize::from(state.empty(b))][k as usize];
            return (b, usize::from(p));
        }
        k -= count;
    }
    unreachable!("an unfinished playout has an empty cell on an open board")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Game;
    use gamesolver_games::uttt::{Board, Cell, Variant};

    /// The playout's moves replayed on the real rules: each is legal and
    /// the playout ends exactly when the rules do, with the same outcome.
    fn check_against_rules(start: Board, seed: u64, heuristic: bool) {
        let mut rng = Rng::with_seed(seed);
        let mut state = State::new(&start);
        let mut board = start;
        loop {
            let (b, p) = if heuristic {
                choose(&state, &mut rng)
            } else {
                choose_uniformly(&state, &mut rng)
            };
            let cell = Cell::at(b as u8, p as u8).unwrap();
            assert!(
                board.legal_mask() >> cell.index() & 1 == 1,
                "{board} {cell}"
            );
            board.play_unchecked(cell);
            match state.play(b, p) {
                Some(outcome) => {
                    assert_eq!(board.outcome(), Some(outcome), "{board}");
                    return;
                }
                None => {
                    assert_eq!(board.outcome(), None, "{board}");
                    assert_eq!(state, State::new(&board), "{board}");
                }
            }
        }
    }

    #[test]
    fn playouts_follow_the_rules_under_both_variants() {
        for variant in [Variant::Standard, Variant::CodinGame] {
            for seed in 0..300 {
                check_against_rules(Board::start(variant), seed, seed % 3 != 0);
            }
        }
    }

    #[test]
    fn uniform_playouts_reach_every_legal_move() {
        let mut rng = Rng::with_seed(2);
        for text in [
            "................................................................................. *",
            "....X...X...........................O............................................ 8",
        ] {
            let board: Board = text.parse().unwrap();
            let state = State::new(&board);
            let mut seen = 0u128;
            for _ in 0..2000 {
                let (b, p) = choose_uniformly(&state, &mut rng);
                seen |= 1 << (9 * b + p);
            }
            assert_eq!(seen, board.legal_mask(), "{board}");
        }
    }

    #[test]
    fn a_board_winning_move_is_taken() {
        // X has cells 0 and 1 of board 4 and is sent there: 2 wins it.
        let board: Board =
            "....O........O......................XX........................................... 4"
                .parse()
                .unwrap();
        let state = State::new(&board);
        let mut rng = Rng::with_seed(1);
        for _ in 0..20 {
            assert_eq!(choose(&state, &mut rng), (4, 2));
        }
    }

    #[test]
    fn sending_the_opponent_to_a_board_it_can_win_is_avoided() {
        // X to move in board 0 (no threat of its own there); O threatens
        // board 1 (cells 9 and 10) and board 2 (18 and 19), so X's cells 1
        // and 2, which would send O there, are avoided.
        let board: Board =
            "X........OO.......OO.......X........X........X................................... 0"
                .parse()
                .unwrap();
        let state = State::new(&board);
        let mut rng = Rng::with_seed(5);
        for _ in 0..50 {
            let (b, p) = choose(&state, &mut rng);
            assert_eq!(b, 0);
            assert!(p != 1 && p != 2, "sent to {p}");
        }
    }
}
