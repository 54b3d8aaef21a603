//! A game's part of `gamesolver tour`: short demonstrations of what it
//! offers, each a few command lines of the program with a plain sentence
//! on what they show. The tour runs the steps of every game of the
//! registry, in order.

/// One demonstration of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourStep {
    /// The section's title, e.g. "Tic-tac-toe, strongly solved".
    pub title: &'static str,
    /// What it shows, in plain sentences.
    pub what: &'static str,
    /// The command lines that show it, each the words after `gamesolver`
    /// (`{dir}` stands for a scratch directory the tour makes and removes).
    pub commands: &'static [&'static [&'static str]],
}
