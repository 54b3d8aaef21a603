//! Building Jungle tablebases wave by wave (a later build reuses every
//! finished tier file), under the command line's limits (pieces, memory)
//! and stopped by Ctrl-C inside a tier ([`Cancel`]).
//!
//! The façade of `gamesolver-engines` opens and probes tablebases; its
//! `build_tablebase` builds in one call, without progress reports or a way
//! to stop, so this drives `gamesolver-retro`'s build wave by wave (as the
//! CLI's `tablebase build` uses it).

use std::path::Path;
use std::time::Duration;

use gamesolver_api::error_chain;
use gamesolver_engines::jungle::tablebase::{MAX_MATERIAL_PIECES, MAX_PIECES, tables_in};
use gamesolver_games::jungle::{Material, Variant};
use gamesolver_retro::loopy::{TierProgress, schedule_waves};
use gamesolver_retro::tablebase::{BuildError, BuildObserver, TierBuilt, build_within, estimate};

use crate::interrupt::Reporter;

/// What to build.
pub enum Target {
    /// Every material with at most this many pieces.
    MaxPieces(u32),
    /// One material (`LR-e`) and everything it captures into.
    Material(String),
}

/// One finished tier, for the progress callback and the result.
#[derive(Clone, Debug)]
pub struct TierDone {
    /// The tier's material, e.g. `LR-e`.
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

/// The materials `target` names, or what is wrong with it: the limits of
/// the command line's `tablebase build` ([`MAX_PIECES`] for `max_pieces`,
/// [`MAX_MATERIAL_PIECES`] for one material).
pub fn materials(target: &Target) -> Result<Vec<Material>, String> {
    match target {
        Target::MaxPieces(n) if !(2..=MAX_PIECES).contains(n) => Err(format!(
            "max_pieces takes 2 to {MAX_PIECES} (each side keeps at least one piece; \
             more than {MAX_PIECES} pieces are out of reach here), not {n}"
        )),
        Target::MaxPieces(n) => Ok((2..=*n).flat_map(Material::all_with).collect()),
        Target::Material(spec) => {
            let material = spec
                .parse::<Material>()
                .map_err(|e| format!("bad material {spec:?}: {e}"))?;
            if material.count() > MAX_MATERIAL_PIECES {
                return Err(format!(
                    "material {material} has {} pieces; one material goes up to \
                     {MAX_MATERIAL_PIECES} pieces",
                    material.count()
                ));
            }
            Ok(vec![material])
        }
    }
}

/// Refuses a build of `targets` whose estimated memory is over
/// `limit_bytes`, with the estimate, before anything is written.
pub fn check_memory(rules: Variant, targets: &[Material], limit_bytes: u64) -> Result<(), String> {
    let needed =
        estimate(tables_in(Path::new(""), rules).layout(), targets).map_err(|e| error_chain(&e))?;
    if needed.memory_bytes > limit_bytes {
        return Err(BuildError::TooLarge {
            estimate: needed,
            limit: limit_bytes,
        }
        .to_string());
    }
    Ok(())
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

/// The rules preset called `rules`.
pub fn variant(rules: &str) -> Result<Variant, String> {
    rules.parse::<Variant>().map_err(|e| e.to_string())
}

/// Builds the tables for `targets` in `dir`, wave by wave, reporting each
/// finished tier; stops inside a tier when the caller cancels (the
/// caller raises its own error then: the result is only what was done).
pub fn build_waves<T: Send>(
    dir: &Path,
    rules: Variant,
    targets: &[Material],
    memory_limit: u64,
    reporter: &Reporter<TierDone, T>,
) -> Result<Vec<TierDone>, String> {
    let tablebase = tables_in(dir, rules);
    let waves = schedule_waves(tablebase.layout(), targets).map_err(|e| e.to_string())?;
    let total = waves.iter().map(Vec::len).sum();
    let mut finished = Vec::with_capacity(total);
    for wave in waves {
        if reporter.cancelled() {
            break;
        }
        let built = match build_within(&tablebase, &wave, memory_limit, &Cancel(reporter)) {
            Err(BuildError::Cancelled) => break,
            built => built.map_err(|e| error_chain(&e))?,
        };
        for tier in built
            .into_iter()
            .filter(|t| wave.iter().any(|w| w.to_string() == t.tier))
        {
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
