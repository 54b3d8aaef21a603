//! Progress bars for a tablebase build: one for the tiers, one for the
//! indices of all of them (rate and time left over the whole build).

use std::time::Duration;

use gamesolver_retro::loopy::TierProgress;
use gamesolver_retro::tablebase::{BuildObserver, TierBuilt};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Draws the build's progress on standard error (nothing when it is not a
/// terminal, or when `quiet`).
pub(crate) struct BuildBars {
    tiers: ProgressBar,
    positions: ProgressBar,
}

impl BuildBars {
    /// Bars on standard error, or hidden ones when `quiet`.
    pub(crate) fn new(quiet: bool) -> BuildBars {
        let target = if quiet {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        };
        let multi = MultiProgress::with_draw_target(target);
        let tiers = multi.add(ProgressBar::new(0));
        tiers.set_style(style("tiers     {bar:30} {pos}/{len} {msg}"));
        let positions = multi.add(ProgressBar::new(0));
        positions.set_style(style(
            "positions {bar:30} {human_pos}/{human_len} {per_sec} eta {eta} {msg}",
        ));
        BuildBars { tiers, positions }
    }

    /// Removes the bars.
    pub(crate) fn finish(&self) {
        self.positions.finish_and_clear();
        self.tiers.finish_and_clear();
    }
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

impl TierProgress for BuildBars {
    fn initialised(&self, positions: u64) {
        self.positions.inc(positions);
    }

    fn level_done(&self, _level: u16) {}
}

impl BuildObserver for BuildBars {
    fn planned(&self, tiers: &[(String, u64)]) {
        self.tiers.set_length(tiers.len() as u64);
        self.positions
            .set_length(tiers.iter().map(|(_, n)| n).sum());
        self.positions
            .enable_steady_tick(Duration::from_millis(200));
    }

    fn tier_started(&self, tier: &str, _indices: u64) {
        self.tiers.set_message(tier.to_string());
    }

    fn tier_finished(&self, report: &TierBuilt) {
        self.tiers.inc(1);
        if report.skipped {
            self.positions.inc(report.indices);
        }
    }
}
