//! The one implementation of the tablebase capability for every game whose
//! positions fall into tiers: [`TieredTablebases`] over a game's
//! [`TieredGame`] hooks (its layout per rules preset, tier names and
//! piece counts, its position inside a façade state, its own oracle).

use std::path::Path;

use gamesolver_core::{Game, TierLayout};
use gamesolver_retro::loopy::schedule_waves;
use gamesolver_retro::tablebase::{
    BuildError, BuildObserver, StoredStats, Tablebase, TierBuilt, build_within, estimate,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::jobs::{TierJobWorker, TierJobs, TypedJobWorker};
use super::oracle::TieredOracle;
use super::report::{TierWdlRow, VerifyReport};
use super::scan::{TierScan, tablebase_error};
use super::selfcheck::{Sampled, SelfcheckReport, SelfcheckRequest, play_out_samples};
use super::stats::TierStatsRow;
use super::{BuildPlan, BuildTarget, TablebaseViews, Tablebases, verify};
use crate::error::{FacadeError, PositionErrorKind, TablebaseCause};
use crate::game_def::GameDef;
use crate::model::resolve_rules;
use crate::oracles::TablebaseOracle;
use crate::state::State;
use crate::types::GameInfo;

/// The piece counts a build may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceLimits {
    /// The fewest pieces of a tier.
    pub fewest: u32,
    /// The most pieces of a build of every tier up to a count.
    pub all_up_to: u32,
    /// The most pieces of a build of one tier.
    pub one_tier: u32,
}

/// What a game with tiers gives for [`TieredTablebases`] to serve its
/// tablebases (usually a unit struct: it is cloned into each oracle).
pub trait TieredGame: Clone + Send + Sync + 'static {
    /// The tier layout of the game's tables.
    type Layout: TierLayout<Game: std::fmt::Display, Tier: std::str::FromStr>
        + Send
        + Sync
        + 'static;

    /// The game's description (its name and rules presets).
    fn info(&self) -> &'static GameInfo;

    /// The layout of the rules preset `rules` (one of the game's), as
    /// every front end builds and reads it.
    fn layout(&self, rules: &'static str) -> Result<Self::Layout, FacadeError>;

    /// The layout of the tables already in `dir` under `rules`: the
    /// preset's, or what the directory's files say beyond it (Jungle's
    /// tables record the no-capture rule they were built under). The
    /// default is [`TieredGame::layout`].
    fn layout_in(&self, _dir: &Path, rules: &'static str) -> Result<Self::Layout, FacadeError> {
        self.layout(rules)
    }

    /// The layout of `rules` under a no-progress rule of `plies` plies
    /// instead of the game's own ([`Tablebases::build_under_rule`]: tables
    /// for tests of the rule). The default refuses: the game has no such
    /// rule.
    fn layout_under_rule(
        &self,
        _rules: &'static str,
        _plies: u16,
    ) -> Result<Self::Layout, FacadeError> {
        Err(FacadeError::Unsupported {
            game: self.info().name,
            what: "no-progress rule to shorten",
        })
    }

    /// The tier called `text`, or why it is none.
    fn parse_tier(&self, text: &str) -> Result<<Self::Layout as TierLayout>::Tier, String>;

    /// The pieces of a tier.
    fn pieces(&self, tier: <Self::Layout as TierLayout>::Tier) -> u32;

    /// Every stored tier with `pieces` pieces.
    fn tiers_with(&self, pieces: u32) -> Vec<<Self::Layout as TierLayout>::Tier>;

    /// The piece counts a build may ask for.
    fn piece_limits(&self) -> PieceLimits;

    /// The class of a tier in the statistics, for a game that groups its
    /// tiers (none by default).
    fn tier_class(&self, _tier: <Self::Layout as TierLayout>::Tier) -> Option<String> {
        None
    }

    /// The layout's position of `state` (refused if it is not the game's).
    fn position<'a>(
        &self,
        state: &'a dyn State,
    ) -> Result<&'a <Self::Layout as TierLayout>::Game, FacadeError>;

    /// The tier of `position` as the game names it (its own colours; the
    /// default is the layout's stored tier).
    fn tier_name(
        &self,
        layout: &Self::Layout,
        position: &<Self::Layout as TierLayout>::Game,
    ) -> String {
        layout.tier_of(position).to_string()
    }

    /// `state` in the game's full notation ([`Tablebases::position_text`];
    /// the default is [`State::to_text`]).
    fn position_text(&self, state: &dyn State) -> String {
        state.to_text()
    }

    /// The game's oracle of the tables in `dir` under `rules`: its probes
    /// (which may follow rules the layout does not, such as Jungle's
    /// 200-ply draw) and statistics. The default is the generic
    /// [`TieredOracle`].
    fn open(
        &self,
        dir: &Path,
        rules: &'static str,
    ) -> Result<Box<dyn TablebaseOracle>, FacadeError> {
        Ok(Box::new(TieredOracle::open(self.clone(), dir, rules)?))
    }

    /// The game's richer views of its tables, if it has them.
    fn views(&self) -> Option<&dyn TablebaseViews> {
        None
    }

    /// The self-check ([`Tablebases::selfcheck`]); the default is the
    /// generic [`play_out_samples`] with the game's default engine.
    fn selfcheck(
        &self,
        game: &dyn GameDef,
        tables: &dyn Tablebases,
        dir: &Path,
        rules: &'static str,
        request: &SelfcheckRequest,
    ) -> Result<SelfcheckReport, FacadeError> {
        play_out_samples(game, tables, dir, Some(rules), request)
    }
}

