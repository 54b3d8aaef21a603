//! The ready set of a build: the tiers whose successors are all solved,
//! handed out biggest first, so that the long tiers start early and the
//! small ones fill the gaps (list scheduling by size).
//!
//! The distributed build hands tiers to ranks from it, and the cluster
//! simulation replays a tier graph with it; it knows nothing of files.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use crate::loopy::{ScheduleError, TierLayout, schedule};

/// One tier of a tier graph: its name, its size (what "biggest first"
/// compares) and the tiers it needs solved first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierNode<T> {
    /// The tier.
    pub tier: T,
    /// Its number of indices.
    pub size: u64,
    /// The tiers its moves lead to (itself excluded).
    pub successors: Vec<T>,
}

/// Why a tier graph cannot be scheduled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadySetError {
    /// A tier needs a tier that is not in the graph.
    #[error("tier {tier} needs tier {missing}, which is not in the graph")]
    MissingSuccessor {
        /// The tier.
        tier: String,
        /// The tier it needs.
        missing: String,
    },
    /// A tier was announced finished that was never handed out.
    #[error("tier {0} was finished but never handed out")]
    NotHandedOut(String),
    /// A tier appears twice in the graph.
    #[error("tier {0} appears twice in the graph")]
    Duplicate(String),
    /// No tier is ready although some are left: the graph has a cycle.
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
}

/// The tiers of a build, each handed out once its successors are all
/// finished; among the ready tiers the biggest first (ties: the tiers'
/// own order, so the order is deterministic).
#[derive(Clone, Debug)]
pub struct ReadySet<T: Ord> {
    size: BTreeMap<T, u64>,
    /// Per tier, its successors not finished yet.
    waiting_for: BTreeMap<T, usize>,
    /// Per tier, the tiers that need it.
    parents: BTreeMap<T, Vec<T>>,
    ready: BTreeSet<(Reverse<u64>, T)>,
    handed_out: BTreeSet<T>,
    finished: usize,
}

impl<T: Copy + Ord + std::fmt::Display> ReadySet<T> {
    /// The ready set of a tier graph; the graph must be closed (every
    /// successor is a node) and free of cycles.
    pub fn from_graph(nodes: &[TierNode<T>]) -> Result<Self, ReadySetError> {
        let size: BTreeMap<T, u64> = nodes.iter().map(|n| (n.tier, n.size)).collect();
        if size.len() != nodes.len() {
            let mut seen = BTreeSet::new();
            let twice = nodes.iter().find(|n| !seen.insert(n.tier));
            return Err(ReadySetError::Duplicate(
                twice.map_or_else(String::new, |n| n.tier.to_string()),
            ));
        }
        let mut set = ReadySet {
            size,
            waiting_for: BTreeMap::new(),
            parents: BTreeMap::new(),
            ready: BTreeSet::new(),
            handed_out: BTreeSet::new(),
            finished: 0,
        };
        for node in nodes {
            let successors: BTreeSet<T> = node
                .successors
                .iter()
                .copied()
                .filter(|&s| s != node.tier)
                .collect();
            for &s in &successors {
                if !set.size.contains_key(&s) {
                    return Err(ReadySetError::MissingSuccessor {
                        tier: node.tier.to_string(),
                        missing: s.to_string(),
                    });
                }
                set.parents.entry(s).or_default().push(node.tier);
            }
            set.waiting_for.insert(node.tier, successors.len());
            if successors.is_empty() {
                set.ready.insert((Reverse(node.size), node.tier));
            }
        }
        set.check_acyclic()?;
        Ok(set)
    }

    /// Every tier of `targets` and of the tiers their moves lead to, as
    /// [`crate::loopy::schedule`] finds them (stored tiers only).
    pub fn for_build<L: TierLayout<Tier = T>>(
        layout: &L,
        targets: &[T],
    ) -> Result<Self, ReadySetError> {
        Self::from_graph(&tier_graph(layout, targets)?)
    }

    /// Refuses a graph in which some tier can never become ready.
    fn check_acyclic(&self) -> Result<(), ReadySetError> {
        let mut probe = self.clone();
        while let Some(tier) = probe.next_ready() {
            probe.finish(tier)?;
        }
        if probe.is_done() {
            return Ok(());
        }
        let stuck: Vec<String> = probe
            .waiting_for
            .iter()
            .filter(|&(_, &n)| n > 0)
            .map(|(t, _)| t.to_string())
            .collect();
        Err(ScheduleError::Cycle(stuck.join(", ")).into())
    }

    /// The biggest ready tier, now handed out; `None` when no tier is ready
    /// (all handed out, or the rest wait for tiers still being solved).
    pub fn next_ready(&mut self) -> Option<T> {
        let (_, tier) = self.ready.pop_first()?;
        self.handed_out.insert(tier);
        Some(tier)
    }

