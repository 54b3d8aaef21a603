//! Errors through the façade carry typed reasons: each game's parse
//! errors map to the shared position kinds, table files that cannot be
//! used name their file and cause, engine options are checked by the
//! game's option table.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use gamesolver_api::{
    EngineSpec, FacadeError, PositionErrorKind, Registry, SearchLimits, TablebaseCause,
};
use gamesolver_engines::jungle::tablebase::build_tablebase;
use gamesolver_games::jungle::{Material, Variant};

fn registry() -> &'static Registry {
    static BUILTIN: LazyLock<Registry> = LazyLock::new(gamesolver_engines::builtin);
    &BUILTIN
}

/// The position error `text` gives in `game`.
fn position_kind(game: &str, text: &str) -> PositionErrorKind {
    match registry().get(game).unwrap().parse(text, None) {
        Err(FacadeError::BadPosition(error)) => {
            assert_eq!(error.input, text.trim(), "{game} {text:?}");
            error.kind
        }
        other => panic!("{game} {text:?}: {:?}", other.map(|s| s.to_text())),
    }
}

#[test]
fn each_game_maps_its_parse_errors_to_the_shared_kinds() {
    use PositionErrorKind as K;
    for (game, text, kind) in [
        ("tictactoe", "XO", K::BoardShape),
        ("tictactoe", "XOX?.....", K::BadCharacter),
        ("tictactoe", "OO.......", K::PieceCount),
        ("tictactoe", "XXXOOO...", K::Unreachable),
        ("uttt", "X *", K::BoardShape),
        ("uttt", &format!("{} 9", ".".repeat(81)), K::BadField),
        ("uttt", &format!("?{} *", ".".repeat(80)), K::BadCharacter),
        ("uttt", &format!("O{} *", ".".repeat(80)), K::PieceCount),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6", K::Fields),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6 w extra", K::Fields),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6 q", K::SideToMove),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6 w - - x 1", K::BadField),
        ("jungle", "7/7/7/7/7/1e5/7/E6 w", K::BoardShape),
        ("jungle", "7/7/7/7/7/7/1z5/7/E6 w", K::BadCharacter),
        ("jungle", "7/7/7/7/7/7/1e5/7/EE5 w", K::PieceCount),
        ("jungle", "7/7/7/7/7/7/1e5/7/3E3 w", K::Placement),
        ("jungle", "7/7/7/7/7/7/1e5/7/7 b", K::Unreachable),
        ("jungle", "", K::Empty),
        ("dobutsu", "gle/1c1/1C1/ELG b", K::Fields),
        ("dobutsu", "gle/1c1/ELG b -", K::BoardShape),
        ("dobutsu", "gle/1x1/1C1/ELG b -", K::BadCharacter),
        ("dobutsu", "gle/1c1/1C1/ELG q -", K::SideToMove),
        ("dobutsu", "gle/1c1/1C1/ELG b ?", K::BadField),
        ("dobutsu", "gle/1c1/1C1/EL1 b -", K::PieceCount),
    ] {
        assert_eq!(position_kind(game, text), kind, "{game} {text:?}");
    }
}

#[test]
fn a_position_of_another_game_is_the_wrong_game() {
    let ttt = registry().get("tictactoe").unwrap();
    let uttt = registry().get("uttt").unwrap().start(None).unwrap();
    match ttt.solved().unwrap().query(uttt.as_ref()) {
        Err(FacadeError::BadPosition(error)) => {
            assert_eq!(error.kind, PositionErrorKind::WrongGame)
        }
        other => panic!("{:?}", other.map(|r| r.value)),
    }
}

/// A directory with the Jungle tables of two pieces.
fn two_piece_tables() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
    dir
}

/// The tablebase error `open` gives for `dir`.
fn open_error(dir: &Path) -> gamesolver_api::TablebaseError {
    let jungle = registry().get("jungle").unwrap();
    match jungle.tablebase().unwrap().open(dir, None) {
        Err(FacadeError::Tablebase(error)) => error,
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("{} opened", dir.display()),
    }
}

#[test]
fn table_errors_name_their_file_and_cause() {
    let missing = Path::new("/no/such/dir");
    let error = open_error(missing);
    assert_eq!(error.cause, TablebaseCause::NoTables);
    assert_eq!(error.path.as_deref(), Some(missing));

    let tables = two_piece_tables();
    let jungle = registry().get("jungle").unwrap();
    let oracle = jungle
        .tablebase()
        .unwrap()
        .open(tables.path(), None)
        .unwrap();
    let file = tables.path().join("E-e.gstb");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&file)
        .unwrap()
        .set_len(100)
        .unwrap();
    let elephants = jungle.parse("7/7/7/7/7/7/1e5/7/E6 w", None).unwrap();
    match oracle.probe(elephants.as_ref()) {
        Err(FacadeError::Tablebase(error)) => {
            // Cut short: seen as truncated or as a checksum mismatch.
            assert!(
                [TablebaseCause::Truncated, TablebaseCause::Checksum].contains(&error.cause),
                "{error}"
            );
            assert!(error.cause.is_file_fault());
            assert_eq!(error.path.as_deref(), Some(file.as_path()), "{error}");
        }
        other => panic!("{:?}", other.map(|r| r.is_some())),
    }
    let other_rules = jungle
        .parse("7/7/7/7/7/7/1e5/7/E6 w", Some("dog-over-wolf"))
        .unwrap();
    match oracle.probe(other_rules.as_ref()) {
        Err(FacadeError::Tablebase(error)) => {
            assert_eq!(error.cause, TablebaseCause::RulesMismatch, "{error}");
            assert!(!error.cause.is_file_fault());
        }
        other => panic!("{:?}", other.map(|r| r.is_some())),
    }
}

/// `game`'s engine with `options`, its depth-2 score of the position
/// after the first legal move.
fn score_with(game: &str, options: &[(&str, &str)]) -> Result<i32, FacadeError> {
    let def = registry().get(game).unwrap();
    let spec = EngineSpec {
        kind: Some("alphabeta".into()),
        options: options
            .iter()
            .map(|&(n, v)| (n.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
        ..EngineSpec::default()
    };
    let mut engine = def.engine(&spec)?;
    let mut state = def.start(None).unwrap();
    let first = state.legal_moves()[0].clone();
    state.play(&first).unwrap();
    let limits = SearchLimits {
        depth: Some(2),
        ..SearchLimits::default()
    };
    let report = engine.search(state.as_ref(), &limits, &mut |_| {})?;
    Ok(report.score_cp.unwrap_or_default())
}

#[test]
fn engine_options_are_applied_and_checked_by_the_table() {
    let plain = score_with("uttt", &[]).unwrap();
    // A tempo bonus moves every leaf's score.
    let keen = score_with("uttt", &[("Tempo", "5000")]).unwrap();
    let averse = score_with("uttt", &[("tempo", "-5000")]).unwrap();
    assert!(plain != keen || plain != averse, "{plain} {keen} {averse}");
    for (game, name, value) in [
        ("uttt", "FreeChoice", "10001"),
        ("uttt", "NoSuchOption", "1"),
        ("uttt", "Hash", "64"),
        ("uttt", "Variant", "codingame"),
        ("uttt", "LMR", "maybe"),
        ("jungle", "Rules", "dog-over-wolf"),
        ("tictactoe", "Anything", "1"),
        ("dobutsu", "Seed", "3"),
    ] {
        match score_with(game, &[(name, value)]) {
            Err(FacadeError::BadOption { name: refused, .. }) => {
                assert_eq!(refused, name, "{game} {name}")
            }
            other => panic!("{game} {name}={value}: {other:?}"),
        }
    }
}
