//! Every position parser on arbitrary text: an error or a position that
//! prints back to text parsing to the same position.
#![no_main]

use gamesolver_games::{jungle, tictactoe, uttt};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(board) = text.parse::<tictactoe::Board>() {
        assert_eq!(board.to_string().parse::<tictactoe::Board>(), Ok(board));
    }
    if let Ok(board) = text.parse::<uttt::Board>() {
        assert_eq!(board.to_string().parse::<uttt::Board>(), Ok(board));
    }
    for variant in jungle::Variant::ALL {
        if let Ok(position) = jungle::Position::from_fen(text, variant) {
            let again = jungle::Position::from_fen(&position.to_string(), variant);
            assert_eq!(again, Ok(position));
        }
    }
});
