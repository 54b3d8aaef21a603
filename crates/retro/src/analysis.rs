//! Every move of a position judged from a table of solved positions.

use gamesolver_core::{Game, Solution};

/// What one legal move is worth to the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveVerdict<M> {
    /// The move.
    pub mv: M,
    /// Its value and distance for the mover.
    pub solution: Solution,
}

/// A position judged move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionAnalysis<M> {
    /// The position's value and distance for the side to move.
    pub solution: Solution,
    /// Every legal move with its verdict, in move-generation order.
    pub moves: Vec<MoveVerdict<M>>,
    /// The moves that achieve `solution` (every tied move), in
    /// move-generation order. Empty for a finished position.
    pub best: Vec<M>,
}

/// Judges `position` and each of its legal moves, asking `lookup` for the
/// solution of each child. A finished position is worth its outcome at
/// distance 0 and has no moves.
///
/// Returns `None` if `lookup` knows no solution for some child.
pub fn analyse<G: Game>(
    position: &G,
    lookup: impl Fn(&G) -> Option<Solution>,
) -> Option<PositionAnalysis<G::Move>> {
    if let Some(outcome) = position.outcome() {
        return Some(PositionAnalysis {
            solution: Solution::finished(outcome.value_for(position.turn())),
            moves: Vec::new(),
            best: Vec::new(),
        });
    }
    let moves = position
        .moves()
        .into_iter()
        .map(|mv| {
            let child = lookup(&position.after(mv))?;
            Some(MoveVerdict {
                mv,
                solution: Solution::through_child(child),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let solution = moves.iter().map(|m| m.solution).max()?;
    let best = moves
        .iter()
        .filter(|m| m.solution == solution)
        .map(|m| m.mv)
        .collect();
    Some(PositionAnalysis {
        solution,
        moves,
        best,
    })
}
