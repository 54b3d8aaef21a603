//! A test suite of exactly solved CodinGame-rule endgames: late positions
//! of imperfect self-play games with 14 to 22 playable cells where at least
//! one move throws the value away, each with its value; and the measure of
//! how often an engine keeps the value (`data/uttt-codingame-endgames.txt`).

use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{Engine, Limits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::endgame::{EndgameSolver, playable_cells};
use super::engines::{EngineOptions, build};

/// One solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvedPosition {
    /// The position (CodinGame's rule).
    pub board: Board,
    /// Its value for the side to move: 1 win, 0 draw, −1 loss.
    pub value: i8,
}

/// Why a suite text was refused.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// A line is not `position value`.
    #[error("endgame suite line {line}: {reason}")]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// What was wrong.
        reason: String,
    },
}

/// The fewest and most playable cells of the committed suite's positions.
pub const SUITE_CELLS: (u32, u32) = (14, 22);

/// The exact value of every move of `board` for the mover (`None` when a
/// solve does not finish within `nodes` nodes).
#[must_use]
pub fn move_values(solver: &mut EndgameSolver, board: &Board, nodes: u64) -> Option<Vec<i8>> {
    board
        .moves()
        .iter()
        .map(|&mv| {
            solver
                .solve(&board.after(mv), &Limits::nodes(nodes))
                .map(|s| -s.value)
        })
        .collect()
}

/// `count` suite positions from games of the default engine at `nodes`
/// nodes per move with one move in four random, from seed `seed`; each
/// stopped at a random number of playable cells in `cells` (inclusive,
/// e.g. [`SUITE_CELLS`]), kept if unfinished, solved within `solve_nodes`
/// per move, and not trivial (some move loses value).
#[must_use]
pub fn generate(
    count: usize,
    cells: (u32, u32),
    nodes: u64,
    solve_nodes: u64,
    seed: u64,
) -> Vec<SolvedPosition> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut engine = build(&EngineOptions {
        solve_below: 0,
        ..EngineOptions::default()
    });
    let mut solver = EndgameSolver::new(22);
    let mut suite = Vec::new();
    while suite.len() < count {
        let stop_at = rng.random_range(cells.0..=cells.1.max(cells.0));
        let mut board = Board::start(Variant::CodinGame);
        engine.new_game();
        while !board.is_finished() && playable_cells(&board) > stop_at {
            let moves = board.moves();
            let mv = if rng.random_range(0..4) == 0 {
                moves[rng.random_range(0..moves.len())]
            } else {
                let info = engine.think(&board, &Limits::nodes(nodes), &mut |_| {});
                info.best_move().unwrap_or(moves[0])
            };
            board = board.after(mv);
        }
        if board.is_finished() || playable_cells(&board) < cells.0 {
            continue;
        }
        let Some(values) = move_values(&mut solver, &board, solve_nodes) else {
            continue;
        };
        let value = values.iter().copied().max().unwrap_or(-1);
        if values.iter().any(|&v| v < value) {
            suite.push(SolvedPosition { board, value });
        }
    }
    suite
}

/// The suite as text: a header, then `position value` per line.
#[must_use]
pub fn suite_text(suite: &[SolvedPosition], header: &str) -> String {
    let mut text = header
        .lines()
        .map(|l| format!("# {l}\n"))
        .collect::<String>();
    for p in suite {
        text.push_str(&format!("{} {}\n", p.board, p.value));
    }
    text
}

/// Reads a suite text (`#` comments and blank lines skipped).
pub fn parse_suite(text: &str) -> Result<Vec<SolvedPosition>, SuiteError> {
    let mut suite = Vec::new();
    for (number, line) in gamesolver_api::data_lines::data_lines(text) {
        let bad = |reason: String| SuiteError::BadLine {
            line: number,
            reason,
        };
        let (position, value) = line
            .rsplit_once(' ')
            .ok_or_else(|| bad("expected `position value`".into()))?;
        let board =
            Board::parse_variant(position, Variant::CodinGame).map_err(|e| bad(e.to_string()))?;
        let value = match value {
            "1" => 1,
            "0" => 0,
            "-1" => -1,
            other => return Err(bad(format!("value {other:?} is not 1, 0 or -1"))),
        };
        if board.is_finished() {
            return Err(bad("the game is already over".into()));
        }
        suite.push(SolvedPosition { board, value });
    }
    Ok(suite)
}

