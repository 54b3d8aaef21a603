//! The solved tables as the game's exact oracle: a directory of table
//! files (`LGEC.gstb` for the whole game, smaller materials such as
//! `LC.gstb` beside it) opened for one rules preset; the tablebase
//! capability of the declaration (the generic `TieredTablebases` over
//! [`DobutsuTables`]) and its oracle (the generic
//! `TieredOracle`: probe with every move and the main line, per-material
//! statistics).
//!
//! The tables hold every position of a material with its value and
//! distance (shortest win, longest defence; positions that can only cycle
//! are draws). Build them with `cargo run --release -p gamesolver-retro
//! --example dobutsu_build -- DIR` (the whole game, about 100 s) or, for a
//! small material, `… -- DIR LC`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::game::INFO;
use gamesolver_api::model::position_of;
use gamesolver_api::{
    FacadeError, GameInfo, PieceLimits, State, TablebaseCause, TablebaseError, TieredGame,
};
use gamesolver_core::Solution;
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Position, UnsupportedVariant, Variant};
use gamesolver_retro::FileError;
use gamesolver_retro::tablebase::{DirectoryError, ProbeError, Tablebase};

/// Why a directory of dōbutsu tables cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The rules preset has no tables (the layout stores the positions of
    /// the official, try-after-reply and gamesman presets).
    #[error(transparent)]
    Rules(#[from] UnsupportedVariant),
    /// The directory cannot be read or holds no table.
    #[error(transparent)]
    Directory(#[from] DirectoryError),
    /// A table of the directory was built for other rules or is damaged.
    #[error("the tables in {} are not usable for the {rules} rules: {source}", dir.display())]
    NotForTheseRules {
        /// The directory.
        dir: PathBuf,
        /// The rules asked for.
        rules: Variant,
        /// What the table file says.
        source: FileError,
    },
}

/// A directory of dōbutsu tables opened for one rules preset (cheap to
/// clone: the files are shared).
#[derive(Clone)]
pub struct TablebaseHandle {
    /// The tables.
    pub tablebase: Arc<Tablebase<DobutsuTiers>>,
    /// The directory.
    pub dir: PathBuf,
    /// The rules the tables were built for.
    pub rules: Variant,
}

impl TablebaseHandle {
    /// Opens the tables in `dir` for `rules`, checking the smallest
    /// table's header (the others are checked on first use).
    ///
    /// ```
    /// use gamesolver_engines::dobutsu::tablebase::{OpenError, TablebaseHandle};
    /// use gamesolver_games::dobutsu::Variant;
    ///
    /// let empty = tempfile::tempdir().unwrap();
    /// let refused = TablebaseHandle::open(empty.path(), Variant::Official);
    /// assert!(matches!(refused, Err(OpenError::Directory(_))));
    /// assert!(matches!(
    ///     TablebaseHandle::open(empty.path(), Variant::Pgx),
    ///     Err(OpenError::Rules(_))
    /// ));
    /// ```
    pub fn open(dir: &Path, rules: Variant) -> Result<TablebaseHandle, OpenError> {
        let tablebase = Tablebase::open_dir(DobutsuTiers::new(rules)?, dir)?;
        let tiers = tablebase.tiers()?;
        if let Some(&smallest) = tiers.first() {
            tablebase
                .open_tier(smallest)
                .map_err(|source| OpenError::NotForTheseRules {
                    dir: dir.to_path_buf(),
                    rules,
                    source,
                })?;
        }
        Ok(TablebaseHandle {
            tablebase: Arc::new(tablebase),
            dir: dir.to_path_buf(),
            rules,
        })
    }

    /// Whether the tables answer `position`: its rules are theirs and its
    /// material has a table here.
    #[must_use]
    pub fn covers(&self, position: &Position) -> bool {
        position.variant() == self.rules && self.tablebase.covers(position)
    }

    /// The value and distance of `position` for its side to move; `None`
    /// if its material has no table here.
    pub fn probe(&self, position: &Position) -> Result<Option<Solution>, ProbeError> {
        self.tablebase.probe(position)
    }

    /// The materials with a table in the directory.
    pub fn materials(&self) -> Result<Vec<Material>, DirectoryError> {
        self.tablebase.tiers()
    }
}

/// Dōbutsu's hooks of the generic tablebase service: one tier per
/// material (a capture moves a piece to a hand, never off the game), so a
/// material's table needs no other.
#[derive(Clone, Copy)]
pub struct DobutsuTables;

impl TieredGame for DobutsuTables {
    type Layout = DobutsuTiers;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn layout(&self, rules: &'static str) -> Result<DobutsuTiers, FacadeError> {
        DobutsuTiers::new(variant(rules))
            .map_err(|e| FacadeError::tablebase(TablebaseCause::RulesMismatch, e.to_string()))
    }

    fn parse_tier(&self, text: &str) -> Result<Material, String> {
        text.parse::<Material>().map_err(|e| e.to_string())
    }

    fn pieces(&self, tier: Material) -> u32 {
        pieces(tier)
    }

    fn tiers_with(&self, count: u32) -> Vec<Material> {
        (0..8u8)
            .map(|bits| Material::new([bits & 1 != 0, bits & 2 != 0, bits & 4 != 0]))
            .filter(|&m| pieces(m) == count)
            .collect()
    }

    /// Two lions up to the whole game (eight pieces, about 100 s).
    fn piece_limits(&self) -> PieceLimits {
        PieceLimits {
            fewest: 2,
            all_up_to: 8,
            one_tier: 8,
        }
    }

    fn position<'a>(&self, state: &'a dyn State) -> Result<&'a Position, FacadeError> {
        position_of::<Position>(state)
    }
}

/// The preset called `rules` (one of the declaration's).
pub(super) fn variant(rules: &str) -> Variant {
    rules.parse().unwrap_or_default()
}

/// Opens the tables in `dir` for preset `rules`, as the façade's error.
pub(super) fn open(dir: &Path, rules: &'static str) -> Result<TablebaseHandle, FacadeError> {
    TablebaseHandle::open(dir, variant(rules)).map_err(|e| {
        let message = format!("cannot use the dobutsu tables in {}: {e}", dir.display());
        FacadeError::Tablebase(match &e {
            OpenError::Rules(_) => TablebaseError::new(TablebaseCause::RulesMismatch, message),
            OpenError::Directory(directory) => {
                TablebaseError::from_chain(TablebaseCause::NoTables, directory, message)
            }
            OpenError::NotForTheseRules { source, .. } => {
                TablebaseError::from_chain(TablebaseCause::Foreign, source, message)
            }
        })
    })
}

/// The pieces of a position of `material`: the two lions and each pair.
fn pieces(material: Material) -> u32 {
    2 + 2 * gamesolver_games::dobutsu::Hand::ALL
        .into_iter()
        .filter(|&hand| material.has(hand))
        .count() as u32
}
