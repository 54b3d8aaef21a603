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

use std::error::Error;

use gamesolver_engines::uttt::eval::EvalWeights;
use gamesolver_engines::uttt::openings::random_openings;
use gamesolver_games::uttt::Variant;
use gamesolver_tuning::eval_parameters::{parameters, setoption_lines, weights_with};
use gamesolver_tuning::pair::pair_result;
use gamesolver_tuning::spsa::{Schedule, Spsa};

/// The usage text.
const USAGE: &str = "usage: uttt_spsa RULES PAIRS NODES SEED [R_END] > OPTIONS_FILE\n\
                     (RULES: standard or codingame; R_END: learning rate at the end, default 0.002)";

/// Random plies of each pair's opening.
const OPENING_PLIES: usize = 4;

/// Progress is reported every this many pairs.
const REPORT_EVERY: usize = 50;

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
    let start = EvalWeights::default();
    let params = parameters(variant, &start);
    let mut spsa = Spsa::new(params.clone(), schedule, seed);
    for (k, opening) in openings.iter().enumerate() {
        let p = spsa.perturb();
        let plus = weights_with(start, &params, &p.plus)?;
        let minus = weights_with(start, &params, &p.minus)?;
        let result = pair_result(opening, plus, minus, nodes);
        spsa.update(&p, result);
        if (k + 1) % REPORT_EVERY == 0 || k + 1 == schedule.iterations {
            let values: Vec<String> = params
                .iter()
                .zip(spsa.values())
                .map(|(p, v)| format!("{} {v:.1}", p.name))
                .collect();
            eprintln!("pair {}: {}", k + 1, values.join(", "));
        }
    }
    eprintln!("uttt_spsa {}: done", words.join(" "));
    print!("{}", setoption_lines(&params, spsa.values()));
    Ok(())
}

/// A whole number argument.
fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name} must be a whole number, got {text:?}\n{USAGE}"))
}
