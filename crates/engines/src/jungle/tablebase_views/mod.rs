//! Jungle's views of its tables beyond the per-material counts (the
//! [`TablebaseViews`] of its tablebase capability): the material classes
//! (animals per side), the heat map of one animal, and the report page,
//! one self-contained HTML file with inline SVG.

mod report_html;
mod report_svg;
mod summary;
mod text;

use gamesolver_api::model::resolve_rules;
use gamesolver_api::tablebases::{TablebaseViews, TierScan, escape_html as escape};
use gamesolver_api::{FacadeError, PositionErrorKind, Rendered};
use gamesolver_games::jungle::{JungleTiers, Material};
use gamesolver_retro::tablebase::Tablebase;
use serde::Serialize;

use super::game::{INFO, variant};
use super::tablebase::tables_in;
use report_html::{Page, render};
use summary::{Classes, HeatMapArgs, HeatMapView, gather, material_row};

/// Jungle's tablebase views.
pub(super) static JUNGLE_VIEWS: JungleViews = JungleViews;

/// Jungle's tablebase views (see the module).
pub(super) struct JungleViews;

/// The tables of the scanned directory under `rules`, and the rules' name.
fn tables(
    rules: Option<&str>,
    scan: &TierScan,
) -> Result<(Tablebase<JungleTiers>, &'static str), FacadeError> {
    let rules = resolve_rules(&INFO, rules)?;
    Ok((tables_in(&scan.dir, variant(rules)), rules))
}

/// The materials of a scan.
fn materials(scan: &TierScan) -> Vec<Material> {
    scan.tiers.iter().filter_map(|t| t.parse().ok()).collect()
}

/// The animal asked for.
fn which(tier: Option<&str>, piece: Option<char>) -> Result<HeatMapArgs, FacadeError> {
    let material = tier
        .map(|t| {
            t.parse::<Material>().map_err(|e| {
                FacadeError::bad_position(
                    PositionErrorKind::BadMaterial,
                    t,
                    format!("bad material {t:?}: {e}"),
                )
            })
        })
        .transpose()?;
    Ok(HeatMapArgs { material, piece })
}

/// `value` as one line of JSON and the text `write` gives.
fn rendered<T: Serialize>(
    value: &T,
    write: impl Fn(&mut String, &T) -> std::fmt::Result,
) -> Rendered {
    let mut text = String::new();
    let _ = write(&mut text, value);
    Rendered {
        json: serde_json::to_string(value).unwrap_or_default(),
        text,
    }
}

impl TablebaseViews for JungleViews {
    fn classes(&self, rules: Option<&str>, scan: &mut TierScan) -> Result<Rendered, FacadeError> {
        let (tables, _) = tables(rules, scan)?;
        let counted = gather(&tables, scan);
        Ok(rendered(&Classes::of(&counted), text::write_classes))
    }

    fn heat_map(
        &self,
        rules: Option<&str>,
        scan: &TierScan,
        tier: Option<&str>,
        piece: Option<char>,
    ) -> Result<Rendered, FacadeError> {
        let (tables, _) = tables(rules, scan)?;
        let map = which(tier, piece)?.heat_map(&tables, &materials(scan))?;
        Ok(rendered(&HeatMapView::from(&map), text::write_heat_map))
    }

    fn report_page(
        &self,
        rules: Option<&str>,
        scan: &mut TierScan,
        tier: Option<&str>,
        piece: Option<char>,
    ) -> Result<String, FacadeError> {
        let (tables, rules) = tables(rules, scan)?;
        let heat_map = which(tier, piece)?.heat_map(&tables, &materials(scan))?;
        let counted = gather(&tables, scan);
        let rows: Vec<_> = counted.iter().map(material_row).collect();
        Ok(render(&Page {
            dir: &scan.dir,
            rules: variant(rules),
            classes: &Classes::of(&counted),
            materials: &rows,
            heat_map: &HeatMapView::from(&heat_map),
        }))
    }
}
