//! The generic oracle of a tiered tablebase directory ([`TieredOracle`]):
//! exact probes with every move and the main line, and per-tier counts,
//! for a game whose tables need nothing beyond its tier layout (the
//! default of [`TieredGame::open`]).

use std::path::{Path, PathBuf};

use gamesolver_core::TierLayout;
use gamesolver_retro::tablebase::Tablebase;

use super::tiered::TieredGame;
use crate::error::{FacadeError, TablebaseCause, TablebaseError, error_chain};
use crate::oracles::TablebaseOracle;
use crate::report::position_report_probed;
use crate::state::State;
use crate::types::{MaterialStatsReport, PositionReport};

/// A directory of a game's tables opened for one rules preset.
pub struct TieredOracle<G: TieredGame> {
    game: G,
    tables: Tablebase<G::Layout>,
    dir: PathBuf,
    rules: &'static str,
    max_pieces: u32,
}

impl<G: TieredGame> TieredOracle<G> {
    /// Opens the tables of `rules` in `dir`: a directory that cannot be
    /// read or holds no table is refused, and so is one whose smallest
    /// table was built for other rules or is damaged (the others are
    /// checked on first use).
    pub fn open(game: G, dir: &Path, rules: &'static str) -> Result<TieredOracle<G>, FacadeError> {
        let error = |e: &(dyn std::error::Error + 'static)| {
            let message = format!(
                "cannot use the {} tables in {}: {}",
                game.info().name,
                dir.display(),
                error_chain(e)
            );
            FacadeError::Tablebase(TablebaseError::from_chain(
                TablebaseCause::NoTables,
                e,
                message,
            ))
        };
        let layout = game.layout(rules).map_err(|e| error(&e))?;
        let tables = Tablebase::open_dir(layout, dir).map_err(|e| error(&e))?;
        let mut tiers = tables.tiers().map_err(|e| error(&e))?;
        tiers.sort_by_key(|&t| (game.pieces(t), t.to_string()));
        if let Some(&smallest) = tiers.first() {
            tables.open_tier(smallest).map_err(|e| error(&e))?;
        }
        let max_pieces = tiers.iter().map(|&t| game.pieces(t)).max().unwrap_or(0);
        Ok(TieredOracle {
            game,
            tables,
            dir: dir.to_path_buf(),
            rules,
            max_pieces,
        })
    }

    /// The position of `state`, refused if it is played under other rules.
    fn position<'a>(
        &self,
        state: &'a dyn State,
    ) -> Result<&'a <G::Layout as TierLayout>::Game, FacadeError> {
        let position = self.game.position(state)?;
        if state.rules() != self.rules {
            return Err(FacadeError::tablebase(
                TablebaseCause::RulesMismatch,
                format!(
                    "the tables in {} are for the {} rules, the position is played under {}",
                    self.dir.display(),
                    self.rules,
                    state.rules()
                ),
            ));
        }
        Ok(position)
    }
}

impl<G: TieredGame> TablebaseOracle for TieredOracle<G> {
    fn dir(&self) -> &Path {
        &self.dir
    }

    fn rules(&self) -> &'static str {
        self.rules
    }

    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn covers(&self, state: &dyn State) -> bool {
        self.position(state)
            .is_ok_and(|position| self.tables.covers(position))
    }

    fn probe(&self, state: &dyn State) -> Result<Option<PositionReport>, FacadeError> {
        let position = self.position(state)?;
        if !self.tables.covers(position) {
            return Ok(None);
        }
        position_report_probed(position, |p: &<G::Layout as TierLayout>::Game| {
            self.tables.probe(p)
        })
    }

    fn stats_progress(
        &self,
        progress: &(dyn Fn(usize, usize) + Sync),
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<MaterialStatsReport>, FacadeError> {
        let error = |e: &(dyn std::error::Error + 'static)| {
            FacadeError::Tablebase(TablebaseError::from_chain(
                TablebaseCause::Corrupt,
                e,
                error_chain(e),
            ))
        };
        let layout = self.tables.layout();
        let mut tiers = self.tables.tiers().map_err(|e| error(&e))?;
        tiers.sort_by_key(|&t| (self.game.pieces(t), t.to_string()));
        let mut reports = Vec::new();
        let total = tiers.len();
        for (done, tier) in tiers.into_iter().enumerate() {
            let Some(counted) = self
                .tables
                .tier_stats_until(tier, stop)
                .map_err(|e| error(&e))?
            else {
                return Err(FacadeError::Cancelled);
            };
            let stats = counted.stats;
            let [first, second] = stats.counts;
            let example = stats
                .longest_win
                .and_then(|w| layout.position(tier, w.index));
            reports.push(MaterialStatsReport {
                material: tier.to_string(),
                bottom_to_move: [first.win, first.draw, first.loss],
                top_to_move: [second.win, second.draw, second.loss],
                longest_win: stats.longest_win.map_or(0, |w| u32::from(w.distance)),
                longest_win_example: example.map(|p| p.to_string()),
                win_distances: stats.win_distances,
            });
            progress(done + 1, total);
        }
        Ok(reports)
    }
}
