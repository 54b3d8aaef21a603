//! Property tests of the ultimate tic-tac-toe position parser: it never
//! panics, and whatever it accepts prints back to the same text and plays
//! by the rules.

use gamesolver_core::Game;
use gamesolver_games::uttt::Board;
use proptest::prelude::*;

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,100}") {
        let _ = text.parse::<Board>();
    }

    #[test]
    fn accepted_positions_round_trip(
        cells in proptest::collection::vec(prop_oneof![Just('.'), Just('.'), Just('X'), Just('O')], 81),
        forced in prop_oneof![Just('*'), (0u8..9).prop_map(|d| char::from(b'0' + d))],
    ) {
        let text = format!("{} {forced}", cells.into_iter().collect::<String>());
        if let Ok(board) = text.parse::<Board>() {
            prop_assert_eq!(board.to_string(), text);
            prop_assert_eq!(board.moves().is_empty(), board.is_finished());
            for mv in board.moves() {
                prop_assert!(board.play(mv).is_ok());
            }
        }
    }
}
