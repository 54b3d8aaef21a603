//! Building Jungle tablebases wave by wave (so Ctrl-C is noticed between
//! waves; a later build reuses every finished tier file).
//!
//! The façade of `gamesolver-engines` opens and probes tablebases; its
//! `build_tablebase` builds in one call, without progress reports or a way
//! to stop, so this drives `gamesolver-retro`'s build wave by wave (as the
//! CLI's `tablebase build` uses it).

use std::path::Path;
use std::time::Duration;

use gamesolver_api::error_chain;
use gamesolver_games::jungle::{JungleTiers, Material, Variant};
use gamesolver_retro::loopy::schedule_waves;
use gamesolver_retro::tablebase::{Tablebase, TierBuilt, build};

use crate::interrupt::Reporter;

/// The largest piece count a build accepts (5 pieces are out of reach).
pub const MAX_PIECES: u32 = 4;

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

/// The materials `target` names, or what is wrong with it.
pub fn materials(target: &Target) -> Result<Vec<Material>, String> {
    match target {
        Target::MaxPieces(n) if !(2..=MAX_PIECES).contains(n) => Err(format!(
            "max_pieces takes 2, 3 or {MAX_PIECES} (each side keeps at least one piece; \
             5 pieces are out of reach here), not {n}"
        )),
        Target::MaxPieces(n) => Ok((2..=*n).flat_map(Material::all_with).collect()),
        Target::Material(spec) => spec
            .parse::<Material>()
            .map(|m| vec![m])
            .map_err(|e| format!("bad material {spec:?}: {e}")),
    }
}

/// The rules preset called `rules`.
pub fn variant(rules: &str) -> Result<Variant, String> {
    rules.parse::<Variant>().map_err(|e| e.to_string())
}

/// Builds the tables for `targets` in `dir`, wave by wave, reporting each
/// finished tier; stops between waves when the caller cancels.
pub fn build_waves<T>(
    dir: &Path,
    rules: Variant,
    targets: &[Material],
    reporter: &Reporter<TierDone, T>,
) -> Result<Vec<TierDone>, String> {
    let tablebase = Tablebase::new(JungleTiers::new(rules), dir);
    let waves = schedule_waves(tablebase.layout(), targets).map_err(|e| e.to_string())?;
    let total = waves.iter().map(Vec::len).sum();
    let mut finished = Vec::with_capacity(total);
    for wave in waves {
        if reporter.cancelled() {
            break;
        }
        let built = build(&tablebase, &wave, &()).map_err(|e| error_chain(&e))?;
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
