//! The progress display of a tablebase build: one line with the materials
//! done and planned, the indices done and planned, the rate and the time
//! left over the whole build.
//!
//! A tier's indices count half when their moves have been examined (the
//! first pass of the solver) and the other half when the tier is done, so
//! a large tier moves the line while it is solved; a reused tier counts
//! whole at once, but the rate and the time left follow the recent pace,
//! so a resumed build soon shows the rate of the work left. The bar counts
//! in half indices so that both halves are exact.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use gamesolver_retro::loopy::TierProgress;
use gamesolver_retro::tablebase::{BuildObserver, TierBuilt};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Draws the build's progress on standard error (nothing when it is not a
/// terminal, or when `quiet`).
pub(crate) struct BuildBars {
    bar: ProgressBar,
    materials_done: AtomicU64,
    materials: AtomicU64,
}

/// The line's template; `indices` and `rate` are keys of [`style`].
const TEMPLATE: &str = "materials {msg} {bar:24} {indices} indices, {rate}, {eta} left";

impl BuildBars {
    /// The line on standard error, or a hidden one when `quiet`.
    pub(crate) fn new(quiet: bool) -> BuildBars {
        let target = if quiet {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        };
        let bar = ProgressBar::with_draw_target(Some(0), target);
        bar.set_style(style());
        BuildBars {
            bar,
            materials_done: AtomicU64::new(0),
            materials: AtomicU64::new(0),
        }
    }

    /// Removes the line.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }

    fn show_materials(&self) {
        let done = self.materials_done.load(Ordering::Relaxed);
        let all = self.materials.load(Ordering::Relaxed);
        self.bar.set_message(format!("{done}/{all}"));
    }
}

fn style() -> ProgressStyle {
    let style =
        ProgressStyle::with_template(TEMPLATE).unwrap_or_else(|_| ProgressStyle::default_bar());
    style
        .with_key(
            "indices",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let total = state.len().unwrap_or(0);
                let _ = write!(
                    w,
                    "{}/{}",
                    si(state.pos() as f64 / 2.0),
                    si(total as f64 / 2.0)
                );
            },
        )
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}/s", si(state.per_sec() / 2.0));
            },
        )
}

/// `x` with an SI prefix and three significant digits: `950`, `12.3 k`,
/// `6.32 G`.
pub(crate) fn si(x: f64) -> String {
    const PREFIXES: [&str; 5] = ["", " k", " M", " G", " T"];
    let mut scaled = x.max(0.0);
    let mut prefix = 0;
    while scaled >= 999.5 && prefix + 1 < PREFIXES.len() {
        scaled /= 1000.0;
        prefix += 1;
    }
    let decimals = match scaled {
        _ if prefix == 0 => 0,
        s if s < 9.995 => 2,
        s if s < 99.95 => 1,
        _ => 0,
    };
    format!("{scaled:.decimals$}{}", PREFIXES[prefix])
}

impl TierProgress for BuildBars {
    fn initialised(&self, positions: u64) {
        self.bar.inc(positions);
    }
}

impl BuildObserver for BuildBars {
    fn planned(&self, tiers: &[(String, u64)]) {
        self.materials.store(tiers.len() as u64, Ordering::Relaxed);
        self.bar
            .set_length(2 * tiers.iter().map(|(_, n)| n).sum::<u64>());
        self.show_materials();
        self.bar.enable_steady_tick(Duration::from_millis(200));
    }

    fn tier_finished(&self, report: &TierBuilt) {
        self.materials_done.fetch_add(1, Ordering::Relaxed);
        self.show_materials();
        // A built tier counted its first half, chunk by chunk, while its
        // indices were examined.
        let halves = if report.skipped { 2 } else { 1 };
        self.bar.inc(halves * report.indices);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_with_si_prefixes() {
        assert_eq!(si(0.0), "0");
        assert_eq!(si(950.0), "950");
        assert_eq!(si(12_345.0), "12.3 k");
        assert_eq!(si(6_318_558_656.0), "6.32 G");
        assert_eq!(si(999_999.0), "1.00 M");
        assert_eq!(si(-3.0), "0");
    }
}
