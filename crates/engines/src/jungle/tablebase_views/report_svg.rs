//! The pictures of the tablebase report, as inline SVG: win-distance
//! histograms, W/D/L bars and the board heat map.

use std::fmt::Write;

use gamesolver_games::jungle::board::{DENS, TRAPS, WATER};

use super::escape;
use super::summary::HeatMapView;
use gamesolver_api::tablebases::WdlSplit as Split;

/// The colours of won, drawn and lost (for the side the bar is about).
const WIN: &str = "#2e7d32";
const DRAW: &str = "#9e9e9e";
const LOSS: &str = "#c62828";
/// The two sides to move in histograms.
const BOTTOM_COLOUR: &str = "#1565c0";
const TOP_COLOUR: &str = "#ef6c00";

/// A horizontal bar split into won, drawn and lost shares.
pub(super) fn wdl_bar(split: &Split, width: f64) -> String {
    let total = split.total().max(1) as f64;
    let mut svg = format!(
        r#"<svg class="bar" width="{width}" height="12" viewBox="0 0 {width} 12" role="img">"#
    );
    let mut x = 0.0;
    for (n, colour) in [(split.win, WIN), (split.draw, DRAW), (split.loss, LOSS)] {
        let w = width * n as f64 / total;
        if w > 0.0 {
            let _ = write!(
                svg,
                r#"<rect x="{x:.2}" width="{w:.2}" height="12" fill="{colour}"/>"#
            );
        }
        x += w;
    }
    svg.push_str("</svg>");
    svg
}

/// The bars of one series as one path: a bar per distance, `x` pixels per
/// distance, heights scaled so that `max` fills `height`, stacked on
/// `under` (the series drawn below, if any).
fn bars_path(counts: &[u64], under: &[u64], step: f64, height: f64, max: u64) -> String {
    let scale = height / max.max(1) as f64;
    let mut d = String::new();
    for (i, &n) in counts.iter().enumerate().filter(|&(_, &n)| n > 0) {
        let base = under.get(i).copied().unwrap_or(0) as f64 * scale;
        let h = n as f64 * scale;
        let _ = write!(
            d,
            "M{:.2} {:.2}h{:.2}v{:.2}h{:.2}z",
            i as f64 * step,
            height - base,
            step.max(0.5),
            -h,
            -step.max(0.5)
        );
    }
    d
}

/// Wins by distance, the bottom side's wins (bottom to move) stacked under
/// the top side's: a small chart without axes for a table row.
pub(super) fn sparkline(bottom: &[u64], top: &[u64], width: f64, height: f64) -> String {
    histogram_body(bottom, top, width, height).map_or_else(
        || "–".to_string(),
        |body| {
            format!(
                r#"<svg class="spark" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">{body}</svg>"#
            )
        },
    )
}

/// The two stacked bar paths, `None` when there is no win.
fn histogram_body(bottom: &[u64], top: &[u64], width: f64, height: f64) -> Option<String> {
    let len = bottom.len().max(top.len());
    let stacked = (0..len).map(|i| bottom.get(i).unwrap_or(&0) + top.get(i).unwrap_or(&0));
    let max = stacked.max().filter(|&m| m > 0)?;
    let step = width / len as f64;
    Some(format!(
        r#"<path fill="{BOTTOM_COLOUR}" d="{}"/><path fill="{TOP_COLOUR}" d="{}"/>"#,
        bars_path(bottom, &[], step, height, max),
        bars_path(top, bottom, step, height, max)
    ))
}

/// A large histogram with axes: distance in plies along, positions up.
pub(super) fn histogram(bottom: &[u64], top: &[u64]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 200.0;
    const LEFT: f64 = 70.0;
    const BOTTOM: f64 = 36.0;
    let Some(body) = histogram_body(bottom, top, W, H) else {
        return "<p>No position is won.</p>".to_string();
    };
    let len = bottom.len().max(top.len());
    let max = (0..len)
        .map(|i| bottom.get(i).unwrap_or(&0) + top.get(i).unwrap_or(&0))
        .max()
        .unwrap_or(0);
    let mut svg = format!(
        r#"<svg class="histogram" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img"><g transform="translate({LEFT} 8)">{body}"#,
        w = W + LEFT + 10.0,
        h = H + BOTTOM + 8.0
    );
    let _ = write!(
        svg,
        r##"<path d="M0 0V{H}H{W}" fill="none" stroke="#333"/><text x="-6" y="10" text-anchor="end">{max}</text><text x="-6" y="{H}" text-anchor="end">0</text>"##
    );
    let step = W / len as f64;
    let tick = nice_tick(len);
    for d in (0..len).step_by(tick) {
        let x = (d as f64 + 0.5) * step;
        let _ = write!(
            svg,
            r##"<path d="M{x:.1} {H}v4" stroke="#333"/><text x="{x:.1}" y="{}" text-anchor="middle">{d}</text>"##,
            H + 16.0
        );
    }
    let _ = write!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">win distance (plies)</text></g></svg>"#,
        W / 2.0,
        H + 32.0
    );
    svg
}

