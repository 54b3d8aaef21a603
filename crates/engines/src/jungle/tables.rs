//! Jungle's tablebase capability: the generic [`TieredTablebases`] over
//! Jungle's tiers (materials, the colour symmetry folded: one material of
//! each colour pair is stored), its probes under the draw rules
//! ([`JungleTablebase`]), its views (material classes, heat maps, the
//! report page) and its self-check.

use std::num::NonZeroUsize;
use std::path::Path;

use gamesolver_api::model::typed;
use gamesolver_api::tablebases::{
    SelfcheckMismatch, SelfcheckReport, SelfcheckRequest, TablebaseViews,
};
use gamesolver_api::{
    FacadeError, GameDef, GameInfo, MaterialStatsReport, PieceLimits, PositionReport, State,
    TablebaseCause, TablebaseError, TablebaseOracle, Tablebases, TieredGame, TieredTablebases,
};
use gamesolver_games::jungle::{JungleTiers, Material, Position};

use super::game::{INFO, Jungle, variant};
use super::rule_report::rule_report;
use super::selfcheck::{SampleError, check, sample};
use super::table_stats::{MaterialClass, material_stats_until};
use super::tablebase::{
    MAX_MATERIAL_PIECES, MAX_PIECES, OpenError, TablebaseHandle, layout_of_directory,
};
use super::tablebase_views::JUNGLE_VIEWS;

/// The declaration's tablebase capability.
pub(super) static TABLEBASES: TieredTablebases<JungleTables> = TieredTablebases(JungleTables);

/// Jungle's hooks of the generic tablebase service.
#[derive(Clone, Copy)]
pub struct JungleTables;

impl TieredGame for JungleTables {
    type Layout = JungleTiers;

    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    /// The colour-folded layout every front end builds and reads, so their
    /// directories are the same file for file.
    fn layout(&self, rules: &'static str) -> Result<JungleTiers, FacadeError> {
        Ok(JungleTiers::colour_folded(variant(rules)))
    }

    /// The directory's own no-capture rule, read from its
    /// distance-to-zeroing files ([`layout_of_directory`]); the preset's
    /// layout when the directory holds no table yet.
    fn layout_in(&self, dir: &Path, rules: &'static str) -> Result<JungleTiers, FacadeError> {
        match layout_of_directory(dir, variant(rules)) {
            Ok((layout, _)) => Ok(layout),
            Err(OpenError::Directory(_)) => self.layout(rules),
            Err(e) => Err(open_error(dir, e)),
        }
    }

    fn layout_under_rule(
        &self,
        rules: &'static str,
        plies: u16,
    ) -> Result<JungleTiers, FacadeError> {
        Ok(JungleTiers::colour_folded(variant(rules)).with_quiet_ply_limit(plies))
    }

    fn parse_tier(&self, text: &str) -> Result<Material, String> {
        text.parse::<Material>()
            .map_err(|e| format!("bad material {text:?}: {e}"))
    }

    fn pieces(&self, tier: Material) -> u32 {
        tier.count()
    }

    fn tiers_with(&self, pieces: u32) -> Vec<Material> {
        Material::all_with(pieces)
    }

    /// Every material up to four pieces (a 6.3 G-index build); one
    /// material up to five.
    fn piece_limits(&self) -> PieceLimits {
        PieceLimits {
            fewest: 2,
            all_up_to: MAX_PIECES,
            one_tier: MAX_MATERIAL_PIECES,
        }
    }

    /// Animals per side, e.g. `2-1`.
    fn tier_class(&self, tier: Material) -> Option<String> {
        Some(MaterialClass::of(tier).to_string())
    }

    fn position<'a>(&self, state: &'a dyn State) -> Result<&'a Position, FacadeError> {
        Ok(typed::<Jungle>(state)?.game.position())
    }

    /// The material with the position's own colours (`E-lr`, not its
    /// stored twin `LR-e`).
    fn tier_name(&self, _layout: &JungleTiers, position: &Position) -> String {
        Material::of(position).to_string()
    }

    /// The long FEN: the 200-ply rule's counter and the move number.
    fn position_text(&self, state: &dyn State) -> String {
        typed::<Jungle>(state).map_or_else(|_| state.to_text(), |s| s.game.long_fen())
    }

    fn open(
        &self,
        dir: &Path,
        rules: &'static str,
    ) -> Result<Box<dyn TablebaseOracle>, FacadeError> {
        Ok(Box::new(JungleTablebase {
            handle: open(dir, rules)?,
            rules,
        }))
    }

    fn views(&self) -> Option<&dyn TablebaseViews> {
        Some(&JUNGLE_VIEWS)
    }

    /// One [`super::engine::JungleEngine`] with the tables per thread plays
    /// each sampled position out.
    fn selfcheck(
        &self,
        _game: &dyn GameDef,
        _tables: &dyn Tablebases,
        dir: &Path,
        rules: &'static str,
        request: &SelfcheckRequest,
    ) -> Result<SelfcheckReport, FacadeError> {
        let handle = TablebaseHandle::open(dir, variant(rules)).map_err(|e| open_error(dir, e))?;
        let pieces = request.pieces.unwrap_or(handle.max_pieces);
        let sampled = sample(&handle, pieces, request.sample, request.seed).map_err(|e| {
            let cause = match e {
                SampleError::NoMaterial { .. } => TablebaseCause::NotCovered,
                SampleError::Table(_) => TablebaseCause::Corrupt,
            };
            FacadeError::tablebase(cause, e.to_string())
        })?;
        let threads = NonZeroUsize::new(request.threads).unwrap_or(NonZeroUsize::MIN);
        let result = check(&handle, &sampled, threads);
        Ok(SelfcheckReport {
            pieces,
            checked: result.checked,
            plies: result.plies,
            longest_win: result.longest_win,
            mismatches: result
                .mismatches
                .iter()
                .map(|m| SelfcheckMismatch {
                    position: m.sampled.position.to_string(),
                    expected: format!(
                        "{:?} in {}",
                        m.sampled.expected.wdl, m.sampled.expected.distance
                    ),
                    played: format!("{:?} after {} plies", m.played.outcome, m.played.plies),
                })
                .collect(),
        })
    }
}

