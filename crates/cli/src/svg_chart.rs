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

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 80.0;
/// Room on the right for the legend.
const RIGHT: f64 = 230.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;
const COLOURS: [&str; 4] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];
/// About how many tick intervals an axis gets.
const TICKS: f64 = 5.0;

/// One axis: its range, snapped to whole multiples of a "nice" tick step
/// (1, 2 or 5 times a power of ten).
#[derive(Clone, Copy, Debug)]
struct Axis {
    low: f64,
    high: f64,
    step: f64,
}

impl Axis {
    fn new(low: f64, high: f64) -> Axis {
        let (low, high) = if low > high {
            (0.0, 1.0)
        } else if high - low < 1e-12 {
            (low - 0.5, high + 0.5)
        } else {
            (low, high)
        };
        let step = nice_step((high - low) / TICKS);
        Axis {
            low: (low / step).floor() * step,
            high: (high / step).ceil() * step,
            step,
        }
    }

    /// Where `v` lies along the axis, 0 at the low end and 1 at the high.
    fn fraction(&self, v: f64) -> f64 {
        (v - self.low) / (self.high - self.low)
    }

    /// The tick values.
    fn ticks(&self) -> Vec<f64> {
        let count = ((self.high - self.low) / self.step).round() as usize;
        (0..=count)
            .map(|i| self.low + i as f64 * self.step)
            .collect()
    }

    /// A tick's text with as many decimals as the step needs.
    fn label(&self, v: f64) -> String {
        let decimals = (-self.step.log10().floor()).max(0.0) as usize;
        format!("{v:.decimals$}")
    }
}

/// The smallest of 1, 2, 5 × 10^k that is at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * power)
}

/// The two axes of a chart.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    x: Axis,
    y: Axis,
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
            x: Axis::new(x.0, x.1),
            y: Axis::new(y.0, y.1),
        }
    }

    /// The pixel position of the data point `(x, y)`.
    fn pixel(&self, x: f64, y: f64) -> (f64, f64) {
        (
            LEFT + self.x.fraction(x) * (WIDTH - LEFT - RIGHT),
            HEIGHT - BOTTOM - self.y.fraction(y) * (HEIGHT - TOP - BOTTOM),
        )
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
    for xv in b.x.ticks() {
        let (px, _) = b.pixel(xv, b.y.low);
        let _ = writeln!(
            svg,
            "<line x1=\"{px:.1}\" y1=\"{y0}\" x2=\"{px:.1}\" y2=\"{}\" stroke=\"black\"/>\
             <text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            y0 + 5.0,
            y0 + 20.0,
            b.x.label(xv),
        );
    }
    for yv in b.y.ticks() {
        let (_, py) = b.pixel(b.x.low, yv);
        let _ = writeln!(
            svg,
            "<line x1=\"{}\" y1=\"{py:.1}\" x2=\"{x0}\" y2=\"{py:.1}\" stroke=\"black\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            x0 - 5.0,
            x0 - 8.0,
            py + 4.0,
            b.y.label(yv),
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
    let lx = WIDTH - RIGHT + 20.0;
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

/// Text made safe for SVG and HTML, in text and in quoted attributes.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
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
    fn ticks_are_round_numbers_covering_the_data() {
        let axis = Axis::new(15_000.0, 300_000.0);
        assert_eq!(axis.step, 100_000.0);
        assert_eq!(axis.low, 0.0);
        assert_eq!(axis.high, 300_000.0);
        assert_eq!(axis.label(100_000.0), "100000");
        let axis = Axis::new(0.604, 0.9948);
        assert_eq!(axis.step, 0.1);
        assert_eq!(axis.ticks().len(), 5);
        assert_eq!(axis.label(0.6), "0.6");
    }

    #[test]
    fn flat_empty_and_non_finite_data_still_give_a_chart() {
        for points in [vec![], vec![(1.0, 0.5)], vec![(1.0, f64::NAN), (2.0, 0.5)]] {
            let svg = chart(points).to_svg();
            assert!(!svg.contains("NaN") && !svg.contains("inf"));
        }
    }
}
