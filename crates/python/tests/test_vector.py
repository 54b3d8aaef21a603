"""gamesolver.vector: the batch against the single game and the single
environment, next-step auto-reset, seeds, masks, the opponents inside the
batch, and Gymnasium's vector wrappers on it."""

import numpy as np
import pytest

import gamesolver
from gamesolver.envs import GameEnv
from gamesolver.vector import SelfPlayVectorEnv, VectorEnv

GAMES = gamesolver.registered_names()
ELEPHANTS = "7/7/7/7/7/7/1e5/7/E6 w"  # bottom to move wins in 33 plies (E-e tables)


def single_row(state):
    """What the batch must hold for ``state``: observation, mask, player."""
    if state.is_terminal():
        mask = np.zeros(state.game.num_distinct_actions(), dtype=np.int8)
    else:
        mask = state.legal_actions_mask()
    return state.observation_tensor(), mask, state.current_player()


@pytest.mark.parametrize("game", GAMES)
def test_self_play_matches_the_single_game(game):
    """Same actions → the same observations, masks, players, rewards and
    ends as single States stepped one by one, with next-step resets."""
    n = 6
    env = SelfPlayVectorEnv(game, n, max_episode_steps=60)
    batch = env.reset(seed=7)
    g = gamesolver.load_game(game)
    states = [g.new_initial_state() for _ in range(n)]
    ended = [False] * n
    steps = [0] * n
    seen_end = 0
    for _ in range(150):
        for i, state in enumerate(states):
            obs, mask, player = single_row(state)
            np.testing.assert_array_equal(batch.observation[i], obs)
            np.testing.assert_array_equal(batch.legal_action_mask[i], mask)
            assert batch.current_player[i] == player
        actions = env.sample_legal_actions()
        batch = env.step(actions)
        for i in range(n):
            if ended[i]:
                states[i] = g.new_initial_state()
                steps[i] = 0
                ended[i] = False
                assert batch.rewards[i].tolist() == [0.0, 0.0]
                assert not batch.terminated[i] and not batch.truncated[i]
                continue
            states[i].apply_action(int(actions[i]))
            steps[i] += 1
            terminal = states[i].is_terminal()
            assert batch.terminated[i] == terminal
            assert batch.truncated[i] == (not terminal and steps[i] >= 60)
            expected = states[i].returns() if terminal else [0.0, 0.0]
            assert batch.rewards[i].tolist() == expected
            ended[i] = bool(batch.terminated[i] or batch.truncated[i])
            seen_end += ended[i]
    assert seen_end > 0


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("agent_player", [0, 1])
def test_single_agent_matches_the_gymnasium_env(game, agent_player):
    """Game by game, the batch plays as GameEnv does when GameEnv's
    opponent replays the batch's opponent moves."""
    n = 3
    env = VectorEnv(game, n, agent_player=agent_player, max_episode_steps=None)
    obs, info = env.reset(seed=11)
    replies = [[] for _ in range(n)]
    singles = []
    for i in range(n):
        single = GameEnv(game, opponent=lambda state, rng, i=i: replies[i].pop(0), agent_player=agent_player)
        if info["opponent_action"][i] >= 0:
            replies[i].append(int(info["opponent_action"][i]))
        o, inf = single.reset(seed=0)
        np.testing.assert_array_equal(obs[i], o)
        np.testing.assert_array_equal(info["action_mask"][i], inf["action_mask"])
        singles.append(single)
    restart = [False] * n
    for _ in range(40):
        actions = env.sample_legal_actions()
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i, single in enumerate(singles):
            if info["opponent_action"][i] >= 0:
                replies[i].append(int(info["opponent_action"][i]))
            if restart[i]:
                o, inf = single.reset(seed=0)
                r, t = 0.0, False
                restart[i] = False
            else:
                o, r, t, _, inf = single.step(int(actions[i]))
            np.testing.assert_array_equal(obs[i], o)
            np.testing.assert_array_equal(info["action_mask"][i], inf["action_mask"])
            assert (float(rewards[i]), bool(terminated[i])) == (r, t)
            assert not truncated[i]
            assert replies[i] == []
            restart[i] = t


