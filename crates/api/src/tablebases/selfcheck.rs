//! A self-check's request and result: sampled positions played out by the
//! engine with the tables on both sides.

use gamesolver_core::WdlCounts;

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
