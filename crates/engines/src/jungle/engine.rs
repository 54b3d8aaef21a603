//! The Jungle engines: alpha-beta over [`Position`] that knows the real
//! game's history (repetitions, the 200-ply rule), and plays straight from
//! an endgame tablebase when the position's material is in it (the hybrid
//! player); or MCTS.

use gamesolver_core::Game;
use gamesolver_games::jungle::{JungleGame, Move, Position, QUIET_PLIES_DRAW};
use gamesolver_retro::zeroing::RuleVerdict;
use gamesolver_search::{AlphaBeta, Engine, Limits, Mcts, Score, SearchConfig, SearchInfo};

use super::eval::{JungleEval, JungleWeights};
pub use super::tablebase::{TablebaseHandle, open_tablebase};
use crate::answer_first::{AnswerFirst, FirstLook};
use gamesolver_api::EngineKind;

/// Settings of a Jungle engine.
#[derive(Clone, Debug)]
pub struct JungleOptions {
    /// The search.
    pub kind: EngineKind,
    /// Transposition-table size for alpha-beta, in MB.
    pub hash_mb: usize,
    /// Evaluation weights.
    pub weights: JungleWeights,
    /// Alpha-beta technique switches.
    pub search: SearchConfig,
    /// UCT exploration constant for MCTS.
    pub exploration: f32,
    /// Random seed for MCTS.
    pub seed: u64,
    /// Quiescence search of captures at the leaves.
    pub quiescence: bool,
    /// Endgame tablebase for the hybrid player.
    pub tablebase: Option<TablebaseHandle>,
}

impl Default for JungleOptions {
    fn default() -> JungleOptions {
        JungleOptions {
            kind: EngineKind::Alphabeta,
            hash_mb: 16,
            weights: JungleWeights::default(),
            search: SearchConfig {
                reversible_draw_plies: Some(QUIET_PLIES_DRAW as u32),
                ..SearchConfig::default()
            },
            exploration: 1.0,
            seed: 2026,
            quiescence: true,
            tablebase: None,
        }
    }
}

/// A ready engine for `options`.
///
/// ```
/// use gamesolver_core::Game;
/// use gamesolver_engines::jungle::engine::{JungleOptions, build};
/// use gamesolver_games::jungle::{JungleGame, Position};
/// use gamesolver_search::Limits;
///
/// let mut engine = build(&JungleOptions { hash_mb: 1, ..JungleOptions::default() });
/// let game = JungleGame::new(Position::start());
/// let info = engine.think(&game, &Limits::depth(3), &mut |_| {});
/// assert!(game.play(info.best_move().unwrap()).is_ok());
/// ```
#[must_use]
pub fn build(options: &JungleOptions) -> Box<dyn Engine<JungleGame> + Send> {
    match options.kind {
        EngineKind::Alphabeta => Box::new(JungleEngine::new(options)),
        EngineKind::Mcts => {
            let mcts = Mcts::<JungleGame>::new(options.exploration, options.seed);
            match &options.tablebase {
                None => Box::new(mcts),
                Some(handle) => Box::new(TablesThenMcts {
                    look: TablebaseLook {
                        tablebase: Some(handle.clone()),
                    },
                    mcts,
                }),
            }
        }
    }
}

/// MCTS with the tablebase in front: a position whose material the tables
/// cover is answered by the table's move (as the alpha-beta hybrid does),
/// any other by the tree search.
pub struct TablesThenMcts {
    look: TablebaseLook,
    mcts: Mcts<JungleGame>,
}

impl Engine<JungleGame> for TablesThenMcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn new_game(&mut self) {
        self.mcts.new_game();
    }

    fn think(
        &mut self,
        game: &JungleGame,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> SearchInfo<Move> {
        if let Some(info) = self.look.tablebase_move(game) {
            progress(&info);
            return info;
        }
        self.mcts.think(game, limits, progress)
    }

    fn stop_flag(&self) -> gamesolver_search::StopFlag {
        self.mcts.stop_flag()
    }
}

