"""Reinforcement-learning environments for the games of :mod:`gamesolver`.

Importing this module registers one Gymnasium environment for every game
of the registry, ``gamesolver/<name>-v0`` (the game's registry name, see
:func:`gamesolver.registered_names`)::

    import gymnasium as gym
    import gamesolver.envs  # registers the ids below

    env = gym.make("gamesolver/tictactoe-v0")                     # against random play
    env = gym.make("gamesolver/uttt-v0", opponent="engine", nodes=2000)
    env = gym.make("gamesolver/jungle-v0", opponent="engine", movetime_ms=10)

(see :class:`GameEnv` for the spaces, rewards and options), and offers a
PettingZoo AEC environment for two-player self-play::

    from gamesolver.envs import aec_env
    env = aec_env("uttt")

PettingZoo is imported only by :func:`aec_env`.
"""

from __future__ import annotations

from typing import Optional

import gymnasium as gym

from .._native import registered_names
from .gym_env import GameEnv
from .opponents import EngineOpponent, PerfectOpponent, make_opponent, random_opponent

__all__ = [
    "ENV_IDS",
    "EngineOpponent",
    "GameEnv",
    "PerfectOpponent",
    "aec_env",
    "env_id",
    "make_opponent",
    "random_opponent",
]


def env_id(game: str) -> str:
    """The Gymnasium id registered for the game named ``game``."""
    return f"gamesolver/{game}-v0"


#: The registered Gymnasium ids and the game each plays: one per game of
#: the registry, so a game added to the registry gets its environment.
ENV_IDS = {env_id(name): name for name in registered_names()}

for _env_id, _game in ENV_IDS.items():
    if _env_id not in gym.registry:
        gym.register(id=_env_id, entry_point="gamesolver.envs.gym_env:GameEnv", kwargs={"game": _game})


def aec_env(game: str = "tictactoe", rules: Optional[str] = None, render_mode: Optional[str] = None):
    """A PettingZoo AEC environment (:class:`gamesolver.envs.aec.GameAECEnv`)
    for two-player self-play of ``game``."""
    from .aec import GameAECEnv

    return GameAECEnv(game=game, rules=rules, render_mode=render_mode)
