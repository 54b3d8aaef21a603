"""Gymnasium and PettingZoo environments: the official checkers and behaviour."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import gamesolver
import gamesolver.envs
from gamesolver.envs import ENV_IDS, aec_env


def test_every_registered_game_has_its_environment():
    assert sorted(ENV_IDS.values()) == sorted(gamesolver.registered_names())
    for env_id, game in ENV_IDS.items():
        assert env_id == gamesolver.envs.env_id(game)
        assert env_id in gym.registry


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_gymnasium_env_checker(env_id):
    env = gym.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_random_agent_plays_whole_episodes_with_the_mask(env_id):
    env = gym.make(env_id, render_mode="ansi")
    rng = np.random.default_rng(0)
    for episode in range(2):
        observation, info = env.reset(seed=episode)
        assert env.observation_space.contains(observation)
        terminated = truncated = False
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, terminated, truncated, info = env.step(action)
        assert reward in (-1.0, 0.0, 1.0)
        assert "illegal_action" not in info
        assert isinstance(env.render(), str)


def test_seeded_resets_replay_the_opponent(uttt):
    env = gym.make("gamesolver/uttt-v0", agent_player=1)
    first = [env.reset(seed=s)[1]["opponent_actions"] for s in (5, 6, 5)]
    assert first[0] == first[2]
    assert len(first[0]) == 1
    states = []
    for _ in range(2):
        _, info = env.reset(seed=11)
        trace = [info["state"]]
        for _ in range(4):
            action = int(np.flatnonzero(info["action_mask"])[0])
            _, _, terminated, _, info = env.step(action)
            trace.append(info["state"])
        states.append(trace)
    assert states[0] == states[1]


def test_illegal_action_ends_the_episode():
    env = gym.make("gamesolver/tictactoe-v0")
    env.reset(seed=0)
    env.step(4)
    _, reward, terminated, truncated, info = env.step(4)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)


def test_perfect_opponent_never_loses():
    env = gym.make("gamesolver/tictactoe-v0", opponent="perfect")
    rng = np.random.default_rng(1)
    for episode in range(40):
        _, info = env.reset(seed=episode)
        terminated = False
        while not terminated:
            _, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert reward <= 0.0


def test_engine_opponent_and_starting_position():
    env = gym.make("gamesolver/uttt-v0", opponent="engine", nodes=500, agent_player=1)
    _, info = env.reset(seed=0)
    assert len(info["opponent_actions"]) == 1
    env = gym.make("gamesolver/tictactoe-v0", opponent="engine", depth=9)
    _, info = env.reset(options={"position": "XX.OO...."})
    _, reward, terminated, _, _ = env.step(2)
    assert (reward, terminated) == (1.0, True)


def test_bad_options_raise_value_error():
    with pytest.raises(ValueError):
        gym.make("gamesolver/tictactoe-v0", opponent="psychic")
    with pytest.raises(ValueError):
        gym.make("gamesolver/tictactoe-v0", agent_player=2)
    with pytest.raises(ValueError):
        gym.make("gamesolver/jungle-v0", opponent="perfect")  # needs tablebase=DIR


@pytest.mark.parametrize("game", ["tictactoe", "uttt", "jungle", "dobutsu"])
def test_pettingzoo_api_test(game):
    api_test(aec_env(game), num_cycles=200)


def test_aec_self_play_rewards_sum_to_zero():
    env = aec_env("tictactoe")
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert sum(totals.values()) == 0.0
