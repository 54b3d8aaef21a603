//! `gamesolver tour`: the newcomer's first command.

use std::io::Write;

use gamesolver_games::jungle;

use super::{bestmove, mdp, perft, query, selfplay, solve, tablebase};
use crate::search_args::{LimitArgs, RuleArgs};
use gamesolver_engines::EngineKind;

/// Arguments of `gamesolver tour` (none yet).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs each capability briefly, saying what is shown.
pub fn run(_args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "gamesolver tour: every capability, briefly.\n")?;
    section(
        out,
        "1. Tic-tac-toe, strongly solved",
        "Every position reachable from the empty board is enumerated and valued by \
         retrograde analysis, from the last ply back to the first.",
        "gamesolver solve tictactoe",
    )?;
    solve::write_summary(out)?;
    section(
        out,
        "2. Asking the solved table",
        "X took the centre, O a corner. The table gives the value for the side to move, \
         the distance to the end, and what every move is worth.",
        "gamesolver query tictactoe O...X....",
    )?;
    let demo = query::Args {
        game: "tictactoe".into(),
        position: "O...X....".into(),
        table: None,
        json: false,
    };
    query::run(&demo, out)?;
    section(
        out,
        "3. Playing a fixed opponent optimally",
        "Against an O who plays at random, tic-tac-toe is a Markov decision process for X. \
         Policy iteration starts from 'always take the lowest free cell' and improves it \
         until no state changes; values are exact fractions.",
        "gamesolver mdp tictactoe --method policy-iteration --exact",
    )?;
    mdp::write_tour_demo(out)?;
    uttt_section(out)?;
    jungle_section(out)?;
    tablebase_section(out)?;
    jungle_play_section(out)
}

/// Jungle search: the best move at the start, then a short self-play game.
fn jungle_play_section(out: &mut dyn Write) -> anyhow::Result<()> {
    section(
        out,
        "7. Jungle: search and self-play",
        "Alpha-beta with a quiescence search and an evaluation of material, den distance, \
         den threats and attacked pieces searches the start for 100 ms; then it plays a game \
         against itself at 5 ms per move, ended by a den entry, the last capture, a \
         threefold repetition or 200 plies without a capture.",
        "gamesolver bestmove jungle startpos --movetime 100; \
         gamesolver selfplay jungle --games 1 --movetime 5",
    )?;
    let limits = LimitArgs {
        movetime: Some(100),
        ..LimitArgs::default()
    };
    bestmove::run(&bestmove_args("jungle", "startpos", limits), out)?;
    writeln!(out)?;
    selfplay::run(&selfplay_args("jungle", 1), out)
}

/// A default search of `position` within `limits`, as text.
fn bestmove_args(game: &str, position: &str, limits: LimitArgs) -> bestmove::Args {
    bestmove::Args {
        game: game.to_string(),
        position: vec![position.into()],
        limits,
        engine: EngineKind::Alphabeta,
        rules: RuleArgs::default(),
        tablebase: None,
        json: false,
    }
}

/// Quick self-play games at 5 ms per move.
fn selfplay_args(game: &str, games: usize) -> selfplay::Args {
    selfplay::Args {
        game: game.to_string(),
        games,
        movetime: 5,
        engine: EngineKind::Alphabeta,
        random_plies: 2,
        seed: 1,
        rules: RuleArgs::default(),
        tablebase: None,
    }
}

/// Ultimate tic-tac-toe: perft, a search, and a short self-play game.
fn uttt_section(out: &mut dyn Write) -> anyhow::Result<()> {
    section(
        out,
        "4. Ultimate tic-tac-toe: move generation, search and self-play",
        "Bitboard move generation is proven by perft; the alpha-beta engine searches the \
         start for 20 ms; then it plays two quick games against itself.",
        "gamesolver perft uttt 6; gamesolver bestmove uttt start; gamesolver selfplay uttt --games 2",
    )?;
    perft::run(
        &perft::Args {
            game: "uttt".into(),
            words: vec!["6".into()],
            divide: false,
            rules: None,
        },
        out,
    )?;
    bestmove::run(&bestmove_args("uttt", "start", LimitArgs::default()), out)?;
    selfplay::run(&selfplay_args("uttt", 2), out)
}

/// Jungle: the rules proven by perft.
fn jungle_section(out: &mut dyn Write) -> anyhow::Result<()> {
    section(
        out,
        "5. Jungle rules, counted",
        "Perft counts every sequence of legal moves from the Jungle start position: \
         proof that the rules match independent numbers, and a measure of their speed.",
        "gamesolver perft jungle 5",
    )?;
    perft::run(
        &perft::Args {
            game: "jungle".into(),
            words: vec!["5".into()],
            divide: false,
            rules: None,
        },
        out,
    )
}

/// Jungle endgame tablebases: a small build and a probe.
fn tablebase_section(out: &mut dyn Write) -> anyhow::Result<()> {
    section(
        out,
        "6. Jungle endgame tablebases",
        "Retrograde analysis solves every one-against-one Jungle endgame (64 materials, \
         both sides to move); positions that can only cycle are draws. Then the \
         tablebase answers a position exactly: elephant against elephant, won in 33 plies.",
        "gamesolver tablebase build jungle --max-pieces 2; \
         gamesolver tablebase probe jungle '7/7/7/7/7/7/1e5/7/E6 w'",
    )?;
    let dir = std::env::temp_dir().join(format!("gamesolver-tour-{}", std::process::id()));
    let location = tablebase::Location {
        dir: dir.clone(),
        rules: jungle::Variant::Standard,
    };
    let result = (|| -> anyhow::Result<()> {
        let started = std::time::Instant::now();
        let tiers = tablebase::build_quietly(&location, &jungle::Material::all_with(2))?;
        let positions: u64 = tiers.iter().map(|t| t.indices).sum();
        writeln!(
            out,
            "built {} materials ({positions} indexed positions) in {:.2} s\n",
            tiers.len(),
            started.elapsed().as_secs_f64()
        )?;
        let position =
            jungle::Position::from_fen("7/7/7/7/7/7/1e5/7/E6 w", jungle::Variant::Standard)?;
        tablebase::write_probe(&location, &jungle::JungleGame::new(position), false, out)
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A section heading: title, one plain sentence, and the command to run it alone.
pub(crate) fn section(
    out: &mut dyn Write,
    title: &str,
    what: &str,
    command: &str,
) -> anyhow::Result<()> {
    writeln!(out, "\n{title}\n{what}\n(on its own: {command})\n")?;
    Ok(())
}
