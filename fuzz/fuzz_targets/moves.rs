//! Every move, square and material parser on arbitrary text: an error or a
//! value that prints back to text parsing to the same value.
#![no_main]

use std::fmt::Display;
use std::str::FromStr;

use gamesolver_games::{jungle, tictactoe, uttt};
use libfuzzer_sys::fuzz_target;

fn round_trip<T: FromStr + Display + PartialEq + std::fmt::Debug>(text: &str)
where
    T::Err: std::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        assert_eq!(value.to_string().parse::<T>().ok(), Some(value));
    }
}

fuzz_target!(|text: &str| {
    round_trip::<tictactoe::Cell>(text);
    round_trip::<uttt::Cell>(text);
    round_trip::<jungle::Move>(text);
    round_trip::<jungle::Square>(text);
    round_trip::<jungle::Material>(text);
});
