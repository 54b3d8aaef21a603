//! Why the CodinGame board-count endings are lost: reads the games a match
//! saved (`gamesolver match … --save-games FILE`, engine A being ours),
//! replays each, says how it ended (a line of small boards, or the board
//! count once every small board is closed), and for every game that ended
//! on the count walks back from the end with the exact endgame solver to
//! the move that decided it: the first of our moves after which the
//! result was the final one (a loss: our last move from a position not yet
//! lost). It prints, per game, the playable cells, the closed and won boards
//! at that move, whether it gave the opponent a free choice, and the
//! solver's move instead; when the solver cannot reach back to that move
//! (more than 34 playable cells, or 20 million nodes), the earliest
//! position it solved, already lost; then totals, and for every count
//! ending when the pure count race began: the first position where no
//! meta-line could still be completed, when that came before the last
//! move.
//!
//! `cargo run --release -p gamesolver-engines --example uttt_count_losses -- FILE…`

use std::process::ExitCode;

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_engines::uttt::endgame::{EndgameSolver, playable_cells};
use gamesolver_engines::uttt::eval::meta_lines_dead;
use gamesolver_games::uttt::{Board, Cell, Variant, has_line};
use gamesolver_search::Limits;

/// Node budget of one exact solve; positions it cannot solve end the walk.
const SOLVE_NODES: u64 = 20_000_000;
/// Positions with more playable cells are not tried.
const MOST_CELLS: u32 = 34;

/// One saved game.
struct SavedGame {
    number: String,
    ours: Player,
    start: Board,
    moves: Vec<Cell>,
}

