//! Against the minimax opponent nobody can do better than a draw.

use crate::common;

use std::collections::HashMap;

use common::{expectimax, r, solved, vs_minimax};
use gamesolver_core::{Game, Player};
use gamesolver_games::tictactoe::Board;
use gamesolver_mdp::{Minimax, OpponentModel, SweepConfig, to_f64};

#[test]
fn v_star_is_zero_for_both_sides() {
    let solved = solved();
    for agent in Player::BOTH {
        let mdp = vs_minimax(agent, &solved);
        let exact = mdp.solve_exact().unwrap();
        assert_eq!(exact.values.start, r(0, 1), "{agent:?}");
        let split = mdp.outcome_probabilities(&exact.policy).unwrap();
        assert_eq!(split.draw, r(1, 1));
        let pi = mdp.policy_iteration(&SweepConfig::default()).unwrap();
        assert!(pi.values.start.abs() < 1e-9);
        let vi = mdp.value_iteration(&SweepConfig::default()).unwrap();
        assert!(vi.values.start.abs() < 1e-9);
    }
}

#[test]
fn the_minimax_opponent_never_plays_a_worse_move() {
    let solved = solved();
    let opponent = Minimax::new(|b: &Board| solved.get(b).map(|s| s.wdl));
    // X centre: every O reply keeps the draw except the edges, which lose.
    let board = Board::empty().after("4".parse().unwrap());
    let mut choices = Vec::new();
    opponent
        .choices(&board, &board.moves(), &mut choices)
        .unwrap();
    let cells: Vec<String> = choices.iter().map(|(c, _)| c.to_string()).collect();
    assert_eq!(cells, ["0", "2", "6", "8"]);
    assert!(choices.iter().all(|&(_, w)| w == 1));
}

#[test]
fn matches_an_independent_expectimax_over_the_best_replies() {
    let solved = solved();
    for agent in Player::BOTH {
        let mdp = vs_minimax(agent, &solved);
        let keeps_value = |b: &Board| {
            let best = solved.get(b).unwrap().wdl;
            b.moves()
                .into_iter()
                .filter(|&m| {
                    let child = b.after(m);
                    let v = match child.outcome() {
                        Some(o) => o.value_for(b.turn()),
                        None => solved.get(&child).unwrap().wdl.negate(),
                    };
                    v == best
                })
                .collect()
        };
        let mut memo = HashMap::new();
        let expected = expectimax(Board::empty(), agent, &keeps_value, &mut memo);
        let exact = mdp.solve_exact().unwrap();
        assert_eq!(exact.values.start, expected);
        for s in 0..mdp.len() as u32 {
            let e = memo[mdp.state(s)];
            assert_eq!(exact.values.states[s as usize], e);
            assert!(to_f64(&e) <= 0.0, "nobody beats minimax");
        }
    }
}