@pytest.mark.parametrize("game", GAMES)
def test_a_game_of_the_batch_plays_as_a_batch_of_one(game):
    """Per-game seeds: game i of a batch seeded s plays as one game seeded s + i."""
    big = VectorEnv(game, 4)
    big.reset(seed=100)
    smalls = [VectorEnv(game, 1) for _ in range(4)]
    for i, small in enumerate(smalls):
        small.reset(seed=100 + i)
    for _ in range(30):
        obs, rewards, terminated, _, info = big.step(big.sample_legal_actions())
        for i, small in enumerate(smalls):
            o, r, t, _, inf = small.step(small.sample_legal_actions())
            np.testing.assert_array_equal(obs[i], o[0])
            assert (rewards[i], terminated[i]) == (r[0], t[0])
            assert info["opponent_action"][i] == inf["opponent_action"][0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "options",
    [{}, {"max_steps": 5}, {"agent_player": 0}, {"agent_player": 1},
     {"agent_player": 1, "opponent": "engine", "nodes": 30}],
)
def test_step_random_plays_as_step_with_sampled_actions(game, options):
    """``step_random()`` (draw and play in one pass) = ``step(random_actions())``:
    the same actions and every output the same, through resets and ends."""
    from gamesolver import _native

    n = 9 if "nodes" in options else 70  # 70 games may be split over threads
    fused, split = (_native.VectorGames(game, n, **options) for _ in range(2))
    with pytest.raises(RuntimeError, match="reset"):
        fused.step_random()
    for env in (fused, split):
        env.reset(list(range(40, 40 + n)))
    ended = 0
    for _ in range(4 if "nodes" in options else 60):
        expected = split.random_actions().copy()
        split.step(expected)
        played = fused.step_random()
        np.testing.assert_array_equal(played, expected)
        for name in ("observations", "legal_action_mask", "rewards", "terminated",
                     "truncated", "current_player", "opponent_action"):
            np.testing.assert_array_equal(getattr(fused, name), getattr(split, name), name)
        ended += int(fused.terminated.sum() + fused.truncated.sum())
    if "max_steps" in options:  # episodes end (Jungle's rarely end by themselves in 60 plies)
        assert ended > 10
    assert [str(fused.state(i)) for i in range(n)] == [str(split.state(i)) for i in range(n)]


def test_step_random_of_the_environments():
    env = SelfPlayVectorEnv("tictactoe", 3)
    env.reset(seed=1)
    actions, batch = env.step_random()
    assert actions.shape == (3,) and batch.legal_action_mask.shape == (3, 9)
    agent = VectorEnv("tictactoe", 3, copy=False)
    agent.reset(seed=1)
    actions, (obs, rewards, terminated, truncated, info) = agent.step_random()
    assert actions.dtype == np.int64 and obs.shape == (3, 3, 3, 3)
    assert (info["opponent_action"] >= 0).all()


def test_next_step_auto_reset():
    env = SelfPlayVectorEnv("tictactoe", 2)
    start = env.reset(seed=0)
    for action in (0, 3, 1, 4):
        env.step([action, action])
    final = env.step([2, 2])  # X completes the top row
    assert final.terminated.tolist() == [True, True]
    assert final.rewards.tolist() == [[1.0, -1.0]] * 2
    assert final.current_player.tolist() == [gamesolver.TERMINAL] * 2
    assert not final.legal_action_mask.any()
    assert final.observation[0, 0].sum() == 3  # the final position, not the next start
    again = env.step([8, 5])  # ignored: the games start afresh
    assert again.terminated.tolist() == [False, False]
    assert again.rewards.tolist() == [[0.0, 0.0]] * 2
    np.testing.assert_array_equal(again.observation, start.observation)
    np.testing.assert_array_equal(again.legal_action_mask, start.legal_action_mask)
    assert VectorEnv.metadata["autoreset_mode"].value == "NextStep"


