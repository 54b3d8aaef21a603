//! `gamesolver mdp`: play a fixed opponent optimally (tic-tac-toe as a
//! Markov decision process), by policy iteration, value iteration or
//! Q-learning, with exact rationals and simulation.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use gamesolver_core::Player;
use gamesolver_games::tictactoe::Board;
use gamesolver_mdp::{
    Discount, ExactSolution, Mdp, Minimax, OpponentModel, Policy, QLearningConfig, StateValues,
    SweepConfig, SweepOrder, Target, UniformRandom,
};

use crate::game_arg;
use crate::json::write_json;
use crate::mdp_report::{
    FirstDecision, LearningRow, LearningSummary, ModelSummary, MoveValue, PolicyRoundRow, Report,
    SimulationSummary, Trace, Value, ValueSweepRow, outcome_rows,
};
use crate::svg_chart::{LineChart, Series};
use crate::tictactoe_table;
use gamesolver_engines::Registry;

/// How to solve the MDP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Policy iteration: evaluate, improve greedily, until no state changes.
    PolicyIteration,
    /// Value iteration: Bellman optimality sweeps until nothing changes.
    ValueIteration,
    /// Q-learning from sampled games (model-free).
    QLearning,
}

/// The fixed opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OpponentKind {
    /// Every legal move equally likely.
    Random,
    /// A move of best game-theoretic value, uniformly among ties.
    Minimax,
}

/// The side the agent plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// X, who moves first.
    X,
    /// O, who moves second.
    O,
}

impl Side {
    fn player(self) -> Player {
        match self {
            Side::X => Player::First,
            Side::O => Player::Second,
        }
    }
}

/// The order of the states within a sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    /// Deepest states first: one sweep is a backward induction.
    Backward,
    /// The start first, as in the seed: values travel one step per sweep.
    Forward,
}

/// Arguments of `gamesolver mdp`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (one with an MDP model: tic-tac-toe).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: String,
    /// The solution method.
    #[arg(long, value_enum, default_value = "policy-iteration")]
    pub method: Method,
    /// The opponent model.
    #[arg(long, value_enum, default_value = "random")]
    pub opponent: OpponentKind,
    /// The side the agent plays.
    #[arg(long = "as", value_enum, default_value = "x")]
    pub side: Side,
    /// Also compute exact rational values by backward induction.
    #[arg(long)]
    pub exact: bool,
    /// Play this many games with the resulting policy against the opponent
    /// (1 to 1e9: a billion tic-tac-toe games take minutes, not days).
    #[arg(long, value_name = "N", value_parser = simulation_count, allow_hyphen_values = true)]
    pub simulate: Option<u64>,
    /// Seed of the random numbers (Q-learning and simulation).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Q-learning episodes.
    #[arg(long, value_name = "N", default_value = "200000", value_parser = positive_count, allow_hyphen_values = true)]
    pub episodes: u64,
    /// Discount factor γ in (0, 1], as a decimal (0.9) or a fraction (9/10).
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub gamma: Discount,
    /// Sweep order of policy and value iteration.
    #[arg(long, value_enum, default_value = "backward")]
    pub order: Order,
    /// Sweeps stop when no value changes by this much.
    #[arg(long, default_value_t = 1e-12, value_parser = positive_float, allow_hyphen_values = true)]
    pub tolerance: f64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write the convergence or learning curve as an SVG chart to this file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

/// A whole number of at least 1.
fn positive_count(text: &str) -> Result<u64, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 1 => u64::try_from(n).map_err(|_| format!("{n} is too large")),
        Ok(n) => Err(format!("must be at least 1, got {n}")),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// The most games `--simulate` plays: a billion games of a few
/// microseconds each stay well under a day.
pub const MAX_SIMULATED_GAMES: u64 = 1_000_000_000;

/// A number of games to simulate: 1..=[`MAX_SIMULATED_GAMES`].
fn simulation_count(text: &str) -> Result<u64, String> {
    let games = positive_count(text)?;
    if games > MAX_SIMULATED_GAMES {
        return Err(format!(
            "at most {MAX_SIMULATED_GAMES} games (more would take days), got {games}"
        ));
    }
    Ok(games)
}

/// A positive, finite number.
fn positive_float(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("{text:?} is not a positive number")),
    }
}

/// Builds the MDP, runs the method and prints the report.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let report = report(args)?;
    if args.json {
        write_json(out, &report)
    } else {
        report.write_text(out)
    }
}

/// The report for `args`, with the plot written if asked for.
pub(crate) fn report(args: &Args) -> anyhow::Result<Report> {
    let game = game_arg::resolve(Registry::global(), &args.game, "MDP model", |c| c.mdp)?;
    anyhow::ensure!(
        game.info().name == "tictactoe",
        "{} is modelled as an MDP by the façade, but this command builds tic-tac-toe's",
        game.info().name
    );
    match args.opponent {
        OpponentKind::Random => report_against(args, &UniformRandom),
        OpponentKind::Minimax => {
            let (solution, _) = tictactoe_table::solve()?;
            let minimax = Minimax::new(|b: &Board| solution.get(b).map(|s| s.wdl));
            report_against(args, &minimax)
        }
    }
}

