//! The MDP on games other than tic-tac-toe: transpositions at different
//! depths (ids must be renumbered into a topological order) and cycles
//! (exact methods refuse, discounted float methods still work), plus
//! property tests on random policies and discounts.

use crate::common;

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use gamesolver_core::{Game, Outcome, ParseMoveError, Player, Wdl};
use gamesolver_mdp::{
    Discount, Mdp, MdpError, Policy, QLearningConfig, Rational, SweepConfig, Target, UniformRandom,
    to_f64,
};
use proptest::prelude::*;

/// A move in the small test games: a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Step(u8);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Step {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Step, ParseMoveError> {
        s.parse()
            .map(Step)
            .map_err(|_| ParseMoveError::new(s, "a number"))
    }
}

/// Race to 10: each turn add 1 or 4; whoever reaches exactly 10 wins. The
/// same count is reached after different numbers of moves, so breadth-first
/// discovery is not a topological order (8 is found before 6, which leads
/// to it) and the builder must renumber.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Race {
    count: u8,
    turn: Player,
}

const GOAL: u8 = 10;

impl Game for Race {
    type Move = Step;
    const NAME: &'static str = "race";

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.count < GOAL {
            out.extend(
                [1, 4]
                    .into_iter()
                    .filter(|k| self.count + k <= GOAL)
                    .map(Step),
            );
        }
    }

    fn play_unchecked(&mut self, mv: Step) {
        self.count += mv.0;
        self.turn = self.turn.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.count == GOAL).then(|| Outcome::Winner(self.turn.opponent()))
    }
}

/// Spin: a wheel at 0, 1 or 2. Step turns it on (and passes the turn);
/// stop ends the game: at 0 the stopper wins, at 1 it is a draw, at 2 the
/// stopper loses. Positions repeat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Spin {
    wheel: u8,
    turn: Player,
    ended: Option<Outcome>,
}

impl Game for Spin {
    type Move = Step;
    const NAME: &'static str = "spin";

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.ended.is_none() {
            out.extend([Step(0), Step(1)]);
        }
    }

    fn play_unchecked(&mut self, mv: Step) {
        if mv.0 == 1 {
            let wdl = [Wdl::Win, Wdl::Draw, Wdl::Loss][self.wheel as usize];
            self.ended = Some(Outcome::from_value(self.turn, wdl));
        } else {
            self.wheel = (self.wheel + 1) % 3;
            self.turn = self.turn.opponent();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ended
    }
}

/// Expectimax against the uniform opponent, straight from the rules.
fn expectimax<G: Game>(g: &G, agent: Player, memo: &mut HashMap<G, Rational>) -> Rational {
    if let Some(o) = g.outcome() {
        return Rational::from_integer(i128::from(gamesolver_mdp::reward(o.value_for(agent))));
    }
    if let Some(v) = memo.get(g) {
        return *v;
    }
    let children = g
        .moves()
        .into_iter()
        .map(|m| expectimax(&g.after(m), agent, memo));
    let value = if g.turn() == agent {
        children.max().expect("moves")
    } else {
        let n = g.moves().len() as i128;
        children.map(|v| v / n).sum()
    };
    memo.insert(g.clone(), value);
    value
}

fn race(agent: Player) -> Mdp<Race> {
    let start = Race {
        count: 0,
        turn: Player::First,
    };
    Mdp::build(start, agent, &UniformRandom, Discount::NONE).unwrap()
}

fn spin(gamma: &str) -> Mdp<Spin> {
    let start = Spin {
        wheel: 0,
        turn: Player::First,
        ended: None,
    };
    let gamma = gamma.parse().unwrap();
    Mdp::build(start, Player::First, &UniformRandom, gamma).unwrap()
}

#[test]
fn race_ids_are_topological_and_values_match_expectimax() {
    for agent in Player::BOTH {
        let mdp = race(agent);
        assert!(mdp.is_loop_free());
        for s in 0..mdp.len() as u32 {
            for a in mdp.actions(s) {
                for k in mdp.outcomes(a) {
                    if let Target::State(t) = mdp.target(k) {
                        assert!(t > s);
                    }
                }
            }
        }
        let exact = mdp.solve_exact().unwrap();
        let mut memo = HashMap::new();
        let start = Race {
            count: 0,
            turn: Player::First,
        };
        assert_eq!(exact.values.start, expectimax(&start, agent, &mut memo));
        for s in 0..mdp.len() as u32 {
            assert_eq!(exact.values.states[s as usize], memo[mdp.state(s)]);
        }
        let pi = mdp.policy_iteration(&SweepConfig::default()).unwrap();
        assert!((pi.values.start - to_f64(&exact.values.start)).abs() < 1e-9);
    }
}

#[test]
fn spin_has_cycles_so_exact_methods_refuse() {
    let mdp = spin("1");
    assert!(!mdp.is_loop_free());
    assert_eq!(mdp.solve_exact().unwrap_err(), MdpError::NotLoopFree);
    let policy = Policy::first_moves(&mdp);
    assert_eq!(
        mdp.outcome_probabilities(&policy).unwrap_err(),
        MdpError::NotLoopFree
    );
}