/// The tablebase capability of a game with tiers: declare
/// `static TABLEBASES: TieredTablebases<MyTiers> = TieredTablebases(MyTiers);`
/// and hand `&TABLEBASES` out as the declaration's `tablebase`.
pub struct TieredTablebases<G>(pub G);

type TierOf<G> = <<G as TieredGame>::Layout as TierLayout>::Tier;

impl<G: TieredGame> TieredTablebases<G> {
    /// The tables of `rules` in `dir` (nothing read yet).
    fn tables(&self, dir: &Path, rules: Option<&str>) -> Result<Tablebase<G::Layout>, FacadeError> {
        let rules = resolve_rules(self.0.info(), rules)?;
        Ok(Tablebase::new(self.0.layout_in(dir, rules)?, dir))
    }

    /// The tier called `name` (a name the game does not have is a
    /// [`PositionErrorKind::BadMaterial`]).
    fn parse_tier(&self, name: &str) -> Result<TierOf<G>, FacadeError> {
        self.0.parse_tier(name).map_err(|message| {
            FacadeError::bad_position(PositionErrorKind::BadMaterial, name, message)
        })
    }

    /// The tiers called `names`.
    fn parse_all(&self, names: &[String]) -> Result<Vec<TierOf<G>>, FacadeError> {
        names.iter().map(|name| self.parse_tier(name)).collect()
    }

    /// The scanned tiers, typed (every name of a scan is one the game
    /// parsed).
    fn scanned(&self, scan: &TierScan) -> Vec<TierOf<G>> {
        scan.tiers
            .iter()
            .filter_map(|name| self.0.parse_tier(name).ok())
            .collect()
    }
}

/// A build's error as the façade's: a cancelled build is
/// [`FacadeError::Cancelled`].
fn build_error(error: &BuildError) -> FacadeError {
    match error {
        BuildError::Cancelled => FacadeError::Cancelled,
        error => tablebase_error(TablebaseCause::Build, error),
    }
}

impl<G: TieredGame> Tablebases for TieredTablebases<G> {
    fn open(
        &self,
        dir: &Path,
        rules: Option<&str>,
    ) -> Result<Box<dyn TablebaseOracle>, FacadeError> {
        self.0.open(dir, resolve_rules(self.0.info(), rules)?)
    }

    fn piece_limits(&self) -> PieceLimits {
        self.0.piece_limits()
    }

    fn targets(&self, target: &BuildTarget) -> Result<Vec<(String, u32)>, FacadeError> {
        let limits = self.0.piece_limits();
        let tiers = match target {
            BuildTarget::MaxPieces(n) => {
                if !(limits.fewest..=limits.all_up_to).contains(n) {
                    return Err(FacadeError::BadLimit(format!(
                        "the most pieces of a build takes {} to {}, not {n}",
                        limits.fewest, limits.all_up_to
                    )));
                }
                (limits.fewest..=*n)
                    .flat_map(|k| self.0.tiers_with(k))
                    .collect()
            }
            BuildTarget::Tier(name) => {
                let tier = self.parse_tier(name)?;
                let pieces = self.0.pieces(tier);
                if pieces > limits.one_tier {
                    return Err(FacadeError::BadLimit(format!(
                        "{tier} has {pieces} pieces; one tier goes up to {} pieces",
                        limits.one_tier
                    )));
                }
                vec![tier]
            }
        };
        Ok(tiers
            .into_iter()
            .map(|t| (t.to_string(), self.0.pieces(t)))
            .collect())
    }

