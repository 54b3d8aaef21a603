//! The tablebase capability ([`Tablebases`]): a game's endgame tables in a
//! directory, opened for probes ([`TablebaseOracle`]), built with a
//! progress observer that can cancel, listed, counted, verified, given WDL
//! files, and, where the game offers them, drawn as richer views
//! ([`TablebaseViews`]) and played out ([`Tablebases::selfcheck`]).
//!
//! Any game whose positions fall into tiers (a
//! [`gamesolver_core::TierLayout`]) gets all of it from one generic
//! implementation, [`TieredTablebases`], over a few hooks of its own
//! ([`TieredGame`]).

mod jobs;
mod oracle;
mod puzzles;
mod report;
mod report_page;
mod scan;
mod selfcheck;
mod stats;
mod tiered;
mod verify;

use std::path::Path;

use gamesolver_retro::tablebase::{BuildEstimate, BuildObserver, TierBuilt};

use crate::error::FacadeError;
use crate::game_def::GameDef;
use crate::oracles::{Rendered, TablebaseOracle};
use crate::state::State;

pub use jobs::{TierJobWorker, TierJobs};
pub use oracle::TieredOracle;
pub use puzzles::{
    MAX_GRADE, MAX_PUZZLES, PUZZLE_FORMAT, PUZZLE_VERSION, Puzzle, PuzzleKind, PuzzleRequest,
    PuzzleSet, check_puzzle, draw_puzzles, grade, grade_range, puzzle_of,
};
pub use report::{TierWdlRow, VerifyReport};
pub use report_page::{ReportHeading, escape_html, tier_report_page};
pub use scan::TierScan;
pub use selfcheck::{
    DRAW_PLIES, Sampled, SelfcheckMismatch, SelfcheckReport, SelfcheckRequest, play_out_samples,
};
pub use stats::{TierStatsRow, WdlSplit, WinDistances};
pub use tiered::{PieceLimits, TieredGame, TieredTablebases};

/// What a build asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildTarget {
    /// Every tier with at most this many pieces.
    MaxPieces(u32),
    /// One tier by name (and every tier its moves lead to).
    Tier(String),
}

/// A build's plan: its tiers (by name) and what they will take.
#[derive(Clone, Debug)]
pub struct BuildPlan {
    /// The tiers asked for (the build adds every tier they lead to).
    pub targets: Vec<String>,
    /// The tiers of the whole build, in waves: a wave's tiers lead only to
    /// tiers of earlier waves.
    pub waves: Vec<Vec<String>>,
    /// Its estimated size, time and memory.
    pub estimate: BuildEstimate,
}

/// Capability: endgame tablebases, one directory of table files per rules
/// preset.
///
/// `rules` is a preset name of the game (None = its default); a tier is
/// named as the game writes it (Jungle's `LR-e`, dōbutsu's `LC`).
pub trait Tablebases: Send + Sync {
    /// Opens the tablebase in `dir` built for the rules preset `rules`
    /// (None = the game's default).
    fn open(
        &self,
        dir: &Path,
        rules: Option<&str>,
    ) -> Result<Box<dyn TablebaseOracle>, FacadeError>;

    /// The piece counts a build may ask for.
    fn piece_limits(&self) -> PieceLimits;

    /// The tiers `target` names (checked against [`Tablebases::piece_limits`]),
    /// with their piece counts.
    fn targets(&self, target: &BuildTarget) -> Result<Vec<(String, u32)>, FacadeError>;

    /// The plan of a build of `targets` under `rules`.
    fn plan(&self, rules: Option<&str>, targets: &[String]) -> Result<BuildPlan, FacadeError>;

    /// Builds `targets` and every tier they lead to in `dir` (created if
    /// missing; tiers already there reused), refused before anything is
    /// written if the estimate is over `memory_limit` bytes. `observer`
    /// follows the build and may cancel it ([`FacadeError::Cancelled`];
    /// the finished tiers are kept).
    fn build(
        &self,
        dir: &Path,
        rules: Option<&str>,
        targets: &[String],
        memory_limit: u64,
        observer: &dyn BuildObserver,
    ) -> Result<Vec<TierBuilt>, FacadeError>;

    /// [`Tablebases::build`] under a no-progress rule of `plies` plies
    /// instead of the game's own: tables for tests of the rule, whose
    /// readers take the rule from the files. Refused
    /// ([`FacadeError::Unsupported`]) by a game without such a rule.
    fn build_under_rule(
        &self,
        dir: &Path,
        rules: Option<&str>,
        plies: u16,
        targets: &[String],
        memory_limit: u64,
        observer: &dyn BuildObserver,
    ) -> Result<Vec<TierBuilt>, FacadeError>;

