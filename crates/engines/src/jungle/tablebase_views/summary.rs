//! The numbers of Jungle's tablebase views (`tablebase stats --classes`,
//! `--heat-map`, `tablebase report`), gathered once from `table_stats` and
//! shaped for JSON and pages.

use std::collections::BTreeMap;

use crate::jungle::table_stats::{
    BOARD_SQUARES, ClassStats, HeatMap, HeatMapError, MaterialClass, MaterialStats, class_stats,
    heat_map, material_stats, square,
};
use gamesolver_core::Player;
use gamesolver_games::jungle::{Material, Piece, side_name};
use serde::Serialize;

use gamesolver_api::tablebases::{TierScan, TierStatsRow, WdlSplit as Split};
use gamesolver_api::{FacadeError, PositionErrorKind, TablebaseCause, TablebaseError};
use gamesolver_games::jungle::JungleTiers;
use gamesolver_retro::tablebase::Tablebase;

/// The row of one counted material.
pub(super) fn material_row(m: &MaterialStats) -> TierStatsRow {
    TierStatsRow::new(
        m.material.to_string(),
        m.material.count(),
        Some(MaterialClass::of(m.material).to_string()),
        m.stats.clone(),
        m.longest_win_example.as_ref().map(ToString::to_string),
    )
}

/// A longest win: where, how long, from which position.
#[derive(Clone, Debug, Serialize)]
pub(super) struct LongestWin {
    pub(super) material: String,
    pub(super) distance: u16,
    pub(super) position: String,
}

/// One class of materials (a row of `stats --classes`).
#[derive(Debug, Serialize)]
pub(super) struct ClassRow {
    /// `stronger-weaker` animal counts, e.g. `2-1`.
    pub(super) class: String,
    pub(super) pieces: u32,
    pub(super) materials: u32,
    /// Positions of the stored materials, by value for the side with more
    /// animals (or the stronger set), whoever is to move.
    pub(super) stronger_side: Split,
    /// The same positions by value for the side to move.
    pub(super) side_to_move: Split,
    pub(super) longest_win: Option<LongestWin>,
}

/// `stats --classes`: every class, and the longest win of each piece count.
#[derive(Debug, Serialize)]
pub(super) struct Classes {
    pub(super) classes: Vec<ClassRow>,
    pub(super) longest_wins: BTreeMap<u32, LongestWin>,
}

/// The longest win of one material, if it has one.
fn longest_of(m: &MaterialStats) -> Option<LongestWin> {
    Some(LongestWin {
        material: m.material.to_string(),
        distance: m.stats.longest_win?.distance,
        position: m.longest_win_example.as_ref()?.to_string(),
    })
}

/// The longer of two wins (the first among equals).
fn longer(a: Option<LongestWin>, b: Option<LongestWin>) -> Option<LongestWin> {
    match (a, b) {
        (Some(x), Some(y)) => Some(if y.distance > x.distance { y } else { x }),
        (x, None) => x,
        (None, y) => y,
    }
}

impl Classes {
    /// The classes of `materials` (in the scan's order).
    pub(super) fn of(materials: &[MaterialStats]) -> Classes {
        let mut longest_by_class = BTreeMap::<MaterialClass, LongestWin>::new();
        let mut longest_wins = BTreeMap::<u32, LongestWin>::new();
        for m in materials {
            let class = MaterialClass::of(m.material);
            if let Some(w) = longer(longest_by_class.remove(&class), longest_of(m)) {
                longest_by_class.insert(class, w);
            }
            let pieces = m.material.count();
            if let Some(w) = longer(longest_wins.remove(&pieces), longest_of(m)) {
                longest_wins.insert(pieces, w);
            }
        }
        let classes = class_stats(materials)
            .into_iter()
            .map(|(class, stats)| class_row(class, &stats, longest_by_class.remove(&class)))
            .collect();
        Classes {
            classes,
            longest_wins,
        }
    }
}

fn class_row(class: MaterialClass, stats: &ClassStats, longest: Option<LongestWin>) -> ClassRow {
    ClassRow {
        class: class.to_string(),
        pieces: class.stronger + class.weaker,
        materials: stats.materials,
        stronger_side: stats.stronger_side.into(),
        side_to_move: stats.side_to_move.into(),
        longest_win: longest,
    }
}

/// Every material of the scan counted; a file that cannot be used is
/// recorded in `scan` (the caller fails after its output).
pub(super) fn gather(tables: &Tablebase<JungleTiers>, scan: &mut TierScan) -> Vec<MaterialStats> {
    let mut counted = Vec::new();
    for name in scan.tiers.clone() {
        let Ok(material) = name.parse::<Material>() else {
            continue;
        };
        match material_stats(tables, material) {
            Ok(Some(stats)) => counted.push(stats),
            Ok(None) => scan.problems.push(format!(
                "{material}: its file disappeared after the directory was listed"
            )),
            Err(error) => scan.reject(&name, &error),
        }
    }
    counted
}

