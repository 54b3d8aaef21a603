//! Tablebase puzzles for any game with tablebases: won positions with one
//! move that keeps the win (kind `only`), or one move that wins fastest
//! (kind `fastest`), drawn from the tables by a seeded sampler and graded
//! by the length of the win. The set's file format is in docs/FORMATS.md
//! ("Puzzle sets").

use std::collections::BTreeSet;
use std::path::Path;

use gamesolver_core::Wdl;
use serde::{Deserialize, Serialize};

use super::Tablebases;
use crate::error::FacadeError;
use crate::game_def::GameDef;
use crate::oracles::TablebaseOracle;
use crate::types::{PositionReport, Verdict};

/// The `format` field of a puzzle set file.
pub const PUZZLE_FORMAT: &str = "gamesolver-puzzles";
/// The version of the puzzle set format written and read.
pub const PUZZLE_VERSION: u32 = 1;
/// The hardest grade.
pub const MAX_GRADE: u8 = 5;

/// What makes the answer the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleKind {
    /// Every other move gives the win away.
    Only,
    /// Other moves win too, but every one of them more slowly.
    Fastest,
}

/// One puzzle: the position, its one answer and what the tables say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Puzzle {
    /// The position, in the game's notation (the side to move wins).
    pub position: String,
    /// The one move that keeps the win ([`PuzzleKind::Only`]) or wins
    /// fastest ([`PuzzleKind::Fastest`]).
    pub answer: String,
    /// The result for the side to move with the answer (always `win`).
    pub result: Verdict,
    /// What makes the answer unique.
    pub kind: PuzzleKind,
    /// Plies to the end after the answer, counting it, under best play
    /// (the winner shortest, the loser longest).
    pub distance: u32,
    /// The grade, 1 (a win in at most 3 plies) to 5 (32 plies or more):
    /// [`grade`].
    pub grade: u8,
    /// The tier (material) of the position, as the game names it.
    pub material: String,
}

/// A puzzle set: the file `gamesolver puzzles` writes and the answer of
/// the server's puzzle endpoint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PuzzleSet {
    /// Always [`PUZZLE_FORMAT`].
    pub format: String,
    /// Always [`PUZZLE_VERSION`].
    pub version: u32,
    /// The game.
    pub game: String,
    /// Its rules preset.
    pub rules: String,
    /// The sampler's seed.
    pub seed: u64,
    /// The puzzles, in the order drawn.
    pub puzzles: Vec<Puzzle>,
}

/// What to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRequest {
    /// How many puzzles (fewer if the tables hold fewer within the tries).
    pub count: usize,
    /// The sampler's seed: the same tables, request and seed give the
    /// same set.
    pub seed: u64,
    /// The pieces of the positions (None: the most the directory has).
    pub pieces: Option<u32>,
    /// The shortest win in plies.
    pub min_distance: u32,
    /// The longest win in plies.
    pub max_distance: u32,
}

impl PuzzleRequest {
    /// `count` puzzles of any length from seed `seed`.
    #[must_use]
    pub fn new(count: usize, seed: u64) -> PuzzleRequest {
        PuzzleRequest {
            count,
            seed,
            pieces: None,
            min_distance: 1,
            max_distance: u32::MAX,
        }
    }

    /// Only puzzles of grades `low..=high` (the distances [`grade_range`]
    /// gives).
    #[must_use]
    pub fn grades(mut self, low: u8, high: u8) -> PuzzleRequest {
        self.min_distance = grade_range(low).0;
        self.max_distance = grade_range(high).1;
        self
    }
}

/// The most puzzles one request may ask for.
pub const MAX_PUZZLES: usize = 10_000;

/// The grade of a win in `distance` plies: 1 for 1–3 plies, 2 for 4–7,
/// 3 for 8–15, 4 for 16–31, 5 for 32 or more.
///
/// ```
/// use gamesolver_api::tablebases::grade;
/// assert_eq!([grade(1), grade(3), grade(5), grade(9), grade(17), grade(93)], [1, 1, 2, 3, 4, 5]);
/// ```
#[must_use]
pub fn grade(distance: u32) -> u8 {
    let log = u8::try_from(distance.max(1).ilog2()).unwrap_or(MAX_GRADE);
    log.clamp(1, MAX_GRADE)
}

/// The distances of grade `grade` (clamped to 1..=5), inclusive.
#[must_use]
pub fn grade_range(grade: u8) -> (u32, u32) {
    match grade.clamp(1, MAX_GRADE) {
        1 => (1, 3),
        MAX_GRADE => (32, u32::MAX),
        g => (1 << g, (1 << (g + 1)) - 1),
    }
}

/// Why a position's probe makes no puzzle, or the puzzle it makes: the
/// position must be won, and exactly one move must win (kind `only`) or
/// exactly one win fastest (kind `fastest`).
#[must_use]
pub fn puzzle_of(report: &PositionReport) -> Option<(String, PuzzleKind, u32)> {
    if report.value != Verdict::Win || report.drawn_by_rule.is_some() {
        return None;
    }
    let winning: Vec<_> = report
        .moves
        .iter()
        .filter(|m| m.value == Verdict::Win)
        .collect();
    let fastest = winning.iter().map(|m| m.distance).min()?;
    let mut quickest = winning.iter().filter(|m| m.distance == fastest);
    let answer = quickest.next()?;
    if quickest.next().is_some() {
        return None;
    }
    let kind = if winning.len() == 1 {
        PuzzleKind::Only
    } else {
        PuzzleKind::Fastest
    };
    Some((answer.mv.clone(), kind, answer.distance))
}

