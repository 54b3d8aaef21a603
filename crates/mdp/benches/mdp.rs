//! Benchmarks: building the tic-tac-toe MDP and solving it by policy
//! iteration; Q-learning episodes per second.
//!
//! Run with `cargo bench -p gamesolver-mdp --bench mdp`.
// criterion's macros define undocumented functions.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamesolver_core::Player;
use gamesolver_games::tictactoe::Board;
use gamesolver_mdp::{Discount, Mdp, QLearningConfig, SweepConfig, UniformRandom};

fn build(agent: Player) -> Mdp<Board> {
    Mdp::build(Board::empty(), agent, &UniformRandom, Discount::NONE).expect("builds")
}

fn build_and_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe_vs_random");
    group.bench_function("build", |b| b.iter(|| build(black_box(Player::First))));
    group.bench_function("build_and_policy_iteration", |b| {
        b.iter(|| {
            let mdp = build(black_box(Player::First));
            mdp.policy_iteration(&SweepConfig::default())
                .expect("converges")
                .values
                .start
        })
    });
    let mdp = build(Player::First);
    group.bench_function("policy_iteration", |b| {
        b.iter(|| {
            mdp.policy_iteration(&SweepConfig::default())
                .expect("converges")
        })
    });
    group.bench_function("value_iteration", |b| {
        b.iter(|| {
            mdp.value_iteration(&SweepConfig::default())
                .expect("converges")
        })
    });
    group.bench_function("solve_exact", |b| {
        b.iter(|| mdp.solve_exact().expect("loop-free"))
    });
    group.finish();
}

fn q_learning(c: &mut Criterion) {
    const EPISODES: u64 = 100_000;
    let mdp = build(Player::First);
    let mut group = c.benchmark_group("q_learning");
    group.throughput(Throughput::Elements(EPISODES));
    group.bench_function("episodes_100k", |b| {
        let config = QLearningConfig {
            episodes: EPISODES,
            checkpoints: 1,
            ..QLearningConfig::default()
        };
        b.iter(|| mdp.q_learning(&config).expect("valid settings").estimate)
    });
    group.finish();
}

criterion_group!(benches, build_and_solve, q_learning);
criterion_main!(benches);
