//! Tic-tac-toe's MDP capability: the game against a fixed opponent
//! (uniformly random, or minimax from the solved table) as a Markov
//! decision process, one request in and one serialisable report out,
//! shared by the CLI, the web server and the Python module: every
//! computation of `gamesolver mdp` happens here, the front ends only parse
//! their arguments and format [`MdpReport`] (short) or [`MdpDetails`]
//! (everything).
//!
//! ```
//! use gamesolver_api::mdp::{MdpRequest, MdpSolved};
//! use gamesolver_engines::tictactoe::mdp::MdpSession;
//!
//! let request = MdpRequest { exact: true, ..MdpRequest::default() };
//! let session = MdpSession::new(&request).unwrap();
//! // X against a uniformly random O wins with value 191/192 (exact rational).
//! assert_eq!(session.report().optimum_exact.as_deref(), Some("191/192"));
//! let values = session.action_values(".........").unwrap();
//! assert_eq!(values.len(), 9);
//! // The whole account: the model, the method's trace, the first moves.
//! let details = session.details();
//! assert_eq!(details.model.states, 2423);
//! assert!(details.first_moves[0].moves.iter().any(|m| m.best));
//! ```

mod decisions;
mod methods;

use std::collections::BTreeMap;
use std::time::Instant;

use gamesolver_api::mdp::{
    ActionValue, MdpDetails, MdpModel, MdpReport, MdpRequest, MdpSettings, MdpSolved, ModelSummary,
    OutcomeOdds, SimulationSummary, Value, failed, outcome_rows,
};
use gamesolver_api::{FacadeError, PositionErrorKind};
use gamesolver_core::Player;
use gamesolver_games::tictactoe::{Board, ParseBoardError};
use gamesolver_mdp::{
    Discount, ExactSolution, Mdp, MdpError, Minimax, OpponentModel, Policy, QLearningConfig,
    StateValues, SweepConfig, UniformRandom,
};
use methods::Method;

/// The game modelled (its registry name).
const MODELLED_GAME: &str = "tictactoe";

/// The MDP capability of tic-tac-toe's declaration.
pub struct TicTacToeMdp;

impl MdpModel for TicTacToeMdp {
    fn solve_until(
        &self,
        request: &MdpRequest,
        settings: &MdpSettings,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Box<dyn MdpSolved>, FacadeError> {
        Ok(Box::new(MdpSession::with_settings_until(
            request, settings, stop,
        )?))
    }
}

/// The fixed opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opponent {
    Random,
    Minimax,
}

/// A request read and checked.
struct Problem {
    agent: Player,
    gamma: Discount,
    opponent: Opponent,
    method: Method,
    exact: bool,
    learning: QLearningConfig,
}

impl Problem {
    fn of(request: &MdpRequest) -> Result<Problem, FacadeError> {
        let agent = match request.side.trim().to_ascii_lowercase().as_str() {
            "x" => Player::First,
            "o" => Player::Second,
            other => return Err(failed(format!("side must be x or o, not {other:?}"))),
        };
        let gamma = match &request.gamma {
            None => Discount::NONE,
            Some(text) => text.parse().map_err(failed)?,
        };
        let opponent = match request.opponent.trim().to_ascii_lowercase().as_str() {
            "random" => Opponent::Random,
            "minimax" => Opponent::Minimax,
            other => {
                return Err(failed(format!(
                    "opponent must be random or minimax, not {other:?}"
                )));
            }
        };
        let method = Method::parse(&request.method).ok_or_else(|| {
            failed(format!(
                "method must be policy-iteration, value-iteration or q-learning, not {:?}",
                request.method
            ))
        })?;
        Ok(Problem {
            agent,
            gamma,
            opponent,
            method,
            exact: request.exact,
            learning: QLearningConfig {
                episodes: request.episodes,
                seed: request.seed,
                ..QLearningConfig::default()
            },
        })
    }
}

/// A solved MDP that answers further questions.
pub struct MdpSession {
    mdp: Mdp<Board>,
    optimum: StateValues,
    /// Exact values when asked for (and for Q-learning, whose greedy
    /// policy is judged by its exact value).
    exact: Option<ExactSolution>,
    exact_asked: bool,
    report: MdpReport,
    details: MdpDetails,
}

