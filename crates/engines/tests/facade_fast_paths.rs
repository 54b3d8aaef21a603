//! The façade's fast paths (legality and legal actions from the move
//! masks, a random move as a random set bit) agree with the generic ones
//! (the legal-move list) on positions along random games of every game,
//! and random playouts (for ultimate tic-tac-toe: the playout kernel of
//! the games crate) give the same statistics for the same seed.

use gamesolver_api::GameModel;
use gamesolver_api::playouts::{PlayoutRng, random_move_from_list, random_playouts_with};
use gamesolver_core::Game;
use gamesolver_engines::jungle::Jungle;
use gamesolver_engines::tictactoe::TicTacToe;
use gamesolver_engines::uttt::Uttt;
use rand::{Rng, SeedableRng};

/// Positions along `games` random games from `model`'s start under `rules`.
fn positions<M: GameModel>(model: &M, rules: &'static str, games: u64) -> Vec<M::G> {
    let mut rng = PlayoutRng::seed_from_u64(11);
    let mut found = Vec::new();
    for _ in 0..games {
        let mut game = model.start(rules);
        while !game.is_finished() {
            found.push(game.clone());
            let moves = game.moves();
            game.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    found
}

/// The actions of the legal-move list (the generic path).
fn listed_actions<M: GameModel>(model: &M, game: &M::G) -> Vec<u32> {
    game.moves()
        .into_iter()
        .map(|mv| model.action_of(game, mv))
        .collect()
}

/// Legal actions, legality of every action, and the random move agree
/// with the legal-move list on every position of `games` random games.
fn check_against_the_list<M: GameModel>(model: &M, rules: &'static str, games: u64) {
    let name = model.info().name;
    let mut rng = PlayoutRng::seed_from_u64(5);
    let mut scratch = Vec::new();
    for game in positions(model, rules, games) {
        let listed = listed_actions(model, &game);
        assert_eq!(model.legal_actions(&game), listed, "{name} {game}");
        let mut moves = Vec::new();
        let mut filled = vec![u32::MAX];
        model.legal_actions_into(&game, &mut moves, &mut filled);
        assert_eq!(filled[0], u32::MAX, "{name} {game}: appended, not replaced");
        assert_eq!(filled[1..], listed[..], "{name} {game}");
        for action in 0..model.info().action_space {
            let legal = model
                .move_of(&game, action)
                .is_some_and(|mv| model.is_legal(&game, mv));
            assert_eq!(legal, listed.contains(&action), "{name} {game} {action}");
        }
        let mut generic_rng = rng.clone();
        let fast = model.random_move(&game, &mut rng, &mut scratch);
        let generic = random_move_from_list(&game, &mut generic_rng, &mut scratch);
        assert_eq!(fast, generic, "{name} {game}");
        assert_eq!(rng.random::<u64>(), generic_rng.random::<u64>());
    }
}

#[test]
fn uttt_fast_paths_agree_with_the_move_list() {
    for rules in ["standard", "codingame"] {
        check_against_the_list(&Uttt, rules, 30);
    }
}

#[test]
fn tictactoe_fast_paths_agree_with_the_move_list() {
    check_against_the_list(&TicTacToe::default(), "standard", 200);
}

#[test]
fn jungle_actions_agree_with_the_move_list() {
    check_against_the_list(&Jungle, "standard", 2);
}

#[test]
fn uttt_playouts_are_those_of_the_generic_draw() {
    for rules in ["standard", "codingame"] {
        let model = Uttt;
        for start in positions(&model, rules, 1).into_iter().step_by(9) {
            let fast = model.random_playouts(&start, 300, 42, &|| false);
            let generic = random_playouts_with(&start, 300, 42, random_move_from_list, &|| false);
            assert_eq!(fast, generic, "{start}");
            assert_eq!(fast.first_wins + fast.draws + fast.second_wins, 300);
        }
    }
}

#[test]
fn uttt_kernel_playouts_are_those_of_the_move_mask_draw() {
    let model = Uttt;
    for rules in ["standard", "codingame"] {
        let start = model.start(rules);
        for seed in 0..4 {
            let kernel = model.random_playouts(&start, 2000, seed, &|| false);
            let masked = random_playouts_with(
                &start,
                2000,
                seed,
                |game, rng, scratch| model.random_move(game, rng, scratch),
                &|| false,
            );
            assert_eq!(kernel, masked, "{rules} seed {seed}");
            // Every game of ultimate tic-tac-toe ends within its 81 cells,
            // and none ends before a player has marked 3 small-board lines
            // (17 plies at the least).
            assert!(kernel.max_plies <= 81, "{kernel:?}");
            assert!(kernel.total_plies >= 17 * 2000, "{kernel:?}");
        }
    }
}

#[test]
fn uttt_kernel_counts_a_finished_start_as_its_outcome() {
    let model = Uttt;
    let mut rng = PlayoutRng::seed_from_u64(3);
    for _ in 0..20 {
        let mut game = model.start("standard");
        while !game.is_finished() {
            let moves = game.moves();
            game.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let stats = model.random_playouts(&game, 5, 1, &|| false);
        let wins = match game.outcome() {
            Some(gamesolver_core::Outcome::Winner(gamesolver_core::Player::First)) => [5, 0, 0],
            Some(gamesolver_core::Outcome::Winner(gamesolver_core::Player::Second)) => [0, 0, 5],
            _ => [0, 5, 0],
        };
        assert_eq!([stats.first_wins, stats.draws, stats.second_wins], wins);
        assert_eq!((stats.total_plies, stats.max_plies), (0, 0));
    }
}

#[test]
fn uttt_perft_is_the_generic_perft() {
    let model = Uttt;
    for start in positions(&model, "standard", 1).into_iter().step_by(12) {
        assert_eq!(
            model.perft(&start, 3),
            gamesolver_search::perft::perft(&start, 3),
            "{start}"
        );
    }
}
