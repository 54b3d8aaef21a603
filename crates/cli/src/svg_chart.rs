//! Line charts as hand-written SVG: axes, ticks, labels, one polyline per
//! series and a legend. No dependency; enough for convergence curves.

use std::fmt::Write;

/// One named line of points `(x, y)`.
#[derive(Clone, Debug)]
pub(crate) struct Series {
    pub(crate) name: String,
    pub(crate) points: Vec<(f64, f64)>,
}

/// A chart: title, axis labels and series.
#[derive(Clone, Debug)]
pub(crate) struct LineChart {
    pub(crate) title: String,
    pub(crate) x_label: String,
    pub(crate) y_label: String,
    pub(crate) series: Vec<Series>,
}

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;
const COLOURS: [&str; 4] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];
const TICKS: usize = 5;

/// The data ranges, widened so that a flat line is still drawable.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    x: (f64, f64),
    y: (f64, f64),
}

impl Bounds {
    fn of(series: &[Series]) -> Bounds {
        let points = series.iter().flat_map(|s| s.points.iter());
        let (mut x, mut y) = ((f64::MAX, f64::MIN), (f64::MAX, f64::MIN));
        for &(px, py) in points.filter(|(a, b)| a.is_finite() && b.is_finite()) {
            x = (x.0.min(px), x.1.max(px));
            y = (y.0.min(py), y.1.max(py));
        }
        Bounds {
            x: widen(x),
            y: widen(y),
        }
    }

    /// The pixel position of the data point `(x, y)`.
    fn pixel(&self, x: f64, y: f64) -> (f64, f64) {
        let fx = (x - self.x.0) / (self.x.1 - self.x.0);
        let fy = (y - self.y.0) / (self.y.1 - self.y.0);
        (
            LEFT + fx * (WIDTH - LEFT - RIGHT),
            HEIGHT - BOTTOM - fy * (HEIGHT - TOP - BOTTOM),
        )
    }
}

/// A range with some room; a point range or no data becomes a unit range.
fn widen((low, high): (f64, f64)) -> (f64, f64) {
    if low > high {
        (0.0, 1.0)
    } else if high - low < 1e-12 {
        (low - 0.5, high + 0.5)
    } else {
        let pad = (high - low) * 0.05;
        (low - pad, high + pad)
    }
}

impl LineChart {
    /// The chart as a complete SVG document.
    pub(crate) fn to_svg(&self) -> String {
        let bounds = Bounds::of(&self.series);
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
             viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        );
        self.write_labels(&mut svg);
        write_axes(&mut svg, &bounds);
        for (i, series) in self.series.iter().enumerate() {
            write_series(&mut svg, &bounds, series, COLOURS[i % COLOURS.len()], i);
        }
        svg.push_str("</svg>\n");
        svg
    }

    fn write_labels(&self, svg: &mut String) {
        let mid_x = LEFT + (WIDTH - LEFT - RIGHT) / 2.0;
        let mid_y = TOP + (HEIGHT - TOP - BOTTOM) / 2.0;
        let _ = writeln!(
            svg,
            "<text x=\"{mid_x}\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">{}</text>\n\
             <text x=\"{mid_x}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n\
             <text x=\"18\" y=\"{mid_y}\" text-anchor=\"middle\" \
             transform=\"rotate(-90 18 {mid_y})\">{}</text>",
            escape(&self.title),
            HEIGHT - 15.0,
            escape(&self.x_label),
            escape(&self.y_label),
        );
    }
}

/// The two axes with tick marks and numbers.
fn write_axes(svg: &mut String, b: &Bounds) {
    let (x0, y0) = (LEFT, HEIGHT - BOTTOM);
    let _ = writeln!(
        svg,
        "<path d=\"M{x0} {TOP} V{y0} H{}\" stroke=\"black\" fill=\"none\"/>",
        WIDTH - RIGHT
    );
    for i in 0..=TICKS {
        let t = i as f64 / TICKS as f64;
        let xv = b.x.0 + t * (b.x.1 - b.x.0);
        let yv = b.y.0 + t * (b.y.1 - b.y.0);
        let (px, _) = b.pixel(xv, b.y.0);
        let (_, py) = b.pixel(b.x.0, yv);
        let _ = writeln!(
            svg,
            "<line x1=\"{px:.1}\" y1=\"{y0}\" x2=\"{px:.1}\" y2=\"{}\" stroke=\"black\"/>\
             <text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n\
             <line x1=\"{}\" y1=\"{py:.1}\" x2=\"{x0}\" y2=\"{py:.1}\" stroke=\"black\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            y0 + 5.0,
            y0 + 20.0,
            tick_label(xv),
            x0 - 5.0,
            x0 - 8.0,
            py + 4.0,
            tick_label(yv),
        );
    }
}

/// One series: its polyline, a dot per point when there are few, and its
/// legend entry.
fn write_series(svg: &mut String, b: &Bounds, series: &Series, colour: &str, index: usize) {
    let points: Vec<(f64, f64)> = series
        .points
        .iter()
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .map(|&(x, y)| b.pixel(x, y))
        .collect();
    let path: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
        path.join(" ")
    );
    if points.len() <= 60 {
        for (x, y) in &points {
            let _ = writeln!(
                svg,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"{colour}\"/>"
            );
        }
    }
    let ly = TOP + 10.0 + 18.0 * index as f64;
    let lx = WIDTH - RIGHT - 260.0;
    let _ = writeln!(
        svg,
        "<line x1=\"{lx}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
         <text x=\"{}\" y=\"{}\">{}</text>",
        lx + 24.0,
        lx + 30.0,
        ly + 4.0,
        escape(&series.name)
    );
}

/// A tick number: integers as such, others with four significant decimals.
fn tick_label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 && v.abs() < 1e15 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.4}")
    }
}

/// Text made safe for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(points: Vec<(f64, f64)>) -> LineChart {
        LineChart {
            title: "V(start) <per round>".into(),
            x_label: "round".into(),
            y_label: "V".into(),
            series: vec![Series {
                name: "policy iteration".into(),
                points,
            }],
        }
    }

    #[test]
    fn draws_axes_labels_and_one_polyline_per_series() {
        let svg = chart(vec![(1.0, 0.6), (2.0, 0.95), (3.0, 0.99)]).to_svg();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<polyline").count(), 1);
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("&lt;per round&gt;"));
        assert!(svg.contains(">round</text>"));
    }

    #[test]
    fn flat_empty_and_non_finite_data_still_give_a_chart() {
        for points in [vec![], vec![(1.0, 0.5)], vec![(1.0, f64::NAN), (2.0, 0.5)]] {
            let svg = chart(points).to_svg();
            assert!(!svg.contains("NaN") && !svg.contains("inf"));
        }
    }
}
