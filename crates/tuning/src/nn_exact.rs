//! Exact labels for the network's data: the positions near enough to the
//! end are solved by the exact endgame solver ([`gamesolver_engines::uttt::endgame`])
//! and their self-play result and search score replaced by the solved
//! value (`uttt_nn label`). The self-play result of such a position is the
//! result of the game as the self-play engine went on to play it; the
//! solved value is what perfect play gets from it.

use gamesolver_core::Game;
use gamesolver_engines::uttt::endgame::{EndgameSolver, playable_cells};
use gamesolver_search::{Limits, Score};

use crate::selfplay::ScoredPosition;

/// What [`label_exactly`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExactLabels {
    /// Unfinished positions with at most the cells asked for.
    pub tried: usize,
    /// Of those, the positions solved within the node budget.
    pub solved: usize,
    /// Of those, the positions whose result changed.
    pub changed: usize,
}

/// Solves every unfinished position of `positions` with at most
/// `max_cells` playable cells within `nodes` nodes each, and gives each one
/// solved its exact value as its result (1, ½, 0 for the side to move) and
/// its score (a win or a loss as a decisive score at the playable cells,
/// the most plies left, a draw as 0); the others stay as they are.
///
/// ```
/// use gamesolver_games::uttt::{Board, Variant};
/// use gamesolver_search::Score;
/// use gamesolver_tuning::nn_exact::label_exactly;
/// use gamesolver_tuning::selfplay::{LabelledPosition, ScoredPosition};
///
/// // The start: 81 playable cells, far from the end, so nothing is solved.
/// let board = Board::start(Variant::CodinGame);
/// let mut positions = vec![ScoredPosition {
///     labelled: LabelledPosition { board, result: 0.5 },
///     score: Score::eval(10),
/// }];
/// let counts = label_exactly(&mut positions, 30, 1_000);
/// assert_eq!((counts.tried, counts.solved), (0, 0));
/// assert_eq!(positions[0].labelled.result, 0.5);
/// ```
pub fn label_exactly(positions: &mut [ScoredPosition], max_cells: u32, nodes: u64) -> ExactLabels {
    let mut solver = EndgameSolver::new(24);
    let limits = Limits::nodes(nodes);
    let mut counts = ExactLabels::default();
    for p in positions {
        let board = &p.labelled.board;
        let cells = playable_cells(board);
        if board.outcome().is_some() || cells > max_cells {
            continue;
        }
        counts.tried += 1;
        let Some(exact) = solver.solve(board, &limits) else {
            continue;
        };
        counts.solved += 1;
        let result = f32::from(exact.value + 1) / 2.0;
        counts.changed += usize::from(result != p.labelled.result);
        p.labelled.result = result;
        p.score = match exact.value {
            1 => Score::win_in(cells),
            -1 => Score::loss_in(cells),
            _ => Score::eval(0),
        };
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::SelfPlay;
    use gamesolver_engines::uttt::endgame::EndgameSolver;
    use gamesolver_engines::uttt::engines::EngineOptions;
    use gamesolver_games::uttt::Variant;

    /// Self-play positions of both rules: every one near the end is
    /// solved (a generous budget) and takes the solver's value; the others
    /// keep their labels.
    #[test]
    fn positions_near_the_end_take_the_solved_value() {
        for variant in [Variant::CodinGame, Variant::Standard] {
            let settings = SelfPlay {
                variant,
                games: 4,
                nodes: 300,
                seed: 5,
                random_plies: 4,
            };
            let original = settings.generate_scored(&EngineOptions::default());
            let mut positions = original.clone();
            let counts = label_exactly(&mut positions, 18, 10_000_000);
            assert!(counts.tried > 10, "{counts:?}");
            assert_eq!(counts.solved, counts.tried);
            let mut solver = EndgameSolver::new(16);
            for (p, before) in positions.iter().zip(&original) {
                let board = &p.labelled.board;
                if board.outcome().is_some() || playable_cells(board) > 18 {
                    assert_eq!(p, before);
                    continue;
                }
                let exact = solver.solve(board, &Limits::default()).unwrap();
                assert_eq!(p.labelled.result, f32::from(exact.value + 1) / 2.0);
                assert_eq!(p.score.is_decisive(), exact.value != 0);
                assert_eq!(p.score.value() > 0, exact.value == 1);
            }
        }
    }
}
