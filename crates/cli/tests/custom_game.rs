//! A game registered in one line (`builtin().with(text_game(…))`)
//! is served by the CLI commands that go through the façade.

use std::fmt;
use std::str::FromStr;

use clap::Parser;
use gamesolver_api::EngineKind;
use gamesolver_api::{Registry, text_game};
use gamesolver_cli::Cli;
use gamesolver_cli::commands::{Command, bestmove, perft, selfplay};
use gamesolver_cli::search_args::RuleArgs;
use gamesolver_core::{Game, Outcome, ParseMoveError, Player};

/// Take 1 or 2 from a pile; whoever takes the last one wins. The text is
/// the pile and the side to move, e.g. `5 x`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pile {
    left: u8,
    turn: Player,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Take(u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Take {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Take, ParseMoveError> {
        s.parse()
            .map(Take)
            .map_err(|_| ParseMoveError::new(s, "take 1 or 2"))
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.turn == Player::First { 'x' } else { 'o' };
        write!(f, "{} {side}", self.left)
    }
}

impl FromStr for Pile {
    type Err = String;
    fn from_str(s: &str) -> Result<Pile, String> {
        let (left, side) = s.split_once(' ').ok_or("write the pile and x or o")?;
        let turn = match side {
            "x" => Player::First,
            "o" => Player::Second,
            _ => return Err(format!("{side:?} is not x or o")),
        };
        let left = left.parse().map_err(|_| format!("{left:?} is no pile"))?;
        Ok(Pile { left, turn })
    }
}

impl Game for Pile {
    type Move = Take;
    const NAME: &'static str = "pile";
    fn turn(&self) -> Player {
        self.turn
    }
    fn legal_moves(&self, out: &mut Vec<Take>) {
        out.clear();
        out.extend((1..=self.left.min(2)).map(Take));
    }
    fn play_unchecked(&mut self, mv: Take) {
        self.left -= mv.0;
        self.turn = self.turn.opponent();
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::Winner(self.turn.opponent()))
    }
}

fn registry() -> Registry {
    let start = Pile {
        left: 5,
        turn: Player::First,
    };
    gamesolver_engines::builtin().with(text_game("pile", "Pile", start))
}

fn command(words: &[&str]) -> Command {
    let mut argv = vec!["gamesolver"];
    argv.extend_from_slice(words);
    Cli::try_parse_from(argv)
        .expect("valid command line")
        .command
}

fn output(run: impl FnOnce(&mut Vec<u8>) -> anyhow::Result<()>) -> anyhow::Result<String> {
    let mut out = Vec::new();
    run(&mut out)?;
    Ok(String::from_utf8(out).expect("UTF-8"))
}

#[test]
fn perft_counts_a_registered_game() {
    let Command::Perft(args) = command(&["perft", "pile", "3"]) else {
        unreachable!()
    };
    let text = output(|out| perft::run_with(&registry(), &args, out)).unwrap();
    // 5 → 4, 3 → 3, 2, 2, 1 → 2+2+2+1 = 7 paths of 3 plies.
    assert!(text.starts_with("perft pile 5 x depth 3"), "{text}");
    assert!(text.contains("nodes 7"), "{text}");
    let Command::Perft(args) = command(&["perft", "pile", "--divide", "2 o", "2"]) else {
        unreachable!()
    };
    let text = output(|out| perft::run_with(&registry(), &args, out)).unwrap();
    assert!(text.contains("1 1\n2 0\nnodes 1"), "{text}");
}

#[test]
fn bestmove_searches_a_registered_game() {
    let Command::Bestmove(args) = command(&[
        "bestmove", "pile", "4 x", "--engine", "mcts", "--nodes", "2000",
    ]) else {
        unreachable!()
    };
    let text = output(|out| bestmove::run_with(&registry(), &args, out)).unwrap();
    // 4 is won by taking 1 (leaving a multiple of 3).
    assert!(text.starts_with("bestmove 1\n"), "{text}");
}

/// Issue 22: MCTS given only a depth deeper than the game (a pile of 4
/// ends within 4 plies) stops once its tree is whole, with the right move.
#[test]
fn a_depth_past_the_end_stops_the_search() {
    let Command::Bestmove(args) = command(&[
        "bestmove", "pile", "4 x", "--engine", "mcts", "--depth", "60",
    ]) else {
        unreachable!()
    };
    let text = output(|out| bestmove::run_with(&registry(), &args, out)).unwrap();
    assert!(text.starts_with("bestmove 1\n"), "{text}");
}

#[test]
fn selfplay_plays_a_registered_game() {
    let args = selfplay::Args {
        game: "pile".into(),
        games: 2,
        movetime: 5,
        engine: EngineKind::Mcts,
        random_plies: 1,
        seed: 3,
        rules: RuleArgs::default(),
        tablebase: None,
        options: Vec::new(),
    };
    let text = output(|out| selfplay::run_with(&registry(), &args, out)).unwrap();
    let games = text.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(games, 2, "{text}");
    assert!(
        text.contains("2 games (mcts engine, 5 ms/move): first wins"),
        "{text}"
    );
}

#[test]
fn the_builtin_registry_does_not_know_it() {
    let Command::Perft(args) = command(&["perft", "pile", "3"]) else {
        unreachable!()
    };
    let builtin = gamesolver_engines::builtin();
    let error = output(|out| perft::run_with(&builtin, &args, out))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("unknown game \"pile\"") && error.contains("jungle"),
        "{error}"
    );
}
