//! SPSA tuning of the ultimate tic-tac-toe evaluation by match results (see
//! `gamesolver_tuning::spsa`): game pairs between the
//! perturbed weight sets at a fixed node budget, each from its own opening
//! of four random plies (a game at a node budget is a function of its
//! opening, so few openings would replay the same games). Deterministic
//! for a seed; the openings are those of `gamesolver match --random-plies 4
//! --seed SEED`, so check the result with another seed.
//!
//! ```text
//! cargo build --release -p gamesolver-tuning --example uttt_spsa
//! ./target/release/examples/uttt_spsa codingame 2000 5000 1 0.02 > /tmp/spsa.opts   # rules, pairs, nodes, seed, r_end
//! ```
//!
//! Progress goes to stderr; stdout gets the tuned weights as `setoption`
//! lines for `gamesolver match` (docs/PERFORMANCE.md).
//!
//! With `--against CMD` (an engine as `gamesolver match --engine` takes
//! it) the `+` and `−` sets each play the pair's opening with both colours
//! against that engine instead of each other (two games at once, one
//! opponent each), starting from the rule's default weights; the result
//! is the `+` set's points less the `−` set's. An opponent at a fixed
//! budget of its own replays the same game when we do, so the two are
//! compared on paired games, e.g.:
//!
//! ```text
//! uttt_spsa codingame 4500 60000 11 0.015 --against "codingame:$PEERS/tomalard-uttt/bot-d6829ce 100 6500"
//! ```

use std::error::Error;
use std::sync::mpsc;
use std::thread;

use gamesolver_engines::uttt::eval::EvalWeights;
use gamesolver_engines::uttt::openings::random_openings;
use gamesolver_games::uttt::{Board, Variant};
use gamesolver_tuning::eval_parameters::{parameters, setoption_lines, weights_with};
use gamesolver_tuning::opponent::{Opponent, OpponentError};
use gamesolver_tuning::pair::pair_result;
use gamesolver_tuning::spsa::{Schedule, Spsa};

/// The usage text.
const USAGE: &str = "usage: uttt_spsa RULES PAIRS NODES SEED [R_END] [--against CMD] > OPTIONS_FILE\n\
                     (RULES: standard or codingame; R_END: learning rate at the end, default 0.002;\n\
                     CMD: an opponent engine as `gamesolver match --engine` takes it)";

/// Random plies of each pair's opening.
const OPENING_PLIES: usize = 4;

/// Progress is reported every this many pairs.
const REPORT_EVERY: usize = 50;

fn main() -> Result<(), Box<dyn Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let against = match args.iter().position(|a| a == "--against") {
        Some(i) if i + 1 < args.len() => {
            let command = args.remove(i + 1);
            args.remove(i);
            Some(command)
        }
        Some(_) => return Err(format!("--against needs an engine command\n{USAGE}").into()),
        None => None,
    };
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let ([rules, pairs, nodes, seed], rest) = match words.as_slice() {
        [a, b, c, d, rest @ ..] if rest.len() <= 1 => ([*a, *b, *c, *d], rest),
        _ => return Err(USAGE.into()),
    };
    let variant: Variant = rules.parse()?;
    let mut schedule = Schedule::new(number(pairs, "PAIRS")?);
    if let [r_end] = rest {
        schedule.r_end = r_end
            .parse()
            .map_err(|_| format!("R_END must be a number, got {r_end:?}\n{USAGE}"))?;
    }
    let nodes: u64 = number(nodes, "NODES")?;
    let seed = number(seed, "SEED")?;
    let openings = random_openings(schedule.iterations, OPENING_PLIES, seed, variant);
    let start = if against.is_some() {
        EvalWeights::for_variant(variant)
    } else {
        EvalWeights::default()
    };
    let params = parameters(variant, &start);
    let mut spsa = Spsa::new(params.clone(), schedule, seed);
    let mut judge = match &against {
        Some(command) => Judge::Against(Opponents::start(command, variant, nodes)?),
        None => Judge::SelfPlay,
    };
    let mut points = (0.0, 0.0);
    for (k, opening) in openings.iter().enumerate() {
        let p = spsa.perturb();
        let plus = weights_with(start, &params, &p.plus)?;
        let minus = weights_with(start, &params, &p.minus)?;
        let result = match &mut judge {
            Judge::SelfPlay => pair_result(opening, plus, minus, nodes),
            Judge::Against(opponents) => {
                let [a, b] = opponents.points(opening, [plus, minus])?;
                points = (points.0 + a + b, points.1 + 4.0);
                a - b
            }
        };
        spsa.update(&p, result);
        if (k + 1) % REPORT_EVERY == 0 || k + 1 == schedule.iterations {
            let values: Vec<String> = params
                .iter()
                .zip(spsa.values())
                .map(|(p, v)| format!("{} {v:.1}", p.name))
                .collect();
            let score = if points.1 > 0.0 {
                format!(" (score against it {:.1}%)", 100.0 * points.0 / points.1)
            } else {
                String::new()
            };
            eprintln!("pair {}{score}: {}", k + 1, values.join(", "));
        }
    }
    eprintln!(
        "uttt_spsa {}: done",
        std::env::args().skip(1).collect::<Vec<_>>().join(" ")
    );
    print!("{}", setoption_lines(&params, spsa.values()));
    Ok(())
}