    /// The build of `targets` (and every tier they lead to) in `dir` under
    /// `rules` as numbered jobs, for a driver of its own (a distributed
    /// build: every process computes the same jobs from the same
    /// arguments).
    fn jobs(
        &self,
        dir: &Path,
        rules: Option<&str>,
        targets: &[String],
    ) -> Result<TierJobs, FacadeError>;

    /// A worker that builds [`Tablebases::jobs`]'s tiers by number in
    /// `dir`, as the single-machine build would (the same bytes).
    fn job_worker(
        &self,
        dir: &Path,
        rules: Option<&str>,
        targets: &[String],
    ) -> Result<Box<dyn TierJobWorker>, FacadeError>;

    /// The tier `state` is in, as the game names it (its own colours, not
    /// folded).
    fn tier_name(&self, state: &dyn State) -> Result<String, FacadeError>;

    /// `state` written as a tablebase answer heads it: the game's full
    /// notation (Jungle: the long FEN, with the 200-ply rule's counter).
    fn position_text(&self, state: &dyn State) -> String;

    /// The tier files of `dir`: the usable tiers (fewest pieces first) and
    /// the entries that cannot be used.
    fn scan(&self, dir: &Path, rules: Option<&str>) -> Result<TierScan, FacadeError>;

    /// Every scanned tier's statistics, read from its statistics companion
    /// or else counted from its table (recorded in `scan.recounted`; a
    /// file that cannot be used is recorded in `scan`); `stop` is asked
    /// between blocks of a file.
    fn stats(
        &self,
        rules: Option<&str>,
        scan: &mut TierScan,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<TierStatsRow>, FacadeError>;

    /// Writes the statistics companion of every scanned tier that lacks
    /// one of its own (missing, stale or damaged), so that
    /// [`Tablebases::stats`] reads it at once; the number written (a tier
    /// that cannot be counted is recorded in `scan`).
    fn write_stats(&self, rules: Option<&str>, scan: &mut TierScan) -> Result<usize, FacadeError>;

    /// Every stored position of the scanned tiers checked against its
    /// children, each WDL file against its distance file and each
    /// statistics companion against a recount.
    fn verify(&self, rules: Option<&str>, scan: &mut TierScan)
    -> Result<VerifyReport, FacadeError>;

    /// Writes the WDL file of every scanned tier into `out`, one row per
    /// tier written.
    fn write_wdl(
        &self,
        rules: Option<&str>,
        scan: &mut TierScan,
        out: &Path,
    ) -> Result<Vec<TierWdlRow>, FacadeError>;

    /// The game's richer views of its tables (classes of tiers, heat maps,
    /// a report page), if it has them.
    fn views(&self) -> Option<&dyn TablebaseViews> {
        None
    }

    /// `count` positions drawn (seeded by `seed`) uniformly from the stored
    /// tiers of `pieces` pieces (None: the most in `dir`), with their
    /// verdicts; and that piece count.
    fn sample(
        &self,
        dir: &Path,
        rules: Option<&str>,
        pieces: Option<u32>,
        count: usize,
        seed: u64,
    ) -> Result<(u32, Vec<Sampled>), FacadeError>;

    /// The engine of `game` (this capability's game) with the tables plays
    /// sampled positions out against itself; each game must end as the
    /// table says. The generic check is [`play_out_samples`].
    fn selfcheck(
        &self,
        game: &dyn GameDef,
        dir: &Path,
        rules: Option<&str>,
        request: &SelfcheckRequest,
    ) -> Result<SelfcheckReport, FacadeError>;
}

/// A game's own views of its tables beyond the per-tier counts: what
/// `gamesolver tablebase stats --classes`/`--heat-map` and `tablebase
/// report` show. Each answer records the files it could not use in the
/// scan.
pub trait TablebaseViews: Send + Sync {
    /// The tiers grouped into classes (Jungle: animals per side), as JSON
    /// and text.
    fn classes(&self, rules: Option<&str>, scan: &mut TierScan) -> Result<Rendered, FacadeError>;

    /// Per square, the positions won, drawn and lost with one piece of one
    /// tier there (None: the game's defaults), as JSON and text.
    fn heat_map(
        &self,
        rules: Option<&str>,
        scan: &TierScan,
        tier: Option<&str>,
        piece: Option<char>,
    ) -> Result<Rendered, FacadeError>;

    /// One self-contained HTML page of the statistics.
    fn report_page(
        &self,
        rules: Option<&str>,
        scan: &mut TierScan,
        tier: Option<&str>,
        piece: Option<char>,
    ) -> Result<String, FacadeError>;
}
