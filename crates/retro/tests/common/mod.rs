//! A random two-player game given as a graph with cycles and tiers, for
//! testing the loopy solver and the tablebase machinery.
#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use gamesolver_core::{Game, Outcome, ParseMoveError, Player, Retrograde};
use gamesolver_retro::loopy::TierLayout;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random two-player game given as a graph.
#[derive(Debug)]
pub struct Graph {
    pub turn: Vec<Player>,
    pub children: Vec<Vec<u32>>,
    pub parents: Vec<Vec<u32>>,
    pub outcome: Vec<Option<Outcome>>,
    pub tier_size: u32,
}

impl Graph {
    /// Nodes in tiers of `tier_size`; edges inside a tier or down to lower
    /// tiers only, always between nodes of opposite turns.
    pub fn random(seed: u64, tiers: u32, tier_size: u32, degree: u32) -> Graph {
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
                if let Some(&c) = candidates.get(rng.random_range(0..candidates.len().max(1)))
                    && !children[node as usize].contains(&c)
                {
                    children[node as usize].push(c);
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

    /// One tier of `len` nodes in a line, turns alternating: node `i`
    /// moves to `i + 1`, the last has no move (its mover has lost), so node
    /// `i` is decided at distance `len - 1 - i`.
    pub fn chain(len: u32) -> Graph {
        let turn = (0..len).map(|i| Player::BOTH[i as usize % 2]).collect();
        let mut children = vec![Vec::new(); len as usize];
        let mut parents = vec![Vec::new(); len as usize];
        for i in 1..len {
            children[i as usize - 1].push(i);
            parents[i as usize].push(i - 1);
        }
        let mut outcome = vec![None; len as usize];
        let last = Player::BOTH[(len as usize - 1) % 2];
        outcome[len as usize - 1] = Some(Outcome::Winner(last.opponent()));
        Graph {
            turn,
            children,
            parents,
            outcome,
            tier_size: len,
        }
    }

    pub fn tier(&self, node: u32) -> u32 {
        node / self.tier_size
    }
}

#[derive(Clone, Debug)]
pub struct Node {
    pub graph: Arc<Graph>,
    pub id: u32,
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
pub struct Edge(pub u32);

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
    fn stays_in_tier(&self, mv: Edge) -> bool {
        self.graph.tier(mv.0) == self.graph.tier(self.id)
    }
}

pub struct Layout(pub Arc<Graph>);

impl TierLayout for Layout {
    type Game = Node;
    type Tier = u32;
    fn variant(&self) -> String {
        "random".into()
    }
    fn scheme(&self) -> String {
        "node".into()
    }
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

/// [`Layout`] with the solver's 2-byte entries.
pub struct NarrowLayout(pub Arc<Graph>);

impl TierLayout for NarrowLayout {
    type Game = Node;
    type Tier = u32;
    fn variant(&self) -> String {
        "random".into()
    }
    fn scheme(&self) -> String {
        "node".into()
    }
    fn tier_of(&self, position: &Node) -> u32 {
        Layout(self.0.clone()).tier_of(position)
    }
    fn tier_len(&self, tier: u32) -> u64 {
        Layout(self.0.clone()).tier_len(tier)
    }
    fn index(&self, tier: u32, position: &Node) -> u64 {
        Layout(self.0.clone()).index(tier, position)
    }
    fn position(&self, tier: u32, index: u64) -> Option<Node> {
        Layout(self.0.clone()).position(tier, index)
    }
    fn successors(&self, tier: u32) -> Vec<u32> {
        Layout(self.0.clone()).successors(tier)
    }
    fn narrow_entries(&self, _tier: u32) -> bool {
        true
    }
}
