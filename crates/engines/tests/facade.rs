//! The façade against independent numbers: perft counts, the solved
//! tic-tac-toe values, tablebase verdicts, and refusals that name what was
//! wrong.

use std::sync::LazyLock;

use gamesolver_api::{EngineSpec, FacadeError, Registry, SearchLimits, Verdict};

fn registry() -> &'static Registry {
    static BUILTIN: LazyLock<Registry> = LazyLock::new(gamesolver_engines::builtin);
    &BUILTIN
}

#[test]
fn games_are_found_by_name_and_alias_and_unknown_names_list_the_games() {
    assert_eq!(
        registry().names(),
        ["tictactoe", "uttt", "jungle", "dobutsu"]
    );
    assert_eq!(registry().get("TTT").unwrap().info().name, "tictactoe");
    assert_eq!(registry().get("doushouqi").unwrap().info().name, "jungle");
    let error = registry().get("chess").err().unwrap();
    assert!(matches!(error, FacadeError::UnknownGame { .. }));
    assert!(
        error.to_string().contains("tictactoe, uttt, jungle"),
        "{error}"
    );
}

#[test]
fn perft_matches_the_published_counts() {
    let uttt = registry().get("uttt").unwrap().start(None).unwrap();
    assert_eq!(uttt.perft(4).unwrap(), 55_080);
    let ttt = registry().get("tictactoe").unwrap().start(None).unwrap();
    assert_eq!(ttt.perft(9).unwrap(), 127_872);
    let jungle = registry().get("jungle").unwrap().start(None).unwrap();
    assert_eq!(jungle.perft(3).unwrap(), 12_240);
}

#[test]
fn foreign_rules_are_refused_with_the_presets() {
    let jungle = registry().get("jungle").unwrap();
    let error = jungle.start(Some("codingame")).err().unwrap();
    let text = error.to_string();
    assert!(
        text.contains("standard, dog-over-wolf, rat-across-water"),
        "{text}"
    );
    let uttt = registry().get("uttt").unwrap();
    assert_eq!(uttt.start(Some("CodinGame")).unwrap().rules(), "codingame");
}

#[test]
fn moves_and_actions_agree_and_illegal_ones_leave_the_state_alone() {
    for game in registry().games() {
        let mut state = game.start(None).unwrap();
        let moves = state.legal_moves();
        let actions = state.legal_actions();
        assert_eq!(moves.len(), actions.len(), "{}", game.info().name);
        for (mv, &action) in moves.iter().zip(&actions) {
            assert_eq!(&state.action_to_move(action).unwrap(), mv);
            assert_eq!(state.move_to_action(mv).unwrap(), action);
            assert!(action < game.info().action_space);
        }
        let before = state.to_text();
        assert!(state.play("nonsense").is_err());
        assert!(state.play_action(u32::MAX).is_err());
        assert_eq!(state.to_text(), before);
        state.play_action(actions[0]).unwrap();
        assert_eq!(state.history(), [moves[0].clone()]);
        let again = game.parse(&before, None).unwrap();
        assert_eq!(again.to_text(), before);
        let observation = state.observation();
        let [p, r, c] = game.info().observation_shape;
        assert_eq!(observation.shape, [p, r, c]);
        assert_eq!(observation.data.len(), p * r * c);
    }
}

/// The batch paths (legal actions into a list, playing a listed action,
/// copying a state in place) give what the plain ones give, along a game
/// of every game, and a state of another game is not copied.
#[test]
fn batch_paths_agree_with_the_plain_ones() {
    let games: Vec<_> = registry().games().collect();
    for (g, game) in games.iter().enumerate() {
        let name = game.info().name;
        let start = game.start(None).unwrap();
        let mut fast = start.clone_box();
        let mut plain = start.clone_box();
        let mut listed = Vec::new();
        for ply in 0..40 {
            listed.clear();
            fast.legal_actions_into(&mut listed);
            assert_eq!(listed, plain.legal_actions(), "{name} ply {ply}");
            let Some(&action) = listed.get(ply % listed.len().max(1)) else {
                break;
            };
            fast.play_legal_action(action).unwrap();
            plain.play_action(action).unwrap();
            assert_eq!(fast.to_text(), plain.to_text(), "{name} ply {ply}");
        }
        assert!(fast.play_legal_action(u32::MAX).is_err(), "{name}");
        assert!(fast.copy_from(start.as_ref()), "{name}");
        assert_eq!(fast.to_text(), start.to_text());
        assert!(fast.history().is_empty(), "{name}");
        let other = games[(g + 1) % games.len()].start(None).unwrap();
        assert!(!fast.copy_from(other.as_ref()), "{name}");
        assert_eq!(fast.to_text(), start.to_text());
    }
}

