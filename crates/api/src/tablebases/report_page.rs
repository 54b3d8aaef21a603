//! The tablebase report of any game with tablebases: one self-contained
//! HTML page (styles inline, pictures as inline SVG, no script, nothing
//! fetched) of the per-tier counts and the wins by distance. A game with
//! richer views of its tables ([`super::TablebaseViews`]) draws its own.

use std::fmt::Write;

use super::stats::{TierStatsRow, WdlSplit};

/// What the page is about.
#[derive(Clone, Copy, Debug)]
pub struct ReportHeading<'a> {
    /// The game's title, e.g. `Dōbutsu shōgi (animal shōgi)`.
    pub game: &'a str,
    /// The tables' directory, as shown.
    pub dir: &'a str,
    /// The rules preset the tables were read for.
    pub rules: &'a str,
}

const STYLE: &str = "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}\
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}h3{font-size:15px;margin:20px 0 6px}\
table{border-collapse:collapse}td,th{padding:3px 8px;border-bottom:1px solid #eee;text-align:left}\
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}code{font-size:12px}\
svg text{font-size:11px;fill:#666}";

/// Width and height of a histogram's plot area, in pixels.
const PLOT: (u32, u32) = (640, 80);

/// Text made safe inside HTML (element content and quoted attributes).
#[must_use]
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page of the tiers counted as `rows` (fewest pieces first).
///
/// ```
/// use gamesolver_api::tablebases::{ReportHeading, tier_report_page};
///
/// let heading = ReportHeading { game: "Nim", dir: "tables/nim", rules: "standard" };
/// let page = tier_report_page(&heading, &[]);
/// assert!(page.starts_with("<!DOCTYPE html>") && page.contains("0 tables"));
/// ```
#[must_use]
pub fn tier_report_page(heading: &ReportHeading<'_>, rows: &[TierStatsRow]) -> String {
    let positions: u64 = rows
        .iter()
        .map(|r| r.bottom_to_move.total() + r.top_to_move.total())
        .sum();
    let game = escape_html(heading.game);
    let mut html = format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{game} tablebase report</title><style>{STYLE}</style></head><body>\
         <h1>{game} tablebase: {}</h1><p>Rules <b>{}</b>; {} tables; {positions} positions \
         (values for the side to move). Distances are in plies: the shortest win, the longest \
         defence.</p>",
        escape_html(heading.dir),
        escape_html(heading.rules),
        rows.len(),
    );
    write_table(&mut html, rows);
    html.push_str("<h2 id=\"distances\">Wins by distance</h2>");
    for row in rows {
        write_histograms(&mut html, row);
    }
    html.push_str("</body></html>\n");
    html
}

/// One row per tier: its counts for either side to move and its longest
/// win.
fn write_table(html: &mut String, rows: &[TierStatsRow]) {
    html.push_str(
        "<h2 id=\"tables\">Tables</h2><table><thead><tr><th>table</th><th class=\"num\">pieces</th>\
         <th class=\"num\">positions</th><th class=\"num\">first to move: won</th>\
         <th class=\"num\">drawn</th><th class=\"num\">lost</th>\
         <th class=\"num\">second to move: won</th><th class=\"num\">drawn</th>\
         <th class=\"num\">lost</th><th class=\"num\">longest win</th><th>position</th></tr></thead><tbody>",
    );
    for row in rows {
        let cells = |split: &WdlSplit| {
            format!(
                "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
                split.win, split.draw, split.loss
            )
        };
        let _ = write!(
            html,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>{}{}\
             <td class=\"num\">{}</td><td><code>{}</code></td></tr>",
            escape_html(&row.material),
            row.pieces,
            row.bottom_to_move.total() + row.top_to_move.total(),
            cells(&row.bottom_to_move),
            cells(&row.top_to_move),
            row.longest_win.map_or("–".to_string(), |d| d.to_string()),
            escape_html(row.longest_win_example.as_deref().unwrap_or("")),
        );
    }
    html.push_str("</tbody></table>");
}

/// A tier's wins by distance, one bar chart per side to move.
fn write_histograms(html: &mut String, row: &TierStatsRow) {
    let _ = write!(html, "<h3>{}</h3>", escape_html(&row.material));
    let sides = [
        ("first player to move", &row.win_distances.bottom_to_move),
        ("second player to move", &row.win_distances.top_to_move),
    ];
    for (side, counts) in sides {
        if counts.iter().all(|&c| c == 0) {
            let _ = write!(html, "<p>{side}: no win</p>");
        } else {
            html.push_str(&histogram(side, counts));
        }
    }
}

/// An inline SVG bar chart of `counts[d]` (positions won in `d` plies),
/// bars scaled to the largest count, each with its numbers as a tooltip.
fn histogram(side: &str, counts: &[u64]) -> String {
    let (width, height) = PLOT;
    let largest = counts.iter().copied().max().unwrap_or(0).max(1);
    let bar = (f64::from(width) / counts.len().max(1) as f64).max(1.0);
    let mut svg = format!(
        "<figure><figcaption>{side}</figcaption><svg width=\"{width}\" height=\"{}\" \
         role=\"img\" aria-label=\"wins by distance, {side}\">",
        height + 14
    );
    for (distance, &count) in counts.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let tall = (count as f64 / largest as f64 * f64::from(height)).max(1.0);
        let _ = write!(
            svg,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{tall:.1}\" fill=\"#2e7d32\">\
             <title>won in {distance}: {count}</title></rect>",
            distance as f64 * bar,
            f64::from(height) - tall,
            (bar - 0.5).max(0.5),
        );
    }
    let _ = write!(
        svg,
        "<text x=\"0\" y=\"{}\">0</text><text x=\"{width}\" y=\"{}\" text-anchor=\"end\">{} plies</text>\
         </svg></figure>",
        height + 12,
        height + 12,
        counts.len().saturating_sub(1)
    );
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebases::WinDistances;

    fn row(name: &str, wins: Vec<u64>) -> TierStatsRow {
        let split = WdlSplit {
            win: wins.iter().sum(),
            draw: 1,
            loss: 2,
        };
        TierStatsRow {
            material: name.to_string(),
            bottom_to_move: split,
            top_to_move: split,
            longest_win: Some(wins.len() as u16 - 1),
            longest_win_example: Some("<a & b>".to_string()),
            pieces: 4,
            class: None,
            win_distances: WinDistances {
                bottom_to_move: wins,
                top_to_move: Vec::new(),
            },
        }
    }

    #[test]
    fn the_page_counts_every_tier_and_draws_its_wins_by_distance() {
        let heading = ReportHeading {
            game: "Toy",
            dir: "dir",
            rules: "standard",
        };
        let page = tier_report_page(&heading, &[row("AB", vec![0, 3, 0, 5])]);
        // 8 won + 1 drawn + 2 lost, each side to move.
        assert!(page.contains("1 tables; 22 positions"), "{page}");
        assert!(page.contains("<title>won in 3: 5</title>"), "{page}");
        assert!(page.contains("<title>won in 1: 3</title>"), "{page}");
        assert!(!page.contains("won in 2:"), "{page}");
        assert!(page.contains("second player to move: no win"), "{page}");
        assert!(page.contains("&lt;a &amp; b&gt;") && !page.contains("<a & b>"));
        assert!(page.ends_with("</body></html>\n"));
    }
}
