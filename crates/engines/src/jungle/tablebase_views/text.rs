//! The text forms of Jungle's tablebase views: the material classes and
//! the heat map as two boards of win percentages.

use std::fmt::Write;

use super::summary::{Classes, HeatMapView};

/// A share as a percentage with one decimal.
pub(super) fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}

pub(super) fn write_classes(out: &mut String, classes: &Classes) -> std::fmt::Result {
    writeln!(
        out,
        "{:<6} {:>9} {:>15}  {:>26}  {:>18}  longest win",
        "class", "materials", "positions", "stronger side won/drawn/lost", "side to move wins"
    )?;
    for c in &classes.classes {
        let (s, total) = (&c.stronger_side, c.stronger_side.total());
        let shares = format!(
            "{} / {} / {}",
            percent(s.win, total),
            percent(s.draw, total),
            percent(s.loss, total)
        );
        let longest = c.longest_win.as_ref().map_or("-".to_string(), |w| {
            format!("{} plies ({})", w.distance, w.material)
        });
        writeln!(
            out,
            "{:<6} {:>9} {:>15}  {shares:>28}  {:>18}  {longest}",
            c.class,
            c.materials,
            total,
            percent(c.side_to_move.win, c.side_to_move.total())
        )?;
    }
    for (pieces, w) in &classes.longest_wins {
        writeln!(
            out,
            "longest {pieces}-piece win: {} plies, {} {}",
            w.distance, w.material, w.position
        )?;
    }
    Ok(())
}

/// The heat map as two boards of win percentages (rank 9 at the top).
pub(super) fn write_heat_map(out: &mut String, view: &HeatMapView) -> std::fmt::Result {
    writeln!(
        out,
        "{}: the {} {} ({}) on each square, share of positions won by the side to move",
        view.material, view.side, view.animal, view.piece
    )?;
    for (name, squares) in [
        ("bottom to move", &view.bottom_to_move),
        ("top to move", &view.top_to_move),
    ] {
        writeln!(out, "{name}:")?;
        for rank in (0..9).rev() {
            write!(out, "{} ", rank + 1)?;
            for file in 0..7 {
                let c = &squares[rank * 7 + file].counts;
                if c.total() == 0 {
                    write!(out, "{:>7}", "-")?;
                } else {
                    write!(out, "{:>7}", percent(c.win, c.total()))?;
                }
            }
            writeln!(out)?;
        }
        writeln!(
            out,
            "  {}",
            ["a", "b", "c", "d", "e", "f", "g"]
                .map(|f| format!("{f:>7}"))
                .concat()
        )?;
    }
    Ok(())
}