/// How an iteration's two weight sets are compared.
enum Judge {
    /// A game pair between them.
    SelfPlay,
    /// Each against the opponent.
    Against(Opponents),
}

/// Two workers, each with its own opponent, playing one weight set's pair
/// of games at a time.
struct Opponents {
    /// Where each worker takes its jobs.
    jobs: [mpsc::Sender<(Board, EvalWeights)>; 2],
    /// Where each worker answers.
    results: [mpsc::Receiver<Result<f64, OpponentError>>; 2],
}

impl Opponents {
    /// Starts the two workers and their opponents (`command`, under
    /// `variant`), ours searching `nodes` a move.
    fn start(command: &str, variant: Variant, nodes: u64) -> Result<Opponents, OpponentError> {
        let worker = || -> Result<_, OpponentError> {
            let (job_tx, job_rx) = mpsc::channel::<(Board, EvalWeights)>();
            let (result_tx, result_rx) = mpsc::channel();
            let (ready_tx, ready_rx) = mpsc::channel();
            let command = command.to_string();
            thread::spawn(move || {
                let mut opponent = match Opponent::start(&command, variant) {
                    Ok(opponent) => {
                        let _ = ready_tx.send(Ok(()));
                        opponent
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                for (opening, weights) in job_rx {
                    if result_tx
                        .send(opponent.points(&opening, weights, nodes))
                        .is_err()
                    {
                        return;
                    }
                }
            });
            ready_rx
                .recv()
                .map_err(|_| OpponentError::Engine("the worker stopped".to_string()))??;
            Ok((job_tx, result_rx))
        };
        let (a, b) = (worker()?, worker()?);
        Ok(Opponents {
            jobs: [a.0, b.0],
            results: [a.1, b.1],
        })
    }

    /// The points of each weight set against its worker's opponent from
    /// the two games of `opening`, played at once.
    fn points(
        &mut self,
        opening: &Board,
        sets: [EvalWeights; 2],
    ) -> Result<[f64; 2], OpponentError> {
        let stopped = || OpponentError::Engine("the worker stopped".to_string());
        for (jobs, weights) in self.jobs.iter().zip(sets) {
            jobs.send((*opening, weights)).map_err(|_| stopped())?;
        }
        let mut points = [0.0; 2];
        for (p, results) in points.iter_mut().zip(&self.results) {
            *p = results.recv().map_err(|_| stopped())??;
        }
        Ok(points)
    }
}

/// A whole number argument.
fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name} must be a whole number, got {text:?}\n{USAGE}"))
}
