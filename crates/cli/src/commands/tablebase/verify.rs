//! `gamesolver tablebase verify`.

use std::io::Write;

use anyhow::bail;
use gamesolver_retro::loopy::verify_tier;

use super::Location;

/// Arguments of `gamesolver tablebase verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
}

/// Failures printed per material at most.
const SHOWN: usize = 5;

/// Checks every stored position of every table against its children.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let tablebase = args.location.open();
    let materials = args.location.materials()?;
    let (mut checked, mut failed) = (0u64, 0usize);
    for &material in &materials {
        let table = tablebase.load_into_memory(material)?;
        let probe = tablebase.tier_probe(material)?;
        let lookup = |p: &_| probe.probe(p);
        match verify_tier(tablebase.layout(), material, &table, &lookup) {
            Ok(n) => checked += n,
            Err(failures) => {
                failed += failures.len();
                writeln!(
                    out,
                    "{material}: {} positions contradict their children",
                    failures.len()
                )?;
                for f in failures.iter().take(SHOWN) {
                    writeln!(out, "  index {}: {} ({})", f.index, f.position, f.problem)?;
                }
            }
        }
    }
    if failed > 0 {
        bail!("{failed} stored positions are wrong");
    }
    writeln!(
        out,
        "verified {} materials: all {checked} stored positions agree with their children",
        materials.len()
    )?;
    Ok(())
}
