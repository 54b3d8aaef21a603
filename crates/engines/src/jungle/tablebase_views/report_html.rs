//! The HTML of the tablebase report: one page, styles inline, pictures as
//! inline SVG, no script and nothing fetched.

use std::fmt::Write;
use std::path::Path;

use gamesolver_games::jungle::Variant;

use super::escape;
use super::report_svg::{heat_board, heat_legend, histogram, histogram_legend, sparkline, wdl_bar};
use super::summary::{ClassRow, Classes, HeatMapView};
use super::text::percent;
use gamesolver_api::tablebases::{TierStatsRow as MaterialRow, WdlSplit as Split};

/// Everything the page shows.
pub(super) struct Page<'a> {
    pub(super) dir: &'a Path,
    pub(super) rules: Variant,
    pub(super) classes: &'a Classes,
    pub(super) materials: &'a [MaterialRow],
    pub(super) heat_map: &'a HeatMapView,
}

const STYLE: &str = "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}\
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}h3{font-size:15px;margin:20px 0 6px}\
table{border-collapse:collapse}td,th{padding:3px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:middle}\
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}code{font-size:12px}\
.key{display:inline-block;width:12px;height:12px;vertical-align:middle;margin:0 4px 0 12px}\
.maps{display:flex;gap:32px;flex-wrap:wrap}.maps figure{margin:0}figcaption{text-align:center;font-weight:600}\
svg text{font-size:12px}svg.board text{font-size:13px}svg .coord{fill:#666}.win{color:#2e7d32}.loss{color:#c62828}";

/// The whole page.
pub(super) fn render(page: &Page<'_>) -> String {
    let mut html = String::new();
    let positions: u64 = page
        .materials
        .iter()
        .map(|m| m.bottom_to_move.total() + m.top_to_move.total())
        .sum();
    let _ = write!(
        html,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Jungle tablebase report</title><style>{STYLE}</style></head><body>\
         <h1>Jungle tablebase: {}</h1><p>Rules <b>{}</b>; {} stored materials (one of each colour pair: \
         the side with more animals, or the stronger set, at the bottom); {} positions \
         (a position and its mirror image counted twice). Distances are in plies.</p>",
        escape(&page.dir.display().to_string()),
        page.rules,
        page.materials.len(),
        positions
    );
    write_classes(&mut html, page.classes);
    write_heat_map(&mut html, page);
    write_materials(&mut html, page);
    html.push_str("</body></html>\n");
    html
}

fn write_classes(html: &mut String, classes: &Classes) {
    html.push_str(
        "<h2 id=\"classes\">Material classes</h2><p>A class counts the animals of each side, \
         the side with more first (2-1: two animals against one). Shares are of the positions \
         of the class with either side to move, for the side with more animals.</p>\
         <table><thead><tr><th>class</th><th class=\"num\">materials</th><th class=\"num\">positions</th>\
         <th class=\"num\">stronger side wins</th><th class=\"num\">draws</th><th class=\"num\">loses</th>\
         <th></th><th class=\"num\">side to move wins</th><th>longest win</th></tr></thead><tbody>",
    );
    for c in &classes.classes {
        write_class_row(html, c);
    }
    html.push_str("</tbody></table>");
    for (pieces, w) in &classes.longest_wins {
        let _ = write!(
            html,
            "<p>Longest {pieces}-piece win: <b>{}</b> plies in {}, <code>{}</code></p>",
            w.distance,
            escape(&w.material),
            escape(&w.position)
        );
    }
}

fn write_class_row(html: &mut String, c: &ClassRow) {
    let s = &c.stronger_side;
    let total = s.total();
    let longest = c.longest_win.as_ref().map_or(String::new(), |w| {
        format!(
            "{} plies ({}) <code>{}</code>",
            w.distance,
            escape(&w.material),
            escape(&w.position)
        )
    });
    let _ = write!(
        html,
        "<tr><td><a href=\"#class-{0}\">{0}</a></td><td class=\"num\">{1}</td><td class=\"num\">{2}</td>\
         <td class=\"num win\">{3}</td><td class=\"num\">{4}</td><td class=\"num loss\">{5}</td><td>{6}</td>\
         <td class=\"num\">{7}</td><td>{8}</td></tr>",
        escape(&c.class),
        c.materials,
        total,
        percent(s.win, total),
        percent(s.draw, total),
        percent(s.loss, total),
        wdl_bar(s, 160.0),
        percent(c.side_to_move.win, c.side_to_move.total()),
        longest
    );
}

fn write_heat_map(html: &mut String, page: &Page<'_>) {
    let map = page.heat_map;
    let _ = write!(
        html,
        "<h2 id=\"heat-map\">Where the {side} {animal} stands: {material}</h2>\
         <p>For each square of the {side} {animal} (<code>{piece}</code>) in {material}: the share of \
         positions won by the side to move, with that side to move (hover a square for the counts). \
         Dens are framed black, traps dashed brown, water blue.</p><div class=\"maps\">\
         <figure>{bottom}<figcaption>bottom to move</figcaption></figure>\
         <figure>{top}<figcaption>top to move</figcaption></figure></div>{legend}",
        side = map.side,
        animal = map.animal,
        material = escape(&map.material),
        piece = escape(&map.piece),
        bottom = heat_board(map, true),
        top = heat_board(map, false),
        legend = heat_legend()
    );
    if let Some(row) = page.materials.iter().find(|m| m.material == map.material) {
        let _ = write!(
            html,
            "<h3>Win distances in {}</h3><p>{}</p>{}",
            escape(&row.material),
            histogram_legend(),
            histogram(
                &row.win_distances.bottom_to_move,
                &row.win_distances.top_to_move
            )
        );
    }
}

fn write_materials(html: &mut String, page: &Page<'_>) {
    let _ = write!(
        html,
        "<h2 id=\"materials\">Materials</h2><p>Per material and side to move: positions won, drawn and lost \
         for the side to move; the longest win and a position with it; the wins by distance \
         ({}).</p>",
        histogram_legend()
    );
    for class in &page.classes.classes {
        let _ = write!(
            html,
            "<h3 id=\"class-{0}\">{0}</h3><table><thead><tr><th>material</th>\
             <th class=\"num\">bottom to move W / D / L</th><th></th>\
             <th class=\"num\">top to move W / D / L</th><th></th>\
             <th class=\"num\">longest win</th><th>position</th><th>win distances</th></tr></thead><tbody>",
            escape(&class.class)
        );
        for m in page
            .materials
            .iter()
            .filter(|m| m.class.as_deref() == Some(class.class.as_str()))
        {
            write_material_row(html, m);
        }
        html.push_str("</tbody></table>");
    }
}

fn write_material_row(html: &mut String, m: &MaterialRow) {
    let counts = |s: &Split| format!("{} / {} / {}", s.win, s.draw, s.loss);
    let _ = write!(
        html,
        "<tr><td>{}</td><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td>\
         <td class=\"num\">{}</td><td><code>{}</code></td><td>{}</td></tr>",
        escape(&m.material),
        counts(&m.bottom_to_move),
        wdl_bar(&m.bottom_to_move, 90.0),
        counts(&m.top_to_move),
        wdl_bar(&m.top_to_move, 90.0),
        m.longest_win.map_or(String::new(), |d| d.to_string()),
        escape(m.longest_win_example.as_deref().unwrap_or("")),
        sparkline(
            &m.win_distances.bottom_to_move,
            &m.win_distances.top_to_move,
            160.0,
            24.0
        )
    );
}
