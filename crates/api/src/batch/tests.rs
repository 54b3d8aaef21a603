//! A typed batch (bridge positions) against the boxed one and against
//! single positions stepped one by one, with legal-action lists (a text
//! game) and with a declared mask and bit-plane observation.

use gamesolver_core::{Outcome, Player};
use gamesolver_games::tictactoe::{Board, Cell};

use super::{
    AgentMoves, GameRng, GameSlot, InstructionSet, LegalActions, OpponentMoves, PartStep,
    RowBuffers, StateBatch, StepPlan, boxed_batch,
};
use crate::observation_bits::{ObservationBits, ROW_MAJOR_PLACES};
use crate::{FacadeError, GameDef, GameInfo, GameModel, ModelDef, PositionError, State, text_game};

/// The start of tic-tac-toe as a text game (actions = legal-move indices).
fn start() -> Box<dyn State> {
    let def = text_game("ttt", "Tic-tac-toe", Board::default());
    def.start(None).unwrap()
}

/// Tic-tac-toe with cell actions, a legal-action mask (the empty cells)
/// and its observation as bit planes (X, O, the empty cells: a batch
/// rewrites only what changed in a row).
struct MaskedTicTacToe;

static MASKED_INFO: GameInfo = GameInfo {
    name: "masked",
    aliases: &[],
    title: "Tic-tac-toe with a mask",
    titles: &[],
    rules: &["standard"],
    engines: &["mcts"],
    action_space: 9,
    observation_shape: [3, 3, 3],
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

    fn observation_bits(&self, game: &Board) -> Option<ObservationBits> {
        let (x, o) = (u128::from(game.x_mask()), u128::from(game.o_mask()));
        Some(ObservationBits {
            masks: [x, o, 0x1ff & !(x | o), 0],
            places: &ROW_MAJOR_PLACES,
        })
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
                let single = &singles[i];
                let mut observation = vec![5.0; single.observation().data.len()];
                let facts = part
                    .write_row(j, &mut observation, &mut legal[i], &mut mask)
                    .unwrap();
                assert_eq!(observation, single.observation().data);
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

/// The output buffers of a batch of `n` games, every value set to what no
/// step writes (so a value left unwritten shows).
fn outputs(n: usize, plan: &StepPlan) -> RowBuffers {
    let mut out = RowBuffers::new(n, plan);
    out.observations.fill(9.0);
    out.masks.fill(7);
    out.rewards.fill(9.0);
    out.terminated.fill(true);
    out.truncated.fill(true);
    out.players.fill(9);
    out.opponent_actions.fill(9);
    out
}

/// Steps `batch` (parts of `per_part`) with `agent` moves: every part in
/// one pass.
fn step_batch(
    batch: &mut dyn StateBatch,
    per_part: usize,
    plan: &StepPlan,
    slots: &mut [GameSlot],
    agent: &mut StepAgent,
    out: &mut RowBuffers,
) -> Result<(), FacadeError> {
    let mut rows = out.rows();
    let mut slots = slots;
    let (given, mut drawn) = match agent {
        StepAgent::Reset => (None, None),
        StepAgent::Given(actions) => (Some(actions.as_slice()), None),
        StepAgent::Random(drawn) => (None, Some(drawn.as_mut_slice())),
    };
    for (k, mut part) in batch.parts(per_part).into_iter().enumerate() {
        let len = part.len();
        let (mine, rest) = rows.split(len, plan.observation_len, plan.actions);
        rows = rest;
        let (my_slots, rest) = std::mem::take(&mut slots).split_at_mut(len);
        slots = rest;
        let moves = match (given, drawn.take()) {
            (Some(actions), _) => AgentMoves::Given(&actions[k * per_part..][..len]),
            (None, Some(all)) => {
                let (mine, rest) = all.split_at_mut(len);
                drawn = Some(rest);
                AgentMoves::Random(mine)
            }
            (None, None) => AgentMoves::Reset,
        };
        part.step(PartStep {
            plan,
            slots: my_slots,
            agent: moves,
            opponent: OpponentMoves::Random,
            rows: mine,
            stop: None,
        })?;
    }
    Ok(())
}

/// What the test's agent does.
enum StepAgent {
    Reset,
    Given(Vec<u32>),
    Random(Vec<i64>),
}

/// The plan of a batch of `start` ([`MaskedTicTacToe`] or the text game).
fn plan(start: &dyn State, agent: Option<Player>, max_steps: Option<u32>) -> StepPlan {
    StepPlan {
        agent,
        max_steps,
        observation_len: start.observation().data.len(),
        actions: 9,
        finished_player: -4,
    }
}

/// Steps a batch of `start` with random agent moves (and a random
/// opponent for `agent`) against single positions played by hand with the
/// actions drawn: the same positions, rows, rewards and flags. At the
/// start and halfway the rows are overwritten and the batch reset: its
/// rows are written whole again.
fn step_against_singles(
    start: &dyn State,
    boxed: bool,
    agent: Option<Player>,
    max_steps: Option<u32>,
) {
    let (n, per_part) = (11, 4);
    let plan = plan(start, agent, max_steps);
    let mut batch = if boxed {
        boxed_batch(start.clone_box(), n)
    } else {
        start.batch(n)
    };
    let mut slots: Vec<GameSlot> = (0..n).map(|i| GameSlot::new(i as u64)).collect();
    let mut out = outputs(n, &plan);
    let mut singles: Vec<Box<dyn State>> = (0..n).map(|_| start.clone_box()).collect();
    let mut steps = vec![0u32; n];
    let mut done = vec![false; n];
    let (mut ends, mut replies) = (0, 0);
    for step in 0..80 {
        if step % 40 == 0 {
            out.observations.fill(5.0);
            step_batch(
                batch.as_mut(),
                per_part,
                &plan,
                &mut slots,
                &mut StepAgent::Reset,
                &mut out,
            )
            .unwrap();
            singles.iter_mut().for_each(|s| *s = start.clone_box());
            steps.fill(0);
        } else if step > 0 {
            let mut agent_moves = StepAgent::Random(vec![-1; n]);
            step_batch(
                batch.as_mut(),
                per_part,
                &plan,
                &mut slots,
                &mut agent_moves,
                &mut out,
            )
            .unwrap();
            let StepAgent::Random(drawn) = agent_moves else {
                unreachable!()
            };
            for i in 0..n {
                if done[i] {
                    assert_eq!(drawn[i], 0);
                    singles[i] = start.clone_box();
                    steps[i] = 0;
                } else {
                    let action = u32::try_from(drawn[i]).unwrap();
                    assert!(singles[i].legal_actions().contains(&action), "{action}");
                    singles[i].play_action(action).unwrap();
                    steps[i] += 1;
                }
            }
        }
        for i in 0..n {
            let single = &mut singles[i];
            let reply = out.opponent_actions[i];
            if let Some(agent) = agent
                && single.outcome().is_none()
                && single.turn() != agent
            {
                assert!(single.legal_actions().contains(&(reply as u32)), "{reply}");
                single.play_action(reply as u32).unwrap();
                replies += 1;
            } else {
                assert_eq!(reply, -1);
            }
            assert_eq!(batch.get(i).to_text(), single.to_text());
            let len = plan.observation_len;
            assert_eq!(
                out.observations[i * len..(i + 1) * len],
                single.observation().data,
                "step {step}, game {i}"
            );
            let outcome = single.outcome();
            let truncated = outcome.is_none() && max_steps.is_some_and(|m| steps[i] >= m);
            assert_eq!(out.terminated[i], outcome.is_some());
            assert_eq!(out.truncated[i], truncated);
            done[i] = outcome.is_some() || truncated;
            ends += usize::from(done[i]);
            let legal = single.legal_actions();
            for (a, &m) in out.masks[i * 9..(i + 1) * 9].iter().enumerate() {
                assert_eq!(m == 1, legal.contains(&(a as u32)));
            }
            let first = match outcome {
                Some(Outcome::Winner(Player::First)) => 1.0,
                Some(Outcome::Winner(Player::Second)) => -1.0,
                _ => 0.0,
            };
            match agent {
                Some(Player::First) => assert_eq!(out.rewards[i], first),
                Some(Player::Second) => assert_eq!(out.rewards[i], -first),
                None => assert_eq!(out.rewards[2 * i..2 * i + 2], [first, -first]),
            }
            let player = match (outcome, single.turn()) {
                (Some(_), _) => -4,
                (None, Player::First) => 0,
                (None, Player::Second) => 1,
            };
            assert_eq!(out.players[i], player);
        }
    }
    assert!(ends > 30, "{ends}");
    assert_eq!(replies > 100, agent.is_some(), "{replies}");
}

/// With every instruction set the processor has (each its own copy of the
/// step).
#[test]
fn a_step_in_one_pass_plays_as_single_positions() {
    for set in InstructionSet::available() {
        let _forced = set.forced();
        for start in [start(), masked_start()] {
            for agent in [None, Some(Player::First), Some(Player::Second)] {
                step_against_singles(start.as_ref(), false, agent, None);
            }
            step_against_singles(start.as_ref(), false, None, Some(4));
            step_against_singles(start.as_ref(), true, Some(Player::Second), Some(5));
        }
    }
}

/// `GameSlot::random_action` then the step with those actions (the two
/// calls of a front end) plays as the step that draws them in its pass,
/// and the step compiled for each instruction set plays the same games.
#[test]
fn given_actions_play_as_the_random_ones_drawn() {
    let plan = plan(masked_start().as_ref(), Some(Player::Second), Some(6));
    let n = 9;
    let mut runs = Vec::new();
    let ways = InstructionSet::available()
        .into_iter()
        .flat_map(|set| [(set, false), (set, true)]);
    for (set, given) in ways {
        let _forced = set.forced();
        let mut batch = masked_start().batch(n);
        let mut slots: Vec<GameSlot> = (0..n).map(|i| GameSlot::new(100 + i as u64)).collect();
        let mut out = outputs(n, &plan);
        step_batch(
            batch.as_mut(),
            2,
            &plan,
            &mut slots,
            &mut StepAgent::Reset,
            &mut out,
        )
        .unwrap();
        let mut seen = Vec::new();
        for _ in 0..40 {
            let mut agent = if given {
                let actions: Vec<u32> = slots.iter_mut().map(GameSlot::random_action).collect();
                assert!(slots.iter().zip(&actions).all(|(s, &a)| s.accepts(a)));
                StepAgent::Given(actions)
            } else {
                StepAgent::Random(vec![-1; n])
            };
            step_batch(batch.as_mut(), 2, &plan, &mut slots, &mut agent, &mut out).unwrap();
            let actions: Vec<i64> = match agent {
                StepAgent::Given(actions) => actions.into_iter().map(i64::from).collect(),
                StepAgent::Random(drawn) => drawn,
                StepAgent::Reset => unreachable!(),
            };
            seen.push((
                actions,
                out.observations.clone(),
                out.masks.clone(),
                out.rewards.clone(),
                out.opponent_actions.clone(),
                out.truncated.clone(),
            ));
        }
        runs.push(seen);
    }
    assert!(runs.iter().all(|run| *run == runs[0]));
}

#[test]
fn a_chosen_opponent_plays_through_the_facade_and_stop_cancels() {
    let plan = plan(masked_start().as_ref(), Some(Player::First), None);
    let mut batch = masked_start().batch(3);
    let mut slots: Vec<GameSlot> = (0..3).map(|i| GameSlot::new(i as u64)).collect();
    let mut out = outputs(3, &plan);
    let mut calls = 0;
    let mut lowest = |state: &mut dyn State, _: &mut GameRng| {
        calls += 1;
        let action = state.legal_actions()[0];
        state.play_action(action).map(|()| action)
    };
    let mut parts = batch.parts(3);
    let step = PartStep {
        plan: &plan,
        slots: &mut slots,
        agent: AgentMoves::Reset,
        opponent: OpponentMoves::Chosen(&mut lowest),
        rows: out.rows(),
        stop: None,
    };
    parts[0].step(step).unwrap();
    let stop: &(dyn Fn() -> bool + Sync) = &|| true;
    let step = PartStep {
        plan: &plan,
        slots: &mut slots,
        agent: AgentMoves::Reset,
        opponent: OpponentMoves::Random,
        rows: out.rows(),
        stop: Some(stop),
    };
    let error = parts[0].step(step).unwrap_err();
    assert!(matches!(error, FacadeError::Cancelled), "{error}");
    let step = PartStep {
        plan: &plan,
        slots: &mut slots,
        agent: AgentMoves::Given(&[4, 4, 4]),
        opponent: OpponentMoves::Chosen(&mut lowest),
        rows: out.rows(),
        stop: None,
    };
    parts[0].step(step).unwrap();
    drop(parts);
    assert_eq!(calls, 3);
    assert_eq!(out.opponent_actions, [0, 0, 0]);
    for i in 0..3 {
        assert_eq!(batch.get(i).to_text(), "O...X....");
    }
}

#[test]
fn draw_below_is_below_the_count_and_uniform() {
    use rand::SeedableRng;
    let mut rng = GameRng::seed_from_u64(5);
    for count in 1..=300 {
        for _ in 0..50 {
            assert!(super::draw_below(&mut rng, count) < count);
        }
    }
    // 81 outcomes, 810,000 draws: each about 10,000 (sd ≈ 99); a
    // chi-square over 80 degrees of freedom stays below 140 but for one
    // seed in 10,000.
    let mut seen = [0u32; 81];
    for _ in 0..810_000 {
        seen[super::draw_below(&mut rng, 81)] += 1;
    }
    let chi: f64 = seen
        .iter()
        .map(|&n| (f64::from(n) - 10_000.0).powi(2) / 10_000.0)
        .sum();
    assert!(chi < 140.0, "chi-square {chi}: {seen:?}");
    // Past 32 bits: the generator's own range.
    let huge = 1usize << 40;
    assert!((0..100).all(|_| super::draw_below(&mut rng, huge) < huge));
    // A count that rejects often (just over half of 2^32).
    let half = (1usize << 31) + 1;
    assert!((0..1_000).all(|_| super::draw_below(&mut rng, half) < half));
}
