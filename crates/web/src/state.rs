//! What every handler shares: the games served, the search gate and the
//! optional tablebases, one directory per game.

use std::path::PathBuf;
use std::sync::Arc;

use gamesolver_api::{FacadeError, Registry, TablebaseCause, TablebaseOracle};

use crate::config::ServeConfig;
use crate::gate::SearchGate;
use crate::mdp_cache::MdpCache;
use crate::review_jobs::ReviewJobs;
use crate::stats_jobs::StatsJobs;

/// The server's shared state (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

struct Shared {
    registry: Registry,
    gate: SearchGate,
    body_timeout: std::time::Duration,
    tablebases: Vec<LoadedTablebase>,
    stats: StatsJobs,
    mdp: MdpCache,
    reviews: ReviewJobs,
}

/// A tablebase opened at start-up.
pub struct LoadedTablebase {
    /// The game it belongs to.
    pub game: &'static str,
    /// Its directory.
    pub dir: PathBuf,
    /// The façade's oracle.
    pub oracle: Box<dyn TablebaseOracle>,
}

impl AppState {
    /// The state serving the games of `registry` for `config`; opens the
    /// tablebase directory, if one is given (`open_tablebases`).
    pub fn new(config: &ServeConfig, registry: Registry) -> Result<AppState, FacadeError> {
        let tablebases = match &config.tablebase {
            None => Vec::new(),
            Some(dir) => open_tablebases(&registry, dir)?,
        };
        Ok(AppState(Arc::new(Shared {
            registry,
            gate: SearchGate::new(config.max_searches, config.queue_limit),
            body_timeout: config.body_timeout,
            tablebases,
            stats: StatsJobs::default(),
            mdp: MdpCache::default(),
            reviews: ReviewJobs::default(),
        })))
    }

    /// The game reviews running or kept.
    pub fn reviews(&self) -> &ReviewJobs {
        &self.0.reviews
    }

    /// The games served.
    pub fn registry(&self) -> &Registry {
        &self.0.registry
    }

    /// The search gate.
    pub fn gate(&self) -> &SearchGate {
        &self.0.gate
    }

    /// How long a request's body may take to arrive.
    pub fn body_timeout(&self) -> std::time::Duration {
        self.0.body_timeout
    }

    /// The first tablebase opened (the one `/api/tablebase` describes and
    /// `/api/tablebase/stats` counts), if the server was started with one.
    pub fn tablebase(&self) -> Option<&LoadedTablebase> {
        self.0.tablebases.first()
    }

    /// The tablebase of the game called `game`, if one was opened for it.
    pub fn tablebase_for(&self, game: &str) -> Option<&LoadedTablebase> {
        self.0.tablebases.iter().find(|t| t.game == game)
    }

    /// Every tablebase opened, one per game at most.
    pub fn tablebases(&self) -> &[LoadedTablebase] {
        &self.0.tablebases
    }

    /// The solved MDP problems kept for the next request.
    pub fn mdp_cache(&self) -> &MdpCache {
        &self.0.mdp
    }

    /// The statistics of each game's tables, counted once.
    pub fn stats_jobs(&self) -> &StatsJobs {
        &self.0.stats
    }
}

/// Opens the tables of `dir`: `dir` itself for the first game of
/// `registry` whose tablebases it holds (the games with tablebases tried in
/// the registry's order), and each subdirectory named after a game
/// (`DIR/jungle`, `DIR/dobutsu`) for that game. Fails if nothing can be
/// opened, with the first game's reason for `dir`.
pub fn open_tablebases(
    registry: &Registry,
    dir: &std::path::Path,
) -> Result<Vec<LoadedTablebase>, FacadeError> {
    let mut first_error = None;
    let mut opened = Vec::new();
    for game in registry.games() {
        let Some(tablebases) = game.tablebase() else {
            continue;
        };
        match tablebases.open(dir, None) {
            Ok(oracle) => {
                opened.push(LoadedTablebase {
                    game: game.info().name,
                    dir: dir.to_path_buf(),
                    oracle,
                });
                break;
            }
            Err(error) => {
                first_error.get_or_insert(error);
            }
        }
    }
    for game in registry.games() {
        let name = game.info().name;
        let sub = dir.join(name);
        let Some(tablebases) = game.tablebase() else {
            continue;
        };
        if !sub.is_dir() || opened.iter().any(|t| t.game == name) {
            continue;
        }
        opened.push(LoadedTablebase {
            game: name,
            oracle: tablebases.open(&sub, None)?,
            dir: sub,
        });
    }
    if opened.is_empty() {
        return Err(first_error.unwrap_or_else(|| {
            FacadeError::tablebase(
                TablebaseCause::NoTables,
                "no registered game has tablebases",
            )
        }));
    }
    Ok(opened)
}
