//! The plan of a distributed build: every tier in schedule order, the same
//! in every process, so a tier travels as its position in the plan.

use std::collections::BTreeMap;

use gamesolver_core::TierLayout;
use gamesolver_retro::loopy::ScheduleError;
use gamesolver_retro::tablebase::{ReadySet, ReadySetError, TierNode, tier_graph};

/// Every tier of a build with its size and successors.
#[derive(Clone, Debug)]
pub struct Plan<T> {
    nodes: Vec<TierNode<T>>,
    position: BTreeMap<T, u32>,
    /// The rules and index scheme the files are built for.
    rules: String,
}

impl<T: Copy + Ord + std::fmt::Display> Plan<T> {
    /// The plan of building `targets` (and every tier they capture into).
    pub fn for_build<L: TierLayout<Tier = T>>(
        layout: &L,
        targets: &[T],
    ) -> Result<Self, ScheduleError> {
        let mut plan = Self::from_nodes(tier_graph(layout, targets)?);
        plan.rules = format!("{} {}", layout.variant(), layout.scheme());
        Ok(plan)
    }

    /// The plan of a tier graph, in the given order.
    pub fn from_nodes(nodes: Vec<TierNode<T>>) -> Self {
        let position = (0u32..).zip(&nodes).map(|(i, n)| (n.tier, i)).collect();
        Plan {
            nodes,
            position,
            rules: String::new(),
        }
    }

    /// The plan with `rules` (the rules variant and index scheme the
    /// files are built for) in its fingerprint.
    #[must_use]
    pub fn with_rules(mut self, rules: impl Into<String>) -> Self {
        self.rules = rules.into();
        self
    }

    /// The tiers with their sizes and successors.
    pub fn nodes(&self) -> &[TierNode<T>] {
        &self.nodes
    }

    /// The tier at `position`, if the plan has one there.
    pub fn tier(&self, position: u32) -> Option<T> {
        self.nodes.get(position as usize).map(|n| n.tier)
    }

    /// The position of `tier`.
    pub fn position(&self, tier: T) -> Option<u32> {
        self.position.get(&tier).copied()
    }

    /// A fresh ready set over the plan's tiers.
    pub fn ready_set(&self) -> Result<ReadySet<T>, ReadySetError> {
        ReadySet::from_graph(&self.nodes)
    }

    /// A fingerprint of the rules, the tiers, their order, sizes and
    /// successors (FNV-1a over their names and numbers): processes that
    /// would build different plans (other arguments, another program)
    /// disagree on it.
    pub fn fingerprint(&self) -> u64 {
        let mut hash = Fnv::default();
        hash.add(self.rules.as_bytes());
        for node in &self.nodes {
            hash.add(node.tier.to_string().as_bytes());
            hash.add(&node.size.to_le_bytes());
            for s in &node.successors {
                hash.add(s.to_string().as_bytes());
            }
            hash.add(b";");
        }
        hash.0
    }
}

/// The 64-bit FNV-1a hash (stable across processes and builds, unlike the
/// standard library's hasher).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_games::jungle::{JungleTiers, Material, Variant};

    #[test]
    fn positions_round_trip_and_fingerprints_tell_plans_apart() {
        let layout = JungleTiers::colour_folded(Variant::Standard);
        let two: Vec<Material> = Material::all_with(2);
        let plan = Plan::for_build(&layout, &two).unwrap();
        for (i, node) in (0u32..).zip(plan.nodes()) {
            assert_eq!(plan.tier(i), Some(node.tier));
            assert_eq!(plan.position(node.tier), Some(i));
        }
        assert_eq!(plan.tier(plan.nodes().len() as u32), None);
        let again = Plan::for_build(&layout, &two).unwrap();
        assert_eq!(plan.fingerprint(), again.fingerprint());
        let one = Plan::for_build(&layout, &two[..1]).unwrap();
        assert_ne!(plan.fingerprint(), one.fingerprint());
        let other_rules =
            Plan::for_build(&JungleTiers::colour_folded(Variant::DogOverWolf), &two).unwrap();
        assert_ne!(plan.fingerprint(), other_rules.fingerprint());
    }
}