/// How a game ended, for our side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ending {
    LineWon,
    LineLost,
    CountWon,
    CountLost,
    CountDrawn,
}

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: uttt_count_losses FILE… (match --save-games files, engine A ours)");
        return ExitCode::FAILURE;
    }
    let mut games = Vec::new();
    for path in &paths {
        match std::fs::read_to_string(path) {
            Ok(text) => match gamesolver_api::parse_games(&text) {
                Ok(records) => games.extend(records.iter().filter_map(|r| game_of(path, r))),
                Err(e) => {
                    eprintln!("error: {path}: {e}");
                    return ExitCode::FAILURE;
                }
            },
            Err(e) => {
                eprintln!("error: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut solver = EndgameSolver::new(24);
    let mut endings = std::collections::BTreeMap::<String, usize>::new();
    let mut decided_cells = Vec::new();
    let mut already = Vec::new();
    let mut free_choices = 0;
    let mut count_endings = 0;
    let mut race_cells = Vec::new();
    println!(
        "game\tending\tdecided at ply\tplayable cells\tclosed\twon (ours-theirs)\tour move\tgives free choice\tsolver's move"
    );
    for game in &games {
        let Some((ending, boards)) = replay(game) else {
            continue;
        };
        *endings.entry(format!("{ending:?}")).or_default() += 1;
        if !matches!(ending, Ending::LineWon | Ending::LineLost) {
            count_endings += 1;
            race_cells.extend(race_start(&boards).map(playable_cells));
        }
        if !matches!(ending, Ending::CountLost | Ending::CountDrawn) {
            continue;
        }
        let target = if ending == Ending::CountLost { -1 } else { 0 };
        match deciding_move(&mut solver, game, &boards, target) {
            Ok(d) => {
                decided_cells.push(d.cells);
                free_choices += usize::from(d.free_choice);
                println!(
                    "{}\t{ending:?}\t{}\t{}\t{}\t{}-{}\t{}\t{}\t{}",
                    game.number,
                    d.ply,
                    d.cells,
                    d.closed,
                    d.won.0,
                    d.won.1,
                    d.played.index(),
                    d.free_choice,
                    d.better.map_or("-".to_string(), |c| c.index().to_string())
                );
            }
            Err(Earliest { ply, cells, won }) => {
                already.push(cells);
                println!(
                    "{}\t{ending:?}\talready so at ply {ply}, {cells} playable cells, boards {}-{} (the solver reaches no further back)",
                    game.number, won.0, won.1
                );
            }
        }
    }
    println!("\nendings over {} games: {endings:?}", games.len());
    if !decided_cells.is_empty() {
        println!(
            "{} count endings not won were decided by our move at {} playable cells; {free_choices} of those moves gave a free choice",
            decided_cells.len(),
            spread(&mut decided_cells)
        );
    }
    if !already.is_empty() {
        println!(
            "{} count endings not won were already decided at the earliest position the solver reached: {} playable cells",
            already.len(),
            spread(&mut already)
        );
    }
    if count_endings > 0 {
        let before_last = race_cells.len();
        let when = if race_cells.is_empty() {
            String::new()
        } else {
            format!(", at {} playable cells", spread(&mut race_cells))
        };
        println!(
            "the pure count race (no meta-line left to complete) began before the last move in {before_last} of {count_endings} count endings{when}; in the others a line stayed open to the end"
        );
    }
    ExitCode::SUCCESS
}

/// The first position of a game (the start first, the final one left out)
/// where neither player could still complete a meta-line.
fn race_start(boards: &[Board]) -> Option<&Board> {
    boards[..boards.len() - 1]
        .iter()
        .find(|b| meta_lines_dead(b))
}

/// `M (median), quartiles Q1-Q3, range LOW-HIGH` of a non-empty list.
fn spread(values: &mut [u32]) -> String {
    values.sort_unstable();
    let n = values.len();
    format!(
        "{} (median), quartiles {}-{}, range {}-{}",
        values[n / 2],
        values[n / 4],
        values[3 * n / 4],
        values[0],
        values[n - 1]
    )
}

/// A game of a `--save-games` file (game records, engine A's player
/// written `A: CMD`); forfeited games and unreadable ones are skipped.
fn game_of(path: &str, record: &gamesolver_api::SavedGame) -> Option<SavedGame> {
    let number = record.tag("Round").unwrap_or("?").to_string();
    if record.tag("Forfeit").is_some() {
        return None;
    }
    let ours = if record.first.as_deref()?.starts_with("A:") {
        Player::First
    } else {
        Player::Second
    };
    let start = match Board::parse_variant(record.start.as_deref()?, Variant::CodinGame) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{path}: game {number}: {e}");
            return None;
        }
    };
    let moves = record
        .moves
        .iter()
        .map(|m| m.parse())
        .collect::<Result<Vec<Cell>, _>>()
        .ok()?;
    Some(SavedGame {
        number,
        ours,
        start,
        moves,
    })
}

/// How the game ended and every position of it (the start first).
fn replay(game: &SavedGame) -> Option<(Ending, Vec<Board>)> {
    let mut boards = vec![game.start];
    for &mv in &game.moves {
        let next = boards.last()?.play(mv).ok()?;
        boards.push(next);
    }
    let last = boards.last()?;
    let ending = match last.outcome()? {
        Outcome::Draw => Ending::CountDrawn,
        Outcome::Winner(p) => {
            let line = has_line(last.meta(p));
            match (p == game.ours, line) {
                (true, true) => Ending::LineWon,
                (false, true) => Ending::LineLost,
                (true, false) => Ending::CountWon,
                (false, false) => Ending::CountLost,
            }
        }
    };
    Some((ending, boards))
}

/// The move that decided a count ending.
struct Deciding {
    ply: usize,
    cells: u32,
    closed: u32,
    won: (u32, u32),
    played: Cell,
    free_choice: bool,
    better: Option<Cell>,
}

/// The earliest of our positions the solver could solve, when the result
/// was already the final one there.
struct Earliest {
    ply: usize,
    cells: u32,
    won: (u32, u32),
}

/// Our last move played from a position worth more than `target` (the
/// final result for us) after which the position was worth `target`,
/// found by solving backwards from the end; or, when the solver cannot
/// reach back that far (too many playable cells or too many nodes), the
/// earliest position it solved, already worth `target`.
fn deciding_move(
    solver: &mut EndgameSolver,
    game: &SavedGame,
    boards: &[Board],
    target: i8,
) -> Result<Deciding, Earliest> {
    let them = game.ours.opponent();
    let won = |b: &Board| (b.meta(game.ours).count_ones(), b.meta(them).count_ones());
    let end = boards[game.moves.len()];
    let mut earliest = Earliest {
        ply: game.moves.len(),
        cells: playable_cells(&end),
        won: won(&end),
    };
    for ply in (0..game.moves.len()).rev() {
        let before = boards[ply];
        if before.turn() != game.ours {
            continue;
        }
        if playable_cells(&before) > MOST_CELLS {
            return Err(earliest);
        }
        let Some(solved) = solver.solve(&before, &Limits::nodes(SOLVE_NODES)) else {
            return Err(earliest);
        };
        earliest = Earliest {
            ply,
            cells: playable_cells(&before),
            won: won(&before),
        };
        if solved.value > target {
            let after = boards[ply + 1];
            return Ok(Deciding {
                ply,
                cells: playable_cells(&before),
                closed: before.closed().count_ones(),
                won: won(&before),
                played: game.moves[ply],
                free_choice: after.forced().is_none(),
                better: solved.best,
            });
        }
    }
    Err(earliest)
}
