//! Deeper labels for the network's data: the positions of a range of
//! playable cells (the middle game, where CodinGame's board count is
//! decided beyond the exact solver's reach) searched again with a larger
//! node budget, their search score replaced by the deeper search's (the
//! game's result stays). `uttt_nn deepen` writes the data again so.

use std::ops::RangeInclusive;

use gamesolver_core::Game;
use gamesolver_engines::uttt::endgame::playable_cells;
use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_search::Limits;

use crate::selfplay::ScoredPosition;

/// Searches every unfinished position of `positions` whose playable cells
/// lie in `cells` afresh (a new game each, so the answer does not depend
/// on the positions before) to `nodes` nodes with the engine of `options`,
/// and gives it that search's score; returns how many were searched.
///
/// ```
/// use gamesolver_engines::uttt::engines::EngineOptions;
/// use gamesolver_games::uttt::{Board, Variant};
/// use gamesolver_search::Score;
/// use gamesolver_tuning::nn_deeper::label_by_search;
/// use gamesolver_tuning::selfplay::{LabelledPosition, ScoredPosition};
///
/// // The start has 81 playable cells: outside 30..=45, left as it is.
/// let board = Board::start(Variant::CodinGame);
/// let mut positions = vec![ScoredPosition {
///     labelled: LabelledPosition { board, result: 0.5 },
///     score: Score::eval(10),
/// }];
/// assert_eq!(label_by_search(&mut positions, 30..=45, 1_000, &EngineOptions::default()), 0);
/// assert_eq!(positions[0].score, Score::eval(10));
/// ```
pub fn label_by_search(
    positions: &mut [ScoredPosition],
    cells: RangeInclusive<u32>,
    nodes: u64,
    options: &EngineOptions,
) -> usize {
    let mut engine = build(options);
    let limits = Limits::nodes(nodes);
    let mut searched = 0;
    for p in positions {
        let board = &p.labelled.board;
        if board.outcome().is_some() || !cells.contains(&playable_cells(board)) {
            continue;
        }
        engine.new_game();
        p.score = engine.think(board, &limits, &mut |_| {}).score;
        searched += 1;
    }
    searched
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::SelfPlay;
    use gamesolver_games::uttt::Variant;

    /// The positions in the range take a fresh search's score at the
    /// budget, the others and every result stay.
    #[test]
    fn positions_in_the_range_take_the_deeper_score() {
        let settings = SelfPlay {
            variant: Variant::CodinGame,
            games: 2,
            nodes: 300,
            seed: 7,
            random_plies: 4,
        };
        let options = EngineOptions::default();
        let original = settings.generate_scored(&options);
        let mut positions = original.clone();
        let searched = label_by_search(&mut positions, 30..=45, 3_000, &options);
        assert!(searched > 5, "{searched}");
        let mut fresh = build(&options);
        let mut changed = 0;
        for (p, before) in positions.iter().zip(&original) {
            assert_eq!(p.labelled, before.labelled);
            let board = &p.labelled.board;
            if board.outcome().is_some() || !(30..=45).contains(&playable_cells(board)) {
                assert_eq!(p.score, before.score);
                continue;
            }
            fresh.new_game();
            let expected = fresh.think(board, &Limits::nodes(3_000), &mut |_| {}).score;
            assert_eq!(p.score, expected);
            changed += usize::from(p.score != before.score);
        }
        assert!(changed > 0, "a deeper search changes some scores");
    }
}
