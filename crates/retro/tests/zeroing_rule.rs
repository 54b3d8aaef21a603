//! Distance-to-zeroing tables and the rule's five verdicts, checked against
//! an independent solver of the rule itself (issue 26 finding 1).
//!
//! The brute force plays the game *with* its no-capture counter: a state
//! is a position and the plies since the last capture, from the rule's
//! limit down to 0 (a quiet move adds one, a capture resets it, an
//! unfinished position at the limit is a draw), each material's values at
//! counter 0 feeding the materials that capture into it. It knows nothing
//! of distances to zeroing. For every stored position and every counter
//! its win/draw/loss must be what the tables' verdict gives
//! ([`rule_verdict`] of the DTM and DTZ entries); with a limit of 20 plies
//! (the game's 200 has no effect on tables this small) cursed wins and
//! blessed losses are plentiful. Every DTZ file also passes the verifier.

use std::collections::HashMap;

use gamesolver_core::{Game, Outcome, TierLayout, Wdl};
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_retro::tablebase::{Tablebase, build};
use gamesolver_retro::zeroing::{RuleVerdict, rule_verdict};

/// A limit small enough for wins and losses of these tables to outlast it.
const LIMIT: u16 = 20;

/// Values of the brute force: for the side to move.
const LOSS: i8 = -1;
const DRAW: i8 = 0;
const WIN: i8 = 1;

fn unfolded() -> JungleTiers {
    JungleTiers::new(Variant::Standard).with_quiet_ply_limit(LIMIT)
}

/// The value of a finished position for its side to move.
fn finished_value(position: &Position) -> Option<i8> {
    position.outcome().map(|outcome| match outcome {
        Outcome::Winner(p) if p == position.turn() => WIN,
        Outcome::Winner(_) => LOSS,
        Outcome::Draw => DRAW,
    })
}

/// The brute force's values of every index of `material` for each counter
/// `0..=LIMIT` (`values[c][index]`), given the counter-0 values of the
/// materials it captures into.
fn solve_with_counter(material: Material, at_zero: &HashMap<Material, Vec<i8>>) -> Vec<Vec<i8>> {
    let layout = unfolded();
    let len = layout.tier_len(material) as usize;
    let positions: Vec<Option<Position>> = (0..len as u64)
        .map(|i| layout.position(material, i))
        .collect();
    let mut values = vec![vec![DRAW; len]; usize::from(LIMIT) + 1];
    for counter in (0..=usize::from(LIMIT)).rev() {
        for (index, position) in positions.iter().enumerate() {
            let Some(position) = position else { continue };
            values[counter][index] = if let Some(value) = finished_value(position) {
                value
            } else if counter == usize::from(LIMIT) {
                DRAW
            } else {
                position
                    .moves()
                    .into_iter()
                    .map(|mv| {
                        let child = position.after(mv);
                        let child_value = if let Some(value) = finished_value(&child) {
                            value
                        } else if position.is_capture(mv) {
                            let captured = Material::of(&child);
                            at_zero[&captured][layout.index(captured, &child) as usize]
                        } else {
                            values[counter + 1][layout.index(material, &child) as usize]
                        };
                        -child_value
                    })
                    .max()
                    .unwrap_or(LOSS)
            };
        }
    }
    values
}

fn value_of(wdl: Wdl) -> i8 {
    match wdl {
        Wdl::Win => WIN,
        Wdl::Draw => DRAW,
        Wdl::Loss => LOSS,
    }
}

