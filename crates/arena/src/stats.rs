//! Match statistics: the first engine's results as one
//! [`WdlCounts`](gamesolver_core::WdlCounts), scored with a 95% interval and
//! turned into an Elo difference by [`gamesolver_core::stats`].

pub use gamesolver_core::WdlCounts as Tally;
pub use gamesolver_core::stats::elo;
