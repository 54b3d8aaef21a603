//! The vector environment's step without Python: a batch of one built-in
//! game stepped in self-play with random legal actions drawn in the pass
//! (what `SelfPlayVectorEnv.step_random()` runs), one part per thread,
//! every output row written. Prints the steps per second and a checksum
//! of the last rows (equal for equal code, game, games and steps, whatever
//! the threads). Threads are spawned anew for every step, so rates on
//! several threads include that cost (Python's crew keeps its threads):
//! compare them with each other, not with the vector env's. Under callgrind
//! the difference of two step counts, divided by the extra steps × games,
//! is the instructions per game-step of the Rust side alone:
//!
//! ```sh
//! cargo build --release -p gamesolver-engines --example batch_step
//! B=./target/release/examples/batch_step
//! $B uttt 1024 2000            # GAME GAMES STEPS [THREADS]
//! valgrind --tool=callgrind $B uttt 1024 300   # and 100: (I300 - I100) / (200 * 1024)
//! ```

use std::process::ExitCode;
use std::time::Instant;

use gamesolver_api::batch::{AgentMoves, GameSlot, OpponentMoves, PartStep, RowBuffers, StepPlan};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| match args.get(i) {
        None => Some(default),
        Some(text) => text.parse().ok().filter(|&n| n > 0),
    };
    let (Some(games), Some(steps), Some(threads)) =
        (number(1, 1024), number(2, 1000), number(3, 1))
    else {
        return usage();
    };
    let game = args.first().map_or("uttt", String::as_str);
    match run(game, games, steps, threads) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Steps `games` games of `game` `steps` times (after a reset) on
/// `threads` threads and prints the rate and the checksum.
fn run(game: &str, games: usize, steps: usize, threads: usize) -> Result<(), String> {
    let registry = gamesolver_engines::builtin();
    let def = registry.get(game).map_err(|e| e.to_string())?;
    let start = def.start(None).map_err(|e| e.to_string())?;
    let info = def.info();
    let [planes, rows, cols] = info.observation_shape;
    let plan = StepPlan {
        agent: None,
        max_steps: None,
        observation_len: planes * rows * cols,
        actions: info.action_space as usize,
        finished_player: -4,
    };
    let mut states = start.batch(games);
    let mut slots: Vec<GameSlot> = (0..games).map(|i| GameSlot::new(i as u64)).collect();
    let mut outputs = RowBuffers::new(games, &plan);
    let mut drawn = vec![0i64; games];
    let per_part = games.div_ceil(threads);
    let began = Instant::now();
    for step in 0..=steps {
        let parts = states.parts(per_part);
        let mut rows = outputs.rows();
        let (mut slots_left, mut drawn_left) = (&mut slots[..], &mut drawn[..]);
        let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
            let mut running = Vec::new();
            for mut part in parts {
                let len = part.len();
                let (mine, rest) = rows.split(len, plan.observation_len, plan.actions);
                rows = rest;
                let (my_slots, rest) = std::mem::take(&mut slots_left).split_at_mut(len);
                slots_left = rest;
                let (my_drawn, rest) = std::mem::take(&mut drawn_left).split_at_mut(len);
                drawn_left = rest;
                let plan = &plan;
                let work = move || {
                    let agent = if step == 0 {
                        AgentMoves::Reset
                    } else {
                        AgentMoves::Random(my_drawn)
                    };
                    part.step(PartStep {
                        plan,
                        slots: my_slots,
                        agent,
                        opponent: OpponentMoves::Random,
                        rows: mine,
                        stop: None,
                    })
                    .map_err(|e| e.to_string())
                };
                if threads == 1 {
                    running.push(Ok(work()));
                } else {
                    running.push(Err(scope.spawn(work)));
                }
            }
            running
                .into_iter()
                .map(|run| match run {
                    Ok(result) => result,
                    Err(handle) => handle
                        .join()
                        .unwrap_or_else(|_| Err("a part panicked".into())),
                })
                .collect()
        });
        results.into_iter().collect::<Result<Vec<()>, String>>()?;
    }
    let seconds = began.elapsed().as_secs_f64();
    let stepped = (games * steps) as f64;
    println!(
        "{game}: {games} games, {steps} steps, {threads} thread(s): {:.2} M steps/s, checksum {}",
        stepped / seconds / 1e6,
        checksum(&outputs)
    );
    Ok(())
}

/// The sum of the observations' and masks' values and the players.
fn checksum(outputs: &RowBuffers) -> f64 {
    let observations: f64 = outputs.observations.iter().map(|&v| f64::from(v)).sum();
    let masks: i64 = outputs.masks.iter().map(|&v| i64::from(v)).sum();
    let players: i64 = outputs.players.iter().map(|&v| i64::from(v)).sum();
    observations + (masks + players) as f64
}

fn usage() -> ExitCode {
    eprintln!("usage: batch_step [GAME [GAMES [STEPS [THREADS]]]] (counts at least 1)");
    ExitCode::FAILURE
}
