//! Jungle through the shared perft harness: the reference counts of the
//! start position and hand-counted positions that each exercise one rule.

use gamesolver_games::jungle::{Move, Position};
use gamesolver_search::perft::{divide, parse_cases, perft};

fn cases() -> Vec<(Position, u32, u64, usize)> {
    parse_cases(include_str!("data/jungle.perft"))
        .unwrap()
        .into_iter()
        .map(|case| {
            let position = case
                .position
                .parse()
                .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
            (position, case.depth, case.count, case.line)
        })
        .collect()
}

#[test]
fn jungle_reference_counts() {
    let cases = cases();
    assert!(cases.len() >= 5);
    for (position, depth, count, line) in cases {
        assert_eq!(perft(&position, depth), count, "line {line}: {position}");
    }
}

#[test]
fn mirrored_and_flipped_positions_have_the_same_counts() {
    for (position, depth, count, line) in cases() {
        let depth = depth.min(4);
        let expected = if depth == 1 {
            count
        } else {
            perft(&position, depth)
        };
        assert_eq!(perft(&position.mirrored(), depth), expected, "line {line}");
        assert_eq!(perft(&position.flipped(), depth), expected, "line {line}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = Position::start();
    let split: Vec<(Move, u64)> = divide(&start, 3);
    assert_eq!(split.len(), 24);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), perft(&start, 3));
}

fn reached(choices: &[u16]) -> Position {
    gamesolver_conformance::play_choices(&Position::start(), choices)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    #[test]
    fn mirroring_or_flipping_keeps_perft(
        choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..150)
    ) {
        let position = reached(&choices);
        let count = perft(&position, 3);
        proptest::prop_assert_eq!(perft(&position.mirrored(), 3), count);
        proptest::prop_assert_eq!(perft(&position.flipped(), 3), count);
    }
}
