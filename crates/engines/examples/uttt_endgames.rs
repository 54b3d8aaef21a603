//! The solved CodinGame-rule endgame suite (`data/uttt-codingame-endgames.txt`):
//!
//! - `cargo run --release -p gamesolver-engines --example uttt_endgames -- generate 200 1 > data/uttt-codingame-endgames.txt`
//!   plays imperfect self-play games and solves their late positions
//!   (14-22 playable cells; `generate COUNT SEED MIN MAX` for another
//!   range, e.g. `23 30`, the deeper set: slow, each position's moves all
//!   solved exactly);
//! - `cargo run --release -p gamesolver-engines --example uttt_endgames -- measure data/uttt-codingame-endgames.txt`
//!   reports how often the engine keeps the value, at 20 ms and at a fixed
//!   node count, with and without the endgame solver.

use std::process::ExitCode;

use gamesolver_engines::uttt::endgame::EndgameSolver;
use gamesolver_engines::uttt::endgame_suite::{
    SUITE_CELLS, generate, parse_suite, preserved, suite_text,
};
use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::eval::EvalWeights;
use gamesolver_engines::uttt::solving::SOLVE_BELOW;
use gamesolver_games::uttt::Variant;
use gamesolver_search::Limits;

/// Nodes per move of the self-play games that lead to the positions.
const PLAY_NODES: u64 = 3000;
/// Node budget of each exact solve.
const SOLVE_NODES: u64 = 50_000_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generate", count, seed] => generate_suite(count, seed, SUITE_CELLS),
        ["generate", count, seed, low, high] => match (low.parse(), high.parse()) {
            (Ok(low), Ok(high)) if low <= high => generate_suite(count, seed, (low, high)),
            _ => usage(),
        },
        ["measure", path] => measure(path),
        _ => usage(),
    }
}

/// Prints a suite of `count` positions with `cells` playable cells.
fn generate_suite(count: &str, seed: &str, cells: (u32, u32)) -> ExitCode {
    let (Ok(count), Ok(seed)) = (count.parse(), seed.parse::<u64>()) else {
        return usage();
    };
    let suite = generate(count, cells, PLAY_NODES, SOLVE_NODES, seed);
    let (low, high) = cells;
    let range = if cells == SUITE_CELLS {
        String::new()
    } else {
        format!(" {low} {high}")
    };
    let header = format!(
        "Exactly solved CodinGame-rule endgames (value for the side to move: 1 win,\n\
         0 draw, -1 loss), {low}-{high} playable cells, each with a move that loses value.\n\
         From self-play at {PLAY_NODES} nodes/move with one move in four random, seed {seed}.\n\
         Regenerate: cargo run --release -p gamesolver-engines --example uttt_endgames -- generate {count} {seed}{range}"
    );
    print!("{}", suite_text(&suite, &header));
    ExitCode::SUCCESS
}

/// Prints the share of value-keeping moves under each condition.
fn measure(path: &str) -> ExitCode {
    let suite = match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| parse_suite(&text).map_err(|e| e.to_string()))
    {
        Ok(suite) => suite,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut solver = EndgameSolver::new(22);
    for solve_below in [SOLVE_BELOW, 0] {
        for (name, limits) in [
            ("20 ms", Limits::movetime_ms(20)),
            ("100000 nodes", Limits::nodes(100_000)),
        ] {
            // The suite is CodinGame's rule: the engine as that rule's default.
            let mut engine = build(&EngineOptions {
                solve_below,
                weights: EvalWeights::for_variant(Variant::CodinGame),
                ..EngineOptions::default()
            });
            let kept = preserved(engine.as_mut(), &mut solver, &suite, &limits, SOLVE_NODES);
            println!(
                "{name:>12}, solver at <= {solve_below:>2} cells: {kept}/{} keep the value ({:.1}%)",
                suite.len(),
                100.0 * kept as f64 / suite.len().max(1) as f64
            );
        }
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: uttt_endgames generate COUNT SEED [MIN MAX] | measure FILE");
    ExitCode::FAILURE
}