/// What a method produced: its trace, its policy, the optimal values (float)
/// and the curve to plot.
struct Solved {
    trace: Trace,
    policy: Policy,
    optimum: StateValues,
    learned_q: Option<Vec<f64>>,
    chart: LineChart,
}

fn report_against<O: OpponentModel<Board>>(args: &Args, opponent: &O) -> anyhow::Result<Report> {
    let started = Instant::now();
    let mdp = Mdp::build(Board::empty(), args.side.player(), opponent, args.gamma)?;
    let build_ms = ms_since(started);
    let started = Instant::now();
    // Q-learning is judged by the exact value of its greedy policy.
    let exact_mode = args.exact || (args.method == Method::QLearning && mdp.is_loop_free());
    let exact = exact_mode.then(|| mdp.solve_exact()).transpose()?;
    let solved = solve(args, &mdp, exact.as_ref())?;
    let solve_ms = ms_since(started);
    let policy_value = policy_value(&mdp, &solved.policy, args, exact_mode)?;
    let tally = args
        .simulate
        .map(|games| mdp.simulate(&solved.policy, opponent, games, args.seed))
        .transpose()?;
    let plot = write_plot(args, &solved.chart)?;
    Ok(Report {
        model: model_summary(&mdp, build_ms),
        solve_ms,
        policy_value,
        optimum: Value::either(
            solved.optimum.start,
            exact.as_ref().map(|e| &e.values.start),
        ),
        first_moves: first_moves(&mdp, &solved, exact.as_ref())?,
        outcomes: outcome_rows(&mdp.outcome_probabilities(&solved.policy)?, tally.as_ref()),
        simulation: args.simulate.map(|games| SimulationSummary {
            games,
            seed: args.seed,
        }),
        plot,
        trace: solved.trace,
    })
}

fn model_summary(mdp: &Mdp<Board>, build_ms: f64) -> ModelSummary {
    ModelSummary {
        game: "tictactoe",
        agent: side_name(mdp.agent()),
        opponent: mdp.opponent().to_owned(),
        gamma: mdp.discount().to_string(),
        states: mdp.len(),
        actions: mdp.action_count(),
        transitions: mdp.transition_count(),
        build_ms,
    }
}

fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "X",
        Player::Second => "O",
    }
}

fn sweep_config(args: &Args) -> SweepConfig {
    SweepConfig {
        tolerance: args.tolerance,
        order: match args.order {
            Order::Backward => SweepOrder::Backward,
            Order::Forward => SweepOrder::Forward,
        },
        ..SweepConfig::default()
    }
}

fn solve(args: &Args, mdp: &Mdp<Board>, exact: Option<&ExactSolution>) -> anyhow::Result<Solved> {
    let config = sweep_config(args);
    match args.method {
        Method::PolicyIteration => policy_iteration(mdp, &config, exact.is_some()),
        Method::ValueIteration => value_iteration(mdp, &config),
        Method::QLearning => q_learning(args, mdp, &config),
    }
}

fn policy_iteration(mdp: &Mdp<Board>, config: &SweepConfig, exact: bool) -> anyhow::Result<Solved> {
    let pi = mdp.policy_iteration(config)?;
    let mut rows = Vec::new();
    for (i, round) in pi.rounds.iter().enumerate() {
        let exact_value = exact
            .then(|| mdp.evaluate_exact(&round.policy))
            .transpose()?;
        rows.push(PolicyRoundRow {
            round: i + 1,
            sweeps: round.sweeps,
            start_value: Value::either(round.start_value, exact_value.as_ref().map(|v| &v.start)),
            changed: round.changed,
        });
    }
    let points = rows
        .iter()
        .map(|r| (r.round as f64, r.start_value.value))
        .collect();
    Ok(Solved {
        trace: Trace::PolicyIteration(rows),
        policy: pi.policy,
        optimum: pi.values,
        learned_q: None,
        chart: chart(
            "Policy iteration",
            "round",
            "V(start) of the round's policy",
            points,
        ),
    })
}

fn value_iteration(mdp: &Mdp<Board>, config: &SweepConfig) -> anyhow::Result<Solved> {
    let vi = mdp.value_iteration(config)?;
    let rows: Vec<ValueSweepRow> = vi
        .sweeps
        .iter()
        .enumerate()
        .map(|(i, s)| ValueSweepRow {
            sweep: i + 1,
            start_value: s.start_value,
            max_change: s.max_change,
        })
        .collect();
    let points = rows
        .iter()
        .map(|r| (r.sweep as f64, r.start_value))
        .collect();
    Ok(Solved {
        trace: Trace::ValueIteration(rows),
        policy: vi.policy,
        optimum: vi.values,
        learned_q: None,
        chart: chart("Value iteration", "sweep", "V(start)", points),
    })
}

