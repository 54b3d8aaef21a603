//! Dōbutsu shōgi through the façade: found by its names, perft equal to
//! the committed counts (checked against Fairy-Stockfish and pgx, see
//! docs/DOBUTSU.md), and its exact oracle: the tables of a small material
//! built here (lions and chicks, a few milliseconds), checked against
//! alpha-beta without tables (an independent judge of every short win and
//! loss) and played out to exactly their verdicts; the façade's plumbing
//! (open, probe, stats, refusals). The whole game's tables take about
//! 100 s to build, so the test of their published values (Tanaka 2009) is
//! ignored: `GAMESOLVER_DOBUTSU_TABLES=DIR cargo test -p gamesolver-engines
//! --test integration -- dobutsu:: --ignored` with `DIR` built by `cargo run --release -p
//! gamesolver-retro --example dobutsu_build -- DIR`.

use std::path::Path;

use gamesolver_api::{EngineSpec, FacadeError, SearchLimits, Verdict};
use gamesolver_core::{Game, Outcome, Solution, TierLayout, Wdl};
use gamesolver_engines::dobutsu::engine::{DobutsuEngine, DobutsuOptions};
use gamesolver_engines::dobutsu::eval::DobutsuEval;
use gamesolver_engines::dobutsu::tablebase::TablebaseHandle;
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Position, Variant};
use gamesolver_retro::tablebase::{Tablebase, build};
use gamesolver_search::{AlphaBeta, Engine, Limits, Score};

/// The committed perft counts of `preset` up to `depth`: (depth, count,
/// position) per line.
fn perft_data(file: &str, max_depth: u32) -> Vec<(u32, u64, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../search/tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let mut fields = line.splitn(3, ' ');
            let depth: u32 = fields.next()?.parse().ok()?;
            let count: u64 = fields.next()?.parse().ok()?;
            let position = fields.next()?.to_string();
            (depth <= max_depth).then_some((depth, count, position))
        })
        .collect()
}

#[test]
fn the_game_is_found_by_its_names_and_perft_equals_the_committed_counts() {
    let registry = gamesolver_engines::builtin();
    for name in ["dobutsu", "animal-shogi", "Dobutsu-Shogi"] {
        assert_eq!(registry.get(name).unwrap().info().name, "dobutsu");
    }
    let game = registry.get("dobutsu").unwrap();
    let files = [
        ("official", "dobutsu.perft"),
        ("try-after-reply", "dobutsu-try-after-reply.perft"),
        ("gamesman", "dobutsu-gamesman.perft"),
        ("fairy-stockfish", "dobutsu-fairy-stockfish.perft"),
        ("pgx", "dobutsu-pgx.perft"),
    ];
    for (rules, file) in files {
        let data = perft_data(file, 4);
        assert!(data.len() >= 4, "{file}");
        for (depth, count, text) in data {
            let state = game.parse(&text, Some(rules)).unwrap();
            assert_eq!(state.perft(depth).unwrap(), count, "{rules} {text} {depth}");
        }
    }
}

#[test]
fn actions_and_observations_follow_the_documented_numbering() {
    let registry = gamesolver_engines::builtin();
    let game = registry.get("dobutsu").unwrap();
    let start = game.start(None).unwrap();
    // b1a2 = 1 × 12 + 3, b1c2 = 1 × 12 + 5, c1c2 = 2 × 12 + 5, b2b3 = 4 × 12 + 7.
    assert_eq!(start.legal_actions(), [15, 17, 29, 55]);
    let mut after = start.clone_box();
    after.play("b2b3").unwrap();
    after
        .play_action(after.move_to_action("c4b3").unwrap())
        .unwrap();
    assert_eq!(after.to_text(), "gl1/1e1/3/ELG b Cc");
    assert_eq!(after.move_to_action("C*b2").unwrap(), 14 * 12 + 4);
    let observation = after.observation();
    assert_eq!(observation.shape, [17, 4, 3]);
    // The first player's chick in hand: plane 12, a half in every cell.
    assert!(observation.data[12 * 12..13 * 12].iter().all(|&v| v == 0.5));
    // `a1a1` names no move, `G*b2` none the first player can play here,
    // 180 is past the numbering.
    for action in [0, 12 * 12 + 4, 180] {
        let bad = after.play_action(action).unwrap_err();
        assert!(matches!(bad, FacadeError::BadAction { .. }), "{bad}");
    }
}

/// The tables of lions and chicks, built in a temporary directory.
fn lions_and_chicks() -> (tempfile::TempDir, TablebaseHandle) {
    let dir = tempfile::tempdir().unwrap();
    let tablebase = Tablebase::new(DobutsuTiers::default(), dir.path());
    build(&tablebase, &["LC".parse::<Material>().unwrap()], &()).unwrap();
    let handle = TablebaseHandle::open(dir.path(), Variant::Official).unwrap();
    (dir, handle)
}

/// Every stored position of `material` with its solution.
fn stored(handle: &TablebaseHandle, material: Material) -> Vec<(Position, Solution)> {
    let layout = handle.tablebase.layout();
    (0..layout.tier_len(material))
        .filter_map(|index| layout.position(material, index))
        .map(|position| (position, handle.probe(&position).unwrap().unwrap()))
        .collect()
}

