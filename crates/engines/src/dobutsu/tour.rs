//! Dōbutsu shōgi's step of `gamesolver tour`.

use gamesolver_api::TourStep;

/// A small material solved on the spot and asked for perfect play (the
/// whole game's tables take a minute and a half to build: the tour builds
/// the lions-and-chicks material only, in a directory of its own beside
/// the other games' tables).
pub const TOUR: [TourStep; 1] = [TourStep {
    title: "Dōbutsu shōgi, solved on the spot",
    what: "Retrograde analysis solves every position of the lions and the chicks (captured \
           chicks go to the captor's hand and come back as drops; positions that can only \
           cycle are draws). Then the table answers a position exactly: each lion behind its \
           chick, first player to move, with the value, the distance and what every move is \
           worth.",
    commands: &[
        &[
            "tablebase",
            "build",
            "dobutsu",
            "--material",
            "LC",
            "--dir",
            "{dir}/dobutsu",
            "--quiet",
        ],
        &[
            "tablebase",
            "probe",
            "dobutsu",
            "1l1/1c1/1C1/1L1 b -",
            "--dir",
            "{dir}/dobutsu",
        ],
    ],
}];
