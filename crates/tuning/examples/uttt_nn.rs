//! The ultimate tic-tac-toe network (`gamesolver_engines::uttt::network`):
//! its self-play data and its training.
//!
//! ```text
//! cargo build --release -p gamesolver-tuning --example uttt_nn
//! N=./target/release/examples/uttt_nn
//! $N generate 2000 2000 1 > /tmp/uttt-nn.txt     # [rules,] games, nodes per move, seed [, random plies]
//! $N generate standard 2000 2000 1 > /tmp/uttt-nn-standard.txt   # the standard rule (CodinGame's without a rules word)
//! $N generate --network 2000 2000 1 > /tmp/uttt-nn-2.txt   # played with the network on (the rule's default)
//! $N train 1 /tmp/uttt-nn.txt > crates/engines/src/uttt/network_weights/codingame.rs   # seed, data files (the rule's file)
//! $N train 1 --epochs 30 --result-weight 0.5 /tmp/uttt-nn.txt > w.rs   # epochs (default 12), the result's share of the target (default 0.5)
//! $N train 1 --lambda 0.8 /tmp/uttt-nn.txt > w.rs   # the score's share as the λ-return of the game's later scores
//! $N label /tmp/uttt-nn.txt 30 2000000 > /tmp/uttt-nn-exact.txt   # data, most playable cells, solver nodes
//! $N deepen /tmp/uttt-nn.txt 31 45 100000 > /tmp/uttt-nn-deeper.txt   # data, playable cells, search nodes
//! $N speed /tmp/uttt-nn.txt 8 100000 on     # data, positions, nodes each, network on or off
//! ```
//!
//! `generate` plays self-play under a rule (CodinGame's unless the rules
//! word says `standard`) with alpha-beta on the rule's hand-written
//! evaluation (`EvalWeights::hand_written`, without the network, whatever
//! the default), or with `--network` on the rule's default evaluation
//! (`EvalWeights::for_variant`: the built-in network on, so a new network
//! learns from the games of the one before), at a node budget and writes
//! every position with the game's result and the search's score; `train`
//! fits the network, a correction of that rule's hand-written evaluation
//! (the rule is read from the data's header; every file must name the
//! same), to them (`--lambda`: each position's score blended with the
//! scores after it in its game, `nn_train::lambda_returns`; the losses go
//! to standard error) and writes the engine's weights file;
//! `label` solves the data's positions with at most so many playable cells
//! exactly (`gamesolver_tuning::nn_exact`, a node budget each) and writes
//! the data again with the solved ones' result and score replaced by the
//! exact value, the rest unchanged; `deepen` searches the positions with
//! so many playable cells again (`gamesolver_tuning::nn_deeper`, the
//! rule's default engine, a node budget each) and writes the data with
//! their scores replaced;
//! `speed` searches evenly spaced positions of the data with the data's
//! rule's alpha-beta, the network on or off, and prints the
//! nodes and the time (run it under `valgrind --tool=callgrind` for the
//! instructions per node, which do not depend on the machine's load).

use std::error::Error;
use std::ops::RangeInclusive;

use gamesolver_engines::uttt::engines::{EngineOptions, build};
use gamesolver_engines::uttt::eval::{EvalWeights, UtttEval};
use gamesolver_games::uttt::Variant;
use gamesolver_search::Limits;
use gamesolver_tuning::nn_data::{header_rules, parse_scored, scored_text};
use gamesolver_tuning::nn_deeper::label_by_search;
use gamesolver_tuning::nn_exact::{ExactLabels, label_exactly};
use gamesolver_tuning::nn_train::{
    TrainSettings, examples, fit_hand_scale, fit_score_scale, train,
};
use gamesolver_tuning::selfplay::SelfPlay;

