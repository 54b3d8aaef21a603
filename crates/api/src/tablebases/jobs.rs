//! A build handed to a driver of its own (a distributed build over
//! processes, `gamesolver-cluster`): the build's tiers as numbered jobs,
//! the same in every process, and workers that build a job's tier in the
//! shared directory with the single-machine build's code, whatever the
//! game.

use gamesolver_core::TierLayout;
use gamesolver_retro::tablebase::{Tablebase, TierBuilt, TierNode, TierWorker, tier_graph};

use super::scan::tablebase_error;
use crate::error::{FacadeError, TablebaseCause};

/// Every tier of a build in schedule order, each named by its place in
/// the list (its job number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierJobs {
    /// The tiers' names, as the game writes them.
    pub names: Vec<String>,
    /// Each tier's job number, number of indices and the job numbers of
    /// the tiers its moves lead to.
    pub nodes: Vec<TierNode<u32>>,
    /// The rules variant and index scheme the files are built for: two
    /// processes with the same `names`, `nodes` and `rules` write the same
    /// files.
    pub rules: String,
}

impl TierJobs {
    /// The jobs of building `targets` (and every tier they lead to) with
    /// `layout`.
    pub(crate) fn of<L: TierLayout>(layout: &L, targets: &[L::Tier]) -> Result<Self, FacadeError> {
        let graph =
            tier_graph(layout, targets).map_err(|e| tablebase_error(TablebaseCause::Build, &e))?;
        let number = |tier: L::Tier| -> u32 {
            let at = graph.iter().position(|n| n.tier == tier);
            // Every successor of a scheduled tier is scheduled.
            at.expect("a successor in the graph") as u32
        };
        Ok(TierJobs {
            names: graph.iter().map(|n| n.tier.to_string()).collect(),
            nodes: (0u32..)
                .zip(&graph)
                .map(|(job, n)| TierNode {
                    tier: job,
                    size: n.size,
                    successors: n.successors.iter().map(|&s| number(s)).collect(),
                })
                .collect(),
            rules: format!("{} {}", layout.variant(), layout.scheme()),
        })
    }
}

/// Builds the tiers of a [`TierJobs`] by job number, one at a time on all
/// cores, reading the tiers they lead to from the files any process wrote.
pub trait TierJobWorker: Send {
    /// Builds the tier of job `job` (or reuses its valid file) once the
    /// tiers it leads to are finished; an error carries every cause.
    fn build(&mut self, job: u32) -> Result<TierBuilt, FacadeError>;
}

/// A typed worker with its jobs' tiers.
pub(crate) struct TypedJobWorker<L: TierLayout> {
    worker: TierWorker<L>,
    tiers: Vec<L::Tier>,
}

impl<L: TierLayout + Send> TypedJobWorker<L>
where
    L::Tier: Send,
{
    /// A worker on `tablebase` for the build of `targets`.
    pub(crate) fn new(tablebase: Tablebase<L>, targets: &[L::Tier]) -> Result<Self, FacadeError> {
        let tiers = tier_graph(tablebase.layout(), targets)
            .map_err(|e| tablebase_error(TablebaseCause::Build, &e))?
            .into_iter()
            .map(|n| n.tier)
            .collect();
        let worker = TierWorker::new(tablebase, targets)
            .map_err(|e| tablebase_error(TablebaseCause::Build, &e))?;
        Ok(TypedJobWorker { worker, tiers })
    }
}

impl<L: TierLayout + Send> TierJobWorker for TypedJobWorker<L>
where
    L::Tier: Send,
{
    fn build(&mut self, job: u32) -> Result<TierBuilt, FacadeError> {
        let Some(&tier) = self.tiers.get(job as usize) else {
            return Err(FacadeError::BadLimit(format!(
                "the build has {} tiers, no job {job}",
                self.tiers.len()
            )));
        };
        self.worker
            .build(tier, &())
            .map_err(|e| tablebase_error(TablebaseCause::Build, &e))
    }
}
