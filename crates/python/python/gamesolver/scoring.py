"""Exact scores of an agent, from the games' exact oracles.

* :func:`exact_score`: the agent's exact expected return (+1 win, 0 draw,
  -1 loss) and outcome probabilities against perfect play or random play,
  in a game with a solved table (tic-tac-toe), as :class:`fractions.Fraction`;
* :func:`exploitability`: how much a best-responding opponent takes from
  the agent, averaged over both seats (0 for a perfect agent);
* :func:`table_accuracy`: in games with tablebases (Jungle endgames,
  dōbutsu shōgi), the share of positions where the agent's move keeps the
  position's exact value (a won position stays won, a drawn one drawn).

A policy is either a callable over a batch, ``policy(observations, masks)``
with ``observations`` float32 ``(B, planes, rows, columns)`` and ``masks``
int8 ``(B, num_actions)``, returning ``B`` actions or a ``(B, num_actions)``
array of probabilities (renormalised over the legal actions), or a mapping
from position text (``str(state)``) to an action or a move in the game's
notation (e.g. :attr:`gamesolver.mdp.MdpSolution.policy`). Every position
the agent can meet is given to it once, in one call (or in batches of
``batch_size``).

The opponent ``"perfect"`` chooses uniformly among its best moves (as the
environments' perfect opponent does), ``"random"`` uniformly among its legal
moves. Probabilities from a float policy are taken exactly as the floats
are (``Fraction(float)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Union

import numpy as np

from . import _native

__all__ = ["ExactScore", "TableAccuracy", "exact_score", "exploitability", "table_accuracy"]

Policy = Union[Callable[[np.ndarray, np.ndarray], Any], Mapping[str, Union[int, str]]]


@dataclass(frozen=True)
class ExactScore:
    """The exact result of a policy against an opponent, for the agent."""

    #: Expected return: P(win) - P(loss).
    expected_return: Fraction
    win: Fraction
    draw: Fraction
    loss: Fraction

    @property
    def score(self) -> Fraction:
        """The expected score with a draw as half a point: P(win) + P(draw) / 2."""
        return self.win + self.draw / 2


@dataclass(frozen=True)
class TableAccuracy:
    """How often the agent's moves keep the tables' exact value."""

    #: Positions judged (covered by the tables, not over).
    positions: int
    #: Positions whose value the agent's move kept.
    kept: int
    #: Won positions the move threw away (to a draw or a loss).
    wins_lost: int
    #: Drawn positions the move lost.
    draws_lost: int

    @property
    def accuracy(self) -> float:
        """``kept / positions`` (1.0 when no position was judged)."""
        return self.kept / self.positions if self.positions else 1.0


def _load(game: Union[str, _native.Game], rules: Optional[str]) -> _native.Game:
    return _native.load_game(game, rules) if isinstance(game, str) else game


def _solved(game: _native.Game) -> _native.SolvedTable:
    if not game.capabilities["solved_table"]:
        raise ValueError(
            f"{game.name} has no solved table: exact scores need one "
            "(use table_accuracy with tablebases)"
        )
    return _native.solve(game)


def _policy_distributions(
    policy: Policy, states: List[_native.State], num_actions: int, batch_size: int
) -> List[Dict[int, Fraction]]:
    """Each state's action distribution under ``policy`` (legal actions only)."""
    result: List[Dict[int, Fraction]] = []
    if isinstance(policy, Mapping):
        for state in states:
            choice = policy[str(state)]
            action = state.move_to_action(choice) if isinstance(choice, str) else int(choice)
            result.append({action: Fraction(1)})
        return result
    for begin in range(0, len(states), batch_size):
        part = states[begin : begin + batch_size]
        observations = np.stack([s.observation_tensor() for s in part])
        masks = np.stack([s.legal_actions_mask() for s in part])
        answer = np.asarray(policy(observations, masks))
        for i, state in enumerate(part):
            legal = state.legal_actions()
            if answer.ndim == 1:
                action = int(answer[i])
                if action not in legal:
                    raise ValueError(f"the policy played {action}, not legal in {state}")
                result.append({action: Fraction(1)})
                continue
            weights = {a: Fraction(float(answer[i, a])) for a in legal}
            total = sum(weights.values())
            if total <= 0:
                raise ValueError(f"the policy gives no weight to a legal action in {state}")
            result.append({a: w / total for a, w in weights.items() if w})
    return result


def _opponent_moves(
    state: _native.State, opponent: str, solved: _native.SolvedTable
) -> List[int]:
    if opponent == "random":
        return list(state.legal_actions())
    if opponent == "perfect":
        return [state.move_to_action(m) for m in solved.best_moves(state)]
    raise ValueError(f"unknown opponent {opponent!r}: use 'perfect' or 'random'")


