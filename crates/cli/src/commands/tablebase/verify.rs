//! `gamesolver tablebase verify`.

use std::io::Write;

use anyhow::bail;

use super::{Location, TablebaseGame, Tables, fail_if_rejected};

/// Arguments of `gamesolver tablebase verify`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (default: the first game with tablebases).
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: Option<TablebaseGame>,
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
}

/// Checks every stored position of every table against its children;
/// fails if a position is wrong or a file in the directory cannot be used.
pub fn run(tables: &Tables<'_>, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut scan = tables.scan()?;
    let report = tables.tables.verify(tables.rules, &mut scan)?;
    out.write_all(report.failures.as_bytes())?;
    // The positions' verdict first: a long run whose only fault is a file
    // it could not use (say, a WDL file of an older format) still says that
    // every table it could read is right.
    if report.failed == 0 {
        writeln!(
            out,
            "verified {} materials: all {} stored positions agree with their children",
            report.verified, report.checked
        )?;
    }
    fail_if_rejected(&scan)?;
    if report.failed > 0 {
        bail!("{} stored positions are wrong", report.failed);
    }
    writeln!(
        out,
        "{} WDL files agree with the distance files",
        report.wdl_files
    )?;
    if report.stats_failed > 0 {
        bail!(
            "{} statistics files do not belong to their tables or disagree with them \
             (`gamesolver tablebase stats --write` counts them again)",
            report.stats_failed
        );
    }
    writeln!(
        out,
        "{} statistics files agree with a recount of their tables",
        report.stats_files
    )?;
    Ok(())
}