/// A tick every 1, 2, 5, 10, 20, 50… distances, about ten ticks in all.
fn nice_tick(len: usize) -> usize {
    [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        .into_iter()
        .find(|&t| len / t <= 12)
        .unwrap_or(1000)
}

/// The legend of the histograms' two colours.
pub(super) fn histogram_legend() -> String {
    format!(
        r#"<span class="key" style="background:{BOTTOM_COLOUR}"></span> bottom to move wins <span class="key" style="background:{TOP_COLOUR}"></span> top to move wins"#
    )
}

/// Side of a board square in the heat map, in pixels.
const CELL: f64 = 44.0;

/// One board of the heat map: each square shaded by the share of positions
/// the side to move wins with the animal there, the percentage written in
/// it; water, traps and dens outlined; `squares` in a1, b1, … g9 order.
pub(super) fn heat_board(view: &HeatMapView, bottom_to_move: bool) -> String {
    let squares = if bottom_to_move {
        &view.bottom_to_move
    } else {
        &view.top_to_move
    };
    let (w, h) = (7.0 * CELL + 24.0, 9.0 * CELL + 24.0);
    let mut svg = format!(
        r#"<svg class="board" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img"><g transform="translate(20 4)">"#
    );
    for (i, sq) in squares.iter().enumerate() {
        let (file, rank) = (i % 7, i / 7);
        let (x, y) = (file as f64 * CELL, (8 - rank) as f64 * CELL);
        let total = sq.counts.total();
        let (fill, label) = if total == 0 {
            ("#ffffff".to_string(), String::new())
        } else {
            let share = sq.counts.win_share();
            (shade(share), format!("{:.0}", 100.0 * share))
        };
        let text_colour = if total > 0 && sq.counts.win_share() > 0.55 {
            "#fff"
        } else {
            "#000"
        };
        let _ = write!(
            svg,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#bbb"><title>{}: {} won, {} drawn, {} lost</title></rect>"##,
            escape(&sq.square),
            sq.counts.win,
            sq.counts.draw,
            sq.counts.loss
        );
        if let Some(mark) = terrain(file, rank) {
            let _ = write!(svg, "{}", mark.outline(x, y));
        }
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="middle" fill="{text_colour}">{label}</text>"#,
            x + CELL / 2.0,
            y + CELL / 2.0 + 5.0
        );
    }
    for file in 0..7u8 {
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="middle" class="coord">{}</text>"#,
            f64::from(file) * CELL + CELL / 2.0,
            9.0 * CELL + 14.0,
            char::from(b'a' + file)
        );
    }
    for rank in 0..9u8 {
        let _ = write!(
            svg,
            r#"<text x="-8" y="{}" text-anchor="middle" class="coord">{}</text>"#,
            f64::from(8 - rank) * CELL + CELL / 2.0 + 4.0,
            rank + 1
        );
    }
    svg.push_str("</g></svg>");
    svg
}

/// White (no win) to dark green (every position won).
fn shade(share: f64) -> String {
    let s = share.clamp(0.0, 1.0);
    let mix = |from: f64, to: f64| (from + (to - from) * s).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(255.0, 27.0),
        mix(255.0, 94.0),
        mix(255.0, 32.0)
    )
}

/// The colour scale's legend: 0% to 100%.
pub(super) fn heat_legend() -> String {
    let stops: String = (0..=10)
        .map(|i| {
            format!(
                r#"<stop offset="{}" stop-color="{}"/>"#,
                f64::from(i) / 10.0,
                shade(f64::from(i) / 10.0)
            )
        })
        .collect();
    format!(
        r##"<svg width="260" height="34" viewBox="0 0 260 34" role="img"><defs><linearGradient id="heat">{stops}</linearGradient></defs><rect x="20" width="220" height="14" fill="url(#heat)" stroke="#999"/><text x="20" y="30" text-anchor="middle">0%</text><text x="240" y="30" text-anchor="middle">100%</text><text x="130" y="30" text-anchor="middle">won by the side to move</text></svg>"##
    )
}

/// Special squares, drawn over the shading.
#[derive(Clone, Copy)]
enum Terrain {
    Water,
    Trap,
    Den,
}

impl Terrain {
    fn outline(self, x: f64, y: f64) -> String {
        let (stroke, dash, inset) = match self {
            Terrain::Water => ("#1e88e5", "", 2.0),
            Terrain::Trap => ("#6d4c41", r#" stroke-dasharray="4 3""#, 3.0),
            Terrain::Den => ("#000", "", 3.0),
        };
        format!(
            r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="none" stroke="{stroke}" stroke-width="2"{dash}/>"#,
            x + inset,
            y + inset,
            s = CELL - 2.0 * inset
        )
    }
}

/// The terrain of the square on `file` (0 = a) and `rank` (0 = 1).
fn terrain(file: usize, rank: usize) -> Option<Terrain> {
    let bit = 1u64 << (rank * 7 + file);
    let dens = DENS[0] | DENS[1];
    let traps = TRAPS[0] | TRAPS[1];
    [
        (dens, Terrain::Den),
        (traps, Terrain::Trap),
        (WATER, Terrain::Water),
    ]
    .into_iter()
    .find(|&(squares, _)| squares & bit != 0)
    .map(|(_, kind)| kind)
}
