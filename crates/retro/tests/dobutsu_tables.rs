//! Dobutsu shogi tables: smaller materials (the lions with some of the
//! three pairs) solved by the loopy solver through `DobutsuTiers`, checked
//! against a naive solver that knows nothing of the index, the un-moves or
//! the symmetries, and against the generic verifier.

use std::collections::HashMap;

use gamesolver_core::{Game, Solution, TierLayout, Wdl};
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Position, Variant};
use gamesolver_retro::loopy::{TierTable, solve_tier, verify_tier};

/// A finished position's outcome, or the value the rules give at once.
fn known(layout: &DobutsuTiers, position: &Position) -> Option<Solution> {
    match position.outcome() {
        Some(outcome) => Some(Solution::finished(outcome.value_for(position.turn()))),
        None => layout.known_value(position),
    }
}

fn solve(layout: &DobutsuTiers, material: Material) -> TierTable {
    solve_tier(layout, material, &|p: &Position| known(layout, p), &()).unwrap()
}

/// Every position reachable by moves from every stored position, solved
/// level by level from the game's ends with nothing but the rules: a
/// position is won in `d` if a move reaches a position lost in `d - 1`,
/// lost in `d` if every move reaches a won position and the longest of them
/// is won in `d - 1`; what is left is drawn.
fn naive(start: Vec<Position>) -> HashMap<Position, Solution> {
    let mut ids: HashMap<Position, usize> = HashMap::new();
    let mut positions = Vec::new();
    let mut queue = start;
    while let Some(p) = queue.pop() {
        if ids.contains_key(&p) {
            continue;
        }
        ids.insert(p, positions.len());
        positions.push(p);
        queue.extend(p.moves().into_iter().map(|m| p.after(m)));
    }
    let children: Vec<Vec<usize>> = positions
        .iter()
        .map(|p| p.moves().into_iter().map(|m| ids[&p.after(m)]).collect())
        .collect();
    let mut value: Vec<Option<Solution>> = positions
        .iter()
        .map(|p| {
            p.outcome()
                .map(|o| Solution::finished(o.value_for(p.turn())))
        })
        .collect();
    for level in 1..=u16::MAX {
        let mut decided = Vec::new();
        for (i, kids) in children.iter().enumerate() {
            if value[i].is_some() {
                continue;
            }
            let wins = kids
                .iter()
                .any(|&k| value[k] == Some(Solution::new(Wdl::Loss, level - 1)));
            let all_won = kids
                .iter()
                .all(|&k| value[k].is_some_and(|s| s.wdl == Wdl::Win));
            let longest = kids
                .iter()
                .filter_map(|&k| value[k])
                .map(|s| s.distance)
                .max();
            if wins {
                decided.push((i, Solution::new(Wdl::Win, level)));
            } else if all_won && longest == Some(level - 1) {
                decided.push((i, Solution::new(Wdl::Loss, level)));
            }
        }
        let done = decided.is_empty()
            && value
                .iter()
                .all(|v| v.is_none_or(|s| s.wdl == Wdl::Draw || s.distance < level));
        for (i, s) in decided {
            value[i] = Some(s);
        }
        if done {
            break;
        }
    }
    positions
        .into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.unwrap_or(Solution::finished(Wdl::Draw))))
        .collect()
}

fn check_against_naive(material: Material, variant: Variant) {
    let layout = DobutsuTiers::new(variant).unwrap();
    let table = solve(&layout, material);
    let stored: Vec<Position> = (0..layout.tier_len(material))
        .filter_map(|i| layout.position(material, i))
        .collect();
    assert!(!stored.is_empty());
    let naive = naive(stored);
    let mut checked = 0;
    for (position, expected) in &naive {
        if !position.is_interior() {
            assert_eq!(
                known(&layout, position).map(|k| k.wdl),
                Some(expected.wdl),
                "{position:?}"
            );
            continue;
        }
        let index = layout.index(material, position);
        assert_eq!(
            table.get(index),
            Some(*expected),
            "{material} {variant}: {position:?}"
        );
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn lions_and_chicks_match_a_naive_solver() {
    for variant in [Variant::Official, Variant::TryAfterReply, Variant::Gamesman] {
        check_against_naive(Material::new([false, false, true]), variant);
    }
}

#[test]
fn lions_with_giraffes_or_elephants_match_a_naive_solver() {
    check_against_naive(Material::new([true, false, false]), Variant::Official);
    check_against_naive(Material::new([false, true, false]), Variant::Official);
}

#[test]
fn lions_giraffes_and_chicks_pass_the_verifier() {
    let layout = DobutsuTiers::default();
    let material = Material::new([true, false, true]);
    let table = solve(&layout, material);
    let lookup = |p: &Position| known(&layout, p);
    let checked = verify_tier(&layout, material, &table, &lookup).unwrap();
    assert!(checked > 100_000, "{checked}");
}
