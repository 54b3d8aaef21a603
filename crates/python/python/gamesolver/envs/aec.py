"""The two-player PettingZoo AEC environment (self-play)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import _native
from .actions import checked_action

__all__ = ["GameAECEnv", "env"]


class GameAECEnv(AECEnv):
    """A game of this library as a PettingZoo AEC environment.

    Agents ``"player_0"`` (moves first: X, Jungle's bottom side) and
    ``"player_1"`` take turns. Each observation is a dict with
    ``"observation"`` (``State.observation_tensor()``, float32) and
    ``"action_mask"`` (int8, the legal actions of the agent to move; all
    zeros for the other agent). Rewards come at the end of the game: +1 win,
    -1 loss, 0 draw. An illegal action ends the game with -1 for the agent
    that made it and 0 for the other, and ``infos[agent]["illegal_action"]``.

    As PettingZoo requires, an agent whose game has ended (terminated) only
    steps with ``None`` (anything else raises ``ValueError``) and then
    leaves; its observation's ``action_mask`` is all zeros. An action that
    is no element of the action space (not a whole number, or out of range)
    raises :class:`gamesolver.envs.actions.InvalidAction` and changes
    nothing; stepping after every agent has left raises ``RuntimeError``
    (call ``reset()``).
    """

    metadata = {"render_modes": ["ansi"], "name": "gamesolver_v0", "is_parallelizable": False}

    def __init__(
        self, game: str = "tictactoe", rules: Optional[str] = None, render_mode: Optional[str] = None
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not supported: use 'ansi' or None")
        self.game = _native.load_game(game, rules)
        self.metadata = dict(self.metadata, name=f"gamesolver_{self.game.name}_v0")
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        shape = self.game.observation_tensor_shape()
        n = self.game.num_distinct_actions()
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state: Optional[_native.State] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        position = (options or {}).get("position")
        if position is None:
            self.state = self.game.new_initial_state()
        else:
            self.state = self.game.state_from_string(position)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        if self.state.is_terminal():
            self._end(self.state.returns())
        else:
            self.agent_selection = self.agents[self.state.current_player()]
            self._update_masks()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return {"observation": self.state.observation_tensor(), "action_mask": self._mask(agent)}

    def step(self, action: Any) -> None:
        if self.state is None or not self.agents:
            raise RuntimeError("the game is over and every agent has left: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = checked_action(action, self.action_spaces[agent].n)
        self._cumulative_rewards[agent] = 0.0
        state = self.state
        if not state.legal_actions_mask()[action]:
            returns = [0.0, 0.0]
            returns[self.possible_agents.index(agent)] = -1.0
            self._end(returns)
            self.infos[agent]["illegal_action"] = True
        else:
            state.apply_action(action)
            if state.is_terminal():
                self._end(state.returns())
            else:
                self.agent_selection = self.agents[state.current_player()]
                self._update_masks()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi" and self.state is not None:
            return f"{self.state}\n"
        return None

    def close(self) -> None:
        pass

    def _mask(self, agent: str) -> np.ndarray:
        state = self.state
        ended = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        if ended or state.is_terminal() or self.possible_agents[state.current_player()] != agent:
            return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return state.legal_actions_mask()

    def _update_masks(self) -> None:
        for a in self.agents:
            self.infos[a]["action_mask"] = self._mask(a)

    def _end(self, returns) -> None:
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(returns[i])
            self.terminations[a] = True
            self.infos[a]["action_mask"] = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not hasattr(self, "agent_selection"):
            self.agent_selection = self.agents[0]


def env(game: str = "tictactoe", rules: Optional[str] = None, render_mode: Optional[str] = None) -> GameAECEnv:
    """A PettingZoo AEC environment for two-player self-play of ``game``."""
    return GameAECEnv(game=game, rules=rules, render_mode=render_mode)
