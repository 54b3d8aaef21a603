"""The single-agent Gymnasium environment: one side against a fixed opponent."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from gymnasium.error import ResetNeeded

from .. import _native
from .actions import checked_action
from .opponents import Opponent, make_opponent

__all__ = ["GameEnv"]


class GameEnv(gym.Env):
    """A game of this library as a Gymnasium environment.

    The agent plays ``agent_player`` (0 = the first player: X, Jungle's
    bottom side; 1 = the second) against a fixed ``opponent`` chosen at
    construction (see :func:`gamesolver.envs.make_opponent`: ``"random"``,
    ``"engine"`` with ``movetime_ms``/``nodes``/``depth``, ``"perfect"``
    with the solved table or a ``tablebase`` directory, or a callable).

    * observation: ``State.observation_tensor()``, float32 of shape
      ``game.observation_tensor_shape()`` (planes, rows, columns), values
      0 or 1;
    * action: ``Discrete(game.num_distinct_actions())``; the legal ones are
      ``info["action_mask"]`` (int8, 1 = legal). An action that is no
      element of the space (not a whole number, or out of range) raises
      :class:`gamesolver.envs.actions.InvalidAction` and changes nothing;
    * reward: at the end of the game, +1 win, 0 draw, -1 loss for the agent;
      0 before. An illegal action (in the space, not legal here) ends the
      episode with ``illegal_reward`` and ``info["illegal_action"] = True``;
    * once an episode has ended (``terminated``), or an opponent raised,
      ``step()`` raises ``gymnasium.error.ResetNeeded`` until ``reset()``,
      as Gymnasium requires (the position is not played on);
    * ``reset(seed=...)`` seeds the opponent's random choices, so a seed
      replays the same games; ``reset(options={"position": text})`` starts
      from a position in the game's notation.

    ``info`` also holds ``"opponent_actions"`` (the opponent's actions since
    the agent's last move) and ``"state"`` (the position text).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str = "tictactoe",
        rules: Optional[str] = None,
        opponent: Union[str, Opponent] = "random",
        agent_player: int = 0,
        illegal_reward: float = -1.0,
        render_mode: Optional[str] = None,
        **opponent_options: Any,
    ) -> None:
        if agent_player not in (0, 1):
            raise ValueError(f"agent_player is 0 (first) or 1 (second), not {agent_player!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not supported: use 'ansi' or None")
        self.game = _native.load_game(game, rules)
        self.opponent = make_opponent(self.game, opponent, **opponent_options)
        self.agent_player = agent_player
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        shape = self.game.observation_tensor_shape()
        self.observation_space = spaces.Box(0.0, 1.0, shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state: Optional[_native.State] = None
        # Whether step() may be called: a reset started an episode that has
        # not ended (the game, an illegal action) nor failed (an opponent
        # that raised left the opponent to move).
        self._running = False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        self._running = False
        position = (options or {}).get("position")
        if position is None:
            self.state = self.game.new_initial_state()
        else:
            self.state = self.game.state_from_string(position)
        opponent_actions = self._let_opponent_play()
        self._running = not self.state.is_terminal()
        return self.state.observation_tensor(), self._info(opponent_actions)

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if not self._running:
            raise ResetNeeded(
                "the episode is over (or never started, or the opponent failed): call reset() first"
            )
        action = checked_action(action, self.action_space.n)
        state = self.state
        if not state.legal_actions_mask()[action]:
            self._running = False
            info = self._info([])
            info["illegal_action"] = True
            return state.observation_tensor(), self.illegal_reward, True, False, info
        state.apply_action(action)
        self._running = False
        opponent_actions = self._let_opponent_play()
        terminated = state.is_terminal()
        self._running = not terminated
        reward = float(state.returns()[self.agent_player]) if terminated else 0.0
        return state.observation_tensor(), reward, terminated, False, self._info(opponent_actions)

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi" and self.state is not None:
            return f"{self.state}\n"
        return None

    def _let_opponent_play(self) -> list:
        state = self.state
        actions = []
        while not state.is_terminal() and state.current_player() != self.agent_player:
            # The opponent gets a copy: whatever it does to it, the
            # episode's position changes only by the action it returns,
            # which must be a legal whole-number action (else it raises,
            # and the episode needs a reset).
            action = checked_action(self.opponent(state.clone(), self.np_random), self.action_space.n)
            state.apply_action(action)
            actions.append(action)
        return actions

    def _info(self, opponent_actions: list) -> Dict[str, Any]:
        state = self.state
        if state.is_terminal() or not self._running:
            mask = np.zeros(self.action_space.n, dtype=np.int8)
        else:
            mask = state.legal_actions_mask()
        return {
            "action_mask": mask,
            "opponent_actions": opponent_actions,
            "state": str(state),
        }
