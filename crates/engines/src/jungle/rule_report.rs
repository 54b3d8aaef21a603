//! A Jungle position reported from its tables under the game's draw rules:
//! the five verdicts (win, cursed win, draw, blessed loss, loss) from the
//! distance to the end, the distance to zeroing and the game's counter of
//! quiet plies, every move's, the best moves and the main line, or "drawn
//! by rule" for a game the 200-ply rule or a third repetition has drawn.
//! What every front end answers from Jungle tables (the façade's
//! `TablebaseOracle::probe`: the web server, Python, the command line).

use gamesolver_core::Game;
use gamesolver_games::jungle::{DrawReason, JungleGame, QUIET_PLIES_DRAW};
use gamesolver_retro::zeroing::{RuleAnalysis, RuleMove};

use super::tablebase::TablebaseHandle;
use gamesolver_api::{Category, MoveVerdictText, PositionReport, TablebaseError, Verdict};

/// The longest main line followed.
const MAIN_LINE_CAP: usize = 1000;

/// The report of `game` from `tables`; `Ok(None)` when the tables do not
/// cover it, `Err` (naming the file) when a file it needs failed.
pub fn rule_report(
    tables: &TablebaseHandle,
    game: &JungleGame,
) -> Result<Option<PositionReport>, TablebaseError> {
    let Some(analysis) = tables.analyse_game_exactly(game)? else {
        return Ok(None);
    };
    let limit = tables.quiet_ply_limit();
    let mut report = PositionReport {
        position: game.to_string(),
        value: Verdict::from(analysis.verdict.result()),
        distance: u32::from(analysis.dtm.distance),
        moves: analysis.sorted_moves(limit).iter().map(move_text).collect(),
        best: analysis.best.iter().map(ToString::to_string).collect(),
        main_line: Vec::new(),
        category: Some(analysis.verdict.into()),
        dtz: Some(u32::from(analysis.dtz.distance)),
        counter: Some(u32::from(analysis.counter)),
        drawn_by_rule: drawn_by_rule(game, analysis.counter, limit),
    };
    if report.drawn_by_rule.is_some() {
        report.value = Verdict::Draw;
        report.category = Some(Category::Draw);
        report.distance = 0;
        report.dtz = Some(0);
    }
    report.main_line = main_line(tables, game, &analysis)?;
    Ok(Some(report))
}

/// Why `game` is drawn already, if it is: a third repetition, the game's
/// 200 plies without a capture, or the tables' own rule's `limit` when it
/// is smaller (tables built for tests of the rule) reached at `counter`.
fn drawn_by_rule(game: &JungleGame, counter: u16, limit: u16) -> Option<String> {
    match game.draw_reason() {
        Some(DrawReason::Repetition) => Some("threefold repetition".to_string()),
        Some(DrawReason::NoCapture) => Some(format!("{QUIET_PLIES_DRAW}-ply rule")),
        None if counter >= limit && !game.is_finished() => Some(format!("{limit}-ply rule")),
        None => None,
    }
}

/// One move as the report lists it.
fn move_text<M: std::fmt::Display>(m: &RuleMove<M>) -> MoveVerdictText {
    MoveVerdictText {
        mv: m.mv.to_string(),
        value: m.verdict.result().into(),
        distance: u32::from(m.dtm.distance),
        category: Some(m.verdict.into()),
        dtz: Some(u32::from(m.dtz.distance)),
    }
}

/// Best play under the rules from `game` (whose analysis is `first`), to
/// the end of the game (a draw by rule included) or the cap.
fn main_line(
    tables: &TablebaseHandle,
    game: &JungleGame,
    first: &RuleAnalysis<gamesolver_games::jungle::Move>,
) -> Result<Vec<String>, TablebaseError> {
    let mut line = Vec::new();
    let mut current = game.clone();
    let mut best = first.best.first().copied();
    while let Some(mv) = best {
        if line.len() >= MAIN_LINE_CAP {
            break;
        }
        line.push(mv.to_string());
        current.play_unchecked(mv);
        best = match tables.analyse_game_exactly(&current)? {
            Some(analysis) => analysis.best.first().copied(),
            None => None,
        };
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use gamesolver_games::jungle::{Material, Variant};

    use super::*;
    use crate::jungle::tablebase::build_tablebase;

    /// The cat against the cat at every counter: a win while the capture
    /// comes in time, a cursed win (a draw) after, drawn by rule at 200.
    #[test]
    fn the_counter_turns_a_win_cursed_and_drawn() {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let tables = TablebaseHandle::open(dir.path(), Variant::Standard).unwrap();
        let at = |counter: u32| {
            let fen = format!("7/7/7/7/7/7/1c5/7/C6 w - - {counter} 1");
            let game = JungleGame::from_fen(&fen, Variant::Standard).unwrap();
            rule_report(&tables, &game).unwrap().unwrap()
        };
        let fresh = at(0);
        assert_eq!(fresh.category, Some(Category::Win));
        assert_eq!(fresh.value, Verdict::Win);
        assert_eq!(fresh.drawn_by_rule, None);
        assert!(!fresh.main_line.is_empty());
        let dtz = fresh.dtz.unwrap();
        assert!(dtz > 0 && dtz <= fresh.distance);
        let last_won = 200 - dtz;
        assert_eq!(at(last_won).category, Some(Category::Win));
        let cursed = at(last_won + 1);
        assert_eq!(cursed.category, Some(Category::CursedWin));
        assert_eq!(cursed.value, Verdict::Draw);
        let drawn = at(200);
        assert_eq!(drawn.drawn_by_rule.as_deref(), Some("200-ply rule"));
        assert_eq!(drawn.category, Some(Category::Draw));
        assert!(drawn.moves.is_empty(), "{:?}", drawn.moves);
        assert!(drawn.best.is_empty() && drawn.main_line.is_empty());
    }
}
