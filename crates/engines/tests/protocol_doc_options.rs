//! docs/PROTOCOL.md's option tables against the engines' option tables
//! (`OptionDef`s): every declared option has its row with the right type,
//! default and range, and every row names a declared option.

use gamesolver_api::protocol::common::common_options;
use gamesolver_api::protocol::options::{OptionDef, OptionKind};
use gamesolver_engines::jungle::host::{self as jungle, JungleHost};
use gamesolver_engines::uttt::host::{self as uttt, UtttHost};

const PROTOCOL: &str = include_str!("../../../docs/PROTOCOL.md");

/// The cells of each table row of the section whose bold heading starts
/// with `heading`, up to the next bold paragraph.
fn rows(heading: &str) -> Vec<Vec<String>> {
    let start = PROTOCOL
        .find(&format!("**{heading}"))
        .unwrap_or_else(|| panic!("no section {heading:?}"));
    PROTOCOL[start..]
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with("**"))
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect()
}

/// A range as the docs write it: `−10000 … 10000`.
fn range(min: i64, max: i64) -> String {
    format!("{min} … {max}").replace('-', "−")
}

/// Checks the section `heading` against `table` as announced by `host`.
fn check<T>(heading: &str, table: &[OptionDef<T>], host: &T) {
    let rows = rows(heading);
    assert_eq!(rows.len(), table.len(), "{heading}: rows {rows:?}");
    for def in table {
        let row = rows
            .iter()
            .find(|row| row[0] == format!("`{}`", def.name))
            .unwrap_or_else(|| panic!("{heading}: no row for {}", def.name));
        assert_eq!(row[1], def.kind.name(), "{heading}: type of {}", def.name);
        let default = row[2].trim_start_matches('`');
        let announced = (def.get)(host).to_string();
        assert!(
            default.starts_with(&announced),
            "{heading}: {} default {default:?}, announced {announced:?}",
            def.name
        );
        if let OptionKind::Spin { min, max } = def.kind {
            assert!(
                row.contains(&range(min, max)),
                "{heading}: {} range {} not in {row:?}",
                def.name,
                range(min, max)
            );
        }
    }
}

#[test]
fn the_common_options_are_documented_as_declared() {
    check(
        "Every game",
        &common_options::<UtttHost>(),
        &UtttHost::default(),
    );
}

#[test]
fn the_uttt_options_are_documented_as_declared() {
    check("Ultimate tic-tac-toe", uttt::OPTIONS, &UtttHost::default());
}

#[test]
fn the_jungle_options_are_documented_as_declared() {
    check("Jungle", jungle::OPTIONS, &JungleHost::default());
}
