//! Property tests of every position and move parser of the games on
//! hostile input: arbitrary strings, and valid positions mutated (a
//! character replaced, deleted, inserted or doubled). The property: an
//! error, or a value that prints back to text that parses to the same
//! value; never a panic. Case counts are small so the suite stays fast.

use std::fmt::Display;
use std::str::FromStr;

use gamesolver_core::Game;
use gamesolver_games::{dobutsu, jungle, tictactoe, uttt};
use proptest::prelude::*;

/// Parses `text`; if it is accepted, its printed form parses back to it.
fn round_trips<T>(text: &str) -> Result<(), TestCaseError>
where
    T: FromStr + Display + PartialEq + std::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let printed = value.to_string();
        let again = printed.parse::<T>();
        prop_assert!(
            again.is_ok(),
            "{text:?} printed as {printed:?}, which is refused"
        );
        prop_assert_eq!(again.ok(), Some(value));
    }
    Ok(())
}

/// Every parser of the project on one text.
fn every_parser(text: &str) -> Result<(), TestCaseError> {
    round_trips::<tictactoe::Board>(text)?;
    round_trips::<tictactoe::Cell>(text)?;
    round_trips::<uttt::Board>(text)?;
    round_trips::<uttt::Cell>(text)?;
    round_trips::<jungle::Position>(text)?;
    round_trips::<jungle::Move>(text)?;
    round_trips::<jungle::Square>(text)?;
    round_trips::<jungle::Material>(text)?;
    for variant in jungle::Variant::ALL {
        let _ = jungle::Position::from_fen(text, variant);
    }
    round_trips::<dobutsu::Position>(text)?;
    round_trips::<dobutsu::Move>(text)?;
    round_trips::<dobutsu::Square>(text)?;
    round_trips::<dobutsu::Variant>(text)?;
    round_trips::<dobutsu::Material>(text)?;
    for variant in dobutsu::Variant::ALL {
        if let Ok(position) = dobutsu::Position::from_sfen(text, variant) {
            prop_assert_eq!(
                dobutsu::Position::from_sfen(&position.sfen(), variant),
                Ok(position)
            );
        }
    }
    long_fen_round_trips(text)
}

/// A long Jungle FEN that is accepted prints back (long) to the same
/// position and counters, and a game read from it agrees.
fn long_fen_round_trips(text: &str) -> Result<(), TestCaseError> {
    let variant = jungle::Variant::Standard;
    if let Ok(fen) = jungle::Fen::parse(text, variant) {
        let printed = fen.to_long();
        prop_assert_eq!(jungle::Fen::parse(&printed, variant).ok(), Some(fen));
        let game = jungle::JungleGame::from_fen(text, variant);
        prop_assert!(game.is_ok(), "{text:?} is a FEN but not a game");
        if let Ok(game) = game {
            prop_assert_eq!(game.long_fen(), printed);
            prop_assert_eq!(game.quiet_plies(), fen.quiet_plies as usize);
        }
    }
    Ok(())
}

/// Valid texts of every kind: positions after a few moves, moves, squares,
/// materials.
fn valid_texts() -> Vec<String> {
    let mut texts = vec![
        "O...X....".to_string(),
        "XOXOXO...".to_string(),
        jungle::START_FEN.to_string(),
        "7/7/7/7/7/7/4e2/7/L5R w".to_string(),
        format!("{} *", ".".repeat(81)),
        "g3g4".to_string(),
        "40".to_string(),
        "LR-e".to_string(),
        format!("{} - - 17 9", jungle::START_FEN),
    ];
    // Dobutsu shogi (indices 9 to 15: see the_valid_texts_are_valid).
    texts.extend(
        [
            dobutsu::START_SFEN,
            "l2/1H1/3/1L1 w 2GEec",
            "lh1/3/GE1/gL1 b Ce 12",
            "b1b2",
            "C*a4",
            "try-after-reply",
            "LGC",
        ]
        .map(String::from),
    );
    let mut board: uttt::Board = texts[4].parse().expect("the start");
    for _ in 0..12 {
        let Some(&mv) = board.moves().get(3) else {
            break;
        };
        board.play_unchecked(mv);
    }
    texts.push(board.to_string());
    texts
}

/// A valid text with one edit: replace, delete, insert or double a
/// character (characters drawn from the notations' alphabets).
fn mutated() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "XO.*0123456789/ wbaELTPWDCRGHelptwdcr-gh\u{e9}\n"
        .chars()
        .collect();
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
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,120}") {
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
    assert!(texts[0].parse::<tictactoe::Board>().is_ok());
    assert!(texts[2].parse::<jungle::Position>().is_ok());
    assert!(texts[3].parse::<jungle::Position>().is_ok());
    assert!(texts[5].parse::<jungle::Move>().is_ok());
    assert!(texts[6].parse::<uttt::Cell>().is_ok());
    assert!(texts[7].parse::<jungle::Material>().is_ok());
    assert!(texts[8].parse::<jungle::Position>().is_ok(), "{}", texts[8]);
    assert!(texts[16].parse::<uttt::Board>().is_ok(), "{}", texts[16]);
    for text in &texts[9..12] {
        assert!(text.parse::<dobutsu::Position>().is_ok(), "{text}");
    }
    assert!(texts[12].parse::<dobutsu::Move>().is_ok());
    assert!(texts[13].parse::<dobutsu::Move>().is_ok());
    assert!(texts[14].parse::<dobutsu::Variant>().is_ok());
    assert!(texts[15].parse::<dobutsu::Material>().is_ok());
}