#[test]
fn short_table_verdicts_equal_alpha_beta_without_tables() {
    let (_dir, handle) = lions_and_chicks();
    let positions = stored(&handle, "LC".parse().unwrap());
    assert!(positions.len() > 3000, "{}", positions.len());
    let mut checked = [0; 2];
    for (position, solution) in &positions {
        if solution.wdl == Wdl::Draw || solution.distance > 5 {
            continue;
        }
        let mut search = AlphaBeta::new(DobutsuEval, 1);
        let depth = u32::from(solution.distance) + 1;
        let info = search.search(position, &Limits::depth(depth), |_| {});
        assert_eq!(
            info.score,
            Score::from_solution(*solution, 0),
            "{position}: tables {solution:?}"
        );
        checked[usize::from(solution.wdl == Wdl::Loss)] += 1;
    }
    assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
}

#[test]
fn the_engine_plays_the_tables_verdict_to_its_distance() {
    let (_dir, handle) = lions_and_chicks();
    let positions = stored(&handle, "LC".parse().unwrap());
    let (start, longest) = positions
        .iter()
        .filter(|(_, s)| s.wdl == Wdl::Win)
        .max_by_key(|(_, s)| s.distance)
        .copied()
        .unwrap();
    let options = DobutsuOptions {
        tablebase: Some(handle.clone()),
        ..DobutsuOptions::default()
    };
    let mut engines = [DobutsuEngine::new(&options), DobutsuEngine::new(&options)];
    let first = engines[0].think(&start, &Limits::depth(1), &mut |_| {});
    assert_eq!(first.score, Score::from_solution(longest, 0));
    let winner = start.turn();
    let mut position = start;
    let mut plies = 0;
    while !position.is_finished() {
        let engine = &mut engines[position.turn().index()];
        let info = engine.think(&position, &Limits::depth(1), &mut |_| {});
        position = position.play(info.best_move().unwrap()).unwrap();
        plies += 1;
    }
    assert_eq!(position.outcome(), Some(Outcome::Winner(winner)));
    assert_eq!(plies, u32::from(longest.distance), "from {start}");
    // A drawn position is held: a hundred plies without a result.
    let (drawn, _) = positions
        .iter()
        .find(|(_, s)| s.wdl == Wdl::Draw)
        .copied()
        .unwrap();
    let mut position = drawn;
    for _ in 0..100 {
        let engine = &mut engines[position.turn().index()];
        let info = engine.think(&position, &Limits::depth(1), &mut |_| {});
        assert_eq!(info.score, Score::DRAW, "{position}");
        position = position.play(info.best_move().unwrap()).unwrap();
        assert_eq!(handle.probe(&position).unwrap().unwrap().wdl, Wdl::Draw);
    }
}

#[test]
fn the_facade_opens_probes_and_refuses_through_the_capability() {
    let (dir, _handle) = lions_and_chicks();
    let registry = gamesolver_engines::builtin();
    let game = registry.get("dobutsu").unwrap();
    let tablebases = game.tablebase().expect("dobutsu declares tablebases");
    let oracle = tablebases.open(dir.path(), None).unwrap();
    assert_eq!((oracle.rules(), oracle.max_pieces()), ("official", 4));
    let stats = oracle.stats().unwrap();
    assert_eq!(stats.len(), 1);
    assert_eq!(stats[0].material, "LC");
    let [won, drawn, lost] = stats[0].bottom_to_move;
    assert!(won > 0 && drawn > 0 && lost > 0, "{stats:?}");
    assert!(stats[0].longest_win_example.is_some());
    // A position of the whole game is not covered by these tables.
    let start = game.start(None).unwrap();
    assert!(!oracle.covers(start.as_ref()));
    assert!(oracle.probe(start.as_ref()).unwrap().is_none());
    // Nor one of other rules; rules without tables and empty directories
    // are refused by the capability's error.
    let other_rules = game.start(Some("gamesman")).unwrap();
    let error = oracle.probe(other_rules.as_ref()).unwrap_err();
    assert!(matches!(error, FacadeError::Tablebase(_)), "{error}");
    for (path, rules) in [(dir.path(), Some("pgx")), (Path::new("/no/such/dir"), None)] {
        let error = tablebases.open(path, rules).err().unwrap();
        assert!(matches!(error, FacadeError::Tablebase(_)), "{error}");
    }
    // An engine with the tables searches what they do not cover; MCTS
    // has no tables.
    let spec = EngineSpec {
        tablebase: Some(dir.path().to_path_buf()),
        ..EngineSpec::default()
    };
    let mut engine = game.engine(&spec).unwrap();
    let limits = SearchLimits {
        depth: Some(3),
        ..SearchLimits::default()
    };
    let report = engine.search(start.as_ref(), &limits, &mut |_| {}).unwrap();
    assert_eq!(report.source, "search");
    let mcts = EngineSpec {
        kind: Some("mcts".into()),
        ..spec
    };
    assert!(matches!(
        game.engine(&mcts),
        Err(FacadeError::Unsupported { .. })
    ));
}