fn q_learning(args: &Args, mdp: &Mdp<Board>, config: &SweepConfig) -> anyhow::Result<Solved> {
    let settings = QLearningConfig {
        episodes: args.episodes,
        seed: args.seed,
        ..QLearningConfig::default()
    };
    let started = Instant::now();
    let learned = mdp.q_learning(&settings)?;
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let optimum = mdp.value_iteration(config)?.values;
    let curve: Vec<LearningRow> = learned
        .checkpoints
        .iter()
        .map(|c| LearningRow {
            episodes: c.episodes,
            estimate: c.estimate,
            greedy_value: c.greedy_value,
        })
        .collect();
    let mut chart = chart(
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
        points: vec![(0.0, optimum.start), (args.episodes as f64, optimum.start)],
    });
    Ok(Solved {
        trace: Trace::QLearning(LearningSummary {
            episodes: settings.episodes,
            seed: settings.seed,
            epsilon: (settings.epsilon_start, settings.epsilon_end),
            alpha_exponent: settings.alpha_exponent,
            curve,
            estimate: learned.estimate,
            episodes_per_second: settings.episodes as f64 / seconds,
        }),
        policy: learned.policy,
        optimum,
        learned_q: Some(learned.q),
        chart,
    })
}

fn chart(title: &str, x_label: &str, y_label: &str, points: Vec<(f64, f64)>) -> LineChart {
    LineChart {
        title: format!("{title}: tic-tac-toe against a fixed opponent"),
        x_label: x_label.to_owned(),
        y_label: y_label.to_owned(),
        series: vec![Series {
            name: title.to_owned(),
            points,
        }],
    }
}

/// The value of the start under `policy`: exact if `exact`, else by float
/// policy evaluation.
fn policy_value(
    mdp: &Mdp<Board>,
    policy: &Policy,
    args: &Args,
    exact: bool,
) -> anyhow::Result<Value> {
    if exact {
        return Ok(Value::exact(&mdp.evaluate_exact(policy)?.start));
    }
    Ok(Value::float(
        mdp.evaluate(policy, &sweep_config(args))?.start,
    ))
}

/// The agent's first decisions with the optimal value of every move.
fn first_moves(
    mdp: &Mdp<Board>,
    solved: &Solved,
    exact: Option<&ExactSolution>,
) -> anyhow::Result<Vec<FirstDecision>> {
    let mut decisions = Vec::new();
    for k in mdp.start_outcomes() {
        let Target::State(state) = mdp.target(k) else {
            continue;
        };
        let float = mdp.q_values(&solved.optimum, state);
        let values: Vec<Value> = match exact {
            Some(e) => mdp
                .q_values_exact(&e.values, state)?
                .iter()
                .map(Value::exact)
                .collect(),
            None => float.iter().map(|&q| Value::float(q)).collect(),
        };
        let best = float.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let moves = mdp
            .actions(state)
            .zip(values)
            .map(|(action, value)| MoveValue {
                mv: mdp.action_move(action).index(),
                best: value.value >= best - 1e-9,
                value,
                learned: solved.learned_q.as_ref().map(|q| q[action]),
            })
            .collect();
        decisions.push(FirstDecision {
            position: mdp.state(state).to_string(),
            probability: mdp.probability_exact(k).to_string(),
            moves,
        });
    }
    Ok(decisions)
}

fn write_plot(args: &Args, chart: &LineChart) -> anyhow::Result<Option<String>> {
    let Some(path) = &args.plot else {
        return Ok(None);
    };
    std::fs::write(path, chart.to_svg())
        .with_context(|| format!("cannot write the plot to {}", path.display()))?;
    Ok(Some(path.display().to_string()))
}

fn ms_since(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1e3
}

/// The tour's demo: policy iteration for X against the random opponent.
pub(crate) fn write_tour_demo(out: &mut dyn Write) -> anyhow::Result<()> {
    let args = Args {
        game: "tictactoe".into(),
        method: Method::PolicyIteration,
        opponent: OpponentKind::Random,
        side: Side::X,
        exact: true,
        simulate: None,
        seed: 1,
        episodes: 1,
        gamma: Discount::NONE,
        order: Order::Backward,
        tolerance: 1e-12,
        json: false,
        plot: None,
    };
    report(&args)?.write_brief(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 10 finding 18: `--simulate` refuses counts that would take days.
    #[test]
    fn simulate_is_capped() {
        assert_eq!(simulation_count("1000"), Ok(1000));
        assert_eq!(simulation_count("1000000000"), Ok(MAX_SIMULATED_GAMES));
        let error = simulation_count("1000000001").unwrap_err();
        assert!(error.contains("at most"), "{error}");
        assert!(simulation_count("18446744073709551615").is_err());
        assert!(simulation_count("0").is_err());
    }
}