impl MdpSession {
    /// Builds the MDP of `request` and solves it with the default settings.
    pub fn new(request: &MdpRequest) -> Result<MdpSession, FacadeError> {
        MdpSession::with_settings(request, &MdpSettings::default())
    }

    /// Builds the MDP of `request` and solves it with `settings`.
    pub fn with_settings(
        request: &MdpRequest,
        settings: &MdpSettings,
    ) -> Result<MdpSession, FacadeError> {
        MdpSession::with_settings_until(request, settings, &|| false)
    }

    /// [`MdpSession::with_settings`] that looks at `stop` often (every few
    /// hundred Q-learning episodes; the other steps take milliseconds) and
    /// fails with [`FacadeError::Cancelled`] once it said yes (Ctrl-C).
    pub fn with_settings_until(
        request: &MdpRequest,
        settings: &MdpSettings,
        stop: &dyn Fn() -> bool,
    ) -> Result<MdpSession, FacadeError> {
        settings.check()?;
        let problem = Problem::of(request)?;
        match problem.opponent {
            Opponent::Random => solve_against(&problem, settings, &UniformRandom, stop),
            Opponent::Minimax => {
                let solution = super::solution::solve().map_err(failed)?;
                let minimax = Minimax::new(|b: &Board| solution.get(b).map(|s| s.wdl));
                solve_against(&problem, settings, &minimax, stop)
            }
        }
    }

    /// The optimal value of every move of `state`.
    fn values_at(&self, state: u32) -> Result<Vec<ActionValue>, FacadeError> {
        let valued = decisions::valued_actions(&self.mdp, &self.optimum, self.asked_exact(), state)
            .map_err(failed)?;
        Ok(decisions::action_values(&self.mdp, &valued))
    }

    /// The exact values, if the request asked for them.
    fn asked_exact(&self) -> Option<&ExactSolution> {
        self.exact.as_ref().filter(|_| self.exact_asked)
    }
}

impl MdpSolved for MdpSession {
    fn report(&self) -> &MdpReport {
        &self.report
    }

    fn details(&self) -> &MdpDetails {
        &self.details
    }

    /// `position` is tic-tac-toe text.
    fn action_values(&self, position: &str) -> Result<Vec<ActionValue>, FacadeError> {
        let board: Board = position.parse().map_err(|e: ParseBoardError| {
            FacadeError::bad_position(e.kind(), position, e.to_string())
        })?;
        let state = self.mdp.id_of(&board).ok_or_else(|| {
            FacadeError::bad_position(
                PositionErrorKind::OutsideScope,
                position,
                format!("{board} is not a position where the agent is to move in this model"),
            )
        })?;
        self.values_at(state)
    }
}

/// Builds the MDP against `opponent`, runs the method, values its policy
/// (and plays it when asked) and writes both reports.
fn solve_against<O: OpponentModel<Board>>(
    problem: &Problem,
    settings: &MdpSettings,
    opponent: &O,
    stop: &dyn Fn() -> bool,
) -> Result<MdpSession, FacadeError> {
    let started = Instant::now();
    let mdp = Mdp::build(Board::empty(), problem.agent, opponent, problem.gamma).map_err(failed)?;
    let build_ms = ms_since(started);
    let started = Instant::now();
    // Q-learning is judged by the exact value of its greedy policy.
    let judged_exactly = problem.method == Method::QLearning && mdp.is_loop_free();
    let exact = (problem.exact || judged_exactly)
        .then(|| mdp.solve_exact())
        .transpose()
        .map_err(failed)?;
    let solved = methods::run(
        &mdp,
        problem.method,
        problem.learning,
        &settings.sweeps,
        exact.is_some(),
        stop,
    )
    .map_err(|e| match e {
        MdpError::Cancelled => FacadeError::Cancelled,
        e => failed(e),
    })?;
    let solve_ms = ms_since(started);
    let policy_value = policy_value(&mdp, &solved.policy, exact.is_some(), &settings.sweeps)?;
    let probabilities = mdp.outcome_probabilities(&solved.policy).map_err(failed)?;
    let seed = problem.learning.seed;
    let tally = settings
        .simulate
        .map(|games| mdp.simulate(&solved.policy, opponent, games, seed))
        .transpose()
        .map_err(failed)?;
    let details = MdpDetails {
        model: model_summary(&mdp, build_ms),
        solve_ms,
        policy_value,
        optimum: Value::either(
            solved.optimum.start,
            exact.as_ref().map(|e| &e.values.start),
        ),
        first_moves: decisions::first_decisions(
            &mdp,
            &solved.optimum,
            exact.as_ref(),
            solved.learned_q.as_deref(),
        )
        .map_err(failed)?,
        outcomes: outcome_rows(&probabilities, tally.as_ref()),
        simulation: settings
            .simulate
            .map(|games| SimulationSummary { games, seed }),
        trace: solved.trace,
    };
    let mut session = MdpSession {
        report: MdpReport {
            optimum: solved.optimum.start,
            optimum_exact: None,
            trace: solved.start_values,
            first_moves: Vec::new(),
            first_position: String::new(),
            outcome_probabilities: OutcomeOdds::of(&probabilities),
            policy: policy_map(&mdp, &solved.policy),
            states: mdp.len(),
        },
        details,
        mdp,
        optimum: solved.optimum,
        exact,
        exact_asked: problem.exact,
    };
    session.report.optimum_exact = session.asked_exact().map(|e| e.values.start.to_string());
    let first = decisions::first_states(&session.mdp).next();
    if let Some((state, _)) = first {
        session.report.first_moves = session.values_at(state)?;
        session.report.first_position = session.mdp.state(state).to_string();
    }
    Ok(session)
}