#[test]
fn empty_text_is_refused() {
    for game in registry().games() {
        assert!(matches!(
            game.parse("  ", None),
            Err(FacadeError::BadPosition(_))
        ));
    }
}

#[test]
fn the_solved_oracle_knows_tic_tac_toe() {
    let ttt = registry().get("tictactoe").unwrap();
    let oracle = ttt.solved().unwrap();
    let start = ttt.start(None).unwrap();
    let report = oracle.query(start.as_ref()).unwrap();
    assert_eq!((report.value, report.distance), (Verdict::Draw, 9));
    assert_eq!(report.moves.len(), 9);
    assert_eq!(report.main_line.len(), 9);
    // X to move wins at once on cell 2.
    let won = ttt.parse("XX.OO....", None).unwrap();
    let report = oracle.query(won.as_ref()).unwrap();
    assert_eq!((report.value, report.distance), (Verdict::Win, 1));
    assert_eq!(report.best, ["2"]);
    assert_eq!(oracle.per_ply_counts()["positions"], 5478);
    assert!(registry().get("uttt").unwrap().solved().is_none());
}

#[test]
fn flags_a_game_lacks_are_refused() {
    let uttt = registry().get("uttt").unwrap();
    let spec = EngineSpec {
        tablebase: Some("no-such-dir".into()),
        ..EngineSpec::default()
    };
    assert!(matches!(
        uttt.engine(&spec),
        Err(FacadeError::Unsupported { .. })
    ));
    assert!(uttt.tablebase().is_none());
    assert!(!uttt.capabilities().tablebase);
    let jungle = registry().get("jungle").unwrap();
    assert!(matches!(
        jungle.engine(&spec),
        Err(FacadeError::Tablebase(_))
    ));
    let spec = EngineSpec {
        kind: Some("minimax".into()),
        ..EngineSpec::default()
    };
    let error = jungle.engine(&spec).err().unwrap().to_string();
    assert!(error.contains("alphabeta, mcts"), "{error}");
    let spec = EngineSpec {
        hash_mb: Some(0),
        ..EngineSpec::default()
    };
    assert!(jungle.engine(&spec).is_err());
}

#[test]
fn searches_answer_legal_moves_and_limits_are_checked() {
    for game in registry().games() {
        let state = game.start(None).unwrap();
        for kind in game.info().engines {
            let spec = EngineSpec {
                kind: Some((*kind).to_string()),
                ..EngineSpec::default()
            };
            let mut engine = game.engine(&spec).unwrap();
            let limits = SearchLimits {
                nodes: Some(300),
                depth: Some(2),
                ..SearchLimits::default()
            };
            let mut reports = 0;
            let report = engine
                .search(state.as_ref(), &limits, &mut |_| reports += 1)
                .unwrap();
            let best = report.bestmove.unwrap();
            assert!(state.legal_moves().contains(&best), "{best}");
            assert_eq!(report.source, "search");
        }
        let mut engine = game.engine(&EngineSpec::default()).unwrap();
        let deep = SearchLimits {
            depth: Some(1000),
            ..SearchLimits::default()
        };
        assert!(matches!(
            engine.search(state.as_ref(), &deep, &mut |_| {}),
            Err(FacadeError::BadLimit(_))
        ));
    }
}

