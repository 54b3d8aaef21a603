//! Texel-style tuning of the ultimate tic-tac-toe evaluation (see
//! `gamesolver_engines::uttt::tuning`):
//!
//! ```text
//! cargo build --release -p gamesolver-tuning --example uttt_tune
//! T=./target/release/examples/uttt_tune
//! $T generate codingame 3000 2000 1 > /tmp/uttt-codingame.txt   # rules, games, nodes per move, seed [, random plies]
//! $T fit codingame /tmp/uttt-codingame.txt                      # losses before/after and the tuned weights
//! ```

use std::error::Error;

use gamesolver_engines::uttt::eval::EvalWeights;
use gamesolver_games::uttt::Variant;
use gamesolver_tuning::dataset::{dataset_text, parse_dataset};
use gamesolver_tuning::selfplay::SelfPlay;
use gamesolver_tuning::tune::{Losses, tune};

/// The usage text.
const USAGE: &str = "usage: uttt_tune generate RULES GAMES NODES SEED [RANDOM_PLIES] > FILE\n       \
                     uttt_tune fit RULES FILE\n(RULES: standard or codingame)";

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["generate", rules, args @ ..] => {
            let settings =
                SelfPlay::from_words(rules.parse()?, args).map_err(|e| format!("{e}\n{USAGE}"))?;
            generate(&settings, &words);
            Ok(())
        }
        ["fit", rules, file] => fit(rules.parse()?, file),
        _ => Err(USAGE.into()),
    }
}

/// Plays the games and prints the dataset.
fn generate(settings: &SelfPlay, words: &[&str]) {
    let positions = settings.generate();
    let header = format!(
        "ultimate tic-tac-toe quiet positions, result for the side to move\n\
         {}: {} positions\n\
         made by: uttt_tune {}",
        settings.describe(),
        positions.len(),
        words.join(" ")
    );
    print!("{}", dataset_text(&positions, &header));
}

/// Fits the weights to the dataset in `file` and prints the report.
fn fit(variant: Variant, file: &str) -> Result<(), Box<dyn Error>> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let positions = parse_dataset(&text, variant)?;
    let start = EvalWeights::default();
    let report = tune(start, &positions);
    let show = |name: &str, l: &Losses| {
        println!(
            "{name:<24} training {:.6}  held out {:.6}",
            l.training, l.held_out
        );
    };
    println!(
        "positions: {} training, {} held out; K = {:.6e}",
        report.positions.0, report.positions.1, report.k
    );
    show("loss before", &report.before);
    show("loss fitted", &report.fitted);
    show("loss fitted and rounded", &report.after);
    println!("before: {start:?}");
    println!("after:  {:?}", report.weights);
    Ok(())
}
