//! `gamesolver tablebase verify`.

use std::collections::BTreeSet;
use std::io::Write;

use anyhow::bail;
use gamesolver_core::TierLayout;
use gamesolver_games::jungle::{JungleTiers, Material};
use gamesolver_retro::loopy::verify_tier;
use gamesolver_retro::tablebase::{Tablebase, WdlCheck};
use rayon::prelude::*;

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
///
/// The tables other tables capture into are loaded into memory first (so
/// probing them decompresses nothing); then the materials are checked in
/// parallel, each loaded only while it is checked.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let tablebase = args.location.open();
    let mut scan = Scan::of(&args.location)?;
    load_probed(&tablebase, &scan.materials);
    let checks: Vec<MaterialCheck> = scan
        .materials
        .par_iter()
        .map(|&material| MaterialCheck::of(&tablebase, material))
        .collect();
    let (mut checked, mut failed, mut verified) = (0u64, 0usize, 0usize);
    let mut wdl_files = 0usize;
    for check in checks {
        out.write_all(&check.text)?;
        match check.positions {
            Ok(Ok(n)) => {
                checked += n;
                verified += 1;
            }
            Ok(Err(wrong)) => failed += wrong,
            Err(error) => scan.reject(check.material, &error),
        }
        match check.wdl {
            Ok(Ok(found)) => wdl_files += usize::from(found),
            Ok(Err(wrong)) => failed += wrong,
            Err(error) => scan.reject(check.material, &error),
        }
    }
    // The positions' verdict first: a long run whose only fault is a file
    // it could not use (say, a WDL file of an older format) still says that
    // every table it could read is right.
    if failed == 0 {
        writeln!(
            out,
            "verified {verified} materials: all {checked} stored positions agree with their children"
        )?;
    }
    scan.fail_if_rejected()?;
    if failed > 0 {
        bail!("{failed} stored positions are wrong");
    }
    writeln!(out, "{wdl_files} WDL files agree with the distance files")?;
    Ok(())
}

/// Loads into memory (in parallel) the tables of `materials` that one of
/// them captures into. A table that cannot be loaded is left out: its own
/// check reports why.
fn load_probed(tablebase: &Tablebase<JungleTiers>, materials: &[Material]) {
    let present: BTreeSet<Material> = materials.iter().copied().collect();
    let probed: BTreeSet<Material> = materials
        .iter()
        .flat_map(|&m| tablebase.layout().successors(m))
        .filter(|m| present.contains(m))
        .collect();
    probed.par_iter().for_each(|&material| {
        let _unused = tablebase.load_into_memory(material);
    });
}

/// The checks of one material, with what they print.
struct MaterialCheck {
    material: Material,
    /// The positions checked, or how many are wrong; an error if a file
    /// cannot be used.
    positions: anyhow::Result<Result<u64, usize>>,
    /// Whether a WDL file was found (and agrees), or how many of its
    /// positions disagree; an error if it cannot be used.
    wdl: anyhow::Result<Result<bool, usize>>,
    /// The failures listed.
    text: Vec<u8>,
}

impl MaterialCheck {
    fn of(tablebase: &Tablebase<JungleTiers>, material: Material) -> MaterialCheck {
        let mut text = Vec::new();
        let positions = verify_material(tablebase, material, &mut text);
        let wdl = check_wdl(tablebase, material, &mut text);
        MaterialCheck {
            material,
            positions,
            wdl,
            text,
        }
    }
}

/// Verifies one material: the positions checked, or how many are wrong
/// (listed on `out`); an error if its file (or a successor's) cannot be
/// used.
fn verify_material(
    tablebase: &Tablebase<JungleTiers>,
    material: Material,
    out: &mut dyn Write,
) -> anyhow::Result<Result<u64, usize>> {
    let table = tablebase
        .open_tier(material)?
        .ok_or_else(|| anyhow::anyhow!("the file of {material} is gone"))?
        .load()?;
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
