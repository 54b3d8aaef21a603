//! The ultimate tic-tac-toe network (`gamesolver_engines::uttt::network`):
//! its self-play data and its training.
//!
//! ```text
//! cargo build --release -p gamesolver-tuning --example uttt_nn
//! N=./target/release/examples/uttt_nn
//! $N generate 2000 2000 1 > /tmp/uttt-nn.txt     # games, nodes per move, seed [, random plies]
//! $N train 1 /tmp/uttt-nn.txt > crates/engines/src/uttt/network_weights.rs   # seed, data files
//! $N train 1 --epochs 30 --result-weight 0.5 /tmp/uttt-nn.txt > w.rs   # epochs (default 12), the result's share of the target (default 0.5)
//! $N speed /tmp/uttt-nn.txt 8 100000 on     # data, positions, nodes each, network on or off
//! ```
//!
//! `generate` plays CodinGame-rule self-play with alpha-beta on the rule's
//! hand-written evaluation (`EvalWeights::CODINGAME_HAND`, without the
//! network, whatever the default) at a node budget and
//! writes every position with the game's result and the search's score;
//! `train` fits the network, a correction of CodinGame's hand-written
//! evaluation, to them (the losses go to standard error) and writes the
//! engine's weights file; `speed` searches evenly spaced positions of the
//! data with CodinGame's alpha-beta, the network on or off, and prints the
//! nodes and the time (run it under `valgrind --tool=callgrind` for the
//! instructions per node, which do not depend on the machine's load).

use std::error::Error;

use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::eval::{EvalWeights, UtttEval};
use gamesolver_games::uttt::Variant;
use gamesolver_search::Limits;
use gamesolver_tuning::nn_data::{parse_scored, scored_text};
use gamesolver_tuning::nn_train::{
    TrainSettings, examples, fit_hand_scale, fit_score_scale, train,
};
use gamesolver_tuning::selfplay::SelfPlay;

/// The usage text.
const USAGE: &str = "usage: uttt_nn generate GAMES NODES SEED [RANDOM_PLIES] > DATA\n       \
                     uttt_nn train SEED [--result-weight W] [--epochs E] DATA... > network_weights.rs\n       \
                     uttt_nn speed DATA POSITIONS NODES on|off";

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["generate", args @ ..] => {
            let settings = SelfPlay::from_words(Variant::CodinGame, args)
                .map_err(|e| format!("{e}\n{USAGE}"))?;
            generate(&settings, &words);
            Ok(())
        }
        ["train", seed, rest @ ..] => {
            let mut settings = TrainSettings {
                seed: number(seed, "SEED")?,
                ..TrainSettings::default()
            };
            let files = train_options(rest, &mut settings)?;
            if files.is_empty() {
                return Err(USAGE.into());
            }
            train_files(files, &settings, &words)
        }
        ["speed", file, count, nodes, network @ ("on" | "off")] => speed(
            file,
            number(count, "POSITIONS")?,
            number(nodes, "NODES")?,
            *network == "on",
        ),
        _ => Err(USAGE.into()),
    }
}

/// Reads `train`'s options (`--result-weight W`: the result's share of
/// the target, the rest the search's score; `--epochs E`) into
/// `settings`; returns the data files after them.
fn train_options<'a>(
    mut words: &'a [&'a str],
    settings: &mut TrainSettings,
) -> Result<&'a [&'a str], String> {
    loop {
        match words {
            ["--result-weight", w, rest @ ..] => {
                settings.result_weight = w
                    .parse()
                    .ok()
                    .filter(|w: &f32| (0.0..=1.0).contains(w))
                    .ok_or_else(|| {
                    format!("--result-weight must be in 0..=1, got {w:?}\n{USAGE}")
                })?;
                words = rest;
            }
            ["--epochs", e, rest @ ..] => {
                settings.epochs = number(e, "--epochs")?;
                words = rest;
            }
            _ => return Ok(words),
        }
    }
}

/// A whole number argument.
fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name} must be a whole number, got {text:?}\n{USAGE}"))
}

/// Plays the games and prints the data.
fn generate(settings: &SelfPlay, words: &[&str]) {
    // Played with the hand-written evaluation the network corrects.
    let options = EngineOptions {
        weights: EvalWeights::CODINGAME_HAND,
        ..EngineOptions::default()
    };
    let positions = settings.generate_scored(&options);
    let header = format!(
        "ultimate tic-tac-toe self-play positions: result and search score for the side to move\n\
         {}: {} positions\n\
         made by: uttt_nn {}",
        settings.describe(),
        positions.len(),
        words.join(" ")
    );
    print!("{}", scored_text(&positions, &header));
}

/// Trains on the data of `files` (in order) and prints the weights file.
fn train_files(
    files: &[&str],
    settings: &TrainSettings,
    words: &[&str],
) -> Result<(), Box<dyn Error>> {
    let (mut positions, mut data_header) = (Vec::new(), Vec::new());
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        positions.extend(parse_scored(&text, Variant::CodinGame)?);
        data_header.extend(
            text.lines()
                .take_while(|l| l.starts_with('#'))
                .map(|l| l.trim_start_matches('#').trim().to_string()),
        );
    }
    let k = fit_score_scale(&positions);
    let hand = UtttEval::new(EvalWeights::CODINGAME_HAND);
    let hand_k = fit_hand_scale(&positions, &hand);
    eprintln!(
        "{} positions; search score scale K = {k:.6e}, evaluation scale {hand_k:.6e}",
        positions.len()
    );
    let data = examples(&positions, k, settings.result_weight, (&hand, hand_k));
    let (net, losses) = train(&data, settings);
    for (epoch, loss) in losses.iter().enumerate() {
        eprintln!(
            "epoch {epoch:>2}: training {:.5}  held out {:.5}",
            loss.training, loss.held_out
        );
    }
    let last = losses.last().copied().unwrap_or(losses[0]);
    let header = format!(
        "The weights of the ultimate tic-tac-toe network (`network.rs`), written by\n\
         `uttt_nn {}` (crates/tuning/examples/uttt_nn.rs): do not edit.\n\
         Data: {}\n\
         Settings: {settings:?}; search score scale K = {k:.6e}, evaluation scale {hand_k:.6e};\n\
         held-out cross-entropy {:.5} before training, {:.5} after.",
        words.join(" "),
        data_header.join("\n"),
        losses[0].held_out,
        last.held_out,
    );
    let score_per_logit = (1.0 / hand_k).round() as i32;
    print!("{}", net.quantize(score_per_logit).rust_source(&header));
    Ok(())
}

/// Searches `count` evenly spaced unfinished positions of `file` to
/// `nodes` nodes each with CodinGame's alpha-beta, the network on or off;
/// prints the nodes and the time.
fn speed(file: &str, count: usize, nodes: u64, network: bool) -> Result<(), Box<dyn Error>> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let positions = parse_scored(&text, Variant::CodinGame)?;
    let step = (positions.len() / count.max(1)).max(1);
    let options = EngineOptions {
        weights: EvalWeights {
            network,
            ..EvalWeights::CODINGAME_HAND
        },
        ..EngineOptions::default()
    };
    let mut engine = build(&options);
    let (mut total, start) = (0, std::time::Instant::now());
    for p in positions.iter().step_by(step).take(count) {
        engine.new_game();
        let info = engine.think(&p.labelled.board, &Limits::nodes(nodes), &mut |_| {});
        total += info.nodes;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "network {}: {total} nodes in {seconds:.3} s, {:.0} nodes/s",
        if network { "on" } else { "off" },
        total as f64 / seconds
    );
    Ok(())
}
