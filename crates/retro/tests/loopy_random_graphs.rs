//! The loopy tier solver against an independent, naive solver on random
//! game graphs with cycles, several tiers and every kind of exit.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use gamesolver_core::{Game, Outcome, ParseMoveError, Player, Retrograde, Solution, Wdl};
use gamesolver_retro::loopy::{TierLayout, TierTable, schedule, solve_tier};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random two-player game given as a graph.
#[derive(Debug)]
struct Graph {
    turn: Vec<Player>,
    children: Vec<Vec<u32>>,
    parents: Vec<Vec<u32>>,
    outcome: Vec<Option<Outcome>>,
    tier_size: u32,
}

impl Graph {
    /// Nodes in tiers of `tier_size`; edges inside a tier or down to lower
    /// tiers only, always between nodes of opposite turns.
    fn random(seed: u64, tiers: u32, tier_size: u32, degree: u32) -> Graph {
        let mut rng = SmallRng::seed_from_u64(seed);
        let n = tiers * tier_size;
        let turn: Vec<Player> = (0..n)
            .map(|_| {
                if rng.random_bool(0.5) {
                    Player::First
                } else {
                    Player::Second
                }
            })
            .collect();
        let mut outcome = vec![None; n as usize];
        let mut children = vec![Vec::new(); n as usize];
        for node in 0..n {
            if rng.random_bool(0.15) {
                let o = match rng.random_range(0..4) {
                    0 => Outcome::Draw,
                    1 => Outcome::Winner(turn[node as usize]),
                    _ => Outcome::Winner(turn[node as usize].opponent()),
                };
                outcome[node as usize] = Some(o);
                continue;
            }
            let lowest_allowed = 0;
            let highest = (node / tier_size + 1) * tier_size;
            for _ in 0..rng.random_range(1..=degree) {
                let candidates: Vec<u32> = (lowest_allowed..highest)
                    .filter(|&c| turn[c as usize] != turn[node as usize])
                    .collect();
                if let Some(&c) = candidates.get(rng.random_range(0..candidates.len().max(1))) {
                    if !children[node as usize].contains(&c) {
                        children[node as usize].push(c);
                    }
                }
            }
            if children[node as usize].is_empty() {
                // No move: the side to move has lost.
                outcome[node as usize] = Some(Outcome::Winner(turn[node as usize].opponent()));
            }
        }
        let mut parents = vec![Vec::new(); n as usize];
        for (p, cs) in children.iter().enumerate() {
            for &c in cs {
                if c / tier_size == p as u32 / tier_size {
                    parents[c as usize].push(p as u32);
                }
            }
        }
        Graph {
            turn,
            children,
            parents,
            outcome,
            tier_size,
        }
    }

    fn tier(&self, node: u32) -> u32 {
        node / self.tier_size
    }
}

#[derive(Clone, Debug)]
struct Node {
    graph: Arc<Graph>,
    id: u32,
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}
impl Eq for Node {}
impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Edge(u32);

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Edge {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Edge, ParseMoveError> {
        s.parse()
            .map(Edge)
            .map_err(|_| ParseMoveError::new(s, "a node number"))
    }
}

impl Game for Node {
    type Move = Edge;
    const NAME: &'static str = "graph";

    fn turn(&self) -> Player {
        self.graph.turn[self.id as usize]
    }
    fn legal_moves(&self, out: &mut Vec<Edge>) {
        out.clear();
        if self.outcome().is_none() {
            out.extend(
                self.graph.children[self.id as usize]
                    .iter()
                    .map(|&c| Edge(c)),
            );
        }
    }
    fn play_unchecked(&mut self, mv: Edge) {
        self.id = mv.0;
    }
    fn outcome(&self) -> Option<Outcome> {
        self.graph.outcome[self.id as usize]
    }
}

impl Retrograde for Node {
    type Unmove = u32;
    fn unmoves(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend(&self.graph.parents[self.id as usize]);
    }
    fn unplay(&self, parent: u32) -> Node {
        Node {
            graph: self.graph.clone(),
            id: parent,
        }
    }
    fn keeps_material(&self, mv: Edge) -> bool {
        self.graph.tier(mv.0) == self.graph.tier(self.id)
    }
}

struct Layout(Arc<Graph>);

impl TierLayout for Layout {
    type Game = Node;
    type Tier = u32;
    fn tier_of(&self, position: &Node) -> u32 {
        self.0.tier(position.id)
    }
    fn tier_len(&self, _tier: u32) -> u64 {
        u64::from(self.0.tier_size)
    }
    fn index(&self, _tier: u32, position: &Node) -> u64 {
        u64::from(position.id % self.0.tier_size)
    }
    fn position(&self, tier: u32, index: u64) -> Option<Node> {
        Some(Node {
            graph: self.0.clone(),
            id: tier * self.0.tier_size + index as u32,
        })
    }
    fn successors(&self, tier: u32) -> Vec<u32> {
        (0..tier).collect()
    }
}

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

fn solve_all(graph: Arc<Graph>, tiers: u32) -> Vec<Solution> {
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
    fn agrees_with_the_naive_solver(seed: u64, tiers in 1u32..4, tier_size in 1u32..30, degree in 1u32..5) {
        let graph = Arc::new(Graph::random(seed, tiers, tier_size, degree));
        let expected = naive(&graph);
        let found = solve_all(graph.clone(), tiers);
        for (id, (e, f)) in expected.iter().zip(&found).enumerate() {
            prop_assert_eq!(e, f, "node {} of {:?}", id, graph);
        }
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
