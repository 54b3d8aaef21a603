//! The ultimate tic-tac-toe MCTS bench: the eight bench positions, a fresh
//! engine each, a fixed number of iterations; prints each chosen move and
//! tree size, the total tree size (the deterministic signature) and the
//! iterations per second.
//!
//! `cargo run --release -p gamesolver-engines --example uttt_mcts_bench -- [ITERATIONS] [standard|codingame]`

use std::process::ExitCode;

use gamesolver_engines::uttt::mcts::bench::{BENCH_ITERATIONS, MctsBenchLine, run};
use gamesolver_games::uttt::Variant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let iterations = match args.first().map(|a| a.parse::<u64>()) {
        None => BENCH_ITERATIONS,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => return usage(),
    };
    let variant = match args.get(1).map(|a| a.parse::<Variant>()) {
        None => Variant::Standard,
        Some(Ok(v)) => v,
        Some(Err(e)) => {
            eprintln!("{e}");
            return usage();
        }
    };
    let mut index = 0;
    let lines = run(variant, iterations, &mut |line: &MctsBenchLine| {
        index += 1;
        println!(
            "position {index:>2}  bestmove {:>4}  iterations {:>8}  tree {:>9}  {:>8.1} ms",
            line.bestmove,
            line.iterations,
            line.tree_nodes,
            line.elapsed.as_secs_f64() * 1e3
        );
    });
    let total: u64 = lines.iter().map(|l| l.iterations).sum();
    let tree: usize = lines.iter().map(|l| l.tree_nodes).sum();
    let seconds: f64 = lines.iter().map(|l| l.elapsed.as_secs_f64()).sum();
    println!(
        "{variant}: {total} iterations, tree signature {tree} nodes, {:.0} iterations/s",
        total as f64 / seconds.max(1e-9)
    );
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: uttt_mcts_bench [ITERATIONS > 0] [standard|codingame]");
    ExitCode::from(2)
}