    fn plan(&self, rules: Option<&str>, targets: &[String]) -> Result<BuildPlan, FacadeError> {
        let rules = resolve_rules(self.0.info(), rules)?;
        let layout = self.0.layout(rules)?;
        let tiers = self.parse_all(targets)?;
        let waves = schedule_waves(&layout, &tiers)
            .map_err(|e| tablebase_error(TablebaseCause::Build, &e))?;
        let estimate = estimate(&layout, &tiers).map_err(|e| build_error(&e))?;
        Ok(BuildPlan {
            targets: targets.to_vec(),
            waves: waves
                .iter()
                .map(|wave| wave.iter().map(ToString::to_string).collect())
                .collect(),
            estimate,
        })
    }

    fn build(
        &self,
        dir: &Path,
        rules: Option<&str>,
        targets: &[String],
        memory_limit: u64,
        observer: &dyn BuildObserver,
    ) -> Result<Vec<TierBuilt>, FacadeError> {
        let tables = self.tables(dir, rules)?;
        let tiers = self.parse_all(targets)?;
        build_within(&tables, &tiers, memory_limit, observer).map_err(|e| build_error(&e))
    }

    fn build_under_rule(
        &self,
        dir: &Path,
        rules: Option<&str>,
        plies: u16,
        targets: &[String],
        memory_limit: u64,
        observer: &dyn BuildObserver,
    ) -> Result<Vec<TierBuilt>, FacadeError> {
        let layout = self
            .0
            .layout_under_rule(resolve_rules(self.0.info(), rules)?, plies)?;
        let tiers = self.parse_all(targets)?;
        build_within(&Tablebase::new(layout, dir), &tiers, memory_limit, observer)
            .map_err(|e| build_error(&e))
    }

    fn jobs(
        &self,
        dir: &Path,
        rules: Option<&str>,
        targets: &[String],
    ) -> Result<TierJobs, FacadeError> {
        TierJobs::of(self.tables(dir, rules)?.layout(), &self.parse_all(targets)?)
    }

    fn job_worker(
        &self,
        dir: &Path,
        rules: Option<&str>,
        targets: &[String],
    ) -> Result<Box<dyn TierJobWorker>, FacadeError> {
        let tiers = self.parse_all(targets)?;
        Ok(Box::new(TypedJobWorker::new(
            self.tables(dir, rules)?,
            &tiers,
        )?))
    }

    fn tier_name(&self, state: &dyn State) -> Result<String, FacadeError> {
        let layout = self
            .0
            .layout(resolve_rules(self.0.info(), Some(state.rules()))?)?;
        Ok(self.0.tier_name(&layout, self.0.position(state)?))
    }

    fn position_text(&self, state: &dyn State) -> String {
        self.0.position_text(state)
    }

    fn scan(&self, dir: &Path, _rules: Option<&str>) -> Result<TierScan, FacadeError> {
        TierScan::of(
            dir,
            |stem| self.0.parse_tier(stem).ok(),
            |&t| self.0.pieces(t),
        )
    }

