//! Exact position reports from any table of solutions.

use std::collections::HashSet;

use gamesolver_core::{Game, Solution};
use gamesolver_retro::analyse;

use crate::types::verdict_of;
use crate::{FacadeError, MoveVerdictText, PositionReport, TablebaseCause, TablebaseError};

/// The longest main line followed (a safety net for cyclic tables).
const MAIN_LINE_CAP: usize = 1000;

/// The exact report of `position` from `lookup`, or None if `lookup` lacks
/// the position or a child. The main line follows the first best move
/// until the game ends, `lookup` runs out or a position repeats.
pub fn position_report<G: Game + std::fmt::Display>(
    position: &G,
    lookup: impl Fn(&G) -> Option<Solution>,
) -> Option<PositionReport> {
    let analysis = analyse(position, &lookup)?;
    let (value, distance) = verdict_of(analysis.solution);
    let mut moves: Vec<_> = analysis.moves.iter().collect();
    moves.sort_by_key(|m| std::cmp::Reverse(m.solution));
    Some(PositionReport {
        position: position.to_string(),
        value,
        distance,
        moves: moves
            .into_iter()
            .map(|m| {
                let (value, distance) = verdict_of(m.solution);
                MoveVerdictText {
                    mv: m.mv.to_string(),
                    value,
                    distance,
                    category: None,
                    dtz: None,
                }
            })
            .collect(),
        best: analysis.best.iter().map(ToString::to_string).collect(),
        main_line: main_line(position, &lookup),
        category: None,
        dtz: None,
        counter: None,
        drawn_by_rule: None,
    })
}

/// [`position_report`] from a probe that may fail (a damaged or foreign
/// table file): the first failure is the answer, as
/// [`FacadeError::Tablebase`] with the file and cause it names.
pub fn position_report_probed<G: Game + std::fmt::Display, E: std::error::Error + 'static>(
    position: &G,
    probe: impl Fn(&G) -> Result<Option<Solution>, E>,
) -> Result<Option<PositionReport>, FacadeError> {
    let failure = std::cell::RefCell::new(None);
    let report = position_report(position, |p: &G| match probe(p) {
        Ok(found) => found,
        Err(error) => {
            failure.borrow_mut().get_or_insert_with(|| {
                TablebaseError::from_chain(TablebaseCause::Corrupt, &error, error.to_string())
            });
            None
        }
    });
    match failure.into_inner() {
        Some(error) => Err(FacadeError::Tablebase(error)),
        None => Ok(report),
    }
}

/// Best play from `position` as far as `lookup` knows it.
fn main_line<G: Game>(position: &G, lookup: &impl Fn(&G) -> Option<Solution>) -> Vec<String> {
    let mut line = Vec::new();
    let mut seen = HashSet::new();
    let mut current = position.clone();
    while line.len() < MAIN_LINE_CAP && seen.insert(current.clone()) {
        let Some(best) = analyse(&current, lookup).and_then(|a| a.best.first().copied()) else {
            break;
        };
        line.push(best.to_string());
        current.play_unchecked(best);
    }
    line
}