#[test]
fn spin_discounted_is_solved_by_both_float_methods() {
    // X to move at wheel 0 stops and wins at once: V* = 1.
    let mdp = spin("0.9");
    let vi = mdp.value_iteration(&SweepConfig::default()).unwrap();
    let pi = mdp.policy_iteration(&SweepConfig::default()).unwrap();
    assert!((vi.values.start - 1.0).abs() < 1e-9);
    assert!((pi.values.start - 1.0).abs() < 1e-9);
    for s in 0..mdp.len() {
        assert!((vi.values.states[s] - pi.values.states[s]).abs() < 1e-9);
    }
    // X at wheel 1: stopping draws (0); stepping hands O the wheel at 2,
    // where O stops and loses half the time (+1 at once) or steps back to X
    // at wheel 0 (worth 1, one step later): ½ + ½·0.9 = 0.95. X at wheel 2:
    // stopping loses; stepping hands O the wheel at 0, where O stops and
    // wins half the time, or steps to X at wheel 1: −½ + ½·0.9·0.95.
    let value_at = |wheel| {
        let id = mdp
            .id_of(&Spin {
                wheel,
                turn: Player::First,
                ended: None,
            })
            .expect("X meets every wheel position");
        vi.values.states[id as usize]
    };
    assert!((value_at(1) - 0.95).abs() < 1e-9);
    assert!((value_at(2) - (-0.5 + 0.5 * 0.9 * 0.95)).abs() < 1e-9);
    let learned = mdp
        .q_learning(&QLearningConfig {
            episodes: 20_000,
            ..QLearningConfig::default()
        })
        .unwrap();
    assert_eq!(learned.policy, pi.policy);
}

#[test]
fn undiscounted_cycles_that_never_end_are_reported() {
    // The first-move policy steps for ever; with γ = 1 its evaluation
    // still converges because O stops half the time.
    let mdp = spin("1");
    let config = SweepConfig {
        max_sweeps: 3,
        tolerance: 1e-300,
        ..SweepConfig::default()
    };
    let err = mdp
        .evaluate(&Policy::first_moves(&mdp), &config)
        .unwrap_err();
    assert!(matches!(err, MdpError::NotConverged { .. }));
}

/// A policy for `mdp` from arbitrary numbers.
fn policy_from<G: Game>(mdp: &Mdp<G>, picks: &[u32]) -> Policy {
    let choice = (0..mdp.len() as u32)
        .map(|s| picks[s as usize % picks.len()] % mdp.actions(s).len() as u32)
        .collect();
    Policy::from_choices(mdp, choice).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_policy_float_evaluation_matches_exact(
        picks in proptest::collection::vec(0u32..9, 1..64),
        o in any::<bool>(),
    ) {
        let agent = if o { Player::Second } else { Player::First };
        let mdp = common::vs_random(agent);
        let policy = policy_from(&mdp, &picks);
        let exact = mdp.evaluate_exact(&policy).unwrap();
        let float = mdp.evaluate(&policy, &SweepConfig::default()).unwrap();
        prop_assert!((float.start - to_f64(&exact.start)).abs() < 1e-9);
        let split = mdp.outcome_probabilities(&policy).unwrap();
        prop_assert_eq!(split.win + split.draw + split.loss, Rational::from_integer(1));
        prop_assert_eq!(split.win - split.loss, exact.start);
        let optimum = mdp.solve_exact().unwrap().values.start;
        prop_assert!(exact.start <= optimum);
    }

    #[test]
    fn any_discount_policy_and_value_iteration_agree_with_exact(numer in 1i128..=20) {
        let gamma = Discount::new(Rational::new(numer, 20)).unwrap();
        let start = Race { count: 0, turn: Player::First };
        let mdp = Mdp::build(start, Player::First, &UniformRandom, gamma).unwrap();
        let exact = to_f64(&mdp.solve_exact().unwrap().values.start);
        let pi = mdp.policy_iteration(&SweepConfig::default()).unwrap();
        let vi = mdp.value_iteration(&SweepConfig::default()).unwrap();
        prop_assert!((pi.values.start - exact).abs() < 1e-9);
        prop_assert!((vi.values.start - exact).abs() < 1e-9);
    }
}

/// An opponent model that breaks its contract in a chosen way.
struct Broken(&'static str);

impl gamesolver_mdp::OpponentModel<Race> for Broken {
    fn name(&self) -> &str {
        self.0
    }

    fn choices(
        &self,
        _position: &Race,
        legal: &[Step],
        out: &mut Vec<(Step, u32)>,
    ) -> Result<(), MdpError> {
        out.clear();
        match self.0 {
            "empty" => {}
            "zero" => out.extend(legal.iter().map(|&m| (m, 0))),
            _ => out.push((Step(7), 1)),
        }
        Ok(())
    }
}

#[test]
fn the_builder_refuses_bad_starts_and_bad_opponent_models() {
    let start = Race {
        count: 0,
        turn: Player::First,
    };
    for broken in ["empty", "zero", "illegal"] {
        let err = Mdp::build(
            start.clone(),
            Player::First,
            &Broken(broken),
            Discount::NONE,
        )
        .unwrap_err();
        assert!(
            matches!(err, MdpError::BadOpponentChoice(_)),
            "{broken}: {err}"
        );
    }
    let finished = Race {
        count: GOAL,
        turn: Player::Second,
    };
    let err = Mdp::build(finished, Player::First, &UniformRandom, Discount::NONE).unwrap_err();
    assert_eq!(err, MdpError::FinishedStart);
    let blind = gamesolver_mdp::Minimax::new(|_: &Race| None);
    let err = Mdp::build(start, Player::First, &blind, Discount::NONE).unwrap_err();
    assert!(matches!(err, MdpError::UnknownPosition(_)), "{err}");
}
