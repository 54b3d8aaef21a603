//! The serialisable values the façade hands out.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use gamesolver_core::{Solution, Wdl};
use gamesolver_search::{Limits, MAX_PLY, SearchInfo};
use serde::Serialize;

use crate::FacadeError;

/// What a game is: its names, rules presets, engines and the shape of its
/// actions and observations. What it offers beyond play is declared by its
/// [`crate::GameDef`]'s capability members ([`crate::GameDef::capabilities`]).
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The registry name: `tictactoe`, `uttt`, `jungle`, …
    pub name: &'static str,
    /// Other names the registry accepts (case-insensitively).
    pub aliases: &'static [&'static str],
    /// A human title: "Ultimate tic-tac-toe".
    pub title: &'static str,
    /// The title in other languages than English: (language code, title)
    /// pairs such as `("zh", "斗兽棋")`, for the web pages' language
    /// switch (a language left out shows [`GameInfo::title`]).
    pub titles: &'static [(&'static str, &'static str)],
    /// The rule presets, the default first.
    pub rules: &'static [&'static str],
    /// The engine kinds, the default first.
    pub engines: &'static [&'static str],
    /// The number of action numbers (the game's declaration documents
    /// them); 0 when actions are indices into the legal-move list
    /// ([`crate::text_game`]).
    pub action_space: u32,
    /// Planes, rows, columns of [`Observation`]s.
    pub observation_shape: [usize; 3],
}

/// A position as numbers for learning: `shape` = planes, rows, columns;
/// `data` row-major plane after plane (each game's declaration documents
/// its planes).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Observation {
    /// Planes, rows, columns.
    pub shape: [usize; 3],
    /// The values, `shape[0] * shape[1] * shape[2]` of them.
    pub data: Vec<f32>,
}

impl Observation {
    /// All zeros of `shape`.
    #[must_use]
    pub fn zeros(shape: [usize; 3]) -> Observation {
        Observation {
            shape,
            data: vec![0.0; shape[0] * shape[1] * shape[2]],
        }
    }

    /// The values as planes to write into.
    pub fn planes(&mut self) -> Planes<'_> {
        Planes {
            shape: self.shape,
            data: &mut self.data,
        }
    }

    /// Sets plane `plane`, row `row`, column `col` to `value`.
    pub fn set(&mut self, plane: usize, row: usize, col: usize, value: f32) {
        self.planes().set(plane, row, col, value);
    }

    /// Sets every value of plane `plane` to `value`.
    pub fn fill_plane(&mut self, plane: usize, value: f32) {
        self.planes().fill_plane(plane, value);
    }
}

/// An observation's values in a buffer of the caller's (a batch front end
/// writes every game's planes into one array, without allocating):
/// `shape` = planes, rows, columns, `data` row-major plane after plane.
#[derive(Debug)]
pub struct Planes<'a> {
    shape: [usize; 3],
    data: &'a mut [f32],
}

impl<'a> Planes<'a> {
    /// The planes of `shape` over `data`, or None unless `data` holds
    /// exactly `shape[0] * shape[1] * shape[2]` values.
    pub fn new(shape: [usize; 3], data: &'a mut [f32]) -> Option<Planes<'a>> {
        (data.len() == shape[0] * shape[1] * shape[2]).then_some(Planes { shape, data })
    }

    /// Sets every value to 0.
    pub fn clear(&mut self) {
        self.data.fill(0.0);
    }

    /// Sets plane `plane`, row `row`, column `col` to `value`.
    pub fn set(&mut self, plane: usize, row: usize, col: usize, value: f32) {
        let [_, rows, cols] = self.shape;
        self.data[(plane * rows + row) * cols + col] = value;
    }

    /// Sets every value of plane `plane` to `value`.
    #[inline]
    pub fn fill_plane(&mut self, plane: usize, value: f32) {
        self.plane_mut(plane).fill(value);
    }

    /// Sets to `value` the values of plane `plane` whose bits are set in
    /// `cells` (bit `i` = the plane's `i`-th value, row-major; bits past
    /// the plane's end are ignored): a bitboard's squares in one pass.
    pub fn set_cells(&mut self, plane: usize, cells: u64, value: f32) {
        set_bits(self.plane_mut(plane), 0, cells, value);
    }

    /// The planes' shape: planes, rows, columns.
    #[inline]
    pub fn shape(&self) -> [usize; 3] {
        self.shape
    }

    /// The values of each plane in turn (row-major; none when a plane has
    /// no values).
    #[inline]
    pub fn each_plane_mut(&mut self) -> std::slice::ChunksExactMut<'_, f32> {
        let size = self.shape[1] * self.shape[2];
        // An empty plane: no chunk (the data is then empty too).
        self.data.chunks_exact_mut(size.max(1))
    }

