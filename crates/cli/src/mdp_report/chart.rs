//! The convergence or learning curve of a `gamesolver mdp` run as a chart.

use gamesolver_api::mdp::{LearningSummary, MdpDetails, Trace};

use super::Report;
use crate::svg_chart::{LineChart, Series};

impl Report {
    /// The curve of the method `details` traces: V(start) per round, per
    /// sweep, or along the episodes of Q-learning.
    pub(crate) fn chart_of(details: &MdpDetails) -> LineChart {
        let game = details.model.game;
        match &details.trace {
            Trace::PolicyIteration(rows) => chart(
                game,
                "Policy iteration",
                "round",
                "V(start) of the round's policy",
                rows.iter()
                    .map(|r| (r.round as f64, r.start_value.value))
                    .collect(),
            ),
            Trace::ValueIteration(rows) => chart(
                game,
                "Value iteration",
                "sweep",
                "V(start)",
                rows.iter()
                    .map(|r| (r.sweep as f64, r.start_value))
                    .collect(),
            ),
            Trace::QLearning(summary) => learning_chart(game, summary, details.optimum.value),
        }
    }
}

/// The learner's estimate, the true value of its greedy policy, and the
/// optimum.
fn learning_chart(game: &str, summary: &LearningSummary, optimum: f64) -> LineChart {
    let curve = &summary.curve;
    let mut chart = chart(
        game,
        "Q-learning",
        "episodes",
        "V(start)",
        curve
            .iter()
            .map(|r| (r.episodes as f64, r.estimate))
            .collect(),
    );
    chart.series[0].name = "learner's estimate".into();
    chart.series.push(Series {
        name: "value of the greedy policy".into(),
        points: curve
            .iter()
            .filter_map(|r| Some((r.episodes as f64, r.greedy_value?)))
            .collect(),
    });
    chart.series.push(Series {
        name: "optimum V*".into(),
        points: vec![(0.0, optimum), (summary.episodes as f64, optimum)],
    });
    chart
}

fn chart(
    game: &str,
    title: &str,
    x_label: &str,
    y_label: &str,
    points: Vec<(f64, f64)>,
) -> LineChart {
    LineChart {
        title: format!("{title}: {game} against a fixed opponent"),
        x_label: x_label.to_owned(),
        y_label: y_label.to_owned(),
        series: vec![Series {
            name: title.to_owned(),
            points,
        }],
    }
}
