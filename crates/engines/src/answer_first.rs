//! Engines that answer from exact knowledge before they search: a solved
//! table, a tablebase or a proof looks at the position first, and
//! alpha-beta searches what it leaves open. [`AnswerFirst`] pairs the two
//! and is the one [`Engine`] face of such engines: the hybrid Jungle player
//! ([`crate::jungle::engine::JungleEngine`], a tablebase in front) and
//! ultimate tic-tac-toe's [`crate::uttt::solving::SolvingAlphaBeta`] (the
//! endgame solver in front).

use gamesolver_core::{Game, Solution};
use gamesolver_retro::analyse;
use gamesolver_search::{AlphaBeta, Engine, Evaluator, Limits, Score, SearchInfo, StopFlag};

/// The move exact knowledge dictates in `position` (a game not over): the
/// best verdict among its children's solutions by `lookup` (shortest win,
/// longest defence, a draw held), scored exactly; `None` when `lookup`
/// lacks a child.
pub fn exact_move<G: Game>(
    position: &G,
    lookup: impl Fn(&G) -> Option<Solution>,
) -> Option<SearchInfo<G::Move>> {
    let started = std::time::Instant::now();
    let analysis = analyse(position, lookup)?;
    let best = *analysis.best.first()?;
    Some(SearchInfo {
        depth: 1,
        score: Score::from_solution(analysis.solution, 0),
        nodes: analysis.moves.len() as u64,
        elapsed: started.elapsed(),
        pv: vec![best],
    })
}

/// What looks at a position of `G` before alpha-beta searches it, as a
/// position of `P` with the evaluator `E`.
pub trait FirstLook<G: Game, P: Game<Move = G::Move>, E: Evaluator<P>> {
    /// The answer for `position` within `limits`, if this has one; it may
    /// use `search` itself (for what its knowledge leaves open) and report
    /// through `progress`. `None`: alpha-beta searches the position.
    fn answer(
        &mut self,
        search: &mut AlphaBeta<P, E>,
        position: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Option<SearchInfo<G::Move>>;

    /// The position alpha-beta searches for `position`, after telling
    /// `search` what else it must know of the game (its history).
    fn searched<'a>(&mut self, search: &mut AlphaBeta<P, E>, position: &'a G) -> &'a P;
}

/// Alpha-beta with a first look in front (see the module documentation).
pub struct AnswerFirst<P: Game, E: Evaluator<P>, L> {
    /// The search.
    pub(crate) search: AlphaBeta<P, E>,
    /// What looks first.
    pub(crate) look: L,
}

impl<G, P, E, L> Engine<G> for AnswerFirst<P, E, L>
where
    G: Game,
    P: Game<Move = G::Move>,
    E: Evaluator<P>,
    L: FirstLook<G, P, E>,
{
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn new_game(&mut self) {
        self.search.new_game();
    }

    fn think(
        &mut self,
        position: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        if let Some(info) = self
            .look
            .answer(&mut self.search, position, limits, progress)
        {
            return info;
        }
        let searched = self.look.searched(&mut self.search, position);
        self.search.search(searched, limits, progress)
    }

    fn stop_flag(&self) -> StopFlag {
        self.search.stop_flag()
    }
}

#[cfg(test)]
mod tests {
    use gamesolver_games::tictactoe::{Board, Cell};

    use super::*;
    use crate::tictactoe::TicTacToeEval;

    /// Answers the empty board with cell 4 and nothing else.
    struct CentreOpening;

    impl FirstLook<Board, Board, TicTacToeEval> for CentreOpening {
        fn answer(
            &mut self,
            _search: &mut AlphaBeta<Board, TicTacToeEval>,
            position: &Board,
            _limits: &Limits,
            progress: &mut dyn FnMut(&SearchInfo<Cell>),
        ) -> Option<SearchInfo<Cell>> {
            let info = SearchInfo {
                depth: 0,
                score: Score::DRAW,
                nodes: 0,
                elapsed: std::time::Duration::ZERO,
                pv: vec![Cell::new(4)?],
            };
            (*position == Board::empty()).then(|| {
                progress(&info);
                info
            })
        }

        fn searched<'a>(
            &mut self,
            _search: &mut AlphaBeta<Board, TicTacToeEval>,
            position: &'a Board,
        ) -> &'a Board {
            position
        }
    }

    fn engine() -> AnswerFirst<Board, TicTacToeEval, CentreOpening> {
        AnswerFirst {
            search: AlphaBeta::new(TicTacToeEval, 1),
            look: CentreOpening,
        }
    }

    #[test]
    fn an_answer_is_reported_and_played_without_search() {
        let mut reports = Vec::new();
        let info = engine().think(&Board::empty(), &Limits::depth(9), &mut |i| {
            reports.push(i.nodes);
        });
        assert_eq!(
            (info.best_move().map(Cell::index), info.nodes),
            (Some(4), 0)
        );
        assert_eq!(reports, [0]);
    }

    #[test]
    fn without_an_answer_the_search_decides() {
        let board: Board = "XX.OO....".parse().unwrap();
        let info = engine().think(&board, &Limits::depth(3), &mut |_| {});
        assert_eq!(info.best_move().map(Cell::index), Some(2));
        assert_eq!(info.score, Score::win_in(1));
        assert!(info.nodes > 0);
    }
}