/// Alpha-beta for Jungle games in play, with an optional tablebase in
/// front.
pub type JungleEngine = AnswerFirst<Position, JungleEval, TablebaseLook>;

/// The tablebase as the first look of [`JungleEngine`], which also hands
/// the game's history to the search.
pub struct TablebaseLook {
    tablebase: Option<TablebaseHandle>,
}

impl JungleEngine {
    /// The engine `options` describe (its kind is taken to be alpha-beta).
    #[must_use]
    pub fn new(options: &JungleOptions) -> JungleEngine {
        let mut eval = JungleEval::new(options.weights).with_quiescence(options.quiescence);
        if let Some(handle) = &options.tablebase {
            eval = eval.with_tablebase(handle.clone());
        }
        let mut search = AlphaBeta::new(eval, options.hash_mb).with_config(options.search);
        // Touch the table's memory now, not during the first timed search.
        search.new_game();
        AnswerFirst {
            search,
            look: TablebaseLook {
                tablebase: options.tablebase.clone(),
            },
        }
    }

    /// The move the tablebase dictates (see [`TablebaseLook::tablebase_move`]).
    #[must_use]
    pub fn tablebase_move(&self, game: &JungleGame) -> Option<SearchInfo<Move>> {
        self.look.tablebase_move(game)
    }
}

impl TablebaseLook {
    /// The move the tablebase dictates, if the position's material is in it
    /// (with every child's), under the game's draw rules: the best verdict
    /// of the five (win, cursed win, draw, blessed loss, loss) from the
    /// game's counter of quiet plies and the distances to the end and to
    /// zeroing, a child that repeats a position for the third time counted
    /// as drawn; among wins the shortest to the end when the mate comes
    /// before the 200-ply rule could draw the game, else the shortest to
    /// the next capture (the zeroing-optimal move, which keeps the win);
    /// among losses the longest to zeroing (see
    /// [`gamesolver_retro::zeroing::RuleAnalysis::rank`]). The score is a
    /// mate score for a win or loss under the rule, a draw score otherwise
    /// (a cursed win or blessed loss is a draw), and a draw with the first
    /// legal move once the tables' rule has drawn the game.
    #[must_use]
    pub fn tablebase_move(&self, game: &JungleGame) -> Option<SearchInfo<Move>> {
        let tablebase = self.tablebase.as_ref()?;
        if game.is_finished() {
            return None;
        }
        let started = std::time::Instant::now();
        let analysis = tablebase.analyse_game(game)?;
        // No best move in a game the tables' own rule has drawn (tables
        // built under a smaller limit than the game's 200 plies): every
        // move keeps the draw.
        let best = match analysis.best.first() {
            Some(&best) => best,
            None => *game.moves().first()?,
        };
        let score = match analysis.verdict {
            RuleVerdict::Win | RuleVerdict::Loss => Score::from_solution(analysis.dtm, 0),
            _ => Score::DRAW,
        };
        Some(SearchInfo {
            depth: 1,
            score,
            nodes: analysis.moves.len() as u64,
            elapsed: started.elapsed(),
            pv: vec![best],
        })
    }
}

impl FirstLook<JungleGame, Position, JungleEval> for TablebaseLook {
    /// The tablebase's move, reported once.
    fn answer(
        &mut self,
        _search: &mut AlphaBeta<Position, JungleEval>,
        game: &JungleGame,
        _limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> Option<SearchInfo<Move>> {
        let info = self.tablebase_move(game)?;
        progress(&info);
        Some(info)
    }

    /// The bare position, with the keys since the last capture (and a long
    /// FEN's unrecorded quiet plies) given to the search.
    fn searched<'a>(
        &mut self,
        search: &mut AlphaBeta<Position, JungleEval>,
        game: &'a JungleGame,
    ) -> &'a Position {
        let keys = game.keys_since_capture();
        let before_root = &keys[..keys.len().saturating_sub(1)];
        // A long FEN's half-move field: quiet plies with no recorded keys.
        let unrecorded = game.quiet_plies().saturating_sub(before_root.len());
        search.set_game_history_after(before_root, u32::try_from(unrecorded).unwrap_or(u32::MAX));
        game.position()
    }
}