/// Which animal a heat map is drawn for (None: the defaults).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct HeatMapArgs {
    /// The material, e.g. LR-e (default: LR-e if present, else the last
    /// material with the most pieces).
    pub(super) material: Option<Material>,
    /// The animal's letter, upper case for the bottom side, lower case for
    /// the top (default: the strongest animal of the side with fewer
    /// animals).
    pub(super) piece: Option<char>,
}

/// One square of a heat map.
#[derive(Debug, Serialize)]
pub(super) struct SquareCounts {
    pub(super) square: String,
    #[serde(flatten)]
    pub(super) counts: Split,
}

/// A heat map as JSON: per side to move, the 63 squares (a1, b1, … g9).
#[derive(Debug, Serialize)]
pub(super) struct HeatMapView {
    pub(super) material: String,
    /// The animal's letter (upper case: bottom side).
    pub(super) piece: String,
    pub(super) side: &'static str,
    pub(super) animal: &'static str,
    pub(super) bottom_to_move: Vec<SquareCounts>,
    pub(super) top_to_move: Vec<SquareCounts>,
}

impl From<&HeatMap> for HeatMapView {
    fn from(map: &HeatMap) -> HeatMapView {
        let squares = |side: usize| {
            (0..BOARD_SQUARES)
                .filter_map(|i| {
                    Some(SquareCounts {
                        square: square(i)?.to_string(),
                        counts: map.squares[side][i].into(),
                    })
                })
                .collect::<Vec<_>>()
        };
        let letter = map.piece.letter();
        HeatMapView {
            material: map.material.to_string(),
            piece: match map.owner {
                Player::First => letter.to_string(),
                Player::Second => letter.to_ascii_lowercase().to_string(),
            },
            side: side_name(map.owner),
            animal: map.piece.name(),
            bottom_to_move: squares(0),
            top_to_move: squares(1),
        }
    }
}

impl HeatMapArgs {
    /// The material and animal asked for, or the defaults among `materials`.
    fn choose(&self, materials: &[Material]) -> Result<(Material, Player, Piece), FacadeError> {
        let default_material = || {
            let lr_e: Material = "LR-e".parse().ok()?;
            if materials.contains(&lr_e) {
                return Some(lr_e);
            }
            materials.iter().copied().max_by_key(|m| m.count())
        };
        let Some(material) = self.material.or_else(default_material) else {
            return Err(FacadeError::tablebase(
                TablebaseCause::NotCovered,
                "the tablebase has no material to draw a heat map of",
            ));
        };
        let (owner, piece) = match self.piece {
            Some(letter) => {
                let piece = Piece::from_letter(letter).ok_or_else(|| {
                    FacadeError::bad_position(
                        PositionErrorKind::BadMaterial,
                        letter.to_string(),
                        format!("--piece {letter:?} is no animal: the letters are E L T P W D C R"),
                    )
                })?;
                let owner = if letter.is_ascii_uppercase() {
                    Player::First
                } else {
                    Player::Second
                };
                (owner, piece)
            }
            None => default_piece(material),
        };
        Ok((material, owner, piece))
    }

    /// The heat map asked for.
    pub(super) fn heat_map(
        &self,
        tables: &Tablebase<JungleTiers>,
        materials: &[Material],
    ) -> Result<HeatMap, FacadeError> {
        let (material, owner, piece) = self.choose(materials)?;
        heat_map(tables, material, owner, piece).map_err(|e| match &e {
            HeatMapError::NoSuchPiece { material, .. } => FacadeError::bad_position(
                PositionErrorKind::BadMaterial,
                material.to_string(),
                e.to_string(),
            ),
            HeatMapError::NotStored(_) => {
                FacadeError::tablebase(TablebaseCause::NotCovered, e.to_string())
            }
            HeatMapError::File(file) => FacadeError::Tablebase(TablebaseError::from_chain(
                TablebaseCause::Corrupt,
                file,
                e.to_string(),
            )),
        })
    }
}

/// The strongest animal of the side with fewer animals (the top side when
/// both have as many).
fn default_piece(material: Material) -> (Player, Piece) {
    let count = |player| material.pieces(player).count();
    let owner = if count(Player::First) < count(Player::Second) {
        Player::First
    } else {
        Player::Second
    };
    let strongest = material.pieces(owner).last();
    (owner, strongest.unwrap_or(Piece::Elephant))
}