    /// The values of plane `plane`.
    #[inline]
    fn plane_mut(&mut self, plane: usize) -> &mut [f32] {
        let size = self.shape[1] * self.shape[2];
        &mut self.data[plane * size..(plane + 1) * size]
    }
}

/// Sets `values[base + i]` to `value` for each set bit `i` of `bits`
/// (those past the end ignored).
fn set_bits(values: &mut [f32], base: usize, mut bits: u64, value: f32) {
    while bits != 0 {
        let at = base + bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some(v) = values.get_mut(at) {
            *v = value;
        }
    }
}

/// Results of random playouts (see [`crate::State::random_playouts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayoutStats {
    /// Games the first player won.
    pub first_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games the second player won.
    pub second_wins: u64,
    /// Plies played over all games.
    pub total_plies: u64,
    /// The longest game, in plies.
    pub max_plies: u64,
}

/// How to set up an engine; every field optional.
#[derive(Clone, Debug, Default)]
pub struct EngineSpec {
    /// `alphabeta` | `mcts` (None = the game's default); refused with the
    /// list if the game has no such engine.
    pub kind: Option<String>,
    /// The rule preset (None = the default).
    pub rules: Option<String>,
    /// Transposition table size in MB, 1..=4096.
    pub hash_mb: Option<usize>,
    /// Random seed (MCTS).
    pub seed: Option<u64>,
    /// A tablebase directory; refused for games without tablebases.
    pub tablebase: Option<PathBuf>,
    /// Further options of the game's engine table by name (any case),
    /// with their values as `setoption` takes them (`"true"`, `"120"`,
    /// a combo's value): checked by the table, refused with
    /// [`FacadeError::BadOption`] when the engines have no such option,
    /// the value is out of its range, or a field above sets it.
    pub options: BTreeMap<String, String>,
}

/// The allowed transposition-table sizes, in MB.
pub const HASH_MB_RANGE: std::ops::RangeInclusive<usize> = 1..=4096;

/// The one rule for transposition-table sizes (command line, protocol
/// `Hash` option, façade): `mb` if it is in [`HASH_MB_RANGE`], otherwise
/// an error naming the range.
pub fn check_hash_mb(mb: u64) -> Result<usize, FacadeError> {
    usize::try_from(mb)
        .ok()
        .filter(|mb| HASH_MB_RANGE.contains(mb))
        .ok_or_else(|| {
            FacadeError::BadLimit(format!(
                "hash must be {}..={} MB, not {mb}",
                HASH_MB_RANGE.start(),
                HASH_MB_RANGE.end()
            ))
        })
}

impl EngineSpec {
    /// The hash size in MB (`default` if unset), refused outside
    /// [`HASH_MB_RANGE`].
    pub fn hash_mb_or(&self, default: usize) -> Result<usize, FacadeError> {
        check_hash_mb(self.hash_mb.unwrap_or(default) as u64)
    }
}

/// How long to search; all `None` = 20 ms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Think this many milliseconds (at least 1).
    pub movetime_ms: Option<u64>,
    /// Search this many plies (1..=MAX_PLY).
    pub depth: Option<u32>,
    /// Search this many nodes (MCTS: iterations; at least 1).
    pub nodes: Option<u64>,
}

/// The default thinking time, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 20;

impl SearchLimits {
    /// The search's limits, or why these are out of range.
    pub fn to_limits(&self) -> Result<Limits, FacadeError> {
        let max = MAX_PLY as u32;
        if let Some(depth) = self.depth
            && !(1..=max).contains(&depth)
        {
            return Err(FacadeError::BadLimit(format!(
                "depth must be 1..={max}, not {depth}"
            )));
        }
        if self.movetime_ms == Some(0) {
            return Err(FacadeError::BadLimit(
                "movetime must be at least 1 ms".into(),
            ));
        }
        if self.nodes == Some(0) {
            return Err(FacadeError::BadLimit("nodes must be at least 1".into()));
        }
        let none = self.movetime_ms.is_none() && self.depth.is_none() && self.nodes.is_none();
        let movetime = if none {
            Some(DEFAULT_MOVETIME_MS)
        } else {
            self.movetime_ms
        };
        Ok(Limits {
            movetime: movetime.map(Duration::from_millis),
            depth: self.depth,
            nodes: self.nodes,
            started: None,
        })
    }
}

/// What a search found (the result, or an intermediate report, of a
/// search).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchReport {
    /// The engine's name.
    pub engine: &'static str,
    /// The best move (absent only when the game is over).
    pub bestmove: Option<String>,
    /// `cp 35` | `mate 7` | `mate -4` (plies), as the CLI prints it.
    pub score: String,
    /// The evaluation for the side to move, absent for mate scores.
    pub score_cp: Option<i32>,
    /// Plies to the end, negative when losing; absent for evaluations.
    pub mate_plies: Option<i32>,
    /// Depth reached.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time taken, in milliseconds.
    pub time_ms: f64,
    /// The principal variation.
    pub pv: Vec<String>,
    /// `search` | `tablebase`.
    pub source: &'static str,
}

