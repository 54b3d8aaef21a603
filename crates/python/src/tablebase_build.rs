//! Building a game's tablebases wave by wave through its tablebase
//! capability (a later build reuses every finished tier file), under the
//! capability's limits (pieces, memory) and stopped by Ctrl-C inside a
//! tier ([`Cancel`]): progress is reported per finished tier, from the
//! waves of the capability's plan.

use std::path::Path;
use std::time::Duration;

use gamesolver_api::{BuildTarget, FacadeError, Tablebases};
use gamesolver_retro::loopy::TierProgress;
use gamesolver_retro::tablebase::{BuildError, BuildObserver, TierBuilt};

use crate::interrupt::Reporter;

/// What to build.
pub enum Target {
    /// Every tier with at most this many pieces.
    MaxPieces(u32),
    /// One tier (Jungle's `LR-e`) and everything it leads to.
    Material(String),
}

/// One finished tier, for the progress callback and the result.
#[derive(Clone, Debug)]
pub struct TierDone {
    /// The tier, e.g. Jungle's `LR-e`.
    pub tier: String,
    /// Positions indexed in the tier.
    pub indices: u64,
    /// Whether a valid file was already there.
    pub skipped: bool,
    /// Time spent solving and writing.
    pub elapsed: Duration,
    /// The file's size.
    pub file_bytes: u64,
    /// Tiers finished so far (this one included).
    pub done: usize,
    /// Tiers in the whole build.
    pub total: usize,
}

/// The tiers `target` names, or what is wrong with it: the capability's
/// piece limits ([`gamesolver_api::PieceLimits`]: `all_up_to` for
/// `max_pieces`, `one_tier` for one material).
pub fn materials(tables: &dyn Tablebases, target: &Target) -> Result<Vec<String>, String> {
    let limits = tables.piece_limits();
    let target = match target {
        Target::MaxPieces(n) if !(limits.fewest..=limits.all_up_to).contains(n) => {
            let (fewest, most) = (limits.fewest, limits.all_up_to);
            return Err(format!(
                "max_pieces takes {fewest} to {most} (each side keeps at least one piece; \
                 more than {most} pieces are out of reach here), not {n}"
            ));
        }
        Target::MaxPieces(n) => BuildTarget::MaxPieces(*n),
        Target::Material(spec) => BuildTarget::Tier(spec.clone()),
    };
    let named = tables.targets(&target).map_err(|e| e.to_string())?;
    Ok(named.into_iter().map(|(tier, _)| tier).collect())
}

/// Refuses a build of `targets` whose estimated memory is over
/// `limit_bytes`, with the estimate, before anything is written; the
/// build's waves otherwise.
pub fn check_memory(
    tables: &dyn Tablebases,
    rules: &str,
    targets: &[String],
    limit_bytes: u64,
) -> Result<Vec<Vec<String>>, String> {
    let plan = tables
        .plan(Some(rules), targets)
        .map_err(|e| e.to_string())?;
    if plan.estimate.memory_bytes > limit_bytes {
        return Err(BuildError::TooLarge {
            estimate: plan.estimate,
            limit: limit_bytes,
        }
        .to_string());
    }
    Ok(plan.waves)
}

/// The build's observer: asks the library to stop when the caller
/// cancelled (Ctrl-C, a failing progress callback).
struct Cancel<'a, T>(&'a Reporter<TierDone, T>);

impl<T: Send> TierProgress for Cancel<'_, T> {
    fn cancelled(&self) -> bool {
        self.0.cancelled()
    }
}

impl<T: Send> BuildObserver for Cancel<'_, T> {}

/// Builds the `waves` of a plan in `dir`, wave by wave, reporting each
/// finished tier; stops inside a tier when the caller cancels (the
/// caller raises its own error then: the result is only what was done).
pub fn build_waves<T: Send>(
    tables: &dyn Tablebases,
    dir: &Path,
    rules: &str,
    waves: &[Vec<String>],
    memory_limit: u64,
    reporter: &Reporter<TierDone, T>,
) -> Result<Vec<TierDone>, String> {
    let total = waves.iter().map(Vec::len).sum();
    let mut finished = Vec::with_capacity(total);
    for wave in waves {
        if reporter.cancelled() {
            break;
        }
        let built = match tables.build(dir, Some(rules), wave, memory_limit, &Cancel(reporter)) {
            Err(FacadeError::Cancelled) => break,
            built => built.map_err(|e| e.to_string())?,
        };
        for tier in built.into_iter().filter(|t| wave.contains(&t.tier)) {
            let done = tier_done(tier, finished.len() + 1, total);
            reporter.report(done.clone());
            finished.push(done);
        }
    }
    Ok(finished)
}

fn tier_done(tier: TierBuilt, done: usize, total: usize) -> TierDone {
    TierDone {
        tier: tier.tier,
        indices: tier.indices,
        skipped: tier.skipped,
        elapsed: tier.elapsed,
        file_bytes: tier.file_bytes,
        done,
        total,
    }
}
