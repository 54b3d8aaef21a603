//! Retrograde analysis of games with cycles, organised in tiers.
//!
//! A *tier* is a set of positions closed under the moves that stay in it (in
//! Jungle: one material, i.e. which pieces each side has, with no den
//! entered). Moves that leave a tier lead to tiers that are solved first
//! ([`schedule`] orders them) or end the game at once, so a position's moves
//! are of two kinds:
//!
//! - *exits*: moves that leave the tier (a capture into a solved tier, a den
//!   entry), whose values are known before the tier's own analysis starts;
//! - moves inside the tier ([`gamesolver_core::Retrograde::stays_in_tier`]),
//!   found again from the other side by un-move generation. A position
//!   inside the tier may be finished (no legal move): it is worth its
//!   outcome at distance 0 and tells its parents like any other.
//!
//! [`solve_tier`] keeps, for each unresolved position, a count of the child
//! positions not yet proven to be wins for the opponent, and resolves
//! positions strictly by distance: at level `d` every position whose final
//! distance is `d` is known, so each parent gets its exact distance (the
//! winner's shortest, the loser's longest). Whatever is unresolved at the end
//! can only cycle or reach draws: it is a draw.

mod entry;
mod frontier;
mod schedule;
mod solve;
mod tier_table;
mod verify;

pub use gamesolver_core::TierLayout;
pub use schedule::{ScheduleError, schedule, schedule_waves};
pub use solve::{SolveTierError, TierProgress, solve_tier};
pub use tier_table::TierTable;
pub use verify::{VerifyFailure, verify_tier};
