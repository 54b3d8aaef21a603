//! The alpha-beta settings ultimate tic-tac-toe plays with by default, in
//! one place for the engines ([`super::engines::EngineOptions`]) and the
//! standalone CodinGame bot ([`super::codingame::bot_engine`]).

use gamesolver_games::uttt::Variant;
use gamesolver_search::SearchConfig;

/// The transposition table of ultimate tic-tac-toe's alpha-beta by
/// default, in MB (the `Hash` option overrides it): a table of 4 MB
/// searches far more nodes in a CodinGame move than one of 16 MB, whose
/// slots wait on memory (docs/PERFORMANCE.md, "The transposition table's
/// size").
pub const HASH_MB: usize = 4;

/// The least remaining depth at which ultimate tic-tac-toe's alpha-beta
/// reduces late moves (the search crate's default is 4): reducing from 3
/// plies won a self-play SPRT at 20 ms under CodinGame's rule
/// (docs/PERFORMANCE.md). The `ReductionDepth` option overrides it.
pub const REDUCTION_MIN_DEPTH: u32 = 3;

/// The plies late move reductions add, by default, for a move sending the
/// opponent to a closed board without winning one (a free choice, see
/// `UtttEval::is_poor_move`): reducing such moves two plies more won
/// self-play SPRTs at 52,600 nodes and at 20 ms under CodinGame's rule
/// (docs/PERFORMANCE.md). The `PoorMoveReduction` option overrides it.
pub const POOR_MOVE_REDUCTION: u32 = 2;

/// The plies a singular extension adds under `variant`, by default, to a
/// table move far above every other move of a node 8 or more plies from
/// the leaves (see `SearchConfig::singular_extension`): under CodinGame's
/// rule one ply, which won self-play SPRTs at 52,600 nodes and at 20 ms
/// and stayed ahead at 600,000 nodes (half a 100 ms move's); under the
/// standard rule none (one ply lost an SPRT at 40,000 nodes,
/// docs/PERFORMANCE.md). The `SingularExtension` option overrides it.
///
/// ```
/// use gamesolver_engines::uttt::search_settings::singular_extension;
/// use gamesolver_games::uttt::Variant;
///
/// assert_eq!(singular_extension(Variant::CodinGame), 1);
/// assert_eq!(singular_extension(Variant::Standard), 0);
/// ```
#[must_use]
pub const fn singular_extension(variant: Variant) -> u32 {
    match variant {
        Variant::CodinGame => 1,
        Variant::Standard => 0,
    }
}

/// The search settings of ultimate tic-tac-toe's alpha-beta under
/// `variant` by default:
/// the search crate's, with late moves reduced from
/// [`REDUCTION_MIN_DEPTH`] plies, poor moves [`POOR_MOVE_REDUCTION`]
/// plies more, singular table moves [`singular_extension`] plies deeper,
/// and the history malus on (it won a self-play SPRT at 20 ms
/// under CodinGame's rule, docs/PERFORMANCE.md; the `HistoryMalus` option
/// overrides it). History gravity stays off (the `HistoryGravity` option:
/// a bound of 16,384 won a self-play SPRT at 52,600 nodes but was level
/// at 20 ms, docs/PERFORMANCE.md).
///
/// ```
/// use gamesolver_engines::uttt::search_settings::{
///     POOR_MOVE_REDUCTION, REDUCTION_MIN_DEPTH, search_config, singular_extension,
/// };
/// use gamesolver_games::uttt::Variant;
///
/// assert_eq!(search_config(Variant::CodinGame).reduction_min_depth, REDUCTION_MIN_DEPTH);
/// assert_eq!(search_config(Variant::CodinGame).poor_move_reduction, POOR_MOVE_REDUCTION);
/// assert_eq!(search_config(Variant::CodinGame).singular_extension, 1);
/// assert_eq!(
///     search_config(Variant::Standard).singular_extension,
///     singular_extension(Variant::Standard)
/// );
/// assert!(search_config(Variant::CodinGame).late_move_reductions);
/// assert!(search_config(Variant::CodinGame).history_malus);
/// assert_eq!(search_config(Variant::CodinGame).history_gravity, 0);
/// ```
#[must_use]
pub fn search_config(variant: Variant) -> SearchConfig {
    SearchConfig {
        reduction_min_depth: REDUCTION_MIN_DEPTH,
        poor_move_reduction: POOR_MOVE_REDUCTION,
        singular_extension: singular_extension(variant),
        history_malus: true,
        ..SearchConfig::default()
    }
}
