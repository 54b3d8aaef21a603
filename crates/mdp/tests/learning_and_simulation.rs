//! Q-learning and simulation on tic-tac-toe against the random opponent.

use crate::common;

use common::{r, vs_random};
use gamesolver_core::Player;
use gamesolver_mdp::{Interval, MdpError, QLearningConfig, UniformRandom, to_f64};

#[test]
fn q_learning_finds_a_near_optimal_policy() {
    let mdp = vs_random(Player::First);
    let config = QLearningConfig {
        episodes: 300_000,
        seed: 7,
        ..QLearningConfig::default()
    };
    let learned = mdp.q_learning(&config).unwrap();
    let value = to_f64(&mdp.evaluate_exact(&learned.policy).unwrap().start);
    println!(
        "learned greedy policy: {value}, estimate {}",
        learned.estimate
    );
    assert!(value > 0.99, "learned policy worth only {value}");
    assert!(value <= 191.0 / 192.0 + 1e-12);
    assert!((learned.estimate - 191.0 / 192.0).abs() < 0.05);
    assert_eq!(learned.checkpoints.len(), config.checkpoints as usize);
    assert_eq!(
        learned.checkpoints.last().unwrap().episodes,
        config.episodes
    );
}

#[test]
fn q_learning_is_reproducible_from_its_seed() {
    let mdp = vs_random(Player::Second);
    let config = QLearningConfig {
        episodes: 20_000,
        seed: 3,
        ..QLearningConfig::default()
    };
    let a = mdp.q_learning(&config).unwrap();
    let b = mdp.q_learning(&config).unwrap();
    assert_eq!(a.q, b.q);
    let c = mdp
        .q_learning(&QLearningConfig { seed: 4, ..config })
        .unwrap();
    assert_ne!(a.q, c.q);
}

#[test]
fn q_learning_refuses_bad_settings() {
    let mdp = vs_random(Player::First);
    let zero = QLearningConfig {
        episodes: 0,
        ..QLearningConfig::default()
    };
    assert!(matches!(
        mdp.q_learning(&zero),
        Err(MdpError::InvalidParameter(_))
    ));
    let epsilon = QLearningConfig {
        epsilon_start: 1.5,
        ..QLearningConfig::default()
    };
    assert!(mdp.q_learning(&epsilon).is_err());
}

#[test]
fn simulated_optimal_games_are_never_lost_and_fit_the_exact_split() {
    let mdp = vs_random(Player::First);
    let exact = mdp.solve_exact().unwrap();
    let games = 100_000;
    let tally = mdp
        .simulate(&exact.policy, &UniformRandom, games, 42)
        .unwrap();
    assert_eq!(tally.total(), games);
    assert_eq!(tally.loss, 0);
    let wins = Interval::wilson95(tally.win, games);
    // 191/192 lies in the interval for this seed (as it does 95% of the time).
    assert!(wins.low <= 191.0 / 192.0 && 191.0 / 192.0 <= wins.high);
    let again = mdp
        .simulate(&exact.policy, &UniformRandom, games, 42)
        .unwrap();
    assert_eq!(tally, again);
}

#[test]
fn simulating_the_first_move_policy_matches_its_exact_split() {
    let mdp = vs_random(Player::Second);
    let policy = gamesolver_mdp::Policy::first_moves(&mdp);
    let split = mdp.outcome_probabilities(&policy).unwrap();
    assert_eq!(split.win + split.draw + split.loss, r(1, 1));
    let games = 50_000;
    let tally = mdp.simulate(&policy, &UniformRandom, games, 9).unwrap();
    for (count, p) in [
        (tally.win, split.win),
        (tally.draw, split.draw),
        (tally.loss, split.loss),
    ] {
        let observed = count as f64 / games as f64;
        // Five standard errors: fails by chance about once in 3 million.
        let p = to_f64(&p);
        let se = (p * (1.0 - p) / games as f64).sqrt();
        assert!((observed - p).abs() < 5.0 * se + 1e-12, "{observed} vs {p}");
    }
}