/// How many positions of `suite` `engine` answers, within `limits`, with a
/// move that keeps the value (checked by `solver`; a check that does not
/// finish within `check_nodes` counts as a failure).
pub fn preserved(
    engine: &mut dyn Engine<Board>,
    solver: &mut EndgameSolver,
    suite: &[SolvedPosition],
    limits: &Limits,
    check_nodes: u64,
) -> usize {
    suite
        .iter()
        .filter(|p| {
            engine.new_game();
            let info = engine.think(&p.board, limits, &mut |_| {});
            info.best_move().is_some_and(|mv| {
                solver
                    .solve(&p.board.after(mv), &Limits::nodes(check_nodes))
                    .is_some_and(|s| -s.value == p.value)
            })
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The deeper committed set (`data/uttt-codingame-endgames-deep.txt`):
    /// 23 to 30 playable cells, every line readable.
    #[test]
    fn the_deep_suite_has_23_to_30_playable_cells() {
        let suite = parse_suite(include_str!(
            "../../../../data/uttt-codingame-endgames-deep.txt"
        ))
        .unwrap();
        assert!(suite.len() >= 40);
        for p in &suite {
            assert!((23..=30).contains(&playable_cells(&p.board)), "{}", p.board);
        }
    }

    /// Its values solved again, and every fourth position's move checked
    /// by a second solver (about 10 s with the test profile's
    /// optimisation).
    #[test]
    fn the_deep_suite_is_solved_right() {
        let suite = parse_suite(include_str!(
            "../../../../data/uttt-codingame-endgames-deep.txt"
        ))
        .unwrap();
        let mut solver = EndgameSolver::new(22);
        let mut checker = EndgameSolver::new(22);
        for (i, p) in suite.iter().enumerate() {
            let solved = solver.solve(&p.board, &Limits::default()).unwrap();
            assert_eq!(solved.value, p.value, "{}", p.board);
            if i % 4 == 0 {
                let child = p.board.after(solved.best.unwrap());
                let kept = checker.solve(&child, &Limits::default()).unwrap();
                assert_eq!(-kept.value, p.value, "{} {:?}", p.board, solved.best);
            }
        }
    }

    /// A generated position lies in the asked range of playable cells,
    /// has the value the solver gives it, and a move that loses value.
    #[test]
    fn generated_positions_are_in_range_solved_and_not_trivial() {
        let suite = generate(2, (12, 13), 300, 2_000_000, 5);
        assert_eq!(suite.len(), 2);
        let mut solver = EndgameSolver::new(18);
        for p in &suite {
            assert!((12..=13).contains(&playable_cells(&p.board)), "{}", p.board);
            let values = move_values(&mut solver, &p.board, 2_000_000).unwrap();
            assert_eq!(values.iter().copied().max(), Some(p.value));
            assert!(values.iter().any(|&v| v < p.value));
        }
        assert_eq!(generate(2, (12, 13), 300, 2_000_000, 5), suite);
    }

    #[test]
    fn suite_text_round_trips_and_bad_lines_are_named() {
        let board =
            Board::start(Variant::CodinGame).after(gamesolver_games::uttt::Cell::new(40).unwrap());
        let suite = [SolvedPosition { board, value: 0 }];
        let text = suite_text(&suite, "a header\nof two lines");
        assert!(text.starts_with("# a header\n# of two lines\n"));
        assert_eq!(parse_suite(&text).unwrap(), suite);
        let bad = |text: &str| parse_suite(text).unwrap_err().to_string();
        assert!(bad("# c\n\nnonsense").contains("line 3"));
        assert!(bad(&format!("{board} 2")).contains("not 1, 0 or -1"));
        assert!(bad(&format!("{board}")).contains("line 1"));
        let won =
            "XXX......XXX......XXX......OO.......OO.......OO.......OO......................... *";
        assert!(bad(&format!("{won} 1")).contains("already over"));
    }
}
