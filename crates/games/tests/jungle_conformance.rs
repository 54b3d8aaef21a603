//! Jungle through the conformance suite, and property tests of its
//! notation and symmetries.

use gamesolver_conformance::{
    check_move_notation, check_moves, check_position_notation, check_unmoves, play_choices,
    random_playouts,
};
use gamesolver_core::{Game, Outcome};
use gamesolver_games::jungle::{GameEnd, JungleGame, Move, Position, Variant};
use proptest::prelude::*;

#[test]
fn conformance_on_random_games() {
    for (seed, variant) in Variant::ALL.into_iter().enumerate() {
        let positions = random_playouts(&Position::start_with(variant), 60, seed as u64);
        assert!(positions.iter().any(Position::is_finished));
        if variant == Variant::Standard {
            check_position_notation(&positions);
        }
        for position in &positions {
            let text = position.fen();
            assert_eq!(Position::from_fen(&text, variant), Ok(*position));
        }
        check_move_notation(&positions);
        let universe: Vec<Move> = Move::all().collect();
        // Every move of the universe on ~300 positions per preset.
        let stride = positions.len() / 300 + 1;
        let sample: Vec<Position> = positions.iter().step_by(stride).copied().collect();
        check_moves(&sample, &universe);
    }
}

#[test]
fn unmoves_are_exactly_the_parents() {
    for (seed, variant) in Variant::ALL.into_iter().enumerate() {
        let positions: Vec<Position> =
            random_playouts(&Position::start_with(variant), 40, 10 + seed as u64)
                .into_iter()
                // Tablebase positions: the game may be over for want of a move,
                // but no den is entered and both sides have a piece.
                .filter(|p| {
                    !matches!(
                        p.game_end(),
                        Some(GameEnd::DenEntered | GameEnd::AllCaptured)
                    )
                })
                .collect();
        assert!(positions.len() > 1000);
        check_unmoves(&positions);
    }
}

#[test]
fn random_games_end_in_every_way() {
    let positions = random_playouts(&Position::start(), 400, 99);
    let ends: Vec<GameEnd> = positions.iter().filter_map(Position::game_end).collect();
    assert!(ends.contains(&GameEnd::DenEntered));
    assert!(ends.contains(&GameEnd::AllCaptured) || ends.contains(&GameEnd::NoMoves));
    for position in positions.iter().filter(|p| p.is_finished()) {
        assert_eq!(
            position.outcome(),
            Some(Outcome::Winner(position.turn().opponent()))
        );
    }
}

#[test]
fn games_in_play_end_by_the_draw_rules_too() {
    let games = random_playouts(&JungleGame::new(Position::start()), 60, 5);
    assert!(games.iter().any(|g| g.outcome() == Some(Outcome::Draw)));
    let universe: Vec<Move> = Move::all().collect();
    let sample: Vec<JungleGame> = games.iter().step_by(41).cloned().collect();
    check_moves(&sample, &universe);
}

fn reached(choices: &[u16]) -> Position {
    play_choices(&Position::start(), choices)
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}

proptest! {
    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let position = reached(&choices);
        let text = position.to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(position));
    }

    #[test]
    fn key_depends_only_on_the_position(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let position = reached(&choices);
        let rebuilt = Position::new(position.variant(), position.turn(), position.pieces());
        prop_assert_eq!(rebuilt.map(|p| p.key()), Ok(position.key()));
    }

    #[test]
    fn mirror_and_flip_map_moves_to_moves(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let position = reached(&choices);
        let moves = position.moves();
        let mirrored = sorted(moves.iter().map(|m| m.mirrored()).collect());
        prop_assert_eq!(sorted(position.mirrored().moves()), mirrored);
        let rotated = sorted(moves.iter().map(|m| m.rotated()).collect());
        prop_assert_eq!(sorted(position.flipped().moves()), rotated);
        prop_assert_eq!(position.count_moves() as usize, moves.len());
    }

    #[test]
    fn fen_parser_never_panics(text in "[rcdwptleRCDWPTLE0-9/ wbx]{0,60}") {
        let _ = text.parse::<Position>();
    }

    #[test]
    fn move_parser_never_panics(text in "\\PC{0,8}") {
        let _ = text.parse::<Move>();
    }
}
