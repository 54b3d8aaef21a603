//! The solved CodinGame-rule endgame suite (`data/uttt-codingame-endgames.txt`):
//!
//! - `cargo run --release -p gamesolver-engines --example uttt_endgames -- generate 200 1 > data/uttt-codingame-endgames.txt`
//!   plays imperfect self-play games and solves their late positions
//!   (14-22 playable cells; `generate COUNT SEED MIN MAX` for another
//!   range, e.g. `23 30`, the deeper set: slow, each position's moves all
//!   solved exactly);
//! - `cargo run --release -p gamesolver-engines --example uttt_endgames -- measure data/uttt-codingame-endgames.txt`
//!   reports how often the engine keeps the value, at 20 ms and at a fixed
//!   node count, with and without the endgame solver;
//! - `cargo run --release -p gamesolver-engines --example uttt_endgames -- solve data/uttt-codingame-endgames-deep.txt`
//!   solves every position of a suite from an empty table and prints the
//!   solver's nodes and time by playable cells (the nodes do not depend on
//!   the machine: the solver's bench).

use std::process::ExitCode;

use std::collections::BTreeMap;
use std::time::Instant;

use gamesolver_core::Game;

use gamesolver_engines::uttt::endgame::{EndgameSolver, playable_cells};
use gamesolver_engines::uttt::endgame_suite::{
    SUITE_CELLS, SolvedPosition, generate, parse_suite, preserved, suite_text,
};
use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::solving::SOLVE_BELOW;
use gamesolver_games::uttt::Variant;
use gamesolver_search::Limits;

/// Nodes per move of the self-play games that lead to the positions.
const PLAY_NODES: u64 = 3000;
/// Node budget of each exact solve.
const SOLVE_NODES: u64 = 50_000_000;
/// log2 of the solver's table slots for the `solve` bench (the engine's
/// size: 16 MB).
const SOLVER_TABLE_BITS: u32 = 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generate", count, seed] => generate_suite(count, seed, SUITE_CELLS),
        ["generate", count, seed, low, high] => match (low.parse(), high.parse()) {
            (Ok(low), Ok(high)) if low <= high => generate_suite(count, seed, (low, high)),
            _ => usage(),
        },
        ["measure", path] => measure(path),
        ["solve", path] => solve_suite(path),
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

/// The suite in the file at `path`, or the error printed.
fn read_suite(path: &str) -> Option<Vec<SolvedPosition>> {
    match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| parse_suite(&text).map_err(|e| e.to_string()))
    {
        Ok(suite) => Some(suite),
        Err(e) => {
            eprintln!("error: {path}: {e}");
            None
        }
    }
}

/// Solves each position of the suite from an empty table and prints the
/// nodes and time by playable cells; fails if a value disagrees with the
/// suite's.
fn solve_suite(path: &str) -> ExitCode {
    let Some(suite) = read_suite(path) else {
        return ExitCode::FAILURE;
    };
    // Per playable-cell count: positions, nodes, seconds, the most nodes.
    let mut rows: BTreeMap<u32, (u64, u64, f64, u64)> = BTreeMap::new();
    let mut all_nodes = Vec::new();
    let mut all_ms = Vec::new();
    let mut wrong = 0;
    let (mut solver, mut checker) = (
        EndgameSolver::new(SOLVER_TABLE_BITS),
        EndgameSolver::new(SOLVER_TABLE_BITS),
    );
    for position in &suite {
        // An empty table for each position (cleared outside the time).
        solver.clear();
        let started = Instant::now();
        let Some(solved) = solver.solve(&position.board, &Limits::nodes(SOLVE_NODES)) else {
            eprintln!("not solved within {SOLVE_NODES} nodes: {}", position.board);
            wrong += 1;
            continue;
        };
        let seconds = started.elapsed().as_secs_f64();
        if solved.value != position.value {
            eprintln!(
                "value {} against the suite's {}: {}",
                solved.value, position.value, position.board
            );
            wrong += 1;
        }
        // The move found keeps the value (checked by a solver of its own).
        let kept = solved.best.and_then(|mv| {
            checker.clear();
            checker.solve(&position.board.after(mv), &Limits::nodes(SOLVE_NODES))
        });
        if kept.map(|child| -child.value) != Some(solved.value) {
            eprintln!(
                "the move {:?} does not keep the value: {}",
                solved.best, position.board
            );
            wrong += 1;
        }
        all_nodes.push(solved.nodes);
        all_ms.push(seconds * 1000.0);
        let row = rows.entry(playable_cells(&position.board)).or_default();
        row.0 += 1;
        row.1 += solved.nodes;
        row.2 += seconds;
        row.3 = row.3.max(solved.nodes);
    }
    println!("cells  positions  mean nodes   max nodes  mean ms");
    let (mut count, mut nodes, mut seconds) = (0, 0, 0.0);
    for (cells, (n, sum, secs, max)) in &rows {
        println!(
            "{cells:>5}  {n:>9}  {:>10}  {max:>10}  {:>7.2}",
            sum / n,
            1000.0 * secs / *n as f64
        );
        (count, nodes, seconds) = (count + n, nodes + sum, seconds + secs);
    }
    println!(
        "all    {count:>9}  {:>10}  total nodes {nodes}, {:.0} nodes/ms",
        nodes / count.max(1),
        nodes as f64 / (1000.0 * seconds).max(1e-9)
    );
    all_nodes.sort_unstable();
    let quantile = |q: usize| all_nodes.get(all_nodes.len() * q / 4).copied().unwrap_or(0);
    let within = |n: u64| all_nodes.iter().filter(|&&x| x <= n).count();
    println!(
        "nodes: quartiles {} {} {}; solved within 10,000 nodes {}, 100,000 {}, 1,000,000 {}",
        quantile(1),
        quantile(2),
        quantile(3),
        within(10_000),
        within(100_000),
        within(1_000_000)
    );
    let in_time = |ms: f64| all_ms.iter().filter(|&&x| x <= ms).count();
    println!(
        "solved within 2 ms {}, 10 ms {}, 50 ms {}; total {:.0} ms",
        in_time(2.0),
        in_time(10.0),
        in_time(50.0),
        all_ms.iter().sum::<f64>()
    );
    if wrong > 0 {
        eprintln!("error: {wrong} positions unsolved or with another value");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Prints the share of value-keeping moves under each condition.
fn measure(path: &str) -> ExitCode {
    let Some(suite) = read_suite(path) else {
        return ExitCode::FAILURE;
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
                ..EngineOptions::for_variant(Variant::CodinGame)
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
    eprintln!("usage: uttt_endgames generate COUNT SEED [MIN MAX] | measure FILE | solve FILE");
    ExitCode::FAILURE
}
