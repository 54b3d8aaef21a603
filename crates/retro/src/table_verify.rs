//! Checking a [`SolvedTable`] against the rules: a table read from a file
//! with a valid checksum may still have been crafted or built wrong.

use std::fmt::Display;

use gamesolver_core::{Game, Indexer, Solution};
use thiserror::Error;

use crate::SolvedTable;

/// The first entry of a table that contradicts the rules.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("table entry {index} ({position}) {problem}")]
pub struct TableInconsistency {
    /// The entry's index.
    pub index: u64,
    /// The position, in the game's notation.
    pub position: String,
    /// What is wrong.
    pub problem: String,
}

impl SolvedTable {
    /// Checks every stored entry against the rules: the start position is
    /// stored; a stored index decodes to a position with that index; a
    /// finished position holds its outcome at distance 0; any other holds
    /// the best of its children seen through one move (so every value and
    /// distance is exactly the solution's), and each child is stored.
    /// Together these mean every position reachable from `start` is stored
    /// and right. Returns the number of entries checked.
    pub fn verify<G, I>(&self, indexer: &I, start: &G) -> Result<u64, TableInconsistency>
    where
        G: Game + Display,
        I: Indexer<G>,
    {
        let start_index = indexer.index(start);
        if self.get(start_index).is_none() {
            return Err(inconsistency(
                start_index,
                start,
                "is the start but is empty",
            ));
        }
        let mut moves = Vec::new();
        let mut checked = 0;
        for (index, &entry) in (0u64..).zip(self.entries()) {
            if entry == 0 {
                continue;
            }
            let Some(position) = indexer
                .position(index)
                .filter(|p| indexer.index(p) == index)
            else {
                return Err(TableInconsistency {
                    index,
                    position: "-".to_string(),
                    problem: "is stored but is no position".to_string(),
                });
            };
            self.check_entry(indexer, index, &position, &mut moves)?;
            checked += 1;
        }
        Ok(checked)
    }

    /// Checks one stored position against its children.
    fn check_entry<G, I>(
        &self,
        indexer: &I,
        index: u64,
        position: &G,
        moves: &mut Vec<G::Move>,
    ) -> Result<(), TableInconsistency>
    where
        G: Game + Display,
        I: Indexer<G>,
    {
        let stored = self.get(index).expect("the caller checked the entry");
        let expected = match position.outcome() {
            Some(outcome) => Solution::finished(outcome.value_for(position.turn())),
            None => self.best_through_children(indexer, position, moves)?,
        };
        if stored != expected {
            return Err(inconsistency(
                index,
                position,
                &format!("holds {stored}, but the rules give {expected}"),
            ));
        }
        Ok(())
    }

    /// The best solution of `position` through its children's entries.
    fn best_through_children<G, I>(
        &self,
        indexer: &I,
        position: &G,
        moves: &mut Vec<G::Move>,
    ) -> Result<Solution, TableInconsistency>
    where
        G: Game + Display,
        I: Indexer<G>,
    {
        moves.clear();
        position.legal_moves(moves);
        let mut best: Option<Solution> = None;
        for &mv in moves.iter() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let child_index = indexer.index(&child);
            let Some(found) = self.get(child_index) else {
                return Err(inconsistency(
                    indexer.index(position),
                    position,
                    &format!("has the move {mv}, whose position {child} is not stored"),
                ));
            };
            best = best.max(Some(Solution::through_child(found)));
        }
        best.ok_or_else(|| {
            inconsistency(
                indexer.index(position),
                position,
                "is unfinished but has no move",
            )
        })
    }
}

fn inconsistency<G: Display>(index: u64, position: &G, problem: &str) -> TableInconsistency {
    TableInconsistency {
        index,
        position: position.to_string(),
        problem: problem.to_string(),
    }
}