/// Opens the tablebase in `dir` for preset `rules` (shared with earlier
/// opens of the same files: [`TablebaseHandle::open_shared`]). A damaged
/// or unreadable file is a [`FacadeError::Tablebase`] naming it, with its
/// cause.
pub(super) fn open(dir: &Path, rules: &'static str) -> Result<TablebaseHandle, FacadeError> {
    TablebaseHandle::open_shared(dir, variant(rules)).map_err(|e| open_error(dir, e))
}

/// The façade's error for a directory `dir` that cannot be opened: the
/// file at fault and its cause (a directory without tables, a file of
/// other rules, a damaged or unreadable one).
fn open_error(dir: &Path, error: OpenError) -> FacadeError {
    let (fallback, message) = match &error {
        OpenError::Unusable(file) => (
            TablebaseCause::Corrupt,
            format!("cannot use the tablebase in {}: {file}", dir.display()),
        ),
        e => (
            TablebaseCause::NoTables,
            format!("cannot use the tablebase in {}: {e}", dir.display()),
        ),
    };
    let typed = match &error {
        OpenError::Directory(e) => TablebaseError::from_chain(fallback, e, message),
        OpenError::NotForTheseRules { source, .. } | OpenError::Unusable(source) => {
            TablebaseError::from_chain(fallback, source, message)
        }
    };
    FacadeError::Tablebase(typed)
}

/// A Jungle tablebase directory behind [`TablebaseOracle`].
pub struct JungleTablebase {
    handle: TablebaseHandle,
    rules: &'static str,
}

impl JungleTablebase {
    /// The position of `state`, refused if it is no Jungle position of
    /// the tables' rules.
    fn position<'a>(&self, state: &'a dyn State) -> Result<&'a Position, FacadeError> {
        let game = &typed::<Jungle>(state)?.game;
        if state.rules() != self.rules {
            return Err(FacadeError::tablebase(
                TablebaseCause::RulesMismatch,
                format!(
                    "the tablebase in {} is for the {} rules, the position is played under {}",
                    self.handle.dir.display(),
                    self.rules,
                    state.rules()
                ),
            ));
        }
        Ok(game.position())
    }
}

impl TablebaseOracle for JungleTablebase {
    fn dir(&self) -> &Path {
        &self.handle.dir
    }

    fn rules(&self) -> &'static str {
        self.rules
    }

    fn max_pieces(&self) -> u32 {
        self.handle.max_pieces
    }

    fn quiet_ply_limit(&self) -> Option<u16> {
        Some(self.handle.quiet_ply_limit())
    }

    fn covers(&self, state: &dyn State) -> bool {
        self.position(state)
            .is_ok_and(|position| self.handle.covers(position))
    }

    /// The position under the game's draw rules, from the state's history
    /// (its counter of quiet plies, its repetitions): the five verdicts,
    /// the distances to the end and to zeroing, every move, the best ones
    /// and the main line; a game drawn already answers "draw" with the
    /// rule that drew it and no move.
    fn probe(&self, state: &dyn State) -> Result<Option<PositionReport>, FacadeError> {
        let game = &typed::<Jungle>(state)?.game;
        self.position(state)?;
        rule_report(&self.handle, game).map_err(FacadeError::Tablebase)
    }

    fn stats_progress(
        &self,
        progress: &(dyn Fn(usize, usize) + Sync),
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<MaterialStatsReport>, FacadeError> {
        let error = |fallback, e: &(dyn std::error::Error + 'static)| {
            FacadeError::Tablebase(TablebaseError::from_chain(fallback, e, e.to_string()))
        };
        let mut reports = Vec::new();
        let materials = self
            .handle
            .materials()
            .map_err(|e| error(TablebaseCause::NoTables, &e))?;
        let total = materials.len();
        for (done, material) in materials.into_iter().enumerate() {
            progress(done, total);
            let counted = material_stats_until(&self.handle.tablebase, material, stop)
                .map_err(|e| error(TablebaseCause::Corrupt, &e))?;
            if stop() {
                return Err(FacadeError::Cancelled);
            }
            let Some(m) = counted else {
                continue;
            };
            let [bottom, top] = m.stats.counts;
            reports.push(MaterialStatsReport {
                material: material.to_string(),
                bottom_to_move: [bottom.win, bottom.draw, bottom.loss],
                top_to_move: [top.win, top.draw, top.loss],
                longest_win: m.stats.longest_win.map_or(0, |w| u32::from(w.distance)),
                longest_win_example: m.longest_win_example.map(|p| p.to_string()),
                win_distances: m.stats.win_distances,
            });
        }
        progress(total, total);
        Ok(reports)
    }
}
