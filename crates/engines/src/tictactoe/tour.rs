//! Tic-tac-toe's steps of `gamesolver tour`.

use gamesolver_api::TourStep;

/// The solution, a query and the MDP.
pub const TOUR: [TourStep; 3] = [
    TourStep {
        title: "Tic-tac-toe, strongly solved",
        what: "Every position reachable from the empty board is enumerated and valued by \
               retrograde analysis, from the last ply back to the first.",
        commands: &[&["solve", "tictactoe"]],
    },
    TourStep {
        title: "Asking the solved table",
        what: "X took the centre, O a corner. The table gives the value for the side to move, \
               the distance to the end, and what every move is worth.",
        commands: &[&["query", "tictactoe", "O...X...."]],
    },
    TourStep {
        title: "Playing a fixed opponent optimally",
        what: "Against an O who plays at random, tic-tac-toe is a Markov decision process for X. \
               Policy iteration starts from 'always take the lowest free cell' and improves it \
               until no state changes; values are exact fractions.",
        commands: &[&[
            "mdp",
            "tictactoe",
            "--method",
            "policy-iteration",
            "--exact",
        ]],
    },
];
