//! `gamesolver tablebase verify`.

use std::io::Write;

use anyhow::bail;
use gamesolver_games::jungle::{JungleTiers, Material};
use gamesolver_retro::loopy::verify_tier;
use gamesolver_retro::tablebase::{Tablebase, WdlCheck};

use super::Location;
use super::stats::Scan;

/// Arguments of `gamesolver tablebase verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
}

/// Failures printed per material at most.
const SHOWN: usize = 5;

/// Checks every stored position of every table against its children;
/// fails if a position is wrong or a file in the directory cannot be used.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let tablebase = args.location.open();
    let mut scan = Scan::of(&args.location)?;
    let (mut checked, mut failed, mut verified) = (0u64, 0usize, 0usize);
    let mut wdl_files = 0usize;
    for material in scan.materials.clone() {
        match verify_material(&tablebase, material, out) {
            Ok(Ok(n)) => {
                checked += n;
                verified += 1;
            }
            Ok(Err(wrong)) => failed += wrong,
            Err(error) => scan.reject(material, &error),
        }
        match check_wdl(&tablebase, material, out) {
            Ok(Ok(found)) => wdl_files += usize::from(found),
            Ok(Err(wrong)) => failed += wrong,
            Err(error) => scan.reject(material, &error),
        }
    }
    scan.fail_if_rejected()?;
    if failed > 0 {
        bail!("{failed} stored positions are wrong");
    }
    writeln!(
        out,
        "verified {verified} materials: all {checked} stored positions agree with their children; \
         {wdl_files} WDL files agree with the distance files"
    )?;
    Ok(())
}

/// Verifies one material: the positions checked, or how many are wrong
/// (listed on `out`); an error if its file (or a successor's) cannot be
/// used.
fn verify_material(
    tablebase: &Tablebase<JungleTiers>,
    material: Material,
    out: &mut dyn Write,
) -> anyhow::Result<Result<u64, usize>> {
    let table = tablebase.load_into_memory(material)?;
    let probe = tablebase.tier_probe(material)?;
    let lookup = |p: &_| probe.probe(p);
    match verify_tier(tablebase.layout(), material, &table, &lookup) {
        Ok(n) => Ok(Ok(n)),
        Err(failures) => {
            writeln!(
                out,
                "{material}: {} positions contradict their children",
                failures.len()
            )?;
            for f in failures.iter().take(SHOWN) {
                writeln!(out, "  index {}: {} ({})", f.index, f.position, f.problem)?;
            }
            Ok(Err(failures.len()))
        }
    }
}

/// Compares the WDL file of `material` (if any) with its distance file:
/// whether there is one, or how many positions disagree (listed on `out`);
/// an error if the WDL file cannot be used.
fn check_wdl(
    tablebase: &Tablebase<JungleTiers>,
    material: Material,
    out: &mut dyn Write,
) -> anyhow::Result<Result<bool, usize>> {
    Ok(match tablebase.check_wdl(material)? {
        WdlCheck::Missing => Ok(false),
        WdlCheck::Agrees => Ok(true),
        WdlCheck::Disagrees { positions, first } => {
            writeln!(
                out,
                "{material}: {positions} positions of the WDL file disagree with the distance file (first at index {first})"
            )?;
            Err(usize::try_from(positions).unwrap_or(usize::MAX))
        }
    })
}
