//! The five-piece Jungle build on paper: per-index solving rates measured
//! on this machine (every stored tier up to three pieces, and a sample of
//! four-piece tiers), extrapolated to the five-piece tier sizes of the
//! layout, then the whole tier graph replayed on 16, 64 and 256 ranks as
//! the MPI coordinator schedules it (ready tiers, biggest first, one tier
//! per rank at a time). See docs/PERFORMANCE.md.
//!
//! ```text
//! cargo run --release -p gamesolver-cluster --example cluster_simulation -- \
//!     [--sample N] [--dir SCRATCH] [--rate INDICES_PER_SECOND]
//! ```
//! `--sample`: four-piece tiers measured (default 6, spread over the
//! sizes); `--dir`: where the measured tables go (default a temporary
//! directory, removed after); `--rate`: also replay with this solving rate
//! (indices per second per rank, time proportional to size), e.g. a rate
//! measured on a quiet machine.

use std::time::Duration;

use gamesolver_cluster::Plan;
use gamesolver_cluster::simulation::{critical_path, simulate};
use gamesolver_core::TierLayout;
use gamesolver_games::jungle::{JungleTiers, Material, Variant};
use gamesolver_retro::tablebase::{Tablebase, TierBuilt, build};

/// Tiers smaller than this are left out of the fit (their time is mostly
/// fixed overhead, not per index).
const FIT_MIN_INDICES: u64 = 1 << 16;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = Options::parse(std::env::args().skip(1))?;
    let scratch = tempfile::tempdir()?;
    let dir = options.dir.unwrap_or(scratch.path().to_path_buf());
    let sample = options.sample;
    let layout = JungleTiers::colour_folded(Variant::Standard);
    let measured = measure(&layout, &dir, sample)?;
    let fit = PowerLaw::fit(&measured);
    println!(
        "measured {} tiers of 2^16 indices or more; time = {:.3e} s × n^{:.3}",
        measured.len(),
        fit.scale,
        fit.exponent
    );
    let four: Vec<&(u64, f64)> = measured.iter().filter(|m| m.0 > 1 << 21).collect();
    let linear_rate = four.iter().map(|m| m.0 as f64).sum::<f64>()
        / four.iter().map(|m| m.1).sum::<f64>().max(1e-9);
    println!("four-piece sample: {:.2} M indices/s", linear_rate / 1e6);
    let five = Material::all_with(5);
    let plan = Plan::for_build(&layout, &five)?;
    let five_piece: Vec<u64> = plan
        .nodes()
        .iter()
        .filter(|n| n.tier.count() == 5)
        .map(|n| n.size)
        .collect();
    println!(
        "five-piece plan: {} tiers up to five pieces ({} of five pieces, {:.3e} indices; \
         largest {:.3e})",
        plan.nodes().len(),
        five_piece.len(),
        five_piece.iter().sum::<u64>() as f64,
        five_piece.iter().copied().max().unwrap_or(0) as f64,
    );
    let mut models: Vec<(String, TimeModel<'_>)> = vec![
        ("power-law fit".into(), Box::new(|n| fit.seconds(n))),
        (
            format!("measured four-piece rate {:.2} M/s", linear_rate / 1e6),
            Box::new(move |n| n as f64 / linear_rate),
        ),
    ];
    if let Some(rate) = options.rate {
        models.push((
            format!("given rate {:.2} M/s", rate / 1e6),
            Box::new(move |n| n as f64 / rate),
        ));
    }
    for (name, model) in &models {
        let time = |t: Material| Duration::from_secs_f64(model(layout.tier_len(t)));
        let (path_time, path) = critical_path(&plan, &time);
        println!("\nmodel: {name}");
        let path_names: Vec<String> = path.iter().map(ToString::to_string).collect();
        println!(
            "critical path {} ({} tiers): {}",
            hours(path_time),
            path.len(),
            path_names.join(" -> ")
        );
        println!("| ranks | wall | idle share | work (one rank) |");
        println!("|---|---|---|---|");
        for ranks in [1, 16, 64, 256] {
            let run = simulate(&plan, &time, ranks)?;
            println!(
                "| {ranks} | {} | {:.1}% | {} |",
                hours(run.wall),
                100.0 * run.idle_share,
                hours(run.work)
            );
        }
    }
    Ok(())
}

/// Seconds to build a tier of `n` indices.
type TimeModel<'a> = Box<dyn Fn(u64) -> f64 + 'a>;

/// The command line.
struct Options {
    sample: usize,
    dir: Option<std::path::PathBuf>,
    rate: Option<f64>,
}

impl Options {
    fn parse(
        mut args: impl Iterator<Item = String>,
    ) -> Result<Options, Box<dyn std::error::Error>> {
        let mut options = Options {
            sample: 6,
            dir: None,
            rate: None,
        };
        while let Some(flag) = args.next() {
            let value = args.next().ok_or(format!("{flag} needs a value"))?;
            match flag.as_str() {
                "--sample" => options.sample = value.parse()?,
                "--dir" => options.dir = Some(value.into()),
                "--rate" => options.rate = Some(value.parse()?),
                _ => return Err(format!("unknown option {flag}").into()),
            }
        }
        Ok(options)
    }
}

fn hours(d: Duration) -> String {
    format!("{:.2} h", d.as_secs_f64() / 3600.0)
}

/// (indices, seconds) of every tier built: all up to three pieces, then
/// `sample` four-piece tiers spread over the sizes.
fn measure(
    layout: &JungleTiers,
    dir: &std::path::Path,
    sample: usize,
) -> Result<Vec<(u64, f64)>, Box<dyn std::error::Error>> {
    let tablebase = Tablebase::new(*layout, dir);
    let small: Vec<Material> = (2..=3).flat_map(Material::all_with).collect();
    let mut reports = build(&tablebase, &small, &())?;
    let mut four: Vec<Material> = Material::all_with(4)
        .into_iter()
        .filter(|&m| layout.stored_tier(m) == m)
        .collect();
    four.sort_by_key(|&m| layout.tier_len(m));
    let step = (four.len() / sample.max(1)).max(1);
    for &material in four.iter().skip(step / 2).step_by(step).take(sample) {
        let built = build(&tablebase, &[material], &())?;
        reports.extend(built.into_iter().filter(|r| r.tier == material.to_string()));
    }
    Ok(reports
        .iter()
        .filter(|r: &&TierBuilt| !r.skipped && r.indices >= FIT_MIN_INDICES)
        .map(|r| (r.indices, r.elapsed.as_secs_f64()))
        .collect())
}

/// time = scale × n^exponent, fitted by least squares on logarithms.
struct PowerLaw {
    scale: f64,
    exponent: f64,
}

impl PowerLaw {
    fn fit(points: &[(u64, f64)]) -> PowerLaw {
        let logs: Vec<(f64, f64)> = points
            .iter()
            .map(|&(n, t)| ((n as f64).ln(), t.max(1e-9).ln()))
            .collect();
        let count = logs.len().max(1) as f64;
        let mean_x = logs.iter().map(|p| p.0).sum::<f64>() / count;
        let mean_y = logs.iter().map(|p| p.1).sum::<f64>() / count;
        let sxy: f64 = logs.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
        let sxx: f64 = logs.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
        let exponent = if sxx > 0.0 { sxy / sxx } else { 1.0 };
        PowerLaw {
            scale: (mean_y - exponent * mean_x).exp(),
            exponent,
        }
    }

    fn seconds(&self, n: u64) -> f64 {
        self.scale * (n as f64).powf(self.exponent)
    }
}
