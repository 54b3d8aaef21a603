//! Dense ids for the positions met while enumerating a game.

use std::hash::Hash;

use gamesolver_core::Indexer;
use rustc_hash::FxHashMap;

/// Assigns dense ids `0, 1, 2, …` to positions as the enumeration meets them.
pub trait PositionMap<G> {
    /// The id given to `position`, if it has one.
    fn get(&self, position: &G) -> Option<u32>;

    /// Records that `position` has id `id`.
    fn insert(&mut self, position: &G, id: u32);
}

/// A [`PositionMap`] for any hashable game, by a hash map.
#[derive(Debug)]
pub struct HashPositionMap<G> {
    ids: FxHashMap<G, u32>,
}

impl<G> Default for HashPositionMap<G> {
    fn default() -> Self {
        HashPositionMap {
            ids: FxHashMap::default(),
        }
    }
}

impl<G: Eq + Hash + Clone> PositionMap<G> for HashPositionMap<G> {
    fn get(&self, position: &G) -> Option<u32> {
        self.ids.get(position).copied()
    }

    fn insert(&mut self, position: &G, id: u32) {
        self.ids.insert(position.clone(), id);
    }
}

/// A [`PositionMap`] backed by an array over an [`Indexer`]'s code space:
/// one look-up per position, no hashing. Fits games whose code space is
/// small (tic-tac-toe's 19683 base-3 codes).
#[derive(Debug)]
pub struct DensePositionMap<I> {
    indexer: I,
    ids: Vec<u32>,
}

const NO_ID: u32 = u32::MAX;

impl<I> DensePositionMap<I> {
    /// An empty map over the code space of `indexer`.
    ///
    /// # Panics
    /// If the code space does not fit in memory as one `u32` per code.
    pub fn new<G>(indexer: I) -> Self
    where
        I: Indexer<G>,
    {
        let len = usize::try_from(indexer.len()).expect("code space too large for a dense map");
        DensePositionMap {
            indexer,
            ids: vec![NO_ID; len],
        }
    }

    /// The indexer the map is built on.
    pub fn indexer(&self) -> &I {
        &self.indexer
    }
}

impl<G, I: Indexer<G>> PositionMap<G> for DensePositionMap<I> {
    fn get(&self, position: &G) -> Option<u32> {
        let id = self.ids[self.indexer.index(position) as usize];
        (id != NO_ID).then_some(id)
    }

    fn insert(&mut self, position: &G, id: u32) {
        let code = self.indexer.index(position) as usize;
        self.ids[code] = id;
    }
}