/// The usage text.
const USAGE: &str = "usage: uttt_nn generate [--network] [standard|codingame] GAMES NODES SEED [RANDOM_PLIES] > DATA\n       \
                     uttt_nn train SEED [--result-weight W] [--epochs E] [--lambda L] DATA... > network_weights/RULE.rs\n       \
                     uttt_nn label DATA MAX_CELLS NODES > DATA\n       \
                     uttt_nn deepen DATA MIN_CELLS MAX_CELLS NODES > DATA\n       \
                     uttt_nn speed DATA POSITIONS NODES on|off";

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["generate", args @ ..] => {
            let (with_network, args) = match args {
                ["--network", rest @ ..] => (true, rest),
                _ => (false, args),
            };
            let (variant, args) = match args {
                [rules @ ("standard" | "codingame"), rest @ ..] => (rules.parse()?, rest),
                _ => (Variant::CodinGame, args),
            };
            let settings =
                SelfPlay::from_words(variant, args).map_err(|e| format!("{e}\n{USAGE}"))?;
            generate(&settings, with_network, &words);
            Ok(())
        }
        ["train", seed, rest @ ..] => {
            let mut settings = TrainSettings {
                seed: number(seed, "SEED")?,
                ..TrainSettings::default()
            };
            let mut lambda = 0.0;
            let files = train_options(rest, &mut settings, &mut lambda)?;
            if files.is_empty() {
                return Err(USAGE.into());
            }
            train_files(files, (&settings, lambda), &words)
        }
        ["label", file, cells, nodes] => label(
            file,
            number(cells, "MAX_CELLS")?,
            number(nodes, "NODES")?,
            &words,
        ),
        ["deepen", file, low, high, nodes] => deepen(
            file,
            number(low, "MIN_CELLS")?..=number(high, "MAX_CELLS")?,
            number(nodes, "NODES")?,
            &words,
        ),
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
/// the target, the rest the search's score; `--epochs E`; `--lambda L`:
/// the search's scores later in the game in the rest, as a λ-return) into
/// `settings` and `lambda`; returns the data files after them.
fn train_options<'a>(
    mut words: &'a [&'a str],
    settings: &mut TrainSettings,
    lambda: &mut f32,
) -> Result<&'a [&'a str], String> {
    loop {
        match words {
            ["--lambda", l, rest @ ..] => {
                *lambda = l
                    .parse()
                    .ok()
                    .filter(|l: &f32| (0.0..1.0).contains(l))
                    .ok_or_else(|| format!("--lambda must be in 0..1, got {l:?}\n{USAGE}"))?;
                words = rest;
            }
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

/// Plays the games and prints the data: on the rule's hand-written
/// evaluation, or with `with_network` on its default (the network on).
fn generate(settings: &SelfPlay, with_network: bool, words: &[&str]) {
    let weights = if with_network {
        EvalWeights::for_variant(settings.variant)
    } else {
        EvalWeights::hand_written(settings.variant)
    };
    let options = EngineOptions {
        weights,
        ..EngineOptions::for_variant(settings.variant)
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
    (settings, lambda): (&TrainSettings, f32),
    words: &[&str],
) -> Result<(), Box<dyn Error>> {
    let (mut positions, mut data_header, mut rules) = (Vec::new(), Vec::new(), None);
    for file in files {
        let (variant, text) = read_data(file)?;
        if rules.is_some_and(|r| r != variant) {
            return Err(
                format!("{file} is {variant}-rule data, the files before it are not").into(),
            );
        }
        rules = Some(variant);
        positions.extend(parse_scored(&text, variant)?);
        data_header.extend(
            text.lines()
                .take_while(|l| l.starts_with('#'))
                .map(|l| l.trim_start_matches('#').trim().to_string()),
        );
    }
    let k = fit_score_scale(&positions);
    let variant = rules.unwrap_or(Variant::CodinGame);
    let hand = UtttEval::new(EvalWeights::hand_written(variant));
    let hand_k = fit_hand_scale(&positions, &hand);
    eprintln!(
        "{} {variant}-rule positions; search score scale K = {k:.6e}, evaluation scale {hand_k:.6e}",
        positions.len()
    );
    let data = examples(
        &positions,
        k,
        (settings.result_weight, lambda),
        (&hand, hand_k),
    );
    let (net, losses) = train(&data, settings);
    for (epoch, loss) in losses.iter().enumerate() {
        eprintln!(
            "epoch {epoch:>2}: training {:.5}  held out {:.5}",
            loss.training, loss.held_out
        );
    }
    let last = losses.last().copied().unwrap_or(losses[0]);
    let header = format!(
        "The weights of the {variant}-rule ultimate tic-tac-toe network (`network.rs`), written by\n\
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

/// Solves the positions of `file` with at most `max_cells` playable cells
/// within `nodes` nodes each and prints the data with their labels exact.
fn label(file: &str, max_cells: u32, nodes: u64, words: &[&str]) -> Result<(), Box<dyn Error>> {
    let (variant, text) = read_data(file)?;
    let mut positions = parse_scored(&text, variant)?;
    let ExactLabels {
        tried,
        solved,
        changed,
    } = label_exactly(&mut positions, max_cells, nodes);
    eprintln!("{solved} of {tried} solved, {changed} results changed");
    let what = format!(
        "labelled: {solved} of the {tried} positions with at most {max_cells} playable cells solved \
         ({nodes} nodes each), {changed} results changed; a solved position's score is its exact value"
    );
    print!(
        "{}",
        scored_text(&positions, &rewritten_header(&text, &what, words))
    );
    Ok(())
}

/// Searches the positions of `file` with `cells` playable cells again to
/// `nodes` nodes each with the data's rule's default engine and prints
/// the data with their scores replaced.
fn deepen(
    file: &str,
    cells: RangeInclusive<u32>,
    nodes: u64,
    words: &[&str],
) -> Result<(), Box<dyn Error>> {
    if cells.is_empty() {
        return Err(format!(
            "MIN_CELLS {} is above MAX_CELLS {}\n{USAGE}",
            cells.start(),
            cells.end()
        )
        .into());
    }
    let (variant, text) = read_data(file)?;
    let mut positions = parse_scored(&text, variant)?;
    let options = EngineOptions::for_variant(variant);
    let searched = label_by_search(&mut positions, cells.clone(), nodes, &options);
    eprintln!("{searched} positions searched again");
    let what = format!(
        "deepened: the score of the {searched} positions with {}..={} playable cells from a \
         search of {nodes} nodes with the rule's default engine",
        cells.start(),
        cells.end()
    );
    print!(
        "{}",
        scored_text(&positions, &rewritten_header(&text, &what, words))
    );
    Ok(())
}

/// The header of data rewritten from `text`: its header, then `what` was
/// done and the command.
fn rewritten_header(text: &str, what: &str, words: &[&str]) -> String {
    let old_header: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .collect();
    format!(
        "{}\n{what}\nmade by: uttt_nn {}",
        old_header.join("\n"),
        words.join(" ")
    )
}

/// A data file's rules (from its header) and text.
fn read_data(file: &str) -> Result<(Variant, String), Box<dyn Error>> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let variant = header_rules(&text).map_err(|e| format!("{file}: {e}"))?;
    Ok((variant, text))
}

/// Searches `count` evenly spaced unfinished positions of `file` to
/// `nodes` nodes each with alpha-beta under the data's rule, the network
/// on or off; prints the nodes and the time.
fn speed(file: &str, count: usize, nodes: u64, network: bool) -> Result<(), Box<dyn Error>> {
    let (variant, text) = read_data(file)?;
    let positions = parse_scored(&text, variant)?;
    let step = (positions.len() / count.max(1)).max(1);
    let options = EngineOptions {
        weights: EvalWeights {
            network,
            ..EvalWeights::hand_written(variant)
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
