//! A solved game stored densely over an indexer's code space.

use std::fmt;
use std::path::Path;

use gamesolver_core::{Game, Indexer, Solution, Wdl};

use crate::binfile::{FileError, FileIdentity, read_bounded, write_atomically};
use crate::loopfree::LoopFreeSolution;
use crate::table_file;

/// What a table was built for: written into its file header and checked
/// when the file is loaded, so a table is never read for the wrong game,
/// rules or index scheme, nor with another number of entries than the
/// index scheme has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableIdentity {
    /// The game (for example `tictactoe`).
    pub game: String,
    /// The rules variant (for example `standard`).
    pub variant: String,
    /// The index scheme the entries are laid out by (for example `base3`).
    pub scheme: String,
    /// The number of entries: the size of the scheme's code space.
    pub entries: u64,
}

impl TableIdentity {
    /// The identity of a table for `game`, rules `variant`, index `scheme`
    /// with `entries` indices.
    pub fn new(game: &str, variant: &str, scheme: &str, entries: u64) -> TableIdentity {
        TableIdentity {
            game: game.into(),
            variant: variant.into(),
            scheme: scheme.into(),
            entries,
        }
    }
}

impl FileIdentity for TableIdentity {
    fn entries(&self) -> u64 {
        self.entries
    }

    fn same_kind(&self, other: &TableIdentity) -> bool {
        (&self.game, &self.variant, &self.scheme) == (&other.game, &other.variant, &other.scheme)
    }
}

impl fmt::Display for TableIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.game, self.variant, self.scheme)
    }
}

/// The solution of every position, stored as one 16-bit entry per index of
/// an [`Indexer`]'s code space, so a query is one array access.
///
/// Entry encoding: 0 for an index that is no reachable position; otherwise
/// bits 0–1 hold the value (1 loss, 2 draw, 3 win) and bits 2–15 the
/// distance (at most 16383 plies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedTable {
    identity: TableIdentity,
    entries: Vec<u16>,
}

/// The largest distance an entry can hold.
pub const MAX_DISTANCE: u16 = (1 << 14) - 1;

impl SolvedTable {
    /// Stores `solution` by the indices of `indexer`.
    ///
    /// # Panics
    /// If a distance exceeds `MAX_DISTANCE`, the code space does not fit
    /// in memory, or `identity.entries` is not the indexer's length.
    pub fn from_solution<G: Game, M, I: Indexer<G>>(
        solution: &LoopFreeSolution<G, M>,
        indexer: &I,
        identity: TableIdentity,
    ) -> SolvedTable {
        assert_eq!(
            identity.entries,
            indexer.len(),
            "the identity's entry count is the indexer's"
        );
        let len = usize::try_from(indexer.len()).expect("code space too large");
        let mut entries = vec![0u16; len];
        for (position, &s) in solution
            .graph()
            .positions()
            .iter()
            .zip(solution.solutions())
        {
            entries[indexer.index(position) as usize] = encode(s);
        }
        SolvedTable { identity, entries }
    }

    /// A table from raw entries (used by the file reader). Every entry must
    /// be 0 or a valid encoding.
    pub(crate) fn from_entries(identity: TableIdentity, entries: Vec<u16>) -> SolvedTable {
        SolvedTable { identity, entries }
    }

    /// What the table was built for.
    #[must_use]
    pub fn identity(&self) -> &TableIdentity {
        &self.identity
    }

    /// The raw entries, one per index.
    #[must_use]
    pub fn entries(&self) -> &[u16] {
        &self.entries
    }

    /// The solution stored at `index`, or `None` for an index that is no
    /// reachable position.
    #[must_use]
    pub fn get(&self, index: u64) -> Option<Solution> {
        let entry = *self.entries.get(usize::try_from(index).ok()?)?;
        decode(entry)
    }

    /// The solution of `position`, found through `indexer`.
    #[must_use]
    pub fn lookup<G, I: Indexer<G>>(&self, indexer: &I, position: &G) -> Option<Solution> {
        self.get(indexer.index(position))
    }

    /// Number of positions stored (non-empty entries).
    #[must_use]
    pub fn stored(&self) -> usize {
        self.entries.iter().filter(|&&e| e != 0).count()
    }

    /// Writes the table to `path` atomically (a temporary file renamed into
    /// place once complete); `path` must be a new name or a regular file.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        let bytes = table_file::encode(self, &path.display().to_string())?;
        write_atomically(path, &bytes)
    }

    /// Reads a table from the regular file `path`, refusing a file that is
    /// larger than a table for `expected` can be (before reading it),
    /// truncated, corrupted, of another format version, built for another
    /// identity than `expected`, or with another entry count. The values
    /// are not checked against the rules: see [`SolvedTable::verify`].
    pub fn load(path: &Path, expected: &TableIdentity) -> Result<SolvedTable, FileError> {
        let bytes = read_bounded(path, table_file::size_limit(expected))?;
        table_file::decode(&path.display().to_string(), &bytes, expected)
    }

    /// Reads a table from the bytes of a file (as [`SolvedTable::load`]
    /// does, `name` naming it in errors).
    pub fn from_bytes(
        name: &str,
        bytes: &[u8],
        expected: &TableIdentity,
    ) -> Result<SolvedTable, FileError> {
        table_file::decode(name, bytes, expected)
    }
}

/// The 16-bit entry of `solution`.
///
/// # Panics
/// If the distance exceeds [`MAX_DISTANCE`].
pub(crate) fn encode(solution: Solution) -> u16 {
    assert!(
        solution.distance <= MAX_DISTANCE,
        "distance {} too large for a table entry",
        solution.distance
    );
    let value = match solution.wdl {
        Wdl::Loss => 1,
        Wdl::Draw => 2,
        Wdl::Win => 3,
    };
    value | (solution.distance << 2)
}

/// The solution of a 16-bit entry, `None` for an empty entry.
pub(crate) fn decode(entry: u16) -> Option<Solution> {
    let wdl = match entry & 3 {
        1 => Wdl::Loss,
        2 => Wdl::Draw,
        3 => Wdl::Win,
        _ => return None,
    };
    Some(Solution::new(wdl, entry >> 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        for wdl in Wdl::ALL {
            for distance in [0, 1, 9, MAX_DISTANCE] {
                let s = Solution::new(wdl, distance);
                assert_eq!(decode(encode(s)), Some(s));
            }
        }
        assert_eq!(decode(0), None);
    }
}
