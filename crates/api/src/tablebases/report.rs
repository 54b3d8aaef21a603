//! What `verify` and `wdl` found, per directory and per tier.

use gamesolver_retro::tablebase::WdlDerived;

/// The verdict of a tablebase check.
#[derive(Clone, Debug, Default)]
pub struct VerifyReport {
    /// Tiers whose every stored position agrees with its children.
    pub verified: usize,
    /// Their positions.
    pub checked: u64,
    /// Positions (and WDL entries) that are wrong.
    pub failed: usize,
    /// WDL files found and agreeing with their distance files.
    pub wdl_files: usize,
    /// Statistics companions found and agreeing with a recount.
    pub stats_files: usize,
    /// Statistics companions that are stale, damaged or wrong (the tiers'
    /// statistics are then counted from their tables).
    pub stats_failed: usize,
    /// The failures, a few per tier, as lines of text.
    pub failures: String,
}

/// One WDL file written.
#[derive(Clone, Debug)]
pub struct TierWdlRow {
    /// The tier's pieces.
    pub pieces: u32,
    /// The file: positions, bytes.
    pub derived: WdlDerived,
}
