//! Dobutsu shogi through the conformance suite, and property tests of its
//! rules under every preset.

use gamesolver_conformance::{
    check_move_notation, check_moves, check_position_notation, play_choices, random_playouts,
};
use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::dobutsu::{GameEnd, Move, Origin, Piece, Position, Square, Variant};
use proptest::prelude::*;

#[test]
fn conformance_on_random_games() {
    for (seed, variant) in Variant::ALL.into_iter().enumerate() {
        let positions = random_playouts(&Position::start_with(variant), 60, seed as u64);
        assert!(positions.iter().any(Position::is_finished), "{variant}");
        if variant == Variant::Official {
            check_position_notation(&positions);
        }
        for position in &positions {
            assert_eq!(
                Position::from_sfen(&position.sfen(), variant),
                Ok(*position)
            );
        }
        check_move_notation(&positions);
        let universe: Vec<Move> = Move::all().collect();
        let stride = positions.len() / 300 + 1;
        let sample: Vec<Position> = positions.iter().step_by(stride).copied().collect();
        check_moves(&sample, &universe);
    }
}

#[test]
fn random_games_end_in_every_way() {
    for variant in Variant::ALL {
        let positions = random_playouts(&Position::start_with(variant), 300, 7);
        let ends: Vec<GameEnd> = positions
            .iter()
            .filter_map(|p| p.game_end().map(|(end, _)| end))
            .collect();
        assert!(ends.contains(&GameEnd::Try), "{variant}");
        if variant == Variant::Pgx {
            assert!(ends.contains(&GameEnd::NoMoves), "{variant}");
            assert!(!ends.contains(&GameEnd::LionCaptured), "{variant}");
        } else {
            assert!(ends.contains(&GameEnd::LionCaptured), "{variant}");
        }
    }
}

/// Whether the side to move's lion stands attacked.
fn lion_attacked(p: &Position) -> bool {
    p.lion(p.turn())
        .is_some_and(|lion| p.attackers(lion, p.turn().opponent()) != 0)
}

#[test]
fn the_try_under_each_preset() {
    // The first player's lion b3 steps to b4 (attacked by the giraffe a4)
    // or c4 (safe); the second player's lion stands on c2.
    let text = "g2/1L1/2l/3 b G2E2C";
    let after = |variant: Variant, mv: &str| {
        Position::from_sfen(text, variant)
            .unwrap()
            .play(mv.parse().unwrap())
            .unwrap()
    };
    let first_won = Some((GameEnd::Try, Outcome::Winner(Player::First)));
    for variant in [
        Variant::Official,
        Variant::Gamesman,
        Variant::FairyStockfish,
    ] {
        assert_eq!(after(variant, "b3c4").game_end(), first_won, "{variant}");
    }
    // After the reply, under the try-after-reply preset.
    let safe = after(Variant::TryAfterReply, "b3c4");
    assert_eq!(safe.game_end(), None);
    assert_eq!(
        safe.play("c2c3".parse().unwrap()).unwrap().game_end(),
        first_won
    );
    // An attacked arrival: the second player may take the lion...
    let attacked = after(Variant::Official, "b3b4");
    assert_eq!(attacked.game_end(), None);
    let taken = attacked.play("a4b4".parse().unwrap()).unwrap();
    assert_eq!(
        taken.game_end(),
        Some((GameEnd::LionCaptured, Outcome::Winner(Player::Second)))
    );
    // ... and loses if it does not (official), whereas Fairy-Stockfish waits
    // for the lion to be safe.
    let declined = attacked.play("c2c3".parse().unwrap()).unwrap();
    assert_eq!(declined.game_end(), first_won);
    let declined = after(Variant::FairyStockfish, "b3b4")
        .play("c2c3".parse().unwrap())
        .unwrap();
    assert_eq!(declined.game_end(), None);
    let safe_now = after(Variant::FairyStockfish, "b3b4")
        .play("a4a3".parse().unwrap())
        .unwrap();
    assert_eq!(safe_now.game_end(), first_won);
    // GamesmanOne ends the game at the attacked arrival, won by the side
    // that could take the lion.
    assert_eq!(
        after(Variant::Gamesman, "b3b4").game_end(),
        Some((GameEnd::Try, Outcome::Winner(Player::Second)))
    );
    // pgx: the attacked square is not even a legal move.
    let pgx = Position::from_sfen(text, Variant::Pgx).unwrap();
    assert!(pgx.play("b3b4".parse().unwrap()).is_err());
    assert_eq!(after(Variant::Pgx, "b3c4").game_end(), first_won);
}

#[test]
fn drops_go_anywhere_empty_and_a_far_rank_chick_is_stuck() {
    let position: Position = "1l1/3/3/1L1 b 2G2E2C".parse().unwrap();
    let drops: Vec<Move> = position
        .moves()
        .into_iter()
        .filter(|m| m.is_drop())
        .collect();
    assert_eq!(drops.len(), 30);
    let chick = position.play("C*a4".parse().unwrap()).unwrap();
    assert_eq!(
        chick.piece_at("a4".parse().unwrap()),
        Some((Player::First, Piece::Chick))
    );
    let next = chick.play("b4b3".parse().unwrap()).unwrap();
    let from_a4: Square = "a4".parse().unwrap();
    assert!(
        next.moves()
            .iter()
            .all(|m| m.origin() != Origin::Board(from_a4))
    );
}

fn reached(variant: Variant, choices: &[u16]) -> Position {
    play_choices(&Position::start_with(variant), choices)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn symmetric_positions_behave_alike(
        choices in proptest::collection::vec(any::<u16>(), 0..80),
        variant in proptest::sample::select(Variant::ALL.to_vec()),
    ) {
        let p = reached(variant, &choices);
        let mirrored = p.mirrored();
        prop_assert_eq!(mirrored.game_end(), p.game_end());
        prop_assert_eq!(mirrored.moves().len(), p.moves().len());
        prop_assert_eq!(mirrored.mirrored(), p);
        let turned = p.rotated();
        let flip = |o: Outcome| match o {
            Outcome::Winner(w) => Outcome::Winner(w.opponent()),
            Outcome::Draw => Outcome::Draw,
        };
        prop_assert_eq!(turned.game_end(), p.game_end().map(|(e, o)| (e, flip(o))));
        prop_assert_eq!(turned.moves().len(), p.moves().len());
        prop_assert_eq!(turned.rotated(), p);
        prop_assert_eq!(Position::from_sfen(&p.sfen(), variant), Ok(p));
    }

    #[test]
    fn pgx_never_leaves_the_lion_attacked(
        choices in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let p = reached(Variant::Pgx, &choices);
        for mv in p.moves() {
            let after = p.after(mv);
            let mover_lion = after.lion(p.turn());
            prop_assert!(mover_lion.is_some_and(|l| after.attackers(l, after.turn()) == 0));
        }
        // In check with no way out: the game is over (lost).
        if lion_attacked(&p) && p.moves().is_empty() {
            prop_assert_eq!(p.outcome(), Some(Outcome::Winner(p.turn().opponent())));
        }
    }
}

#[test]
fn unmoves_are_exactly_the_parents() {
    use gamesolver_conformance::check_unmoves;
    for (seed, variant) in [Variant::Official, Variant::TryAfterReply, Variant::Gamesman]
        .into_iter()
        .enumerate()
    {
        let positions: Vec<Position> =
            random_playouts(&Position::start_with(variant), 300, 20 + seed as u64)
                .into_iter()
                .filter(Position::is_interior)
                .collect();
        assert!(positions.len() > 1000, "{variant}: {}", positions.len());
        check_unmoves(&positions);
    }
}
