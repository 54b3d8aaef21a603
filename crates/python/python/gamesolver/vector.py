"""Vectorised environments: N games of one registered game stepped in one call.

The games are stepped in Rust (:class:`gamesolver._native.VectorGames`):
one call plays every game's action, the opponent's replies, writes every
observation, mask, reward and flag into numpy arrays in place, without the
GIL and over the machine's cores. Two forms:

* :class:`VectorEnv`, a :class:`gymnasium.vector.VectorEnv`: the agent plays
  one side of every game, the opponent (``"random"``, ``"engine"`` at a
  node or depth budget, ``"perfect"`` from the solved table or tablebases)
  plays the other inside the batch::

      from gamesolver.vector import VectorEnv
      env = VectorEnv("tictactoe", num_envs=1024, opponent="perfect")
      obs, info = env.reset(seed=0)
      actions = env.sample_legal_actions()       # or your policy, using info["action_mask"]
      obs, rewards, terminated, truncated, info = env.step(actions)

* :class:`SelfPlayVectorEnv` (as pgx offers): every move is an action, the
  player to move and both players' rewards are returned per game::

      from gamesolver.vector import SelfPlayVectorEnv
      env = SelfPlayVectorEnv("uttt", num_envs=4096)
      batch = env.reset(seed=0)
      batch = env.step(env.sample_legal_actions())
      batch.observation, batch.rewards, batch.current_player, batch.legal_action_mask

Auto-reset follows Gymnasium's **next-step** mode (``AutoresetMode.NEXT_STEP``,
the default of Gymnasium 1.x): the step that ends a game returns its final
observation with ``terminated`` (or ``truncated`` at ``max_episode_steps``)
and the game's reward; the next step ignores that game's action, starts it
afresh and returns the new episode's first observation with reward 0 and
both flags off.

``reset(seed=s)`` seeds game ``i`` with ``s + i`` (as Gymnasium's
``SyncVectorEnv`` does; a list gives each game's seed): a game's
trajectory depends only on its seed and its actions, so game ``i`` of a
batch plays as a batch of one seeded ``s + i``.

The arrays returned are copies when ``copy=True`` (the default); with
``copy=False`` they are the environment's own buffers, overwritten by the
next step (no allocation per step; copy what you keep). The observations
are then read-only views (writing into them raises ``ValueError``; do
not turn their ``writeable`` flag back on): a
step rewrites only the values of a game's row that changed since the
last step, where the game's observation allows it.

An action that is not legal in its game raises ``ValueError`` and nothing
is played. The Gymnasium part needs ``gymnasium`` (``pip install
gamesolver[envs]``); :class:`SelfPlayVectorEnv` needs only numpy.
"""

from __future__ import annotations

import os
from typing import Any, Dict, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native

__all__ = ["Batch", "SelfPlayVectorEnv", "VectorEnv"]

Seed = Union[None, int, Sequence[int]]


def _seeds(seed: Seed, num_envs: int) -> Optional[list]:
    """Each game's seed: ``seed + i`` for an int, the list as given."""
    if seed is None:
        return None
    if isinstance(seed, (int, np.integer)):
        return [int(seed) + i for i in range(num_envs)]
    return [int(s) for s in seed]