fn model_summary(mdp: &Mdp<Board>, build_ms: f64) -> ModelSummary {
    ModelSummary {
        game: MODELLED_GAME,
        agent: match mdp.agent() {
            Player::First => "X",
            Player::Second => "O",
        },
        opponent: mdp.opponent().to_owned(),
        gamma: mdp.discount().to_string(),
        states: mdp.len(),
        actions: mdp.action_count(),
        transitions: mdp.transition_count(),
        build_ms,
    }
}

/// The value of the start under `policy`: exact if `exact`, else by float
/// policy evaluation.
fn policy_value(
    mdp: &Mdp<Board>,
    policy: &Policy,
    exact: bool,
    sweeps: &SweepConfig,
) -> Result<Value, FacadeError> {
    if exact {
        let values = mdp.evaluate_exact(policy).map_err(failed)?;
        return Ok(Value::exact(&values.start));
    }
    let values = mdp.evaluate(policy, sweeps).map_err(failed)?;
    Ok(Value::float(values.start))
}

fn policy_map(mdp: &Mdp<Board>, policy: &Policy) -> BTreeMap<String, String> {
    (0..mdp.len() as u32)
        .map(|state| {
            (
                mdp.state(state).to_string(),
                policy.move_in(mdp, state).to_string(),
            )
        })
        .collect()
}

