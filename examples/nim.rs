//! A game of your own, solved by gamesolver's generic retrograde solver.
//!
//! Nim: a few heaps of counters; a move takes one or more counters from one
//! heap; whoever takes the last counter wins (so the player to move on an
//! empty table has lost). The game is defined here, outside the games crate,
//! by implementing [`Game`]; the loop-free solver then gives the value and
//! distance of every position, and the result is checked against Bouton's
//! theorem (the side to move wins exactly when the heaps' XOR is not zero).
//!
//! Run it with `cargo run --release --example nim -- 3 4 5`.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::{Game, Outcome, ParseMoveError, Player};
use gamesolver_retro::loopfree::{GameGraph, HashPositionMap, LoopFreeSolution, SolveStats};

/// A Nim position: heap sizes and the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Nim {
    heaps: Vec<u8>,
    turn: Player,
}

/// A Nim move: take `count` counters from heap `heap`, written `heap:count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Take {
    heap: u8,
    count: u8,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.heap, self.count)
    }
}

impl FromStr for Take {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Take, ParseMoveError> {
        let bad = || ParseMoveError::new(s, "a Nim move is HEAP:COUNT, e.g. 0:2");
        let (heap, count) = s.split_once(':').ok_or_else(bad)?;
        Ok(Take {
            heap: heap.parse().map_err(|_| bad())?,
            count: count.parse().map_err(|_| bad())?,
        })
    }
}

impl Game for Nim {
    type Move = Take;
    const NAME: &'static str = "nim";

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Take>) {
        out.clear();
        for (heap, &size) in self.heaps.iter().enumerate() {
            out.extend((1..=size).map(|count| Take {
                heap: heap as u8,
                count,
            }));
        }
    }

    fn play_unchecked(&mut self, mv: Take) {
        self.heaps[usize::from(mv.heap)] -= mv.count;
        self.turn = self.turn.opponent();
    }

    fn outcome(&self) -> Option<Outcome> {
        // The player who took the last counter, i.e. not the side to move, won.
        let empty = self.heaps.iter().all(|&h| h == 0);
        empty.then_some(Outcome::Winner(self.turn.opponent()))
    }
}

/// Position text: the heap sizes, then `x` (first player to move) or `o`,
/// e.g. `3 4 5 x`.
impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for heap in &self.heaps {
            write!(f, "{heap} ")?;
        }
        f.write_str(if self.turn == Player::First { "x" } else { "o" })
    }
}

impl FromStr for Nim {
    type Err = String;

    fn from_str(s: &str) -> Result<Nim, String> {
        let mut words: Vec<&str> = s.split_whitespace().collect();
        let turn = match words.pop() {
            Some("x") => Player::First,
            Some("o") => Player::Second,
            _ => {
                return Err(format!(
                    "a Nim position is HEAP… x|o, e.g. `3 4 5 x`, not {s:?}"
                ));
            }
        };
        let heaps = words
            .iter()
            .map(|w| {
                w.parse()
                    .map_err(|_| format!("heap {w:?} is not a number 0..255"))
            })
            .collect::<Result<Vec<u8>, String>>()?;
        Ok(Nim { heaps, turn })
    }
}

fn solve(heaps: Vec<u8>) -> LoopFreeSolution<Nim, HashPositionMap<Nim>> {
    let start = Nim {
        heaps,
        turn: Player::First,
    };
    let graph = GameGraph::enumerate(start, HashPositionMap::default())
        .expect("Nim is loop-free: every move removes counters");
    LoopFreeSolution::solve(graph)
}

fn main() {
    let heaps: Vec<u8> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .unwrap_or_else(|_| panic!("heap sizes are numbers 0..255, got {a:?}"))
        })
        .collect();
    let heaps = if heaps.is_empty() {
        vec![3, 4, 5]
    } else {
        heaps
    };
    let solution = solve(heaps.clone());
    let stats = SolveStats::of(&solution);
    println!(
        "Nim with heaps {heaps:?}: {} reachable positions",
        stats.positions
    );
    println!(
        "start: {} (first player to move); winning moves: {}",
        solution.solution(0),
        solution
            .best_moves(0)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Wdl;

    #[test]
    fn solver_agrees_with_boutons_theorem() {
        let solution = solve(vec![3, 4, 5]);
        for (id, position) in solution.graph().positions().iter().enumerate() {
            let nim_sum = position.heaps.iter().fold(0, |acc, &h| acc ^ h);
            let expected = if nim_sum != 0 { Wdl::Win } else { Wdl::Loss };
            assert_eq!(solution.solution(id as u32).wdl, expected, "{position:?}");
        }
        // 4 × 5 × 6 heap configurations, each with either side to move;
        // a few of those cannot be reached.
        assert_eq!(solution.graph().len(), 232);
    }

    #[test]
    fn nim_passes_the_conformance_suite() {
        let start: Nim = "3 4 5 x".parse().unwrap();
        let positions = gamesolver_conformance::random_playouts(&start, 50, 7);
        let universe: Vec<Take> = (0..3)
            .flat_map(|heap| (1..=5).map(move |count| Take { heap, count }))
            .collect();
        gamesolver_conformance::check_moves(&positions, &universe);
        gamesolver_conformance::check_move_notation(&positions);
        gamesolver_conformance::check_position_notation(&positions);
    }

    #[test]
    fn nim_registers_in_the_facade_in_one_line() {
        use gamesolver_api::{EngineSpec, SearchLimits, text_game};
        let start: Nim = "3 4 5 x".parse().unwrap();
        let registry = gamesolver_engines::builtin().with(text_game("nim", "Nim", start));
        let nim = registry.get("nim").unwrap();
        let mut state = nim.start(None).unwrap();
        assert_eq!(state.legal_moves().len(), 12);
        state.play("0:2").unwrap();
        assert_eq!(state.to_text(), "1 4 5 o");
        assert!(state.play("0:2").is_err());
        let mut engine = nim.engine(&EngineSpec::default()).unwrap();
        let limits = SearchLimits {
            nodes: Some(2000),
            ..SearchLimits::default()
        };
        let report = engine.search(state.as_ref(), &limits, &mut |_| {}).unwrap();
        assert!(state.legal_moves().contains(&report.bestmove.unwrap()));
        let alphabeta = EngineSpec {
            kind: Some("alphabeta".into()),
            ..EngineSpec::default()
        };
        assert!(nim.engine(&alphabeta).is_err());
    }

    #[test]
    fn winning_move_from_3_4_5_takes_two_from_the_first_heap() {
        let solution = solve(vec![3, 4, 5]);
        let best: Vec<String> = solution
            .best_moves(0)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(best, ["0:2"]);
    }
}
