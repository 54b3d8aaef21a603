//! Dense position indices for tables.

/// A map between positions of a game and integers `0..len()`.
///
/// Solvers and tables store one entry per index, so no hash map or string key
/// is needed. An indexer may be *perfect* (every index is a legal position,
/// as the Jungle tier indices are) or cover a larger code space with holes
/// (as the base-3 code of tic-tac-toe does); [`Indexer::position`] returns
/// `None` for a hole.
pub trait Indexer<G> {
    /// The number of indices: every index is in `0..len()`.
    fn len(&self) -> u64;

    /// The index of `position`, in `0..len()`.
    fn index(&self, position: &G) -> u64;

    /// The position with index `index`, or `None` if `index` names no valid
    /// position (or is out of range).
    fn position(&self, index: u64) -> Option<G>;

    /// Whether the index space is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