    fn stats(
        &self,
        rules: Option<&str>,
        scan: &mut TierScan,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<TierStatsRow>, FacadeError> {
        let tables = self.tables(&scan.dir, rules)?;
        let layout = tables.layout();
        let mut rows = Vec::new();
        for tier in self.scanned(scan) {
            if stop() {
                return Err(FacadeError::Cancelled);
            }
            let stats = match tables.tier_stats_until(tier, stop) {
                Ok(Some(counted)) => {
                    match counted.recounted {
                        Some(StoredStats::Stale(why)) => {
                            scan.recounted.push(format!("{tier}: {why}"))
                        }
                        Some(_) => scan.recounted.push(format!("{tier}: no statistics file")),
                        None => {}
                    }
                    counted.stats
                }
                Ok(None) => return Err(FacadeError::Cancelled),
                Err(error) => {
                    scan.reject(&tier.to_string(), &error);
                    continue;
                }
            };
            let example = stats
                .longest_win
                .and_then(|w| layout.position(tier, w.index))
                .map(|p| p.to_string());
            rows.push(TierStatsRow::new(
                tier.to_string(),
                self.0.pieces(tier),
                self.0.tier_class(tier),
                stats,
                example,
            ));
        }
        Ok(rows)
    }

    fn write_stats(&self, rules: Option<&str>, scan: &mut TierScan) -> Result<usize, FacadeError> {
        let tables = self.tables(&scan.dir, rules)?;
        let mut written = 0;
        for tier in self.scanned(scan) {
            match tables.write_missing_stats(&[tier]) {
                Ok(n) => written += n,
                Err(error) => scan.reject(&tier.to_string(), &error),
            }
        }
        Ok(written)
    }

    fn verify(
        &self,
        rules: Option<&str>,
        scan: &mut TierScan,
    ) -> Result<VerifyReport, FacadeError> {
        let tables = self.tables(&scan.dir, rules)?;
        let tiers = self.scanned(scan);
        Ok(verify::verify(&tables, &tiers, scan))
    }

    fn write_wdl(
        &self,
        rules: Option<&str>,
        scan: &mut TierScan,
        out: &Path,
    ) -> Result<Vec<TierWdlRow>, FacadeError> {
        let tables = self.tables(&scan.dir, rules)?;
        let mut rows = Vec::new();
        for tier in self.scanned(scan) {
            match tables.derive_wdl(tier, out) {
                Ok(derived) => rows.push(TierWdlRow {
                    pieces: self.0.pieces(tier),
                    derived,
                }),
                Err(error) => scan.reject(&tier.to_string(), &error),
            }
        }
        Ok(rows)
    }

    fn views(&self) -> Option<&dyn TablebaseViews> {
        self.0.views()
    }

    fn sample(
        &self,
        dir: &Path,
        rules: Option<&str>,
        pieces: Option<u32>,
        count: usize,
        seed: u64,
    ) -> Result<(u32, Vec<Sampled>), FacadeError> {
        let tables = self.tables(dir, rules)?;
        let error =
            |e: &(dyn std::error::Error + 'static)| tablebase_error(TablebaseCause::Corrupt, e);
        let stored: Vec<TierOf<G>> = TierScan::of(
            dir,
            |stem| self.0.parse_tier(stem).ok(),
            |&t| self.0.pieces(t),
        )?
        .tiers
        .iter()
        .filter_map(|name| self.0.parse_tier(name).ok())
        .collect();
        let pieces = pieces
            .or_else(|| stored.iter().map(|&t| self.0.pieces(t)).max())
            .unwrap_or(0);
        let tiers: Vec<(TierOf<G>, u64)> = stored
            .into_iter()
            .filter(|&t| self.0.pieces(t) == pieces)
            .map(|t| (t, tables.layout().tier_len(t)))
            .collect();
        let total: u64 = tiers.iter().map(|&(_, len)| len).sum();
        if total == 0 {
            return Err(FacadeError::tablebase(
                TablebaseCause::NotCovered,
                format!(
                    "the tablebase in {} has no material of {pieces} pieces",
                    dir.display()
                ),
            ));
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut found = Vec::with_capacity(count);
        // Holes and positions the rules decide before any table (finished,
        // or known) are drawn again; a tier of nothing but those gives up.
        let mut tries = 0u64;
        while found.len() < count && tries < 1000 + 100 * count as u64 {
            tries += 1;
            let mut at = rng.random_range(0..total);
            let Some(&(tier, _)) = tiers.iter().find(|&&(_, len)| {
                let here = at < len;
                if !here {
                    at -= len;
                }
                here
            }) else {
                continue;
            };
            let Some(position) = tables.layout().position(tier, at) else {
                continue;
            };
            if position.is_finished() || tables.layout().known_value(&position).is_some() {
                continue;
            }
            let Some(expected) = tables.probe(&position).map_err(|e| error(&e))? else {
                continue;
            };
            found.push(Sampled {
                position: position.to_string(),
                expected,
            });
        }
        Ok((pieces, found))
    }

    fn selfcheck(
        &self,
        game: &dyn GameDef,
        dir: &Path,
        rules: Option<&str>,
        request: &SelfcheckRequest,
    ) -> Result<SelfcheckReport, FacadeError> {
        let rules = resolve_rules(self.0.info(), rules)?;
        self.0.selfcheck(game, self, dir, rules, request)
    }
}
