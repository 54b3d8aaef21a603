//! A self-check's request and result: sampled positions played out by the
//! engine with the tables on both sides; the generic self-check of any
//! game with tablebases ([`play_out_samples`]).

use std::path::Path;

use gamesolver_core::{Outcome, Solution, Wdl, WdlCounts};

use super::Tablebases;
use crate::error::FacadeError;
use crate::game_def::GameDef;
use crate::types::{EngineSpec, SearchLimits};

/// What to sample.
#[derive(Clone, Debug)]
pub struct SelfcheckRequest {
    /// How many positions.
    pub sample: usize,
    /// The seed of the sample.
    pub seed: u64,
    /// Their piece count (None: the largest in the directory).
    pub pieces: Option<u32>,
    /// Threads playing.
    pub threads: usize,
    /// The nodes an engine searches a move outside the tables (20,000 by
    /// default on the command line).
    pub nodes: u64,
}

/// A game that did not end as the table says.
#[derive(Clone, Debug)]
pub struct SelfcheckMismatch {
    /// The start, in the game's notation.
    pub position: String,
    /// What the table says (e.g. `Win in 12`).
    pub expected: String,
    /// How the game went (e.g. `Some(Draw) after 400 plies`).
    pub played: String,
}

/// What a self-check found.
#[derive(Clone, Debug, Default)]
pub struct SelfcheckReport {
    /// The piece count sampled.
    pub pieces: u32,
    /// Positions played out, by the table's verdict for the side to move.
    pub checked: WdlCounts,
    /// Plies played in all.
    pub plies: u64,
    /// The longest win converted, in plies.
    pub longest_win: u16,
    /// The games that did not end as the table says.
    pub mismatches: Vec<SelfcheckMismatch>,
}

/// One sampled position and what its table says.
#[derive(Clone, Debug)]
pub struct Sampled {
    /// The position, in the game's notation.
    pub position: String,
    /// The table's verdict for its side to move.
    pub expected: Solution,
}

/// The plies after which a game expected drawn counts as held.
pub const DRAW_PLIES: usize = 400;

/// The generic self-check of any game with tablebases: `game`'s default
/// engine, given the tables of `dir`, plays each position `tables`
/// samples out against itself (one engine per thread, `request.nodes`
/// nodes a move outside the tables); a win or loss must end in exactly the
/// table's distance, a draw must not be decided within [`DRAW_PLIES`].
pub fn play_out_samples(
    game: &dyn GameDef,
    tables: &dyn Tablebases,
    dir: &Path,
    rules: Option<&str>,
    request: &SelfcheckRequest,
) -> Result<SelfcheckReport, FacadeError> {
    let (pieces, sampled) =
        tables.sample(dir, rules, request.pieces, request.sample, request.seed)?;
    let chunk = sampled.len().div_ceil(request.threads.max(1)).max(1);
    let parts: Vec<Result<SelfcheckReport, FacadeError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = sampled
            .chunks(chunk)
            .map(|part| scope.spawn(move || check_part(game, dir, rules, request.nodes, part)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut all = SelfcheckReport {
        pieces,
        ..SelfcheckReport::default()
    };
    for part in parts {
        let part = part?;
        all.checked.add_counts(part.checked);
        all.plies += part.plies;
        all.longest_win = all.longest_win.max(part.longest_win);
        all.mismatches.extend(part.mismatches);
    }
    Ok(all)
}

/// One thread's share, with its own engine.
fn check_part(
    game: &dyn GameDef,
    dir: &Path,
    rules: Option<&str>,
    nodes: u64,
    sampled: &[Sampled],
) -> Result<SelfcheckReport, FacadeError> {
    let spec = EngineSpec {
        rules: rules.map(str::to_string),
        hash_mb: Some(1),
        tablebase: Some(dir.to_path_buf()),
        ..EngineSpec::default()
    };
    let mut engine = game.engine(&spec)?;
    let limits = SearchLimits {
        nodes: Some(nodes),
        ..SearchLimits::default()
    };
    let mut result = SelfcheckReport::default();
    for s in sampled {
        let mut state = game.parse(&s.position, rules)?;
        let mover = state.turn();
        let mut plies = 0;
        while !state.is_terminal() && plies < DRAW_PLIES {
            let report = engine.search(state.as_ref(), &limits, &mut |_| {})?;
            let Some(mv) = report.bestmove else {
                break;
            };
            state.play(&mv)?;
            plies += 1;
        }
        let outcome = state.outcome();
        let expected = s.expected;
        let agrees = match expected.wdl {
            Wdl::Win => {
                outcome == Some(Outcome::Winner(mover)) && plies == usize::from(expected.distance)
            }
            Wdl::Loss => {
                outcome == Some(Outcome::Winner(mover.opponent()))
                    && plies == usize::from(expected.distance)
            }
            Wdl::Draw => matches!(outcome, None | Some(Outcome::Draw)),
        };
        result.checked.add(expected.wdl);
        result.plies += plies as u64;
        if !agrees {
            result.mismatches.push(SelfcheckMismatch {
                position: s.position.clone(),
                expected: format!("{:?} in {}", expected.wdl, expected.distance),
                played: format!("{outcome:?} after {plies} plies"),
            });
        } else if expected.wdl == Wdl::Win {
            result.longest_win = result.longest_win.max(expected.distance);
        }
    }
    Ok(result)
}
