//! The order in which tiers are solved: every tier after the tiers its
//! moves lead to.

use std::collections::{BTreeMap, BTreeSet};

use thiserror::Error;

use super::TierLayout;

/// Why no solving order exists.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScheduleError {
    /// Tier-changing moves form a cycle, so no tier can go first.
    #[error("tiers {0} lead back to themselves; tier-changing moves must make progress")]
    Cycle(String),
}

/// Every stored tier ([`TierLayout::stored_tier`]) reachable from
/// `targets` through [`TierLayout::successors`],
/// ordered so that each tier comes after all of its successors (a
/// topological order; ties broken by the tiers' own order, so the schedule
/// is deterministic).
pub fn schedule<L: TierLayout>(
    layout: &L,
    targets: &[L::Tier],
) -> Result<Vec<L::Tier>, ScheduleError> {
    Ok(schedule_waves(layout, targets)?
        .into_iter()
        .flatten()
        .collect())
}

/// The tiers of [`schedule`] in waves: every tier of a wave has all its
/// successors in earlier waves, so the tiers of one wave can be solved at
/// the same time.
pub fn schedule_waves<L: TierLayout>(
    layout: &L,
    targets: &[L::Tier],
) -> Result<Vec<Vec<L::Tier>>, ScheduleError> {
    let mut successors = BTreeMap::new();
    let mut stack: Vec<L::Tier> = targets.iter().map(|&t| layout.stored_tier(t)).collect();
    while let Some(tier) = stack.pop() {
        if successors.contains_key(&tier) {
            continue;
        }
        let next: BTreeSet<L::Tier> = layout
            .successors(tier)
            .into_iter()
            .filter(|&t| t != tier)
            .collect();
        stack.extend(next.iter().copied());
        successors.insert(tier, next);
    }
    let mut order = Vec::with_capacity(successors.len());
    let mut done = BTreeSet::new();
    while done.len() < successors.len() {
        let ready: Vec<L::Tier> = successors
            .iter()
            .filter(|(t, next)| !done.contains(*t) && next.iter().all(|n| done.contains(n)))
            .map(|(&t, _)| t)
            .collect();
        if ready.is_empty() {
            let stuck: Vec<String> = successors
                .keys()
                .filter(|t| !done.contains(*t))
                .map(|t| t.to_string())
                .collect();
            return Err(ScheduleError::Cycle(stuck.join(", ")));
        }
        done.extend(ready.iter().copied());
        order.push(ready);
    }
    Ok(order)
}
