"""Gymnasium's and PettingZoo's contracts, exactly (issue 26 finding 4):
no step after the end of an episode, no action outside the action space,
no move for an opponent that failed, no legal actions after the end."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import InvalidAction, ResetNeeded

import gamesolver.envs
from gamesolver.envs import aec_env


def test_step_after_an_illegal_action_needs_a_reset():
    env = gym.make("gamesolver/tictactoe-v0").unwrapped
    env.reset(seed=0)
    env.step(4)
    _, reward, terminated, _, info = env.step(4)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert not info["action_mask"].any()
    for action in (0, 1, 2):
        with pytest.raises(ResetNeeded):
            env.step(action)
    env.reset(seed=0)
    _, reward, _, _, _ = env.step(0)
    assert reward == 0.0


def test_step_after_the_game_ended_needs_a_reset():
    env = gym.make("gamesolver/tictactoe-v0", opponent="engine", depth=9).unwrapped
    env.reset(options={"position": "XX.OO...."})
    _, reward, terminated, _, _ = env.step(2)
    assert (reward, terminated) == (1.0, True)
    with pytest.raises(ResetNeeded):
        env.step(5)


def test_step_before_reset_needs_a_reset():
    with pytest.raises(ResetNeeded):
        gym.make("gamesolver/tictactoe-v0").unwrapped.step(0)


@pytest.mark.parametrize("action", [3.9, 3.0, np.float64(3), "3", True, np.bool_(True), None, [3], np.array([3]), 9, -1, 2**70])
def test_actions_outside_the_space_are_refused_and_change_nothing(action):
    env = gym.make("gamesolver/tictactoe-v0").unwrapped
    env.reset(seed=0)
    before = str(env.state)
    with pytest.raises(InvalidAction):
        env.step(action)
    with pytest.raises(ValueError):
        env.step(action)
    assert str(env.state) == before
    _, reward, terminated, _, _ = env.step(np.int64(4))
    assert (reward, terminated) == (0.0, False)
    env.step(np.array(0))


def test_a_failing_opponent_never_makes_the_agent_move_for_it():
    calls = []

    def flaky(state, rng):
        calls.append(str(state))
        if len(calls) == 1:
            raise RuntimeError("opponent crashed")
        return state.legal_actions()[0]

    env = gym.make("gamesolver/tictactoe-v0", opponent=flaky).unwrapped
    env.reset(seed=0)
    with pytest.raises(RuntimeError, match="crashed"):
        env.step(4)
    assert env.state.current_player() == 1
    with pytest.raises(ResetNeeded):
        env.step(0)
    assert str(env.state) == "....X...."
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(4)
    assert not terminated and info["opponent_actions"] == [0]


@pytest.mark.parametrize("answer", [3.9, "0", 9, None])
def test_an_opponent_answering_outside_the_space_is_refused(answer):
    env = gym.make("gamesolver/tictactoe-v0", opponent=lambda state, rng: answer).unwrapped
    env.reset(seed=0)
    with pytest.raises(InvalidAction):
        env.step(4)
    with pytest.raises(ResetNeeded):
        env.step(0)


def test_the_opponent_plays_on_a_copy():
    def vandal(state, rng):
        state.apply_action(8)
        return 0

    env = gym.make("gamesolver/tictactoe-v0", opponent=vandal).unwrapped
    env.reset(seed=0)
    _, _, _, _, info = env.step(4)
    assert info["state"] == "O...X...."


def test_pettingzoo_observe_after_an_illegal_action_shows_no_legal_action():
    env = aec_env("tictactoe")
    env.reset(seed=0)
    env.step(4)
    env.step(4)  # illegal: player_1 loses
    for agent in env.possible_agents:
        assert not env.observe(agent)["action_mask"].any()
        assert env.terminations[agent]
    assert env.rewards == {"player_0": 0.0, "player_1": -1.0}
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)
    for _ in env.agent_iter():
        env.step(None)
    assert env.agents == []
    with pytest.raises(RuntimeError, match="reset"):
        env.step(None)


@pytest.mark.parametrize("action", [3.9, "3", True, None, 9, -1])
def test_pettingzoo_actions_outside_the_space_are_refused(action):
    env = aec_env("tictactoe")
    env.reset(seed=0)
    with pytest.raises(InvalidAction):
        env.step(action)
    assert str(env.state) == "........."
    assert env.agent_selection == "player_0"
    env.step(np.int32(4))
    assert env.agent_selection == "player_1"
