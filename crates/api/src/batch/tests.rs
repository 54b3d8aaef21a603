//! A typed batch (bridge positions) against the boxed one and against
//! single positions stepped one by one, with legal-action lists (a text
//! game) and with a declared mask.

use gamesolver_core::{Outcome, Player};
use gamesolver_games::tictactoe::{Board, Cell};

use super::{LegalActions, StateBatch, boxed_batch};
use crate::{FacadeError, GameDef, GameInfo, GameModel, ModelDef, PositionError, State, text_game};

/// The start of tic-tac-toe as a text game (actions = legal-move indices).
fn start() -> Box<dyn State> {
    let def = text_game("ttt", "Tic-tac-toe", Board::default());
    def.start(None).unwrap()
}

/// Tic-tac-toe with cell actions and a legal-action mask (the empty cells).
struct MaskedTicTacToe;

static MASKED_INFO: GameInfo = GameInfo {
    name: "masked",
    aliases: &[],
    title: "Tic-tac-toe with a mask",
    titles: &[],
    rules: &["standard"],
    engines: &["mcts"],
    action_space: 9,
    observation_shape: [1, 1, 0],
};

impl GameModel for MaskedTicTacToe {
    type G = Board;

    fn info(&self) -> &GameInfo {
        &MASKED_INFO
    }

    fn start(&self, _rules: &'static str) -> Board {
        Board::default()
    }

    fn parse(&self, text: &str, _rules: &'static str) -> Result<Board, PositionError> {
        text.parse()
            .map_err(|e: gamesolver_games::tictactoe::ParseBoardError| {
                PositionError::new(e.kind(), text, e.to_string())
            })
    }

    fn rules_of(&self, _game: &Board) -> &'static str {
        "standard"
    }

    fn action_of(&self, _game: &Board, mv: Cell) -> u32 {
        mv.index().into()
    }

    fn move_of(&self, _game: &Board, action: u32) -> Option<Cell> {
        u8::try_from(action).ok().and_then(Cell::new)
    }

    fn legal_action_mask(&self, game: &Board) -> Option<u128> {
        Some(u128::from(0x1ff & !(game.x_mask() | game.o_mask())))
    }
}

/// The start of [`MaskedTicTacToe`].
fn masked_start() -> Box<dyn State> {
    let def: Box<dyn GameDef> = Box::new(ModelDef::new(MaskedTicTacToe));
    def.start(None).unwrap()
}

/// Steps `batch` and single positions side by side for `steps` steps
/// (action `k mod legal count` in game `i` at step `k`, a finished game
/// started afresh), in parts of `per_part`, checking every row.
fn run(batch: &mut dyn StateBatch, per_part: usize, steps: usize) -> (usize, usize) {
    let start = batch.get(0).clone_box();
    let n = batch.len();
    let mut singles: Vec<Box<dyn State>> = (0..n).map(|_| start.clone_box()).collect();
    let mut legal: Vec<LegalActions> = vec![LegalActions::new(); n];
    let (mut ended, mut played) = (0, 0);
    for step in 0..=steps {
        let mut parts = batch.parts(per_part);
        assert_eq!(parts.len(), n.div_ceil(per_part));
        let mut i = 0;
        for part in &mut parts {
            for j in 0..part.len() {
                if step > 0 {
                    if legal[i].is_empty() {
                        part.reset(j);
                        singles[i] = start.clone_box();
                        ended += 1;
                    } else {
                        let action = legal[i].get((step + i) % legal[i].len()).unwrap();
                        part.play_legal_action(j, action).unwrap();
                        singles[i].play_action(action).unwrap();
                        played += 1;
                    }
                }
                let mut mask = [7i8; 9];
                let facts = part
                    .write_row(j, &mut [], &mut legal[i], &mut mask)
                    .unwrap();
                let single = &singles[i];
                assert_eq!(facts.outcome, single.outcome());
                assert_eq!(facts.turn, single.turn());
                assert_eq!(legal[i].to_vec(), single.legal_actions());
                for (action, &m) in mask.iter().enumerate() {
                    assert_eq!(m == 1, legal[i].contains(action as u32), "{mask:?}");
                    assert!(m == 0 || m == 1);
                }
                assert_eq!(part.state_mut(j).to_text(), single.to_text());
                i += 1;
            }
        }
        assert_eq!(i, n);
        drop(parts);
        for (i, single) in singles.iter().enumerate() {
            assert_eq!(batch.get(i).to_text(), single.to_text());
            assert_eq!(batch.get(i).history(), single.history());
        }
    }
    (ended, played)
}

#[test]
fn a_typed_batch_plays_as_single_positions() {
    let mut batch = start().batch(7);
    assert_eq!(batch.len(), 7);
    let (ended, played) = run(batch.as_mut(), 3, 40);
    assert!(ended > 5 && played > 100, "{ended} {played}");
}

#[test]
fn the_boxed_batch_plays_as_the_typed_one() {
    let mut batch = boxed_batch(start(), 5);
    let (ended, played) = run(batch.as_mut(), 2, 40);
    assert!(ended > 3 && played > 80, "{ended} {played}");
    let mut one = boxed_batch(start(), 1);
    run(one.as_mut(), 4, 12);
}

#[test]
fn a_batch_of_a_game_with_a_mask_plays_as_single_positions() {
    let start = masked_start();
    assert_eq!(start.legal_action_mask(), Some(0x1ff));
    let mut batch = start.batch(6);
    let (ended, played) = run(batch.as_mut(), 4, 40);
    assert!(ended > 5 && played > 100, "{ended} {played}");
    let mut boxed = boxed_batch(masked_start(), 3);
    run(boxed.as_mut(), 2, 30);
}

#[test]
fn write_row_tells_the_end_and_empties_the_legal_list() {
    let mut batch = start().batch(1);
    let mut parts = batch.parts(1);
    let part = &mut parts[0];
    let (mut legal, mut mask) = (LegalActions::new(), [0i8; 9]);
    // X takes the top row: actions are indices into the legal moves.
    for action in [0, 2, 0, 2, 0] {
        part.write_row(0, &mut [], &mut legal, &mut mask).unwrap();
        part.play_legal_action(0, action).unwrap();
    }
    let facts = part.write_row(0, &mut [], &mut legal, &mut mask).unwrap();
    assert_eq!(facts.outcome, Some(Outcome::Winner(Player::First)));
    assert!(legal.is_empty() && mask == [0; 9]);
    part.reset(0);
    let facts = part.write_row(0, &mut [], &mut legal, &mut mask).unwrap();
    assert_eq!((facts.outcome, legal.len()), (None, 9));
}

#[test]
fn an_action_naming_no_move_is_refused() {
    let mut batch = start().batch(2);
    let mut parts = batch.parts(5);
    assert_eq!(parts.len(), 1);
    let error = parts[0].play_legal_action(1, 9).unwrap_err();
    assert!(
        matches!(error, FacadeError::BadAction { action: 9, .. }),
        "{error}"
    );
    drop(parts);
    assert_eq!(batch.get(1).to_text(), start().to_text());
}
