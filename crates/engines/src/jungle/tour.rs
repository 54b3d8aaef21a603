//! Jungle's steps of `gamesolver tour`.

use gamesolver_api::TourStep;

/// Perft, a small tablebase, a search and a self-play game.
pub const TOUR: [TourStep; 3] = [
    TourStep {
        title: "Jungle rules, counted",
        what: "Perft counts every sequence of legal moves from the Jungle start position: \
               proof that the rules match independent numbers, and a measure of their speed.",
        commands: &[&["perft", "jungle", "5"]],
    },
    TourStep {
        title: "Jungle endgame tablebases",
        what: "Retrograde analysis solves every one-against-one Jungle endgame (64 materials, \
               both sides to move); positions that can only cycle are draws. Then the \
               tablebase answers a position exactly: elephant against elephant, won in 33 plies.",
        commands: &[
            &[
                "tablebase",
                "build",
                "jungle",
                "--max-pieces",
                "2",
                "--dir",
                "{dir}",
                "--quiet",
            ],
            &[
                "tablebase",
                "probe",
                "jungle",
                "7/7/7/7/7/7/1e5/7/E6 w",
                "--dir",
                "{dir}",
            ],
        ],
    },
    TourStep {
        title: "Jungle: search and self-play",
        what: "Alpha-beta with a quiescence search and an evaluation of material, den distance, \
               den threats and attacked pieces searches the start for 100 ms; then it plays a game \
               against itself at 5 ms per move, ended by a den entry, the last capture, a \
               threefold repetition or 200 plies without a capture.",
        commands: &[
            &["bestmove", "jungle", "startpos", "--movetime", "100"],
            &["selfplay", "jungle", "--games", "1", "--movetime", "5"],
        ],
    },
];
