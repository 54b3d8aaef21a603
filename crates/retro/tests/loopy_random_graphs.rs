//! The loopy tier solver against an independent, naive solver on random
//! game graphs with cycles, several tiers and every kind of exit.

use crate::common;

use std::sync::Arc;

use common::{Graph, Layout, NarrowLayout, Node};
use gamesolver_core::{Outcome, Player, Solution, Wdl};
use gamesolver_retro::loopy::{TierTable, schedule, solve_tier, verify_tier};
use proptest::prelude::*;

/// The definition, applied naively: level by level over all nodes.
fn naive(graph: &Graph) -> Vec<Solution> {
    let n = graph.turn.len();
    let mut solved: Vec<Option<Solution>> = (0..n)
        .map(|i| graph.outcome[i].map(|o| Solution::finished(o.value_for(graph.turn[i]))))
        .collect();
    for level in 1..=(2 * n as u16 + 2) {
        let before = solved.clone();
        for node in 0..n {
            if before[node].is_some() {
                continue;
            }
            let kids: Vec<Option<Solution>> = graph.children[node]
                .iter()
                .map(|&c| before[c as usize])
                .collect();
            let wins_now = kids
                .iter()
                .any(|k| matches!(k, Some(s) if s.wdl == Wdl::Loss && s.distance + 1 == level));
            let all_lost = kids
                .iter()
                .all(|k| matches!(k, Some(s) if s.wdl == Wdl::Win));
            let longest = kids
                .iter()
                .flatten()
                .map(|s| s.distance + 1)
                .max()
                .unwrap_or(0);
            if wins_now {
                solved[node] = Some(Solution::new(Wdl::Win, level));
            } else if all_lost && longest == level {
                solved[node] = Some(Solution::new(Wdl::Loss, level));
            }
        }
    }
    solved
        .into_iter()
        .map(|s| s.unwrap_or(Solution::finished(Wdl::Draw)))
        .collect()
}

fn solve_tables(graph: &Arc<Graph>, tiers: u32) -> Vec<TierTable> {
    let layout = Layout(graph.clone());
    let order = schedule(&layout, &[tiers - 1]).unwrap();
    assert_eq!(order, (0..tiers).collect::<Vec<_>>());
    let mut tables: Vec<TierTable> = Vec::new();
    for &tier in &order {
        let probe = |node: &Node| {
            tables[graph.tier(node.id) as usize].get(u64::from(node.id % graph.tier_size))
        };
        let table = solve_tier(&layout, tier, &probe, &()).unwrap();
        tables.push(table);
    }
    tables
}

fn lookup<'a>(
    graph: &'a Graph,
    tables: &'a [TierTable],
) -> impl Fn(&Node) -> Option<Solution> + Sync + 'a {
    move |node: &Node| {
        tables[graph.tier(node.id) as usize].get(u64::from(node.id % graph.tier_size))
    }
}