impl SearchReport {
    /// The report of `info` from engine `engine`.
    pub fn from_info<M: std::fmt::Display + Copy>(
        engine: &'static str,
        info: &SearchInfo<M>,
        source: &'static str,
    ) -> SearchReport {
        let mate = info.score.plies_to_end();
        SearchReport {
            engine,
            bestmove: info.best_move().map(|m| m.to_string()),
            score: info.score.to_string(),
            score_cp: mate.is_none().then(|| info.score.value()),
            mate_plies: mate,
            depth: info.depth,
            nodes: info.nodes,
            nps: info.nps(),
            time_ms: info.elapsed.as_secs_f64() * 1e3,
            pv: info.pv.iter().map(ToString::to_string).collect(),
            source,
        }
    }
}

/// A value for the side to move (or for the mover, for a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

impl From<Wdl> for Verdict {
    fn from(wdl: Wdl) -> Verdict {
        match wdl {
            Wdl::Win => Verdict::Win,
            Wdl::Draw => Verdict::Draw,
            Wdl::Loss => Verdict::Loss,
        }
    }
}

/// A value under a game's no-zeroing rule (Jungle: 200 plies without a
/// capture draw), from the position's counter: a cursed win is won by the
/// distance to the end but drawn by the rule, a blessed loss the other
/// side of one (see `gamesolver_retro::zeroing`).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// Won under the rule.
    Win,
    /// Won by the distance to the end, drawn by the rule.
    CursedWin,
    /// Drawn.
    Draw,
    /// Lost by the distance to the end, drawn by the rule.
    BlessedLoss,
    /// Lost under the rule.
    Loss,
}

impl From<gamesolver_retro::zeroing::RuleVerdict> for Category {
    fn from(verdict: gamesolver_retro::zeroing::RuleVerdict) -> Category {
        use gamesolver_retro::zeroing::RuleVerdict;
        match verdict {
            RuleVerdict::Win => Category::Win,
            RuleVerdict::CursedWin => Category::CursedWin,
            RuleVerdict::Draw => Category::Draw,
            RuleVerdict::BlessedLoss => Category::BlessedLoss,
            RuleVerdict::Loss => Category::Loss,
        }
    }
}

/// One move's exact worth for the mover.
#[derive(Clone, Debug, Serialize)]
pub struct MoveVerdictText {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the mover (under the game's draw rules, when its
    /// tables have a no-zeroing rule: a cursed win is a draw).
    pub value: Verdict,
    /// Plies to the end after it, counting it (ignoring the no-zeroing rule).
    pub distance: u32,
    /// Its value under the no-zeroing rule, for games with one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// Plies to the next zeroing move after it, counting it (1 for a
    /// capture or a move that ends the game), for games with the rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dtz: Option<u32>,
}

/// A position judged exactly, move by move.
#[derive(Clone, Debug, Serialize)]
pub struct PositionReport {
    /// The position.
    pub position: String,
    /// Its value for the side to move.
    pub value: Verdict,
    /// Plies to the end under best play.
    pub distance: u32,
    /// Every legal move, best first (wins shortest first, draws, losses
    /// longest first).
    pub moves: Vec<MoveVerdictText>,
    /// Every best move, in move-generation order.
    pub best: Vec<String>,
    /// Best play to the end (or until the tables end or a position repeats).
    pub main_line: Vec<String>,
    /// Its value under the game's no-zeroing rule from its counter, for
    /// games with one (Jungle's tables).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// Plies to the next zeroing move under best play, for games with the
    /// rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dtz: Option<u32>,
    /// Plies since the last zeroing move (the position's counter), for
    /// games with the rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counter: Option<u32>,
    /// Why the game is drawn already, if it is (`200-ply rule`,
    /// `threefold repetition`): then no move is listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawn_by_rule: Option<String>,
}

/// Per material of a tablebase: positions by value, and the longest win.
#[derive(Clone, Debug, Serialize)]
pub struct MaterialStatsReport {
    /// The material, e.g. `LR-e`.
    pub material: String,
    /// Win, draw, loss counts with the bottom side to move.
    pub bottom_to_move: [u64; 3],
    /// Win, draw, loss counts with the top side to move.
    pub top_to_move: [u64; 3],
    /// The longest win, in plies (0 if no win).
    pub longest_win: u32,
    /// A position (FEN) with the longest win.
    pub longest_win_example: Option<String>,
    /// Per side to move (bottom, top): positions won in exactly `d` plies
    /// at `[d]`.
    pub win_distances: [Vec<u64>; 2],
}

/// Value and distance of a solution, as the façade reports them.
pub(crate) fn verdict_of(solution: Solution) -> (Verdict, u32) {
    (solution.wdl.into(), u32::from(solution.distance))
}
