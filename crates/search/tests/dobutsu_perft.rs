//! Dobutsu shogi through the shared perft harness: one data file per rules
//! preset (the start position and positions that each exercise a rule),
//! the Fairy-Stockfish and pgx files cross-checked against those programs.

use gamesolver_games::dobutsu::{Move, Position, Variant};
use gamesolver_search::perft::{divide, parse_cases, perft};

/// Counts above this depth run only in the ignored test (seconds each).
const QUICK_DEPTH: u32 = 9;

fn data(variant: Variant) -> &'static str {
    match variant {
        Variant::Official => include_str!("data/dobutsu.perft"),
        Variant::TryAfterReply => include_str!("data/dobutsu-try-after-reply.perft"),
        Variant::Gamesman => include_str!("data/dobutsu-gamesman.perft"),
        Variant::FairyStockfish => include_str!("data/dobutsu-fairy-stockfish.perft"),
        Variant::Pgx => include_str!("data/dobutsu-pgx.perft"),
    }
}

fn cases(variant: Variant) -> Vec<(Position, u32, u64, usize)> {
    parse_cases(data(variant))
        .unwrap()
        .into_iter()
        .map(|case| {
            let position = Position::from_sfen(&case.position, variant)
                .unwrap_or_else(|e| panic!("{variant} line {}: {e}", case.line));
            (position, case.depth, case.count, case.line)
        })
        .collect()
}

fn check(max_depth: u32) {
    for variant in Variant::ALL {
        let cases = cases(variant);
        assert!(cases.len() >= 30, "{variant}");
        for (position, depth, count, line) in cases {
            if depth <= max_depth {
                assert_eq!(
                    perft(&position, depth),
                    count,
                    "{variant} line {line}: {position}"
                );
            }
        }
    }
}

#[test]
fn reference_counts_of_every_preset() {
    check(QUICK_DEPTH);
}

#[test]
#[ignore = "depth 10 of every preset: about ten seconds in the test profile"]
fn reference_counts_to_depth_ten() {
    check(u32::MAX);
}

#[test]
fn mirrored_and_turned_positions_have_the_same_counts() {
    for variant in Variant::ALL {
        for (position, depth, count, line) in cases(variant) {
            if depth > 4 {
                continue;
            }
            assert_eq!(
                perft(&position.mirrored(), depth),
                count,
                "{variant} line {line}"
            );
            assert_eq!(
                perft(&position.rotated(), depth),
                count,
                "{variant} line {line}"
            );
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = Position::start();
    let split: Vec<(Move, u64)> = divide(&start, 5);
    assert_eq!(split.len(), 4);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), perft(&start, 5));
}

fn reached(variant: Variant, choices: &[u16]) -> Position {
    gamesolver_conformance::play_choices(&Position::start_with(variant), choices)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    #[test]
    fn mirroring_or_turning_keeps_perft(
        choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..60),
        variant in proptest::sample::select(Variant::ALL.to_vec()),
    ) {
        let position = reached(variant, &choices);
        let count = perft(&position, 3);
        proptest::prop_assert_eq!(perft(&position.mirrored(), 3), count);
        proptest::prop_assert_eq!(perft(&position.rotated(), 3), count);
    }
}
