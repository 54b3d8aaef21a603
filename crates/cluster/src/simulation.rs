//! A distributed build on paper: the tier graph replayed with given
//! per-tier times on a number of ranks, each building one tier at a time,
//! handed out exactly as the coordinator does (ready tiers, biggest
//! first); and the graph's critical path, the wall time no number of
//! ranks can beat.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::time::Duration;

use gamesolver_retro::tablebase::ReadySetError;

use crate::plan::Plan;

/// What a simulated build took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Simulated {
    /// Ranks building tiers.
    pub ranks: usize,
    /// Wall time from the first tier to the last.
    pub wall: Duration,
    /// All tiers' times added up (one rank's wall time).
    pub work: Duration,
    /// The share of the ranks' time spent waiting for a ready tier.
    pub idle_share: f64,
}

/// Replays `plan` on `ranks` ranks, tier `t` taking `time(t)`.
pub fn simulate<T: Copy + Ord + std::fmt::Display>(
    plan: &Plan<T>,
    time: &dyn Fn(T) -> Duration,
    ranks: usize,
) -> Result<Simulated, ReadySetError> {
    let mut ready = plan.ready_set()?;
    let mut running: BinaryHeap<Reverse<(Duration, T)>> = BinaryHeap::new();
    let mut now = Duration::ZERO;
    let mut work = Duration::ZERO;
    while !ready.is_done() {
        while running.len() < ranks {
            let Some(tier) = ready.next_ready() else {
                break;
            };
            work += time(tier);
            running.push(Reverse((now + time(tier), tier)));
        }
        let Some(Reverse((end, tier))) = running.pop() else {
            break; // no rank at all
        };
        now = end;
        ready.finish(tier)?;
    }
    let capacity = now.as_secs_f64() * ranks as f64;
    Ok(Simulated {
        ranks,
        wall: now,
        work,
        idle_share: if capacity > 0.0 {
            1.0 - work.as_secs_f64() / capacity
        } else {
            0.0
        },
    })
}

/// The longest chain of tiers, each needing the next (its total time, and
/// the tiers from the one built last down to the first): no build on any
/// number of ranks is faster.
pub fn critical_path<T: Copy + Ord + std::fmt::Display>(
    plan: &Plan<T>,
    time: &dyn Fn(T) -> Duration,
) -> (Duration, Vec<T>) {
    // The plan is in schedule order: every tier after its successors.
    let mut longest: BTreeMap<T, (Duration, Option<T>)> = BTreeMap::new();
    for node in plan.nodes() {
        let below = node
            .successors
            .iter()
            .filter_map(|s| longest.get(s).map(|&(d, _)| (d, *s)))
            .max();
        let (under, next) = below.map_or((Duration::ZERO, None), |(d, s)| (d, Some(s)));
        longest.insert(node.tier, (under + time(node.tier), next));
    }
    let Some((&top, &(total, _))) = longest.iter().max_by_key(|(t, (d, _))| (*d, Reverse(**t)))
    else {
        return (Duration::ZERO, Vec::new());
    };
    let mut path = vec![top];
    while let Some(&(_, Some(next))) = path.last().and_then(|t| longest.get(t)) {
        path.push(next);
    }
    (total, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_retro::tablebase::TierNode;

    /// 1 and 2 are leaves; 3 needs both; 4 needs 3; 5 stands alone.
    fn plan() -> Plan<u32> {
        let node = |tier, successors: &[u32]| TierNode {
            tier,
            size: u64::from(tier),
            successors: successors.to_vec(),
        };
        Plan::from_nodes(vec![
            node(1, &[]),
            node(2, &[]),
            node(5, &[]),
            node(3, &[1, 2]),
            node(4, &[3]),
        ])
    }

    fn seconds(tier: u32) -> Duration {
        Duration::from_secs(u64::from(tier))
    }

    #[test]
    fn one_rank_does_all_the_work_and_many_ranks_reach_the_critical_path() {
        let one = simulate(&plan(), &seconds, 1).unwrap();
        assert_eq!(one.wall, Duration::from_secs(15));
        assert_eq!(one.idle_share, 0.0);
        let (path_time, path) = critical_path(&plan(), &seconds);
        assert_eq!((path_time, path), (Duration::from_secs(9), vec![4, 3, 2]));
        let many = simulate(&plan(), &seconds, 100).unwrap();
        assert_eq!(many.wall, path_time);
        assert_eq!(many.work, one.work);
    }

    #[test]
    fn two_ranks_start_the_biggest_ready_tiers_first() {
        // 5 and 2 start at 0; 1 runs 2..3 after 2; then 3 (needing 1 and
        // 2) runs 3..6 and 4 runs 6..10; the other rank builds 5 until 5.
        let two = simulate(&plan(), &seconds, 2).unwrap();
        assert_eq!(two.wall, Duration::from_secs(10));
        let idle = 1.0 - 15.0 / 20.0;
        assert!((two.idle_share - idle).abs() < 1e-12);
    }
}