def test_illegal_actions_raise_and_play_nothing():
    env = SelfPlayVectorEnv("tictactoe", 3)
    env.reset(seed=0)
    before = env.step([4, 4, 4])
    with pytest.raises(ValueError, match="not legal in game 1"):
        env.step([0, 4, 0])
    with pytest.raises(ValueError):
        env.step([0, 9, 0])
    with pytest.raises(ValueError):
        env.step([0, -1, 0])
    with pytest.raises(ValueError, match="entries"):
        env.step([0, 1])
    with pytest.raises(ValueError, match="integers"):
        env.step([0.5, 1.0, 2.0])
    for i in range(3):
        assert str(env.state(i)) == "....X...."
    assert before.observation.shape == (3, 3, 3, 3)
    with pytest.raises(RuntimeError, match="reset"):
        SelfPlayVectorEnv("tictactoe", 1).step([0])


def test_bad_arguments():
    with pytest.raises(ValueError, match="num_envs"):
        SelfPlayVectorEnv("tictactoe", 0)
    with pytest.raises(ValueError, match="unknown opponent"):
        VectorEnv("tictactoe", 2, opponent="oracle")
    with pytest.raises(ValueError, match="tablebase"):
        VectorEnv("jungle", 2, opponent="perfect")
    with pytest.raises(ValueError):
        VectorEnv("tictactoe", 2, agent_player=2)
    with pytest.raises(ValueError):
        SelfPlayVectorEnv("nochess", 2)
    with pytest.raises(ValueError, match="over"):
        SelfPlayVectorEnv("tictactoe", 2, position="XXX.OO...")
    with pytest.raises(ValueError, match="seeds"):
        SelfPlayVectorEnv("tictactoe", 2).reset(seed=[1])


@pytest.mark.parametrize(
    "game,options",
    [(g, {"opponent": "random"}) for g in GAMES]
    + [(g, {"opponent": "engine", "nodes": 60}) for g in GAMES]
    + [("tictactoe", {"opponent": "perfect"})],
)
def test_opponent_moves_are_legal(game, options):
    n = 4
    env = VectorEnv(game, n, agent_player=1, **options)
    obs, info = env.reset(seed=3)
    g = gamesolver.load_game(game)
    for i in range(n):
        start = g.new_initial_state()
        assert int(info["opponent_action"][i]) in start.legal_actions()
    for _ in range(12):
        before = [env.state(i) for i in range(n)]
        actions = env.sample_legal_actions()
        obs, _, terminated, truncated, info = env.step(actions)
        for i in range(n):
            state = before[i]
            if state.is_terminal():
                continue
            state.apply_action(int(actions[i]))
            reply = int(info["opponent_action"][i])
            if state.is_terminal():
                assert reply == -1
            else:
                assert reply in state.legal_actions()
                state.apply_action(reply)
                assert str(state) == str(env.state(i))


def test_engine_opponent_is_reproducible():
    runs = []
    for _ in range(2):
        env = VectorEnv("uttt", 300, opponent="engine", nodes=40)
        env.reset(seed=5)
        replies = []
        for _ in range(4):
            replies.append(env.step(env.sample_legal_actions())[4]["opponent_action"])
        runs.append(np.stack(replies))
    np.testing.assert_array_equal(runs[0], runs[1])


def test_perfect_opponent_never_lets_a_won_position_go(ttt):
    """Tic-tac-toe: whenever the agent's move leaves the opponent a won
    position, the agent loses that game; the agent never wins."""
    table = gamesolver.solve(ttt)
    for agent_player in (0, 1):
        env = VectorEnv("tictactoe", 64, agent_player=agent_player, opponent="perfect")
        env.reset(seed=agent_player)
        doomed = np.zeros(64, dtype=bool)
        ends = 0
        for _ in range(60):
            actions = env.sample_legal_actions()
            for i in range(64):
                state = env.state(i)
                if state.is_terminal():
                    continue
                state.apply_action(int(actions[i]))
                if not state.is_terminal() and table.value(state) == "win":
                    doomed[i] = True
            _, rewards, terminated, _, _ = env.step(actions)
            assert (rewards <= 0).all()
            assert (rewards[terminated & doomed] == -1).all()
            ends += int(terminated.sum())
            doomed[terminated] = False
        assert ends > 64


