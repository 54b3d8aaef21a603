//! X and O against the uniformly random opponent: the reference numbers.

use crate::common;

use std::collections::HashMap;

use common::{expectimax, r, vs_random};
use gamesolver_core::{Game, Player};
use gamesolver_games::tictactoe::Board;
use gamesolver_mdp::{Policy, SweepConfig, SweepOrder, Target, to_f64};

#[test]
fn x_has_2423_states_and_v_star_191_192() {
    let mdp = vs_random(Player::First);
    assert_eq!(mdp.len(), 2423);
    assert!(mdp.is_loop_free());
    assert_eq!(mdp.state(0), &Board::empty());
    let exact = mdp.solve_exact().unwrap();
    assert_eq!(exact.values.start, r(191, 192));
}

#[test]
fn policy_iteration_trace_matches_the_reference() {
    let mdp = vs_random(Player::First);
    for order in [SweepOrder::Backward, SweepOrder::Forward] {
        let config = SweepConfig {
            order,
            ..SweepConfig::default()
        };
        let pi = mdp.policy_iteration(&config).unwrap();
        let values: Vec<f64> = pi.rounds.iter().map(|r| r.start_value).collect();
        let changes: Vec<usize> = pi.rounds.iter().map(|r| r.changed).collect();
        let expected = [r(29, 48), r(121, 128), r(191, 192), r(191, 192)];
        assert_eq!(values.len(), 4, "{order:?}");
        for (v, e) in values.iter().zip(&expected) {
            assert!((v - to_f64(e)).abs() < 1e-9, "{order:?}: {v} vs {e}");
        }
        assert_eq!(changes, [1241, 345, 7, 0], "{order:?}");
        for (round, e) in pi.rounds.iter().zip(&expected) {
            assert_eq!(mdp.evaluate_exact(&round.policy).unwrap().start, *e);
        }
    }
}

#[test]
fn backward_sweeps_evaluate_in_one_pass_plus_a_check() {
    let mdp = vs_random(Player::First);
    let pi = mdp.policy_iteration(&SweepConfig::default()).unwrap();
    let sweeps: Vec<u32> = pi.rounds.iter().map(|r| r.sweeps).collect();
    assert_eq!(sweeps, [2, 2, 2, 1]);
    let forward = SweepConfig {
        order: SweepOrder::Forward,
        ..SweepConfig::default()
    };
    let pi = mdp.policy_iteration(&forward).unwrap();
    assert!(pi.rounds[0].sweeps > 2);
}

#[test]
fn float_methods_agree_with_the_exact_values_in_every_state() {
    for agent in Player::BOTH {
        let mdp = vs_random(agent);
        let exact = mdp.solve_exact().unwrap();
        let pi = mdp.policy_iteration(&SweepConfig::default()).unwrap();
        let vi = mdp.value_iteration(&SweepConfig::default()).unwrap();
        for s in 0..mdp.len() {
            let e = to_f64(&exact.values.states[s]);
            assert!((pi.values.states[s] - e).abs() < 1e-9);
            assert!((vi.values.states[s] - e).abs() < 1e-9);
        }
        let e = to_f64(&exact.values.start);
        assert!((pi.values.start - e).abs() < 1e-9);
        assert!((vi.sweeps.last().unwrap().start_value - e).abs() < 1e-9);
        assert_eq!(
            mdp.evaluate_exact(&pi.policy).unwrap().start,
            exact.values.start
        );
        assert_eq!(
            mdp.evaluate_exact(&vi.policy).unwrap().start,
            exact.values.start
        );
    }
}

#[test]
fn value_iteration_forward_takes_several_sweeps_to_the_same_value() {
    let mdp = vs_random(Player::First);
    let config = SweepConfig {
        order: SweepOrder::Forward,
        ..SweepConfig::default()
    };
    let vi = mdp.value_iteration(&config).unwrap();
    assert!(vi.sweeps.len() > 3);
    let last = vi.sweeps.last().unwrap();
    assert!((last.start_value - 191.0 / 192.0).abs() < 1e-9);
    assert!(last.max_change < 1e-12);
}

#[test]
fn optimal_play_never_loses() {
    let mdp = vs_random(Player::First);
    let exact = mdp.solve_exact().unwrap();
    let split = mdp.outcome_probabilities(&exact.policy).unwrap();
    assert_eq!(split.win, r(191, 192));
    assert_eq!(split.draw, r(1, 192));
    assert_eq!(split.loss, r(0, 1));
}

#[test]
fn first_moves_corners_best_then_centre_then_edges() {
    let mdp = vs_random(Player::First);
    let exact = mdp.solve_exact().unwrap();
    let q = mdp.q_values_exact(&exact.values, 0).unwrap();
    let corner = r(191, 192);
    let edge = r(379, 384);
    let expected = [
        corner,
        edge,
        corner,
        edge,
        r(95, 96),
        edge,
        corner,
        edge,
        corner,
    ];
    assert_eq!(q, expected);
    assert_eq!(exact.policy.choice(0), 0);
}

#[test]
fn both_sides_match_an_independent_expectimax() {
    let uniform = |b: &Board| b.moves();
    for agent in Player::BOTH {
        let mdp = vs_random(agent);
        let mut memo = HashMap::new();
        let expected = expectimax(Board::empty(), agent, &uniform, &mut memo);
        let exact = mdp.solve_exact().unwrap();
        assert_eq!(exact.values.start, expected, "{agent:?}");
        for s in 0..mdp.len() as u32 {
            assert_eq!(memo[mdp.state(s)], exact.values.states[s as usize]);
        }
    }
}

#[test]
fn o_starts_from_the_nine_openings() {
    let mdp = vs_random(Player::Second);
    let starts: Vec<_> = mdp.start_outcomes().collect();
    assert_eq!(starts.len(), 9);
    for k in starts {
        assert_eq!(mdp.probability_exact(k), r(1, 9));
        assert!(matches!(mdp.target(k), Target::State(_)));
    }
    let exact = mdp.solve_exact().unwrap();
    let split = mdp.outcome_probabilities(&exact.policy).unwrap();
    assert_eq!(split.win + split.draw + split.loss, r(1, 1));
    let value = split.win - split.loss;
    assert_eq!(value, exact.values.start);
}

#[test]
fn transitions_are_distributions_and_ids_are_topological() {
    for agent in Player::BOTH {
        let mdp = vs_random(agent);
        for s in 0..mdp.len() as u32 {
            assert_eq!(mdp.id_of(mdp.state(s)), Some(s));
            assert_eq!(mdp.state(s).turn(), agent);
            for a in mdp.actions(s) {
                let total: gamesolver_mdp::Rational =
                    mdp.outcomes(a).map(|k| mdp.probability_exact(k)).sum();
                assert_eq!(total, r(1, 1));
                for k in mdp.outcomes(a) {
                    if let Target::State(t) = mdp.target(k) {
                        assert!(t > s);
                    }
                }
            }
        }
    }
}

#[test]
fn the_first_move_policy_is_worth_29_48() {
    let mdp = vs_random(Player::First);
    let policy = Policy::first_moves(&mdp);
    assert_eq!(mdp.evaluate_exact(&policy).unwrap().start, r(29, 48));
    let float = mdp.evaluate(&policy, &SweepConfig::default()).unwrap();
    assert!((float.start - 29.0 / 48.0).abs() < 1e-12);
}
