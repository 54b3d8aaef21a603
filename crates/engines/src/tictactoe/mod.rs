//! Tic-tac-toe as one unit: its declaration ([`TicTacToe`]), its
//! evaluation for alpha-beta, its exact solution with the detailed reports
//! and table file of `solve` and `query` (its solved-table capability), and
//! its MDP against a fixed opponent (its MDP capability).

pub mod eval;
mod game;
pub mod mdp;
mod query_report;
pub mod solution;
mod solve_report;
mod solved;
mod table;
mod tour;

pub use eval::TicTacToeEval;
pub use game::TicTacToe;
pub use solution::{TicTacToeSolution, solve};
pub use solved::TicTacToeOracle;
