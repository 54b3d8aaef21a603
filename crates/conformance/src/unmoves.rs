//! Un-moves against moves, for games with retrograde analysis.

use gamesolver_core::Retrograde;

/// Checks un-move generation on each position:
/// - every legal move that stays in the tier is taken back by an un-move of
///   the position it leads to, giving the position back exactly;
/// - every un-move of a position leads to an unfinished position with a
///   legal move, staying in the tier, back to it.
///
/// # Panics
/// On the first broken rule, naming the positions and the moves.
pub fn check_unmoves<G: Retrograde>(positions: &[G]) {
    let mut unmoves = Vec::new();
    for position in positions {
        for mv in position.moves() {
            if !position.stays_in_tier(mv) {
                continue;
            }
            let child = position.after(mv);
            child.unmoves(&mut unmoves);
            let back = unmoves.iter().any(|&u| child.unplay(u) == *position);
            assert!(
                back,
                "{position:?}: no un-move of {child:?} takes back {mv}"
            );
        }
        position.unmoves(&mut unmoves);
        for &u in &unmoves {
            let parent = position.unplay(u);
            assert!(
                !parent.is_finished(),
                "{position:?}: un-move {u:?} leads to the finished {parent:?}"
            );
            let forward = parent
                .moves()
                .into_iter()
                .any(|mv| parent.stays_in_tier(mv) && parent.after(mv) == *position);
            assert!(
                forward,
                "{position:?}: un-move {u:?} leads to {parent:?}, which has no move back"
            );
        }
    }
}
