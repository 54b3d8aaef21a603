//! Statistics of a Jungle tablebase, per material and per material class,
//! and the board heat maps of one piece: the numbers of `gamesolver
//! tablebase stats`, of its HTML report, of the façade's
//! `TablebaseOracle::stats` (web, Python). A material's counts are read
//! from its statistics companion, written by the build, or else counted
//! in one streaming, parallel pass over its stored file
//! ([`Tablebase::tier_stats_until`]).

use std::collections::BTreeMap;
use std::fmt;

use gamesolver_core::{Player, TierLayout, WdlCounts};
use gamesolver_games::jungle::{JungleTiers, Material, Piece, Position, Square, side_name};
use gamesolver_retro::FileError;
use gamesolver_retro::tablebase::{Tablebase, TierStats, scan_tier};

/// The squares of the board (7 files × 9 ranks), the length of each map
/// of a [`HeatMap`].
pub const BOARD_SQUARES: usize = 63;

/// The statistics of one stored material.
#[derive(Clone, Debug)]
pub struct MaterialStats {
    /// The material (a stored one: the stronger side at the bottom).
    pub material: Material,
    /// Its positions counted.
    pub stats: TierStats,
    /// A position with the longest win.
    pub longest_win_example: Option<Position>,
}

/// Counts the positions of `material`'s stored file; `None` if it has no
/// file.
pub fn material_stats(
    tablebase: &Tablebase<JungleTiers>,
    material: Material,
) -> Result<Option<MaterialStats>, FileError> {
    material_stats_until(tablebase, material, &|| false)
}

/// [`material_stats`] that looks at `stop` before each block of the file
/// and answers `Ok(None)` once it said yes (a front end's Ctrl-C).
pub fn material_stats_until(
    tablebase: &Tablebase<JungleTiers>,
    material: Material,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<MaterialStats>, FileError> {
    if !tablebase.path(material).exists() {
        return Ok(None);
    }
    let layout = tablebase.layout();
    let Some(counted) = tablebase.tier_stats_until(material, stop)? else {
        return Ok(None);
    };
    let stats = counted.stats;
    let longest_win_example = stats
        .longest_win
        .and_then(|w| layout.position(material, w.index));
    Ok(Some(MaterialStats {
        material,
        stats,
        longest_win_example,
    }))
}

/// A class of materials: how many animals each side has, the side with
/// more (or, as many, the stronger set) first, e.g. `2-1` for two animals
/// against one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MaterialClass {
    /// Animals of the stored material's bottom side (the stronger).
    pub stronger: u32,
    /// Animals of the other side.
    pub weaker: u32,
}

impl MaterialClass {
    /// The class of a stored material.
    #[must_use]
    pub fn of(material: Material) -> MaterialClass {
        let count = |player| material.pieces(player).count() as u32;
        MaterialClass {
            stronger: count(Player::First),
            weaker: count(Player::Second),
        }
    }
}

impl fmt::Display for MaterialClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.stronger, self.weaker)
    }
}

/// The positions of a class of materials, by who wins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClassStats {
    /// The stored materials of the class.
    pub materials: u32,
    /// Won, drawn, lost for the stronger side, whoever is to move: its wins
    /// with it to move plus its opponent's losses with the opponent to
    /// move. Over the stored materials, which is exact for shares: the
    /// other colour of each pair holds the same positions turned round.
    pub stronger_side: WdlCounts,
    /// Won, drawn, lost for the side to move, either side.
    pub side_to_move: WdlCounts,
}

impl ClassStats {
    /// Adds a material's counts.
    fn add(&mut self, stats: &TierStats) {
        let [bottom, top] = stats.counts;
        self.materials += 1;
        self.stronger_side.add_counts(bottom);
        self.stronger_side.add_counts(WdlCounts {
            win: top.loss,
            draw: top.draw,
            loss: top.win,
        });
        self.side_to_move.add_counts(stats.total());
    }
}

/// Every material's counts gathered per class, classes in order (fewest
/// pieces first).
#[must_use]
pub fn class_stats(materials: &[MaterialStats]) -> BTreeMap<MaterialClass, ClassStats> {
    let mut classes = BTreeMap::<MaterialClass, ClassStats>::new();
    for m in materials {
        classes
            .entry(MaterialClass::of(m.material))
            .or_default()
            .add(&m.stats);
    }
    classes
}

/// For one animal of one side in one material: per side to move and per
/// square of that animal, the positions won, drawn and lost for the side to
/// move (van Rijn & Vis's pictures of where a piece stands well).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatMap {
    /// The material (either colour of a pair).
    pub material: Material,
    /// Whose animal.
    pub owner: Player,
    /// The animal.
    pub piece: Piece,
    /// `[side to move][square index]`: the positions with the animal on
    /// that square, by value for the side to move.
    pub squares: [Vec<WdlCounts>; 2],
}

/// Why a heat map cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum HeatMapError {
    /// The material has no such animal.
    #[error("{material} has no {side} {animal}", side = side_name(*owner), animal = piece.name())]
    NoSuchPiece {
        /// The material.
        material: Material,
        /// The side asked for.
        owner: Player,
        /// The animal asked for.
        piece: Piece,
    },
    /// The material's table is not in the directory.
    #[error("the tablebase has no table of {0} (nor of its colour twin)")]
    NotStored(Material),
    /// The file could not be read.
    #[error(transparent)]
    File(#[from] FileError),
}

/// Counts, for `owner`'s `piece` in `material`, every position by the
/// animal's square and the side to move. A material stored as its colour
/// twin is read through the twin: the twin's opposite animal on the square
/// turned half a turn, the other side to move.
pub fn heat_map(
    tablebase: &Tablebase<JungleTiers>,
    material: Material,
    owner: Player,
    piece: Piece,
) -> Result<HeatMap, HeatMapError> {
    if !material.has(owner, piece) {
        return Err(HeatMapError::NoSuchPiece {
            material,
            owner,
            piece,
        });
    }
    let layout = tablebase.layout();
    let stored = layout.stored_tier(material);
    let flip = stored != material;
    let file = tablebase
        .open_tier(stored)?
        .ok_or(HeatMapError::NotStored(material))?;
    let stored_owner = if flip { owner.opponent() } else { owner };
    let empty = || [(); 2].map(|()| vec![WdlCounts::default(); BOARD_SQUARES]);
    let squares = scan_tier(
        layout,
        stored,
        &file,
        empty,
        |maps, _index, position, solution| {
            let Some(square) = position.square_of(stored_owner, piece) else {
                return;
            };
            let turn = position.turn();
            let (side, square) = if flip {
                (turn.opponent(), square.rotated())
            } else {
                (turn, square)
            };
            let map = &mut maps[side.index()];
            map[usize::from(square.index())].add(solution.wdl);
            if layout.multiplicity(stored, position) > 1 {
                map[usize::from(square.mirrored().index())].add(solution.wdl);
            }
        },
        |mut a, b| {
            for (mine, theirs) in a.iter_mut().zip(&b) {
                for (m, &t) in mine.iter_mut().zip(theirs) {
                    m.add_counts(t);
                }
            }
            a
        },
    )?;
    Ok(HeatMap {
        material,
        owner,
        piece,
        squares,
    })
}

/// The square of index `index` (0..63).
#[must_use]
pub fn square(index: usize) -> Option<Square> {
    Square::new(u8::try_from(index).ok()?)
}
