//! The tier files of a tablebase directory, and the entries that cannot be
//! used (so far): every command that reads a whole directory lists it
//! first and fails after its output if a file could not be used.

use std::path::{Path, PathBuf};

use gamesolver_retro::tbfile::{RejectedFile, scan_tier_files};

use crate::error::{FacadeError, TablebaseCause, TablebaseError, error_chain};

/// A tablebase directory as listed: its usable tiers and its problems.
#[derive(Clone, Debug, Default)]
pub struct TierScan {
    /// The directory.
    pub dir: PathBuf,
    /// The tiers with a file, fewest pieces first (then by name).
    pub tiers: Vec<String>,
    /// Every `*.gstb` entry or tier that cannot be used, and why.
    pub problems: Vec<String>,
    /// The `*.gstb` entries that are no tier file of the game (ignored).
    pub ignored: Vec<PathBuf>,
    /// The tiers whose statistics had to be counted from their tables
    /// (no statistics companion of their own), and why.
    pub recounted: Vec<String>,
}

impl TierScan {
    /// Lists `dir`, reading a tier from each file name's stem with `parse`
    /// and ordering the tiers by `pieces`: a missing or unreadable
    /// directory is an error.
    pub(crate) fn of<T: std::fmt::Display>(
        dir: &Path,
        parse: impl Fn(&str) -> Option<T>,
        pieces: impl Fn(&T) -> u32,
    ) -> Result<TierScan, FacadeError> {
        let found = scan_tier_files(dir, parse)
            .map_err(|e| tablebase_error(TablebaseCause::NoTables, &e))?;
        let mut tiers: Vec<(u32, String)> = found
            .tiers
            .into_iter()
            .map(|(tier, _)| (pieces(&tier), tier.to_string()))
            .collect();
        tiers.sort();
        Ok(TierScan {
            dir: dir.to_path_buf(),
            tiers: tiers.into_iter().map(|(_, name)| name).collect(),
            problems: found.rejected.iter().map(describe).collect(),
            ignored: found.ignored,
            recounted: Vec::new(),
        })
    }

    /// Whether the directory holds no tier file at all (usable or not).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tiers.is_empty() && self.problems.is_empty()
    }

    /// Records that `tier` cannot be used (the error names the file).
    pub fn reject(&mut self, tier: &str, error: &dyn std::error::Error) {
        self.problems
            .push(format!("{tier}: {}", error_chain(error)));
    }
}

/// A rejected entry in words.
fn describe(rejected: &RejectedFile) -> String {
    format!("{}: {}", rejected.path.display(), rejected.reason)
}

/// `error` as the façade's tablebase error, with the file and cause its
/// chain names (else `fallback`), and the whole chain as the message.
pub(crate) fn tablebase_error(
    fallback: TablebaseCause,
    error: &(dyn std::error::Error + 'static),
) -> FacadeError {
    FacadeError::Tablebase(TablebaseError::from_chain(
        fallback,
        error,
        error_chain(error),
    ))
}