    /// Marks a handed-out tier finished: the tiers that waited only for it
    /// become ready.
    pub fn finish(&mut self, tier: T) -> Result<(), ReadySetError> {
        if !self.handed_out.remove(&tier) {
            return Err(ReadySetError::NotHandedOut(tier.to_string()));
        }
        self.finished += 1;
        for &parent in self.parents.get(&tier).map_or(&[][..], Vec::as_slice) {
            let waiting = self
                .waiting_for
                .get_mut(&parent)
                .expect("every parent is a node");
            *waiting -= 1;
            if *waiting == 0 {
                self.ready.insert((Reverse(self.size[&parent]), parent));
            }
        }
        Ok(())
    }

    /// Whether every tier is finished.
    pub fn is_done(&self) -> bool {
        self.finished == self.size.len()
    }

    /// Tiers handed out and not finished yet.
    pub fn in_progress(&self) -> usize {
        self.handed_out.len()
    }

    /// The number of tiers.
    pub fn len(&self) -> usize {
        self.size.len()
    }

    /// Whether the graph has no tier.
    pub fn is_empty(&self) -> bool {
        self.size.is_empty()
    }

    /// The size of `tier` (0 for a tier not in the graph).
    pub fn size(&self, tier: T) -> u64 {
        self.size.get(&tier).copied().unwrap_or(0)
    }
}

/// The tier graph of a build: every tier [`crate::loopy::schedule`] finds
/// for `targets`, in its order, with its size and successors.
pub fn tier_graph<L: TierLayout>(
    layout: &L,
    targets: &[L::Tier],
) -> Result<Vec<TierNode<L::Tier>>, ScheduleError> {
    Ok(schedule(layout, targets)?
        .into_iter()
        .map(|tier| TierNode {
            tier,
            size: layout.tier_len(tier),
            successors: layout
                .successors(tier)
                .into_iter()
                .filter(|&s| s != tier)
                .collect(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(tier: u32, size: u64, successors: &[u32]) -> TierNode<u32> {
        TierNode {
            tier,
            size,
            successors: successors.to_vec(),
        }
    }

    #[test]
    fn biggest_ready_tier_first_and_parents_wait_for_all_children() {
        // 3 needs 1 and 2; 4 needs 3.
        let graph = [
            node(1, 10, &[]),
            node(2, 50, &[]),
            node(3, 99, &[1, 2]),
            node(4, 1, &[3]),
        ];
        let mut ready = ReadySet::from_graph(&graph).unwrap();
        assert_eq!(ready.next_ready(), Some(2));
        assert_eq!(ready.next_ready(), Some(1));
        assert_eq!(ready.next_ready(), None);
        ready.finish(2).unwrap();
        assert_eq!(ready.next_ready(), None, "3 still waits for 1");
        ready.finish(1).unwrap();
        assert_eq!(ready.next_ready(), Some(3));
        ready.finish(3).unwrap();
        assert_eq!(ready.next_ready(), Some(4));
        assert!(!ready.is_done());
        ready.finish(4).unwrap();
        assert!(ready.is_done());
    }

    #[test]
    fn bad_graphs_and_bad_announcements_are_refused() {
        let missing = ReadySet::from_graph(&[node(1, 1, &[7])]);
        assert!(matches!(
            missing,
            Err(ReadySetError::MissingSuccessor { .. })
        ));
        let cycle = ReadySet::from_graph(&[node(1, 1, &[2]), node(2, 1, &[1])]);
        assert!(matches!(cycle, Err(ReadySetError::Schedule(_))));
        let twice = ReadySet::from_graph(&[node(1, 1, &[]), node(1, 2, &[])]);
        assert_eq!(twice.unwrap_err(), ReadySetError::Duplicate("1".into()));
        let mut ready = ReadySet::from_graph(&[node(1, 1, &[]), node(2, 1, &[1])]).unwrap();
        assert_eq!(
            ready.finish(2),
            Err(ReadySetError::NotHandedOut("2".into()))
        );
        let one = ready.next_ready().unwrap();
        ready.finish(one).unwrap();
        assert!(ready.finish(one).is_err(), "a tier finishes once");
    }

    #[test]
    fn a_build_hands_out_every_tier_of_the_schedule_after_its_successors() {
        use gamesolver_games::jungle::{JungleTiers, Material, Variant};
        let layout = JungleTiers::colour_folded(Variant::Standard);
        let targets: Vec<Material> = Material::all_with(3);
        let mut ready = ReadySet::for_build(&layout, &targets).unwrap();
        let planned = schedule(&layout, &targets).unwrap();
        let mut done = BTreeSet::new();
        while let Some(tier) = ready.next_ready() {
            for s in layout.successors(tier) {
                assert!(s == tier || done.contains(&s), "{tier} before {s}");
            }
            done.insert(tier);
            ready.finish(tier).unwrap();
        }
        assert!(ready.is_done());
        assert_eq!(done, planned.into_iter().collect());
    }
}
