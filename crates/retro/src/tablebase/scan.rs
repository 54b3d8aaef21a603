//! Every solved position of a stored tier, visited block by block on all
//! cores: the streaming pass behind the statistics of a tablebase.

use std::sync::atomic::{AtomicBool, Ordering};

use gamesolver_core::{Solution, TierLayout};
use rayon::prelude::*;

use crate::binfile::FileError;
use crate::table::decode;
use crate::tbfile::{BLOCK_ENTRIES, TablebaseFile};

/// Folds every solved index of `file` (the stored table of `tier`) into an
/// accumulator: blocks are decompressed one at a time per worker, each
/// worker folds its blocks into its own `init()` accumulator with
/// `visit(acc, index, position, solution)` (holes are skipped), and the
/// accumulators are combined with `merge`, which must be associative and
/// commutative for the result not to depend on the threads. Memory: one
/// block of entries and one accumulator per worker.
pub fn scan_tier<L, A>(
    layout: &L,
    tier: L::Tier,
    file: &TablebaseFile,
    init: impl Fn() -> A + Sync + Send,
    visit: impl Fn(&mut A, u64, &L::Game, Solution) + Sync + Send,
    merge: impl Fn(A, A) -> A + Sync + Send,
) -> Result<A, FileError>
where
    L: TierLayout,
    A: Send,
{
    let all = scan_tier_until(layout, tier, file, init, visit, merge, &|| false)?;
    Ok(all.unwrap_or_else(|| unreachable!("a scan that is never stopped ends")))
}

/// [`scan_tier`] that looks at `stop` before each block and returns
/// `Ok(None)` once it said yes (a front end's Ctrl-C): the blocks not
/// started then are skipped.
pub fn scan_tier_until<L, A>(
    layout: &L,
    tier: L::Tier,
    file: &TablebaseFile,
    init: impl Fn() -> A + Sync + Send,
    visit: impl Fn(&mut A, u64, &L::Game, Solution) + Sync + Send,
    merge: impl Fn(A, A) -> A + Sync + Send,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<A>, FileError>
where
    L: TierLayout,
    A: Send,
{
    let stopped = AtomicBool::new(false);
    let all = (0..file.blocks())
        .into_par_iter()
        .try_fold(&init, |mut acc, block| {
            if stopped.load(Ordering::Relaxed) || stop() {
                stopped.store(true, Ordering::Relaxed);
                return Ok(acc);
            }
            let entries = file.block(block)?;
            let first = block as u64 * u64::from(BLOCK_ENTRIES);
            let range = first..first + entries.len() as u64;
            layout.for_each_position(tier, range, &mut |index, position| {
                let entry = entries[(index - first) as usize];
                if let (Some(position), Some(solution)) = (position, decode(entry)) {
                    visit(&mut acc, index, &position, solution);
                }
                true
            });
            Ok(acc)
        })
        .try_reduce(&init, |a, b| Ok(merge(a, b)))?;
    Ok((!stopped.into_inner()).then_some(all))
}