fn ms_since(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use gamesolver_api::mdp::{MAX_SIMULATED_GAMES, Trace};
    use gamesolver_mdp::{Rational, to_f64};

    use super::*;

    fn exact_request() -> MdpRequest {
        MdpRequest {
            exact: true,
            ..MdpRequest::default()
        }
    }

    #[test]
    fn x_against_random_matches_the_cli_numbers() {
        let session = MdpSession::new(&exact_request()).unwrap();
        let report = session.report();
        let exact = report.optimum_exact.as_deref().unwrap();
        assert!((report.optimum - to_f64(&exact.parse::<Rational>().unwrap())).abs() < 1e-9);
        assert_eq!(report.first_moves.len(), 9);
        assert_eq!(report.policy.len(), report.states);
        let odds = &report.outcome_probabilities;
        assert!((odds.win + odds.draw + odds.loss - 1.0).abs() < 1e-9);
    }

    /// The reference trace of policy iteration (docs/PERFORMANCE.md): the
    /// rounds' exact values and changes, and the first moves' values.
    #[test]
    fn the_details_hold_the_reference_trace_and_first_moves() {
        let session = MdpSession::new(&exact_request()).unwrap();
        let details = session.details();
        assert_eq!(details.model.states, 2423);
        assert_eq!(
            (details.model.agent, details.model.gamma.as_str()),
            ("X", "1")
        );
        let Trace::PolicyIteration(rows) = &details.trace else {
            panic!("{:?}", details.trace);
        };
        let rounds: Vec<(Option<&str>, usize)> = rows
            .iter()
            .map(|r| (r.start_value.exact.as_deref(), r.changed))
            .collect();
        for expected in [
            (Some("29/48"), 1241),
            (Some("121/128"), 345),
            (Some("191/192"), 7),
        ] {
            assert!(rounds.contains(&expected), "{rounds:?}");
        }
        assert_eq!(details.optimum.exact.as_deref(), Some("191/192"));
        assert_eq!(details.policy_value, details.optimum);
        let [decision] = &details.first_moves[..] else {
            panic!("X has one first decision");
        };
        let best: Vec<u8> = decision
            .moves
            .iter()
            .filter(|m| m.best)
            .map(|m| m.mv)
            .collect();
        assert_eq!(best, [0, 2, 6, 8]);
        assert_eq!(decision.moves[4].value.exact.as_deref(), Some("95/96"));
        // The short report's first moves are the same values.
        let short = &session.report().first_moves;
        assert_eq!(short[4].2.as_deref(), Some("95/96"));
    }

    #[test]
    fn playing_o_has_one_decision_per_opening() {
        let request = MdpRequest {
            side: "o".into(),
            ..exact_request()
        };
        let session = MdpSession::new(&request).unwrap();
        let details = session.details();
        assert_eq!(details.first_moves.len(), 9);
        assert!(details.first_moves.iter().all(|d| d.probability == "1/9"));
        assert_eq!(details.optimum.exact.as_deref(), Some("874/945"));
    }

    /// Q-learning's greedy policy is valued exactly in the details; the
    /// short report stays float unless exact values were asked for.
    #[test]
    fn q_learning_is_judged_exactly() {
        let request = MdpRequest {
            method: "q-learning".into(),
            episodes: 20_000,
            seed: 7,
            ..MdpRequest::default()
        };
        let session = MdpSession::new(&request).unwrap();
        let details = session.details();
        assert!(details.policy_value.exact.is_some());
        assert_eq!(details.optimum.exact.as_deref(), Some("191/192"));
        let Trace::QLearning(summary) = &details.trace else {
            panic!("{:?}", details.trace);
        };
        assert_eq!(summary.curve.len(), session.report().trace.len());
        assert!(
            details.first_moves[0]
                .moves
                .iter()
                .all(|m| m.learned.is_some())
        );
        assert_eq!(session.report().optimum_exact, None);
        assert!(session.report().first_moves.iter().all(|m| m.2.is_none()));
    }

    #[test]
    fn simulation_counts_every_game() {
        let settings = MdpSettings {
            simulate: Some(2000),
            ..MdpSettings::default()
        };
        let session = MdpSession::with_settings(&exact_request(), &settings).unwrap();
        let details = session.details();
        let games: u64 = details.outcomes.iter().filter_map(|r| r.games).sum();
        assert_eq!(games, 2000);
        let loss = &details.outcomes[2];
        assert_eq!(
            (loss.outcome, loss.probability.exact.as_deref()),
            ("loss", Some("0"))
        );
        assert!(details.simulation.is_some());
        // Without a simulation the rows carry the exact probabilities only.
        let session = MdpSession::new(&exact_request()).unwrap();
        assert!(session.details().outcomes.iter().all(|r| r.games.is_none()));
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        for (field, request) in [
            (
                "side",
                MdpRequest {
                    side: "z".into(),
                    ..MdpRequest::default()
                },
            ),
            (
                "opponent",
                MdpRequest {
                    opponent: "genius".into(),
                    ..MdpRequest::default()
                },
            ),
            (
                "method",
                MdpRequest {
                    method: "magic".into(),
                    ..MdpRequest::default()
                },
            ),
        ] {
            let error = MdpSession::new(&request).err().unwrap().to_string();
            assert!(error.contains(field), "{error}");
        }
        let session = MdpSession::new(&MdpRequest::default()).unwrap();
        assert!(session.action_values("X........").is_err());
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let request = MdpRequest::default();
        for (what, settings) in [
            (
                "simulate",
                MdpSettings {
                    simulate: Some(MAX_SIMULATED_GAMES + 1),
                    ..MdpSettings::default()
                },
            ),
            (
                "simulate",
                MdpSettings {
                    simulate: Some(0),
                    ..MdpSettings::default()
                },
            ),
            (
                "tolerance",
                MdpSettings {
                    sweeps: SweepConfig {
                        tolerance: 0.0,
                        ..SweepConfig::default()
                    },
                    ..MdpSettings::default()
                },
            ),
        ] {
            let error = MdpSession::with_settings(&request, &settings)
                .err()
                .unwrap()
                .to_string();
            assert!(error.contains(what), "{error}");
        }
    }
}