/// The directory of the whole game's tables, when the caller names one.
fn full_tables() -> Option<std::path::PathBuf> {
    std::env::var_os("GAMESOLVER_DOBUTSU_TABLES").map(Into::into)
}

#[test]
#[ignore = "needs the whole game's tables (about 100 s to build): set GAMESOLVER_DOBUTSU_TABLES=DIR"]
fn the_whole_game_answers_tanakas_values() {
    let dir = full_tables().expect("GAMESOLVER_DOBUTSU_TABLES names the tables' directory");
    let registry = gamesolver_engines::builtin();
    let game = registry.get("dobutsu").unwrap();
    let oracle = game.tablebase().unwrap().open(&dir, None).unwrap();
    let start = game.start(None).unwrap();
    let report = oracle.probe(start.as_ref()).unwrap().unwrap();
    // Tanaka 2009: the second player wins in 78 plies; b1a2, b1c2, c1c2
    // lose in 78, b2b3 in 76.
    assert_eq!((report.value, report.distance), (Verdict::Loss, 78));
    let moves: Vec<(String, Verdict, u32)> = report
        .moves
        .iter()
        .map(|m| (m.mv.clone(), m.value, m.distance))
        .collect();
    for (mv, distance) in [("b1a2", 78), ("b1c2", 78), ("c1c2", 78), ("b2b3", 76)] {
        assert!(
            moves.contains(&(mv.to_string(), Verdict::Loss, distance)),
            "{mv}: {moves:?}"
        );
    }
    // The engine answers from the tables at once, with the exact score.
    let spec = EngineSpec {
        tablebase: Some(dir),
        ..EngineSpec::default()
    };
    let mut engine = game.engine(&spec).unwrap();
    let limits = SearchLimits {
        depth: Some(1),
        ..SearchLimits::default()
    };
    let answer = engine.search(start.as_ref(), &limits, &mut |_| {}).unwrap();
    assert_eq!(answer.source, "tablebase");
    assert_eq!(answer.mate_plies, Some(-78));
}

/// Two players that shuffle their giraffes back and forth from `opening`
/// (`c1c2 a4a3 c2c1 a3a4`, again and again).
struct Shuffler;

impl gamesolver_arena::MatchEngine for Shuffler {
    fn new_game(
        &mut self,
        _: &dyn gamesolver_api::State,
    ) -> Result<(), gamesolver_arena::EngineError> {
        Ok(())
    }

    fn choose(
        &mut self,
        _: &dyn gamesolver_api::State,
        moves: &[String],
        _: gamesolver_arena::MoveLimit,
        _: u64,
    ) -> Result<String, gamesolver_arena::EngineError> {
        Ok(["c1c2", "a4a3", "c2c1", "a3a4"][moves.len() % 4].to_string())
    }
}

/// The official rules' threefold repetition, declared by the game's arena
/// rules and applied by the referee: the start recurs after four plies and
/// again after eight, which draws (Fairy-Stockfish's preset plays on to
/// the fourth occurrence, twelve plies).
#[test]
fn the_referee_draws_the_third_repetition_as_the_game_declares() {
    use gamesolver_arena::referee::{Seat, play_game};
    use gamesolver_arena::repetition::Repetitions;

    let registry = gamesolver_engines::builtin();
    let game = registry.get("dobutsu").unwrap();
    for (rules, plies, reason) in [
        ("official", 8, "threefold repetition"),
        ("fairy-stockfish", 12, "fourfold repetition"),
    ] {
        let start = game.start(Some(rules)).unwrap();
        let repetitions = Repetitions::of(game, start.rules());
        let (mut first, mut second) = (Shuffler, Shuffler);
        let mut seats = [Seat::new(&mut first), Seat::new(&mut second)];
        let limit = gamesolver_arena::MoveLimit::Movetime(10);
        let record = play_game(start.as_ref(), &mut seats, limit, 100, repetitions);
        assert_eq!(record.outcome, Outcome::Draw, "{rules}");
        assert_eq!(record.forfeit, None, "{rules}");
        assert_eq!(record.moves.len(), plies, "{rules}: {:?}", record.moves);
        assert_eq!(record.drawn_by.as_deref(), Some(reason), "{rules}");
    }
    // `play` keeps every position (moves can be taken back) and asks of
    // the last one: the ninth position (eight plies) is the third start.
    let start = game.start(None).unwrap();
    let rule = Repetitions::of(game, start.rules()).unwrap();
    let mut history = vec![start];
    for ply in 0..8 {
        assert!(!rule.drawn_in(&history), "after {ply} plies");
        let mut next = history.last().unwrap().clone();
        next.play(["c1c2", "a4a3", "c2c1", "a3a4"][ply % 4])
            .unwrap();
        history.push(next);
    }
    assert!(rule.drawn_in(&history));
    history.pop();
    assert!(!rule.drawn_in(&history), "an undone move is forgotten");
    // Without the rule the game would go on: the referee stops only when
    // asked to (a game whose states count repetitions declares none).
    let tictactoe = registry.get("tictactoe").unwrap();
    assert!(Repetitions::of(tictactoe, "standard").is_none());
}
