//! Every solved position of a stored tier, visited block by block on all
//! cores: the streaming pass behind the statistics of a tablebase.

use std::sync::atomic::{AtomicBool, Ordering};

use gamesolver_core::{Solution, TierLayout, Wdl};
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
    let visit_one = |acc: &mut A, index, position: &L::Game, [solution]: [Solution; 1]| {
        visit(acc, index, position, solution);
    };
    scan_tier_files_until(layout, tier, [file], init, visit_one, merge, stop)
}

/// [`scan_tier_until`] over `N` files of the same tier side by side (e.g.
/// its distance file and its distance-to-zeroing file): `visit(acc,
/// index, position, solutions)` for each index solved in every file.
/// Files of different lengths are an error naming the odd one.
pub fn scan_tier_files_until<L, A, const N: usize>(
    layout: &L,
    tier: L::Tier,
    files: [&TablebaseFile; N],
    init: impl Fn() -> A + Sync + Send,
    visit: impl Fn(&mut A, u64, &L::Game, [Solution; N]) + Sync + Send,
    merge: impl Fn(A, A) -> A + Sync + Send,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<A>, FileError>
where
    L: TierLayout,
    A: Send,
{
    let Some(first_file) = files.first() else {
        return Ok(Some(init()));
    };
    if let Some(other) = files.iter().find(|f| f.len() != first_file.len()) {
        return Err(FileError::malformed(
            other.path(),
            format!(
                "{} entries where its tier's other file has {}",
                other.len(),
                first_file.len()
            ),
        ));
    }
    let stopped = AtomicBool::new(false);
    let all = (0..first_file.blocks())
        .into_par_iter()
        .try_fold(&init, |mut acc, block| {
            if stopped.load(Ordering::Relaxed) || stop() {
                stopped.store(true, Ordering::Relaxed);
                return Ok(acc);
            }
            let mut blocks = Vec::with_capacity(N);
            for file in files {
                blocks.push(file.block(block)?);
            }
            let first = block as u64 * u64::from(BLOCK_ENTRIES);
            let range = first..first + blocks[0].len() as u64;
            layout.for_each_position(tier, range, &mut |index, position| {
                let at = (index - first) as usize;
                let entries = std::array::from_fn(|i| blocks[i][at]);
                if let (Some(position), Some(solutions)) = (position, all_solved(entries)) {
                    visit(&mut acc, index, &position, solutions);
                }
                true
            });
            Ok(acc)
        })
        .try_reduce(&init, |a, b| Ok(merge(a, b)))?;
    Ok((!stopped.into_inner()).then_some(all))
}

/// The solutions of `entries`, if none is a hole.
fn all_solved<const N: usize>(entries: [u16; N]) -> Option<[Solution; N]> {
    let mut solutions = [Solution::new(Wdl::Draw, 0); N];
    for (solution, entry) in solutions.iter_mut().zip(entries) {
        *solution = decode(entry)?;
    }
    Some(solutions)
}
