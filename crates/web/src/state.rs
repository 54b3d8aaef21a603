//! What every handler shares: the games served, the search gate and the
//! optional tablebase.

use std::path::PathBuf;
use std::sync::Arc;

use gamesolver_api::{FacadeError, Registry, TablebaseOracle};
use tokio::sync::OnceCell;

use crate::api::tablebase::MaterialStats;
use crate::config::ServeConfig;
use crate::gate::SearchGate;
use crate::mdp_cache::MdpCache;

/// The server's shared state (cheap to clone).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

struct Shared {
    registry: Registry,
    gate: SearchGate,
    body_timeout: std::time::Duration,
    tablebase: Option<LoadedTablebase>,
    stats: OnceCell<Vec<MaterialStats>>,
    mdp: MdpCache,
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
    /// tablebase directory, if one is given, for the first game of
    /// `registry` whose tablebases it holds.
    pub fn new(config: &ServeConfig, registry: Registry) -> Result<AppState, FacadeError> {
        let tablebase = match &config.tablebase {
            None => None,
            Some(dir) => Some(open_tablebase(&registry, dir)?),
        };
        Ok(AppState(Arc::new(Shared {
            registry,
            gate: SearchGate::new(config.max_searches, config.queue_limit),
            body_timeout: config.body_timeout,
            tablebase,
            stats: OnceCell::new(),
            mdp: MdpCache::default(),
        })))
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

    /// The tablebase, if the server was started with one.
    pub fn tablebase(&self) -> Option<&LoadedTablebase> {
        self.0.tablebase.as_ref()
    }

    /// The solved MDP problems kept for the next request.
    pub fn mdp_cache(&self) -> &MdpCache {
        &self.0.mdp
    }

    /// The cache of the tablebase's material statistics.
    pub fn stats_cache(&self) -> &OnceCell<Vec<MaterialStats>> {
        &self.0.stats
    }
}

/// Opens `dir` for the first game of `registry` whose tablebases it
/// holds (the games with tablebases tried in the registry's order); if
/// none can open it, the first game's reason.
fn open_tablebase(
    registry: &Registry,
    dir: &std::path::Path,
) -> Result<LoadedTablebase, FacadeError> {
    let mut first_error = None;
    for game in registry.games() {
        let Some(tablebases) = game.tablebase() else {
            continue;
        };
        match tablebases.open(dir, None) {
            Ok(oracle) => {
                return Ok(LoadedTablebase {
                    game: game.info().name,
                    dir: dir.to_path_buf(),
                    oracle,
                });
            }
            Err(error) => {
                first_error.get_or_insert(error);
            }
        }
    }
    Err(first_error
        .unwrap_or_else(|| FacadeError::Tablebase("no registered game has tablebases".into())))
}