def _actions(actions: Any) -> np.ndarray:
    """The actions as a contiguous int64 vector (no copy if they are one)."""
    if (
        type(actions) is np.ndarray
        and actions.dtype == np.int64
        and actions.ndim == 1
        and actions.flags.c_contiguous
    ):
        return actions  # the common case (``sample_legal_actions``), checked cheaply
    array = np.asarray(actions)
    if array.dtype.kind not in "iu":
        raise ValueError(f"actions must be integers, not {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.int64).reshape(-1)


class Batch(NamedTuple):
    """The arrays of a self-play batch after ``reset`` or ``step`` (pgx's names)."""

    #: float32 (num_envs, planes, rows, columns): ``State.observation_tensor()`` per game.
    observation: np.ndarray
    #: int8 (num_envs, num_actions): 1 = legal; all 0 for a game that just terminated.
    legal_action_mask: np.ndarray
    #: int32 (num_envs,): the player to move (0, 1), or TERMINAL (-4) for a game that just ended.
    current_player: np.ndarray
    #: float32 (num_envs, 2): each player's reward at this step (+1 win, -1 loss, 0 otherwise).
    rewards: np.ndarray
    #: bool (num_envs,): the game ended at this step.
    terminated: np.ndarray
    #: bool (num_envs,): the episode was cut at ``max_episode_steps`` at this step.
    truncated: np.ndarray


class SelfPlayVectorEnv:
    """``num_envs`` games of ``game`` in self-play: every move is an action.

    ``position`` is every episode's first position (the game's notation;
    default the start), ``max_episode_steps`` cuts an episode after that
    many plies (``truncated``). See the module's documentation for
    auto-reset, seeds and ``copy``.
    """

    def __init__(
        self,
        game: Union[str, _native.Game] = "tictactoe",
        num_envs: int = 1,
        *,
        rules: Optional[str] = None,
        position: Optional[str] = None,
        max_episode_steps: Optional[int] = None,
        copy: bool = True,
    ) -> None:
        self.games = _native.VectorGames(
            game, num_envs, rules=rules, position=position, max_steps=max_episode_steps
        )
        self.game = self.games.game
        self.num_envs = num_envs
        self.num_actions = self.game.num_distinct_actions()
        self.copy = copy
        # With copy=False every step returns the same views of the batch's
        # buffers: built once, the first time.
        self._views: Optional[Batch] = None

    def reset(self, seed: Seed = None) -> Batch:
        """Starts every game afresh (see the module for ``seed``)."""
        self.games.reset(_seeds(seed, self.num_envs))
        return self._batch()

    def step(self, actions: Any) -> Batch:
        """Plays one action per game (an integer array of ``num_envs``)."""
        self.games.step(_actions(actions))
        return self._batch()

    def sample_legal_actions(self) -> np.ndarray:
        """A uniformly random legal action per game (int64), drawn in Rust
        with each game's seeded generator (pgx's random agent)."""
        actions = self.games.random_actions()
        return actions.copy() if self.copy else actions

    def step_random(self) -> Tuple[np.ndarray, Batch]:
        """``step(sample_legal_actions())`` in one call: each game's random
        legal action drawn and played in the same pass (the same actions,
        so the same trajectories). Returns the actions played (int64; 0 for
        a game started afresh) and the batch."""
        actions = self.games.step_random()
        return (actions.copy() if self.copy else actions), self._batch()

    def state(self, index: int) -> _native.State:
        """A copy of game ``index``'s position."""
        return self.games.state(index)

    def _batch(self) -> Batch:
        if not self.copy and self._views is not None:
            return self._views
        g = self.games
        arrays = (
            g.observations,
            g.legal_action_mask,
            g.current_player,
            g.rewards,
            g.terminated,
            g.truncated,
        )
        if self.copy:
            return Batch(*(a.copy() for a in arrays))
        self._views = Batch(*arrays)
        return self._views


try:
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
    from gymnasium.vector import AutoresetMode as _AutoresetMode
    from gymnasium.vector.utils import batch_space as _batch_space
except ImportError:  # pragma: no cover - gymnasium is optional
    _gym = None

if _gym is not None:

    class VectorEnv(_gym.vector.VectorEnv):
        """``num_envs`` games of ``game``: the agent plays ``agent_player``
        (0 = first, 1 = second) in every game, the ``opponent`` the other
        side inside the batch.

        * ``opponent="random"``: uniformly random legal moves (drawn with
          each game's seeded generator);
        * ``"engine"``: the game's engine (``engine`` = its kind) at
          ``nodes`` (default 1,000) or ``depth``, its tables cleared before
          every move (so a move depends only on the position);
        * ``"perfect"``: a best move of the solved table (tic-tac-toe) or of
          the tablebases in ``tablebase`` where they cover the position,
          uniformly among the tied best moves; elsewhere the engine if
          ``nodes`` or ``depth`` is given, else random moves.

        Observations are float32 ``(num_envs, planes, rows, columns)``,
        actions ``MultiDiscrete`` of the game's action count; the legal
        ones are ``info["action_mask"]`` (int8, all 0 for a game that just
        terminated). Rewards are +1 / 0 / -1 for the agent when its game ends.
        ``info["opponent_action"]`` is the opponent's action of the step per
        game (-1 if it did not move). Auto-reset: next-step (see the module).
        """

        metadata = {"autoreset_mode": _AutoresetMode.NEXT_STEP, "render_modes": []}

        def __init__(
            self,
            game: Union[str, _native.Game] = "tictactoe",
            num_envs: int = 1,
            *,
            rules: Optional[str] = None,
            agent_player: int = 0,
            opponent: str = "random",
            engine: Optional[str] = None,
            nodes: Optional[int] = None,
            depth: Optional[int] = None,
            hash_mb: Optional[int] = None,
            tablebase: Optional[Union[str, os.PathLike]] = None,
            position: Optional[str] = None,
            max_episode_steps: Optional[int] = None,
            copy: bool = True,
        ) -> None:
            if agent_player not in (0, 1):
                raise ValueError(f"agent_player is 0 (first) or 1 (second), not {agent_player!r}")
            self.games = _native.VectorGames(
                game,
                num_envs,
                rules=rules,
                agent_player=agent_player,
                opponent=opponent,
                engine=engine,
                nodes=nodes,
                depth=depth,
                hash_mb=hash_mb,
                tablebase=None if tablebase is None else os.fspath(tablebase),
                position=position,
                max_steps=max_episode_steps,
            )
            self.game = self.games.game
            self.agent_player = agent_player
            self.num_envs = num_envs
            self.copy = copy
            shape = self.game.observation_tensor_shape()
            n = self.game.num_distinct_actions()
            self.single_observation_space = _spaces.Box(0.0, 1.0, shape, np.float32)
            self.single_action_space = _spaces.Discrete(n)
            self.observation_space = _batch_space(self.single_observation_space, num_envs)
            self.action_space = _batch_space(self.single_action_space, num_envs)
            self._all = np.ones(num_envs, dtype=bool)

        def reset(
            self, *, seed: Seed = None, options: Optional[Dict[str, Any]] = None
        ) -> Tuple[np.ndarray, Dict[str, Any]]:
            """Starts every game afresh; the opponent moves first where the
        agent plays second. ``options`` is not used (give ``position`` to
        the constructor)."""
            if options:
                raise ValueError(f"reset takes no options, not {options!r}")
            super().reset(seed=seed if isinstance(seed, (int, type(None))) else None)
            self.games.reset(_seeds(seed, self.num_envs))
            return self._out(self.games.observations), self._info()

        def step(
            self, actions: Any
        ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
            """Plays the agent's action in every game, then the opponent's reply."""
            self.games.step(_actions(actions))
            return self._result()

        def sample_legal_actions(self) -> np.ndarray:
            """A uniformly random legal action per game (int64), drawn in
            Rust with each game's seeded generator."""
            return self._out(self.games.random_actions())

        def step_random(
            self,
        ) -> Tuple[np.ndarray, Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]]:
            """``step(sample_legal_actions())`` in one call (the same
            actions, drawn and played in one pass): the actions played and
            what ``step`` returns."""
            actions = self._out(self.games.step_random())
            return actions, self._result()

        def state(self, index: int) -> _native.State:
            """A copy of game ``index``'s position."""
            return self.games.state(index)

        def _result(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
            """What ``step`` returns, from the batch's arrays."""
            g = self.games
            return (
                self._out(g.observations),
                self._out(g.rewards),
                self._out(g.terminated),
                self._out(g.truncated),
                self._info(),
            )

        def _out(self, array: np.ndarray) -> np.ndarray:
            return array.copy() if self.copy else array

        def _info(self) -> Dict[str, Any]:
            g = self.games
            return {
                "action_mask": self._out(g.legal_action_mask),
                "_action_mask": self._all,
                "opponent_action": self._out(g.opponent_action),
                "_opponent_action": self._all,
            }
else:  # pragma: no cover - gymnasium is optional

    class VectorEnv:  # type: ignore[no-redef]
        """Needs gymnasium (``pip install gamesolver[envs]``)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise ImportError("gamesolver.vector.VectorEnv needs gymnasium: pip install gymnasium")