/// Draws the puzzles of `request` from the tables of `game` in `dir`
/// (opened as `oracle`, under `rules`): positions sampled by
/// [`Tablebases::sample`] with seeds derived from the request's, the
/// winning ones within the distances probed move by move, kept if they
/// make a puzzle ([`puzzle_of`]), each position once.
pub fn draw_puzzles(
    game: &dyn GameDef,
    tables: &dyn Tablebases,
    oracle: &dyn TablebaseOracle,
    dir: &Path,
    rules: Option<&str>,
    request: &PuzzleRequest,
) -> Result<PuzzleSet, FacadeError> {
    if request.count > MAX_PUZZLES {
        return Err(FacadeError::BadLimit(format!(
            "at most {MAX_PUZZLES} puzzles at once, not {}",
            request.count
        )));
    }
    if request.min_distance > request.max_distance {
        return Err(FacadeError::BadLimit(format!(
            "the shortest win ({}) is longer than the longest ({})",
            request.min_distance, request.max_distance
        )));
    }
    let rules_name = crate::model::resolve_rules(game.info(), rules)?;
    let mut puzzles = Vec::new();
    let mut seen = BTreeSet::new();
    let batch = (request.count * 8).clamp(64, 4096);
    for round in 0..ROUNDS {
        if puzzles.len() >= request.count {
            break;
        }
        let seed = request
            .seed
            .wrapping_add(round.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (_, sampled) = tables.sample(dir, Some(rules_name), request.pieces, batch, seed)?;
        for sample in sampled {
            if puzzles.len() >= request.count {
                break;
            }
            let distance = u32::from(sample.expected.distance);
            if sample.expected.wdl != Wdl::Win
                || !(request.min_distance..=request.max_distance).contains(&distance)
                || !seen.insert(sample.position.clone())
            {
                continue;
            }
            let state = game.parse(&sample.position, Some(rules_name))?;
            let Some(report) = oracle.probe(state.as_ref())? else {
                continue;
            };
            let Some((answer, kind, distance)) = puzzle_of(&report) else {
                continue;
            };
            if !(request.min_distance..=request.max_distance).contains(&distance) {
                continue;
            }
            puzzles.push(Puzzle {
                position: report.position.clone(),
                answer,
                result: Verdict::Win,
                kind,
                distance,
                grade: grade(distance),
                material: tables.tier_name(state.as_ref())?,
            });
        }
    }
    Ok(PuzzleSet {
        format: PUZZLE_FORMAT.to_string(),
        version: PUZZLE_VERSION,
        game: game.info().name.to_string(),
        rules: rules_name.to_string(),
        seed: request.seed,
        puzzles,
    })
}

/// The sampling rounds before a request is answered with what was found.
const ROUNDS: u64 = 64;

/// Checks `puzzle` against the tables: its position is won in its
/// distance, its answer wins, and every other move loses the win (`only`)
/// or wins more slowly (`fastest`). `Err` says what is wrong.
pub fn check_puzzle(
    game: &dyn GameDef,
    oracle: &dyn TablebaseOracle,
    rules: Option<&str>,
    puzzle: &Puzzle,
) -> Result<(), String> {
    let state = game
        .parse(&puzzle.position, rules)
        .map_err(|e| e.to_string())?;
    let report = oracle
        .probe(state.as_ref())
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{} is not in the tables", puzzle.position))?;
    if report.value != Verdict::Win || report.distance != puzzle.distance {
        return Err(format!(
            "{}: the tables say {:?} in {}, the puzzle win in {}",
            puzzle.position, report.value, report.distance, puzzle.distance
        ));
    }
    let answer = report
        .moves
        .iter()
        .find(|m| m.mv == puzzle.answer)
        .ok_or_else(|| format!("{}: {} is no legal move", puzzle.position, puzzle.answer))?;
    if answer.value != Verdict::Win || answer.distance != puzzle.distance {
        return Err(format!(
            "{}: {} does not win in {}",
            puzzle.position, puzzle.answer, puzzle.distance
        ));
    }
    for other in report.moves.iter().filter(|m| m.mv != puzzle.answer) {
        let keeps = match puzzle.kind {
            PuzzleKind::Only => other.value == Verdict::Win,
            PuzzleKind::Fastest => other.value == Verdict::Win && other.distance <= answer.distance,
        };
        if keeps {
            return Err(format!(
                "{}: {} also wins (in {}), the answer is not unique",
                puzzle.position, other.mv, other.distance
            ));
        }
    }
    if puzzle.kind == PuzzleKind::Fastest
        && !report
            .moves
            .iter()
            .any(|m| m.mv != puzzle.answer && m.value == Verdict::Win)
    {
        return Err(format!(
            "{}: the only winning move is marked fastest",
            puzzle.position
        ));
    }
    if puzzle.grade != grade(puzzle.distance) {
        return Err(format!(
            "{}: grade {} for a win in {}",
            puzzle.position, puzzle.grade, puzzle.distance
        ));
    }
    Ok(())
}