#[test]
fn the_rule_verdicts_of_the_tables_are_the_rules_own() {
    let dir = tempfile::tempdir().unwrap();
    let folded = JungleTiers::colour_folded(Variant::Standard).with_quiet_ply_limit(LIMIT);
    let targets: Vec<Material> = ["LR-e", "EC-l"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let tablebase = Tablebase::new(folded, dir.path());
    let mut all = Material::all_with(2);
    all.extend(&targets);
    build(&tablebase, &all, &()).unwrap();
    let tablebase = Tablebase::new(folded, dir.path());
    for tier in tablebase.tiers().unwrap() {
        tablebase.load_into_memory(tier).unwrap();
        tablebase.load_dtz_into_memory(tier).unwrap();
    }

    let mut at_zero: HashMap<Material, Vec<i8>> = HashMap::new();
    let mut counts: HashMap<RuleVerdict, u64> = HashMap::new();
    let mut materials: Vec<Material> = Material::all_with(2);
    for target in &targets {
        materials.push(*target);
        materials.push(target.flipped());
    }
    for material in materials {
        let mut values = solve_with_counter(material, &at_zero);
        let layout = unfolded();
        for index in 0..layout.tier_len(material) {
            let Some(position) = layout.position(material, index) else {
                continue;
            };
            let dtm = tablebase.probe(&position).unwrap().unwrap();
            let dtz = tablebase.probe_dtz(&position).unwrap().unwrap();
            for counter in 0..=LIMIT {
                let verdict = rule_verdict(dtm, dtz, counter, LIMIT);
                *counts.entry(verdict).or_default() += 1;
                assert_eq!(
                    value_of(verdict.result()),
                    values[usize::from(counter)][index as usize],
                    "{position} at counter {counter}: DTM {dtm:?}, DTZ {dtz:?}, {verdict}"
                );
            }
        }
        at_zero.insert(material, values.swap_remove(0));
    }
    for verdict in [
        RuleVerdict::CursedWin,
        RuleVerdict::BlessedLoss,
        RuleVerdict::Win,
        RuleVerdict::Loss,
    ] {
        assert!(
            counts.get(&verdict).copied().unwrap_or(0) > 1000,
            "{verdict}: {counts:?}"
        );
    }
    // At counter 0 too: cursed wins of three pieces whose DTM alone would
    // say "win".
    let lr_e: Material = "LR-e".parse().unwrap();
    let cursed_at_zero = (0..unfolded().tier_len(lr_e))
        .filter_map(|i| unfolded().position(lr_e, i))
        .filter(|p| {
            let (dtm, dtz) = (
                tablebase.probe(p).unwrap().unwrap(),
                tablebase.probe_dtz(p).unwrap().unwrap(),
            );
            rule_verdict(dtm, dtz, 0, LIMIT) == RuleVerdict::CursedWin
        })
        .count();
    assert!(cursed_at_zero > 100, "{cursed_at_zero}");

    // Every distance-to-zeroing file passes the verifier.
    for tier in tablebase.tiers().unwrap() {
        let checked = tablebase.check_dtz(tier).unwrap().expect("a DTZ file");
        assert!(checked.is_ok(), "{tier}: {checked:?}");
    }
}

/// A DTZ file of one rule is refused under another, and one whose
/// entries are wrong fails the verifier.
#[test]
fn dtz_files_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let layout = JungleTiers::colour_folded(Variant::Standard);
    build(
        &Tablebase::new(layout, dir.path()),
        &Material::all_with(2),
        &(),
    )
    .unwrap();
    let c_c: Material = "C-c".parse().unwrap();
    let other_rule = Tablebase::new(layout.with_quiet_ply_limit(20), dir.path());
    let error = other_rule.open_dtz(c_c).unwrap_err().to_string();
    assert!(
        error.contains("C-c.gsdtz") && error.contains("200-ply"),
        "{error}"
    );
    // Entries written as if every zeroing move were a draw: still a
    // well-formed file, but the verifier finds it false.
    let tablebase = Tablebase::new(layout, dir.path());
    let wrong = gamesolver_retro::loopy::solve_tier(
        &layout,
        c_c,
        &|p: &Position| {
            Some(gamesolver_core::Solution::new(
                finished_value(p).map_or(Wdl::Draw, |_| Wdl::Draw),
                0,
            ))
        },
        &(),
    )
    .unwrap();
    let path = tablebase.dtz_path(c_c);
    let bytes = gamesolver_retro::tbfile::encode_table(
        tablebase.dtz_kind().unwrap(),
        &path,
        &tablebase.identity(c_c),
        &wrong,
    )
    .unwrap();
    std::fs::write(&path, bytes).unwrap();
    let checked = tablebase.check_dtz(c_c).unwrap().unwrap();
    assert!(checked.is_err());
}
