//! Property tests of the dobutsu shogi parsers (position text, moves,
//! squares, rules presets) on hostile input: arbitrary strings, and valid
//! texts mutated (a character replaced, deleted, inserted or doubled). The
//! property: an error, or a value that prints back to text that parses to
//! the same value; never a panic.

use std::fmt::Display;
use std::str::FromStr;

use gamesolver_games::dobutsu::{Move, Position, START_SFEN, Square, Variant};
use proptest::prelude::*;

fn round_trips<T>(text: &str) -> Result<(), TestCaseError>
where
    T: FromStr + Display + PartialEq + std::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let printed = value.to_string();
        prop_assert_eq!(printed.parse::<T>().ok(), Some(value), "{:?}", text);
    }
    Ok(())
}

fn every_parser(text: &str) -> Result<(), TestCaseError> {
    round_trips::<Position>(text)?;
    round_trips::<Move>(text)?;
    round_trips::<Square>(text)?;
    round_trips::<Variant>(text)?;
    for variant in Variant::ALL {
        if let Ok(position) = Position::from_sfen(text, variant) {
            prop_assert_eq!(Position::from_sfen(&position.sfen(), variant), Ok(position));
        }
    }
    Ok(())
}

fn valid_texts() -> Vec<String> {
    [
        START_SFEN,
        "l2/1H1/3/1L1 w 2GEec",
        "lh1/3/GE1/gL1 b Ce 12",
        "3/1l1/1L1/3 b 2G2E2C",
        "g1e/1c1/1C1/ELG w -",
        "b1b2",
        "C*a4",
        "c4",
        "try-after-reply",
    ]
    .map(String::from)
    .to_vec()
}

fn mutated() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "LGECHlgech0123456789/ bw-*abc+\u{e9}\n".chars().collect();
    (
        prop::sample::select(valid_texts()),
        prop::collection::vec(
            (
                0u8..4,
                any::<prop::sample::Index>(),
                prop::sample::select(alphabet),
            ),
            1..4,
        ),
    )
        .prop_map(|(text, edits)| {
            let mut chars: Vec<char> = text.chars().collect();
            for (kind, at, c) in edits {
                let at = at.index(chars.len() + 1);
                match kind {
                    0 if at < chars.len() => chars[at] = c,
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    3 if at < chars.len() => chars.insert(at, chars[at]),
                    _ => chars.insert(at, c),
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,60}") {
        every_parser(&text)?;
    }

    #[test]
    fn mutated_valid_texts_parse_or_fail_cleanly(text in mutated()) {
        every_parser(&text)?;
    }
}

#[test]
fn the_valid_texts_are_valid() {
    let texts = valid_texts();
    for text in &texts[..5] {
        assert!(text.parse::<Position>().is_ok(), "{text}");
    }
    assert!(texts[5].parse::<Move>().is_ok());
    assert!(texts[6].parse::<Move>().is_ok());
    assert!(texts[7].parse::<Square>().is_ok());
    assert!(texts[8].parse::<Variant>().is_ok());
}