#[test]
fn a_jungle_engine_refuses_a_uttt_state() {
    let uttt = registry().get("uttt").unwrap().start(None).unwrap();
    let mut engine = registry()
        .get("jungle")
        .unwrap()
        .engine(&EngineSpec::default())
        .unwrap();
    assert!(
        engine
            .search(uttt.as_ref(), &SearchLimits::default(), &mut |_| {})
            .is_err()
    );
}

#[test]
fn jungle_tablebases_answer_through_the_facade() {
    let dir = tempfile::tempdir().unwrap();
    let materials = gamesolver_games::jungle::Material::all_with(2);
    gamesolver_engines::jungle::tablebase::build_tablebase(
        dir.path(),
        gamesolver_games::jungle::Variant::Standard,
        &materials,
    )
    .unwrap();
    let jungle = registry().get("jungle").unwrap();
    let oracle = jungle.tablebase().unwrap().open(dir.path(), None).unwrap();
    assert_eq!(oracle.max_pieces(), 2);
    let state = jungle.parse("7/7/7/7/7/7/1e5/7/E6 w", None).unwrap();
    let report = oracle.probe(state.as_ref()).unwrap().unwrap();
    assert_eq!((report.value, report.distance), (Verdict::Win, 33));
    assert_eq!(report.main_line.len(), 33);
    assert!(
        oracle
            .probe(jungle.start(None).unwrap().as_ref())
            .unwrap()
            .is_none()
    );
    let foreign = jungle
        .parse("7/7/7/7/7/7/1e5/7/E6 w", Some("dog-over-wolf"))
        .unwrap();
    assert!(oracle.probe(foreign.as_ref()).is_err());
    let stats = oracle.stats().unwrap();
    // One material of each colour twin is stored (36 of the 64 two-piece
    // materials); the stats list the stored ones.
    assert_eq!(stats.len(), 36);
    let spec = EngineSpec {
        tablebase: Some(dir.path().to_path_buf()),
        ..EngineSpec::default()
    };
    let mut engine = jungle.engine(&spec).unwrap();
    let report = engine
        .search(state.as_ref(), &SearchLimits::default(), &mut |_| {})
        .unwrap();
    assert_eq!((report.source, report.mate_plies), ("tablebase", Some(33)));
}

#[test]
fn jungle_states_count_repetition_draws() {
    let jungle = registry().get("jungle").unwrap();
    let mut state = jungle.parse("l6/7/7/7/7/7/7/7/6L w", None).unwrap();
    for _ in 0..2 {
        for mv in ["g1g2", "a9a8", "g2g1", "a8a9"] {
            state.play(mv).unwrap();
        }
    }
    assert_eq!(state.outcome(), Some(gamesolver_core::Outcome::Draw));
    assert!(state.legal_moves().is_empty());
}

#[test]
fn random_playouts_are_reproducible() {
    let ttt = registry().get("tictactoe").unwrap().start(None).unwrap();
    let a = ttt.random_playouts(200, 7);
    assert_eq!(a, ttt.random_playouts(200, 7));
    assert_eq!(a.first_wins + a.draws + a.second_wins, 200);
    assert!(a.max_plies <= 9 && a.total_plies >= 5 * 200);
}

#[test]
fn capabilities_are_derived_from_the_declarations() {
    let of = |name: &str| registry().get(name).unwrap().capabilities();
    let ttt = of("tictactoe");
    assert!(ttt.solved_table && ttt.mdp && ttt.search && ttt.perft);
    assert!(!ttt.tablebase && !ttt.bench && !ttt.terminal && ttt.bot_formats.is_empty());
    let uttt = of("uttt");
    assert!(uttt.bench && uttt.terminal && !uttt.solved_table && !uttt.mdp);
    assert_eq!(uttt.bot_formats, ["codingame"]);
    let jungle = of("jungle");
    assert!(jungle.tablebase && jungle.bench && jungle.terminal && !jungle.mdp);
    let rules = |name: &str| {
        registry()
            .get(name)
            .unwrap()
            .arena()
            .map(|a| a.opening_plies())
    };
    assert_eq!(
        (rules("tictactoe"), rules("uttt"), rules("jungle")),
        (None, Some(2), Some(4))
    );
}