class _Tree:
    """The positions the agent can meet: every agent move, the opponent's
    moves (all of them for best response and random play, the best ones
    for perfect play); keyed by position text (exact for games whose
    position text is the whole state, as a solved table's are)."""

    def __init__(self, game: _native.Game, agent: int, opponent: str, solved) -> None:
        self.agent = agent
        self.children: Dict[str, List[tuple]] = {}
        self.terminal: Dict[str, List[float]] = {}
        self.agent_states: Dict[str, _native.State] = {}
        self.to_move: Dict[str, int] = {}
        start = game.new_initial_state()
        self.root = str(start)
        stack = [start]
        seen = {self.root}
        while stack:
            state = stack.pop()
            key = str(state)
            if state.is_terminal():
                self.terminal[key] = state.returns()
                continue
            player = state.current_player()
            self.to_move[key] = player
            if player == agent:
                self.agent_states[key] = state
                actions = state.legal_actions()
            else:
                actions = (
                    state.legal_actions()
                    if opponent == "best-response"
                    else _opponent_moves(state, opponent, solved)
                )
            kids = []
            for action in actions:
                child = state.clone()
                child.apply_action(action)
                child_key = str(child)
                kids.append((action, child_key))
                if child_key not in seen:
                    seen.add(child_key)
                    stack.append(child)
            self.children[key] = kids

    def outcome(self, key: str, distributions: Dict[str, Dict[int, Fraction]], opponent: str, memo):
        """(win, draw, loss) probabilities for the agent from ``key``."""
        if key in memo:
            return memo[key]
        if key in self.terminal:
            r = self.terminal[key][self.agent]
            result = (Fraction(int(r > 0)), Fraction(int(r == 0)), Fraction(int(r < 0)))
        elif self.to_move[key] == self.agent:
            kids = dict(self.children[key])
            result = (Fraction(0),) * 3
            for action, p in distributions[key].items():
                child = self.outcome(kids[action], distributions, opponent, memo)
                result = tuple(x + p * c for x, c in zip(result, child))
        else:
            outcomes = [self.outcome(k, distributions, opponent, memo) for _, k in self.children[key]]
            if opponent == "best-response":
                result = min(outcomes, key=lambda o: o[0] - o[2])
            else:
                n = len(outcomes)
                result = tuple(sum(o[i] for o in outcomes) / n for i in range(3))
        memo[key] = result
        return result


def _score(tree: _Tree, policy: Policy, game: _native.Game, opponent: str, batch_size: int) -> ExactScore:
    keys = list(tree.agent_states)
    states = [tree.agent_states[k] for k in keys]
    dists = _policy_distributions(policy, states, game.num_distinct_actions(), batch_size)
    win, draw, loss = tree.outcome(tree.root, dict(zip(keys, dists)), opponent, {})
    return ExactScore(expected_return=win - loss, win=win, draw=draw, loss=loss)


def exact_score(
    policy: Policy,
    game: Union[str, _native.Game] = "tictactoe",
    *,
    opponent: str = "perfect",
    agent_player: int = 0,
    rules: Optional[str] = None,
    batch_size: int = 65536,
) -> ExactScore:
    """The exact result of ``policy`` playing ``agent_player`` (0 = first,
    1 = second) against ``opponent`` (``"perfect"`` or ``"random"``), from
    the start, in a game with a solved table. Raises ValueError for a game
    without one."""
    game = _load(game, rules)
    solved = _solved(game)
    if agent_player not in (0, 1):
        raise ValueError(f"agent_player is 0 or 1, not {agent_player!r}")
    _opponent_moves(game.new_initial_state(), opponent, solved)  # checks the name
    tree = _Tree(game, agent_player, opponent, solved)
    return _score(tree, policy, game, opponent, batch_size)


def exploitability(
    policy: Policy,
    game: Union[str, _native.Game] = "tictactoe",
    *,
    rules: Optional[str] = None,
    batch_size: int = 65536,
) -> Fraction:
    """The mean over both seats of what a best-responding opponent takes
    from ``policy``: (game value - best-response return) per seat, in
    return units (+1 win, -1 loss); 0 exactly for a perfect policy."""
    game = _load(game, rules)
    solved = _solved(game)
    start = game.new_initial_state()
    first_value = {"win": 1, "draw": 0, "loss": -1}[solved.value(start)]
    total = Fraction(0)
    for seat, value in ((0, first_value), (1, -first_value)):
        tree = _Tree(game, seat, "best-response", solved)
        total += value - _score(tree, policy, game, "best-response", batch_size).expected_return
    return total / 2


def table_accuracy(
    policy: Policy,
    game: Union[str, _native.Game],
    tablebase: _native.Tablebase,
    positions: Iterable[Union[str, _native.State]],
    *,
    batch_size: int = 65536,
) -> TableAccuracy:
    """Judges the agent's move in each of ``positions`` (text or States of
    ``game``, the game of ``tablebase``, under its rules) with the tables: a move keeps the value when the
    position is won and the move wins, or drawn and the move draws (or
    wins); a lost position is always kept. Positions the tables do not
    cover, or that are over, are skipped."""
    game = _load(game, tablebase.rules)
    states = []
    reports = []
    for position in positions:
        state = game.state_from_string(position) if isinstance(position, str) else position
        if state.is_terminal():
            continue
        report = tablebase.probe(state)
        if report is None or report.drawn_by_rule is not None:
            continue
        states.append(state)
        reports.append(report)
    dists = _policy_distributions(policy, states, game.num_distinct_actions(), batch_size)
    kept = wins_lost = draws_lost = 0
    rank = {"loss": 0, "draw": 1, "win": 2}
    for state, report, dist in zip(states, reports, dists):
        action = max(dist, key=dist.get)  # a stochastic policy's likeliest move
        mv = state.action_to_move(action)
        verdicts = {m.move: (m.category or m.value) for m in report.moves}
        value = report.category or report.value
        got = verdicts[mv]
        # A cursed win and a blessed loss are draws under the rule.
        got_rank = rank.get(got, 1)
        need_rank = rank.get(value, 1)
        if got_rank >= need_rank:
            kept += 1
        elif need_rank == 2:
            wins_lost += 1
        else:
            draws_lost += 1
    return TableAccuracy(len(states), kept, wins_lost, draws_lost)
