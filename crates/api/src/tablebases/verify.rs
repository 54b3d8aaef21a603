//! `verify` over any tier layout: every stored position of every scanned
//! tier re-checked against its children, each WDL file against its
//! distance file, and each statistics companion against a recount.
//!
//! The tiers other tiers lead to are loaded into memory first (so probing
//! them decompresses nothing); then the tiers are checked in parallel,
//! each loaded only while it is checked.

use std::collections::BTreeSet;
use std::fmt::Write;

use gamesolver_core::TierLayout;
use gamesolver_retro::loopy::verify_tier;
use gamesolver_retro::tablebase::{Tablebase, WdlCheck};
use rayon::prelude::*;

use super::report::VerifyReport;
use super::scan::TierScan;
use crate::error::error_chain;

/// Failures listed per tier at most.
const SHOWN: usize = 5;

/// Checks the scanned `tiers` of `tablebase` (the tiers as typed, in the
/// scan's order); a tier whose file cannot be used is recorded in `scan`.
pub(super) fn verify<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tiers: &[L::Tier],
    scan: &mut TierScan,
) -> VerifyReport {
    load_probed(tablebase, tiers);
    let checks: Vec<TierCheck<L::Tier>> = tiers
        .par_iter()
        .map(|&tier| TierCheck::of(tablebase, tier))
        .collect();
    let mut report = VerifyReport::default();
    for check in checks {
        report.failures.push_str(&check.text);
        match check.positions {
            Ok(Ok(n)) => {
                report.checked += n;
                report.verified += 1;
            }
            Ok(Err(wrong)) => report.failed += wrong,
            Err(error) => scan.problems.push(format!("{}: {error}", check.tier)),
        }
        match check.stats {
            Ok(found) => report.stats_files += usize::from(found),
            Err(why) => {
                report.stats_failed += 1;
                let _ = writeln!(report.failures, "{}: {why}", check.tier);
            }
        }
        match check.wdl {
            Ok(Ok(found)) => report.wdl_files += usize::from(found),
            Ok(Err(wrong)) => report.failed += wrong,
            Err(error) => scan.problems.push(format!("{}: {error}", check.tier)),
        }
    }
    report
}

/// Loads into memory (in parallel) the tables of `tiers` that one of them
/// leads to. A table that cannot be loaded is left out: its own check
/// reports why.
fn load_probed<L: TierLayout>(tablebase: &Tablebase<L>, tiers: &[L::Tier]) {
    let present: BTreeSet<L::Tier> = tiers.iter().copied().collect();
    let probed: BTreeSet<L::Tier> = tiers
        .iter()
        .flat_map(|&t| tablebase.layout().successors(t))
        .map(|t| tablebase.layout().stored_tier(t))
        .filter(|t| present.contains(t))
        .collect();
    probed.par_iter().for_each(|&tier| {
        let _unused = tablebase.load_into_memory(tier);
    });
}

/// The checks of one tier, with what they print.
struct TierCheck<T> {
    tier: T,
    /// The positions checked, or how many are wrong; an error (its
    /// message) if a file cannot be used.
    positions: Result<Result<u64, usize>, String>,
    /// Whether a WDL file was found (and agrees), or how many of its
    /// positions disagree; an error if it cannot be used.
    wdl: Result<Result<bool, usize>, String>,
    /// Whether a statistics companion was found (and agrees with a
    /// recount), or why it is wrong.
    stats: Result<bool, String>,
    /// The failures listed.
    text: String,
}

impl<T: Copy + std::fmt::Display> TierCheck<T> {
    fn of<L: TierLayout<Tier = T>>(tablebase: &Tablebase<L>, tier: T) -> TierCheck<T> {
        let mut text = String::new();
        let positions = verify_one(tablebase, tier, &mut text);
        let wdl = check_wdl(tablebase, tier, &mut text);
        let stats = match tablebase.check_stats(tier) {
            Ok(None) => Ok(false),
            Ok(Some(Ok(()))) => Ok(true),
            Ok(Some(Err(why))) => Err(why),
            Err(error) => Err(error_chain(&error)),
        };
        TierCheck {
            tier,
            positions,
            wdl,
            stats,
            text,
        }
    }
}

/// Verifies one tier: the positions checked, or how many are wrong
/// (listed in `out`); an error if its file (or a successor's) cannot be
/// used.
fn verify_one<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    out: &mut String,
) -> Result<Result<u64, usize>, String> {
    let table = tablebase
        .open_tier(tier)
        .map_err(|e| error_chain(&e))?
        .ok_or_else(|| format!("the file of {tier} is gone"))?
        .load()
        .map_err(|e| error_chain(&e))?;
    let probe = tablebase.tier_probe(tier).map_err(|e| error_chain(&e))?;
    let lookup = |p: &_| probe.probe(p);
    match verify_tier(tablebase.layout(), tier, &table, &lookup) {
        Ok(n) => Ok(Ok(n)),
        Err(failures) => {
            let _ = writeln!(
                out,
                "{tier}: {} positions contradict their children",
                failures.len()
            );
            for f in failures.iter().take(SHOWN) {
                let _ = writeln!(out, "  index {}: {} ({})", f.index, f.position, f.problem);
            }
            Ok(Err(failures.len()))
        }
    }
}

/// Compares the WDL file of `tier` (if any) with its distance file:
/// whether there is one, or how many positions disagree (listed in
/// `out`); an error if the WDL file cannot be used.
fn check_wdl<L: TierLayout>(
    tablebase: &Tablebase<L>,
    tier: L::Tier,
    out: &mut String,
) -> Result<Result<bool, usize>, String> {
    Ok(
        match tablebase.check_wdl(tier).map_err(|e| error_chain(&e))? {
            WdlCheck::Missing => Ok(false),
            WdlCheck::Agrees => Ok(true),
            WdlCheck::Disagrees { positions, first } => {
                let _ = writeln!(
                    out,
                    "{tier}: {positions} positions of the WDL file disagree with the distance file (first at index {first})"
                );
                Err(usize::try_from(positions).unwrap_or(usize::MAX))
            }
        },
    )
}