fn solve_all(graph: Arc<Graph>, tiers: u32) -> Vec<Solution> {
    let tables = solve_tables(&graph, tiers);
    (0..graph.turn.len() as u32)
        .map(|id| {
            tables[graph.tier(id) as usize]
                .get(u64::from(id % graph.tier_size))
                .unwrap()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn narrow_entries_solve_alike(seed: u64, tier_size in 1u32..40, degree in 1u32..6) {
        let graph = Arc::new(Graph::random(seed, 1, tier_size, degree));
        let probe = |_: &Node| None;
        let wide = solve_tier(&Layout(graph.clone()), 0, &probe, &()).unwrap();
        let narrow = solve_tier(&NarrowLayout(graph.clone()), 0, &probe, &()).unwrap();
        prop_assert_eq!(wide, narrow);
    }

    #[test]
    fn agrees_with_the_naive_solver(seed: u64, tiers in 1u32..4, tier_size in 1u32..30, degree in 1u32..5) {
        let graph = Arc::new(Graph::random(seed, tiers, tier_size, degree));
        let expected = naive(&graph);
        let found = solve_all(graph.clone(), tiers);
        for (id, (e, f)) in expected.iter().zip(&found).enumerate() {
            prop_assert_eq!(e, f, "node {} of {:?}", id, graph);
        }
    }

    #[test]
    fn verifier_accepts_the_solution_and_catches_any_change(seed: u64, tier_size in 2u32..30, victim: u64, wrong in 0u8..6) {
        let graph = Arc::new(Graph::random(seed, 2, tier_size, 3));
        let layout = Layout(graph.clone());
        let mut tables = solve_tables(&graph, 2);
        for tier in 0..2 {
            let checked = verify_tier(&layout, tier, &tables[tier as usize], &lookup(&graph, &tables));
            prop_assert_eq!(checked, Ok(u64::from(tier_size)));
        }
        // Change one verdict of the top tier: the verifier must object.
        let index = victim % u64::from(tier_size);
        let true_value = tables[1].get(index).unwrap();
        let edited = match wrong {
            0 => Solution::new(Wdl::Win, true_value.distance + 2),
            1 => Solution::new(Wdl::Loss, true_value.distance + 2),
            2 => Solution::finished(Wdl::Draw),
            3 => Solution::new(Wdl::Win, 1),
            4 => Solution::new(Wdl::Loss, 0),
            _ => Solution::new(Wdl::Loss, true_value.distance.saturating_sub(2)),
        };
        prop_assume!(edited != true_value);
        tables[1] = TierTable::from_solutions((0..u64::from(tier_size)).map(|i| Some(if i == index { edited } else { tables[1].get(i).unwrap() })));
        let result = verify_tier(&layout, 1, &tables[1], &lookup(&graph, &tables));
        prop_assert!(result.is_err(), "changed {:?} to {:?} unnoticed", true_value, edited);
    }
}

#[test]
fn a_pure_cycle_is_a_draw_and_an_escape_to_a_win_is_taken() {
    // 0 ↔ 1 cycle; 2 → {0, 3}, 3 finished: side to move lost.
    let graph = Arc::new(Graph {
        turn: vec![Player::First, Player::Second, Player::Second, Player::First],
        children: vec![vec![1], vec![0], vec![0, 3], vec![]],
        parents: vec![vec![1, 2], vec![0], vec![], vec![2]],
        outcome: vec![None, None, None, Some(Outcome::Winner(Player::Second))],
        tier_size: 4,
    });
    let found = solve_all(graph, 1);
    assert_eq!(found[0], Solution::finished(Wdl::Draw));
    assert_eq!(found[1], Solution::finished(Wdl::Draw));
    assert_eq!(found[2], Solution::new(Wdl::Win, 1));
    assert_eq!(found[3], Solution::finished(Wdl::Loss));
}

/// A distance longer than a table entry holds is an error naming it,
/// never a wrapped or truncated distance; the longest that fits solves,
/// with 4-byte entries and with 2-byte ones.
#[test]
fn distances_beyond_a_table_entry_are_refused() {
    check_longest_distances(|graph| solve_tier(&Layout(graph), 0, &|_: &Node| None, &()));
    check_longest_distances(|graph| solve_tier(&NarrowLayout(graph), 0, &|_: &Node| None, &()));
}

fn check_longest_distances(
    solve: impl Fn(Arc<Graph>) -> Result<TierTable, gamesolver_retro::loopy::SolveTierError>,
) {
    use gamesolver_retro::loopy::SolveTierError;
    let table = solve(Arc::new(Graph::chain(16_384))).unwrap();
    assert_eq!(table.get(0), Some(Solution::new(Wdl::Win, 16_383)));
    let err = solve(Arc::new(Graph::chain(16_385))).unwrap_err();
    assert!(
        matches!(
            err,
            SolveTierError::DistanceTooLong {
                distance: 16_384,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("16383 plies"), "{err}");
}

/// A position with more children than a narrow entry counts is an error,
/// not a wrong count.
#[test]
fn narrow_entries_refuse_too_many_children() {
    use gamesolver_retro::loopy::SolveTierError;
    let star = |n: u32| {
        let mut outcome = vec![None];
        outcome.extend((0..n).map(|_| Some(Outcome::Winner(Player::Second))));
        Arc::new(Graph {
            turn: (0..=n)
                .map(|i| {
                    if i == 0 {
                        Player::First
                    } else {
                        Player::Second
                    }
                })
                .collect(),
            children: std::iter::once((1..=n).collect())
                .chain((0..n).map(|_| Vec::new()))
                .collect(),
            parents: std::iter::once(Vec::new())
                .chain((0..n).map(|_| vec![0]))
                .collect(),
            outcome,
            tier_size: n + 1,
        })
    };
    let probe = |_: &Node| None;
    let table = solve_tier(&NarrowLayout(star(63)), 0, &probe, &()).unwrap();
    assert_eq!(table.get(0), Some(Solution::new(Wdl::Loss, 1)));
    let err = solve_tier(&NarrowLayout(star(64)), 0, &probe, &()).unwrap_err();
    assert!(
        matches!(err, SolveTierError::TooManyMoves { .. }),
        "{err:?}"
    );
}
