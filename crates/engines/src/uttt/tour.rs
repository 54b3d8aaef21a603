//! Ultimate tic-tac-toe's step of `gamesolver tour`.

use gamesolver_api::TourStep;

/// Perft, a search and two self-play games.
pub const TOUR: [TourStep; 1] = [TourStep {
    title: "Ultimate tic-tac-toe: move generation, search and self-play",
    what: "Bitboard move generation is proven by perft; the alpha-beta engine searches the \
           start for 20 ms; then it plays two quick games against itself.",
    commands: &[
        &["perft", "uttt", "6"],
        &["bestmove", "uttt", "start"],
        &["selfplay", "uttt", "--games", "2", "--movetime", "5"],
    ],
}];
