//! `gamesolver mdp`: play a fixed opponent optimally (a game with an MDP
//! model, tic-tac-toe, as a Markov decision process), by policy iteration,
//! value iteration or Q-learning, with exact rationals and simulation. A
//! shell over the game's [`gamesolver_api::MdpModel`]: the flags become its
//! request and settings, its details are printed as text or JSON, and its
//! trace drawn.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::ValueEnum;
use gamesolver_api::Registry;
use gamesolver_api::mdp::{MdpDetails, MdpRequest, MdpSettings};
use gamesolver_mdp::{Discount, SweepConfig, SweepOrder};

use crate::game_arg::{self, GameName};
use crate::json::write_json;
use crate::mdp_report::Report;

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
    pub game: GameName,
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

/// The most games `--simulate` plays.
pub use gamesolver_api::mdp::MAX_SIMULATED_GAMES;

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

/// Solves through the MDP model of a game of `registry` and prints the
/// report.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let report = report(registry, args)?;
    if args.json {
        write_json(out, &report)
    } else {
        report.write_text(out)
    }
}

/// The report for `args`, with the plot written if asked for.
fn report(registry: &Registry, args: &Args) -> anyhow::Result<Report> {
    let model = game_arg::require(registry.get(&args.game)?, "MDP model", |g| g.mdp())?;
    let session = model.solve(&request(args), &settings(args))?;
    let details = session.details().clone();
    let plot = write_plot(args, &details)?;
    Ok(Report { details, plot })
}

/// What to solve, in the service's spelling.
fn request(args: &Args) -> MdpRequest {
    MdpRequest {
        opponent: spelling(&args.opponent),
        side: spelling(&args.side),
        method: spelling(&args.method),
        gamma: Some(args.gamma.to_string()),
        exact: args.exact,
        episodes: args.episodes,
        seed: args.seed,
    }
}

/// A value of a flag as the command line spells it.
fn spelling(value: &impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// The sweeps' settings and the simulation.
fn settings(args: &Args) -> MdpSettings {
    MdpSettings {
        sweeps: SweepConfig {
            tolerance: args.tolerance,
            order: match args.order {
                Order::Backward => SweepOrder::Backward,
                Order::Forward => SweepOrder::Forward,
            },
            ..SweepConfig::default()
        },
        simulate: args.simulate,
    }
}

/// Draws the curve of `details` into the `--plot` file, if there is one.
fn write_plot(args: &Args, details: &MdpDetails) -> anyhow::Result<Option<String>> {
    let Some(path) = &args.plot else {
        return Ok(None);
    };
    std::fs::write(path, Report::chart_of(details).to_svg())
        .with_context(|| format!("cannot write the plot to {}", path.display()))?;
    Ok(Some(path.display().to_string()))
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