#[cfg(test)]
mod tests {
    use gamesolver_core::{Outcome, Player, Wdl};
    use gamesolver_games::jungle::Material;
    use gamesolver_search::Score;

    use super::*;
    use crate::jungle::tablebase::{SearchProbe, build_tablebase};
    use gamesolver_games::jungle::Variant;

    /// The two-piece tablebase, built in a temporary directory (0.3 s).
    fn two_piece_tablebase() -> (tempfile::TempDir, TablebaseHandle) {
        let dir = tempfile::tempdir().unwrap();
        build_tablebase(dir.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let handle = TablebaseHandle::open(dir.path(), Variant::Standard).unwrap();
        assert_eq!(handle.max_pieces, 2);
        (dir, handle)
    }

    const E_AGAINST_E: &str = "7/7/7/7/7/7/1e5/7/E6 w";

    #[test]
    fn converts_a_tablebase_win_in_exactly_its_distance() {
        let (_dir, handle) = two_piece_tablebase();
        let options = JungleOptions {
            tablebase: Some(handle),
            ..JungleOptions::default()
        };
        let mut engine = JungleEngine::new(&options);
        let mut game = JungleGame::new(E_AGAINST_E.parse().unwrap());
        let first = engine.think(&game, &Limits::depth(1), &mut |_| {});
        assert_eq!(first.score, Score::win_in(33));
        while !game.is_finished() {
            let info = engine.think(&game, &Limits::depth(1), &mut |_| {});
            game = game.play(info.best_move().unwrap()).unwrap();
        }
        assert_eq!(game.outcome(), Some(Outcome::Winner(Player::First)));
        assert_eq!(game.played().len(), 33);
    }

    /// Issue 26 finding 9: MCTS takes a tablebase too (the table answers
    /// the positions it covers, the tree search the others).
    #[test]
    fn mcts_with_a_tablebase_plays_the_table_inside_it() {
        let (_dir, handle) = two_piece_tablebase();
        let options = JungleOptions {
            kind: EngineKind::Mcts,
            tablebase: Some(handle),
            ..JungleOptions::default()
        };
        let mut engine = build(&options);
        assert_eq!(engine.name(), "mcts");
        let game = JungleGame::new(E_AGAINST_E.parse().unwrap());
        let info = engine.think(&game, &Limits::nodes(10), &mut |_| {});
        assert_eq!(info.score, Score::win_in(33));
        let start = JungleGame::new(Position::start());
        let info = engine.think(&start, &Limits::nodes(200), &mut |_| {});
        assert_eq!(info.nodes, 200);
        assert!(start.play(info.best_move().unwrap()).is_ok());
    }

    #[test]
    fn the_search_scores_tablebase_leaves_exactly() {
        let (_dir, handle) = two_piece_tablebase();
        let exact = handle.clone().with_search_probe(SearchProbe::Distance);
        let eval = JungleEval::default().with_tablebase(exact);
        let mut search = AlphaBeta::new(eval, 1);
        let position: Position = E_AGAINST_E.parse().unwrap();
        let info = search.search(&position, &Limits::depth(3), |_| {});
        assert_eq!(info.score, Score::win_in(33));
        // With the WDL files (the default) the win is seen, its distance
        // bounded by the tier's longest loss one ply down.
        let material: Material = "E-e".parse().unwrap();
        let wdl_file = handle.tablebase.open_wdl(material).unwrap().unwrap();
        let longest_loss = i32::from(wdl_file.summary().longest_loss);
        let mut search = AlphaBeta::new(JungleEval::default().with_tablebase(handle), 1);
        let info = search.search(&position, &Limits::depth(3), |_| {});
        let plies = info.score.plies_to_end().expect("a win");
        assert!((33..=1 + longest_loss).contains(&plies), "{}", info.score);
        // Without the tablebase the same search sees no mate.
        let mut blind = AlphaBeta::new(JungleEval::default(), 1);
        let info = blind.search(&position, &Limits::depth(3), |_| {});
        assert!(!info.score.is_decisive());
    }

    #[test]
    fn the_long_fen_half_move_field_counts_in_the_search() {
        // The rat walks into the den in three plies, unless every move of
        // it is the 200th quiet ply.
        let short = "7/7/3R3/7/7/7/7/7/c6 w";
        let mut engine = JungleEngine::new(&JungleOptions::default());
        let fresh = JungleGame::new(short.parse().unwrap());
        let info = engine.think(&fresh, &Limits::depth(3), &mut |_| {});
        assert_eq!(info.score, Score::win_in(3));
        let late =
            JungleGame::from_fen(&format!("{short} - - 199 120"), Variant::Standard).unwrap();
        // A fresh table: its entries do not know the quiet-ply count.
        engine.new_game();
        let info = engine.think(&late, &Limits::depth(3), &mut |_| {});
        assert_eq!(info.score, Score::DRAW);
    }

    #[test]
    fn a_drawn_tablebase_position_is_held() {
        let (_dir, handle) = two_piece_tablebase();
        // Cat against a rat in the river: a draw, whoever moves.
        let tablebase = std::sync::Arc::clone(&handle.tablebase);
        let options = JungleOptions {
            tablebase: Some(handle),
            ..JungleOptions::default()
        };
        let mut engines = [JungleEngine::new(&options), JungleEngine::new(&options)];
        let mut game = JungleGame::new("7/7/7/7/2r4/7/7/7/C6 w".parse().unwrap());
        while !game.is_finished() {
            let verdict = tablebase.probe(game.position()).unwrap().unwrap();
            assert_eq!(verdict.wdl, Wdl::Draw, "{game}");
            let engine = &mut engines[game.turn().index()];
            let info = engine.think(&game, &Limits::depth(1), &mut |_| {});
            assert_eq!(info.score, Score::DRAW);
            game = game.play(info.best_move().unwrap()).unwrap();
        }
        assert_eq!(game.outcome(), Some(Outcome::Draw));
        assert_eq!(
            game.draw_reason(),
            Some(gamesolver_games::jungle::DrawReason::Repetition)
        );
    }

    #[test]
    fn the_protocol_option_turns_the_tablebase_on() {
        use crate::jungle::host::JungleHost;
        use gamesolver_api::protocol::EngineHost;
        let (dir, _handle) = two_piece_tablebase();
        let mut host = JungleHost::default();
        let path = dir.path().display().to_string();
        host.set_option("TablebasePath", &path).unwrap();
        assert!(host.options().iter().any(|o| o.description.contains(&path)));
        let game = host.parse_position(E_AGAINST_E).unwrap();
        let info = host.build().think(&game, &Limits::depth(1), &mut |_| {});
        assert_eq!(info.score, Score::win_in(33));
        // Issue 10 finding 1: other rules drop the table, and say so.
        let error = host.set_option("Rules", "rat-across-water").unwrap_err();
        assert!(error.contains("no longer used"), "{error}");
        assert!(host.options.tablebase.is_none());
        let error = host.set_option("TablebasePath", &path).unwrap_err();
        assert!(error.contains("not for the"), "{error}");
        host.set_option("Rules", "standard").unwrap();
        host.set_option("TablebasePath", &path).unwrap();
        assert!(host.set_option("TablebasePath", "/no/such/dir").is_err());
        host.set_option("TablebasePath", "").unwrap();
        let info = host.build().think(&game, &Limits::depth(1), &mut |_| {});
        assert!(!info.score.is_decisive());
    }
}
