//! Perft: counting the move sequences of a given length, to prove a move
//! generator against independent numbers.
//!
//! Perft(d) is the number of sequences of exactly `d` legal moves from a
//! position; a finished position has no moves, so it contributes nothing to
//! deeper counts. At the last ply the moves are counted, not played (bulk
//! counting, through [`Game::count_legal_moves`]).
//!
//! Reference counts are kept as text, one case per line:
//! `DEPTH COUNT POSITION…` (the position text is the rest of the line and may
//! contain spaces); blank lines and lines starting with `#` are ignored.
//! [`parse_cases`] reads them.

use gamesolver_core::Game;
use thiserror::Error;

/// The number of move sequences of exactly `depth` plies from `position`.
/// The last ply counts the moves with [`Game::count_legal_moves`] (bulk
/// counting), which a game may implement without listing them.
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    perft_with(position, depth, |leaf: &G, moves: &mut Vec<G::Move>| {
        leaf.count_legal_moves(moves)
    })
}

/// Perft with a game's own move counter at the last ply: `count_moves(p)`
/// must return the number of legal moves of `p` (for example a popcount on
/// a bitboard), which saves generating them.
#[must_use]
pub fn perft_bulk<G: Game>(position: &G, depth: u32, count_moves: impl Fn(&G) -> u64) -> u64 {
    perft_with(position, depth, |leaf: &G, _: &mut Vec<G::Move>| {
        count_moves(leaf)
    })
}

/// The perft walk, with `leaf_count(p, buffer)` giving the number of legal
/// moves of a position one ply above the leaves.
fn perft_with<G: Game, F>(position: &G, depth: u32, leaf_count: F) -> u64
where
    F: Fn(&G, &mut Vec<G::Move>) -> u64,
{
    if depth == 0 {
        return 1;
    }
    let mut buffers = vec![Vec::new(); depth as usize];
    count(position, depth, &mut buffers, &leaf_count)
}

/// Perft with one move buffer per ply, reused across the whole walk.
fn count<G: Game, F>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>], leaf_count: &F) -> u64
where
    F: Fn(&G, &mut Vec<G::Move>) -> u64,
{
    let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return leaf_count(position, moves);
    }
    position.legal_moves(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        total += count(&position.after(mv), depth - 1, deeper, leaf_count);
    }
    total
}

/// Perft split by first move: each legal move with the perft(depth − 1) of
/// the position it leads to. Handy to find which move a generator gets wrong.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .moves()
        .into_iter()
        .map(|mv| (mv, perft(&position.after(mv), depth - 1)))
        .collect()
}

/// One reference count: perft(`depth`) of `position` is `count`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The position, in the game's position notation.
    pub position: String,
    /// The depth in plies.
    pub depth: u32,
    /// The expected number of move sequences.
    pub count: u64,
    /// The line number in the source text (from 1), for messages.
    pub line: usize,
}

/// A line of perft data that is not `DEPTH COUNT POSITION`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("perft data line {line}: {reason}")]
pub struct PerftDataError {
    /// The line number (from 1).
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Reads reference cases from text (see the module documentation).
pub fn parse_cases(text: &str) -> Result<Vec<PerftCase>, PerftDataError> {
    let mut cases = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let error = |reason: &str| PerftDataError {
            line,
            reason: reason.to_string(),
        };
        let mut fields = trimmed.splitn(3, char::is_whitespace);
        let depth = fields
            .next()
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| error("bad depth"))?;
        let count = fields
            .next()
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| error("bad count"))?;
        let position = fields.next().map(str::trim).filter(|p| !p.is_empty());
        let position = position
            .ok_or_else(|| error("missing position"))?
            .to_string();
        cases.push(PerftCase {
            position,
            depth,
            count,
            line,
        });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cases_with_spaces_in_positions() {
        let text = "# comment\n\n3 12240 l5t/1d3c1 w\n1 81 ... *\n";
        let cases = parse_cases(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].position, "l5t/1d3c1 w");
        assert_eq!(
            (cases[0].depth, cases[0].count, cases[0].line),
            (3, 12240, 3)
        );
        assert_eq!(cases[1].position, "... *");
    }

    #[test]
    fn refuses_malformed_lines() {
        assert_eq!(parse_cases("x 1 pos").unwrap_err().line, 1);
        assert!(parse_cases("1 2").unwrap_err().reason.contains("position"));
        assert!(
            parse_cases("1 -5 pos")
                .unwrap_err()
                .reason
                .contains("count")
        );
    }
}