def test_perfect_opponent_from_jungle_tables(elephant_tablebase):
    """The opponent with the E-e tables, to move in a won position, wins
    every game against random moves within the tables' 33 plies."""
    tablebase, _, _ = elephant_tablebase
    env = VectorEnv(
        "jungle", 8, agent_player=1, opponent="perfect", tablebase=tablebase.dir, position=ELEPHANTS
    )
    env.reset(seed=0)
    result = np.zeros(8)
    for _ in range(17):
        _, rewards, terminated, _, _ = env.step(env.sample_legal_actions())
        result[terminated & (result == 0)] = rewards[terminated & (result == 0)]
    assert (result == -1).all()


def test_gymnasium_vector_contracts():
    """Spaces contain what the environment returns, and Gymnasium's vector
    wrappers (which read the auto-reset mode) run on it."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = VectorEnv("tictactoe", 16)
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.action_space.contains(env.sample_legal_actions())
    wrapped = RecordEpisodeStatistics(env)
    wrapped.reset(seed=1)
    finished = 0
    for _ in range(30):
        obs, rewards, terminated, truncated, info = wrapped.step(env.sample_legal_actions())
        assert env.observation_space.contains(obs)
        assert rewards.dtype == np.float32 and terminated.dtype == bool
        if "episode" in info:
            finished += int(info["_episode"].sum())
    assert finished > 16


def test_the_step_says_what_it_runs_on():
    from gamesolver._native import VectorGames

    assert VectorGames.threads() >= 1
    assert VectorGames.instruction_set() in ("base", "x86-64-v3")


def test_copy_false_returns_the_buffers_in_place():
    env = SelfPlayVectorEnv("uttt", 4, copy=False)
    first = env.reset(seed=0)
    second = env.step(env.sample_legal_actions())
    assert first.observation is second.observation
    assert first is second, "the same views every step"
    g = env.games
    buffers = (g.observations, g.legal_action_mask, g.current_player, g.rewards, g.terminated, g.truncated)
    assert all(view is buffer for view, buffer in zip(second, buffers))
    third = env.step_random()[1]
    assert third is second and np.array_equal(third.observation, g.observations)
    copied = SelfPlayVectorEnv("uttt", 4)
    a = copied.reset(seed=0)
    b = copied.step(copied.sample_legal_actions())
    assert a.observation is not b.observation
    assert not np.array_equal(a.observation, b.observation)


def test_copy_false_observations_are_read_only():
    env = SelfPlayVectorEnv("uttt", 3, copy=False)
    batch = env.reset(seed=0)
    with pytest.raises(ValueError):
        batch.observation[0, 0, 0, 0] = 1.0
    with pytest.raises(ValueError):
        env.games.observations[...] = 0.0
    agent = VectorEnv("tictactoe", 2, copy=False)
    obs, _ = agent.reset(seed=0)
    with pytest.raises(ValueError):
        obs += 1.0
    copied = SelfPlayVectorEnv("uttt", 3).reset(seed=0).observation
    copied[0, 0, 0, 0] = 1.0  # a copy is the caller's
    assert env.games.observations[0, 0, 0, 0] == 0.0


@pytest.mark.parametrize("game", GAMES)
def test_rows_rewritten_in_place_equal_observations_written_afresh(game):
    """Each step rewrites only what changed in a row (bit-plane games): the
    rows after many steps, across auto-resets, truncation and resets, are
    every game's observation written from scratch."""
    for agent_player in (None, 1):
        games = gamesolver._native.VectorGames(
            game, 7, agent_player=agent_player, max_steps=30
        )
        games.reset(list(range(7)))
        ended = 0
        for step in range(160):
            if step == 80:
                games.reset(None)
            else:
                games.step_random()
            ended += int(games.terminated.sum() + games.truncated.sum())
            for i in range(7):
                expected = np.asarray(games.state(i).observation_tensor(), dtype=np.float32)
                np.testing.assert_array_equal(
                    games.observations[i].reshape(-1), expected.reshape(-1)
                )
        assert ended > 7
