"""Exact scores of an agent, from the games' exact oracles.

* :func:`exact_score`: the agent's exact expected return (+1 win, 0 draw,
  -1 loss) and outcome probabilities against perfect play or random play,
  in a game with a solved table (tic-tac-toe), as :class:`fractions.Fraction`;
* :func:`exploitability`: how much a best-responding opponent takes from
  the agent, averaged over both seats (0 for a perfect agent);
* :func:`table_score`: in games with tablebases (Jungle endgames,
  dōbutsu shōgi), the agent's exact expected result from each of a set of
  start positions the tables cover, against the tables' perfect play or
  uniform random play, by solving the game graph the policy and the
  opponent span (cycles included: endless play is a draw);
* :func:`table_accuracy`: in games with tablebases, the share of positions
  where the agent's move keeps the position's exact value (a won position
  stays won, a drawn one drawn).

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
from ._absorbing import absorption

__all__ = [
    "ExactScore",
    "StartScore",
    "TableAccuracy",
    "TableScore",
    "exact_score",
    "exploitability",
    "table_accuracy",
    "table_score",
]

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


@dataclass(frozen=True)
class StartScore:
    """The agent's exact expected result from one start position (the agent
    plays the side to move there), as floats."""

    #: The start position's text.
    position: str
    #: The tables' value of the start for the side to move ("win", "draw", "loss").
    table_value: str
    #: Expected return: P(win) - P(loss).
    expected_return: float
    win: float
    draw: float
    loss: float


@dataclass(frozen=True)
class TableScore:
    """:func:`table_score`'s answer: each start's score and their mean."""

    #: One entry per start position scored (the order given).
    starts: List[StartScore]
    #: Positions in the game graph the policy and the opponent span.
    graph_positions: int

    @property
    def expected_return(self) -> float:
        """The mean expected return over the starts."""
        return sum(s.expected_return for s in self.starts) / len(self.starts) if self.starts else 0.0

    @property
    def score(self) -> float:
        """The mean score with a draw as half a point."""
        return sum(s.win + s.draw / 2 for s in self.starts) / len(self.starts) if self.starts else 0.0


def table_score(
    policy: Policy,
    game: Union[str, _native.Game],
    tablebase: _native.Tablebase,
    positions: Iterable[Union[str, _native.State]],
    *,
    opponent: str = "perfect",
    batch_size: int = 65536,
    max_positions: int = 1_000_000,
    max_component: int = 4096,
) -> TableScore:
    """The exact expected result of ``policy`` from each of ``positions``
    (text or States of ``game``, the game of ``tablebase``; the agent plays
    the side to move there) against ``opponent``: ``"perfect"``, the
    tables' best moves uniformly (the shortest win, the longest defence,
    any drawing move in a draw, as the environments' perfect opponent), or
    ``"random"``, every legal move alike.

    The game is played by its position rules (a den entered, the last
    piece taken, no move left, a lion caught or home) on positions without
    history, the convention the tables are built under: the repetition and
    no-progress rules (Jungle's 200 plies without a capture) are not
    applied, and play that goes round for ever is a draw. The positions
    the policy and the opponent can reach (every action the policy gives a
    positive probability, every opponent move) form a graph with cycles; the
    probabilities of a win and a loss are its absorption probabilities,
    solved exactly (up to floating-point rounding) component by component,
    not sampled. The policy is asked about each position once, in batches
    of up to ``batch_size`` (a wave of new positions at a time).

    Raises ValueError when a start is over, not covered by the tables, or
    when the graph grows past ``max_positions`` positions or a cycle past
    ``max_component`` (see ``gamesolver._absorbing``)."""
    if opponent not in ("perfect", "random"):
        raise ValueError(f"unknown opponent {opponent!r}: use 'perfect' or 'random'")
    game = _load(game, tablebase.rules)
    starts: List[str] = []
    values: List[str] = []
    for position in positions:
        text = position if isinstance(position, str) else str(position)
        state = game.state_from_string(text)
        text = str(state)
        if state.is_terminal():
            raise ValueError(f"the start {text} is already over")
        report = tablebase.probe(state)
        if report is None:
            raise ValueError(f"the tables do not cover the start {text}")
        starts.append(text)
        values.append(report.value)
    graph = _TableGraph(game, tablebase, opponent, max_positions)
    for text in starts:
        graph.add_start(text)
    graph.expand(policy, batch_size)
    solved = absorption(graph.edges(), graph.ends(), max_component)
    results = []
    for text, value in zip(starts, values):
        agent = game.state_from_string(text).current_player()
        win, loss = solved[graph.index[(text, agent)]]
        results.append(StartScore(text, value, win - loss, win, max(0.0, 1.0 - win - loss), loss))
    return TableScore(results, len(graph.keys))


class _TableGraph:
    """The positions reachable from the starts when the side to move at
    each start plays ``policy`` and the other side ``opponent``, keyed by
    (position text, agent's side); each made afresh from its text (no
    history)."""

    def __init__(self, game: _native.Game, tablebase, opponent: str, max_positions: int) -> None:
        self.game = game
        self.tablebase = tablebase
        self.opponent = opponent
        self.max_positions = max_positions
        self.keys: List[tuple] = []
        self.index: Dict[tuple, int] = {}
        #: Per node: None (not expanded yet), a list of (probability, node),
        #: or the node's returns when the game is over.
        self.moves: List[Optional[List[tuple]]] = []
        self.returns: List[Optional[List[float]]] = []
        self.pending: List[int] = []

    def _node(self, text: str, agent: int, state: Optional[_native.State] = None) -> int:
        key = (text, agent)
        found = self.index.get(key)
        if found is not None:
            return found
        if len(self.keys) >= self.max_positions:
            raise ValueError(
                f"more than max_positions = {self.max_positions} positions are reachable: "
                "raise it or score fewer starts"
            )
        node = len(self.keys)
        self.index[key] = node
        self.keys.append(key)
        self.moves.append(None)
        over = state is not None and state.is_terminal()
        self.returns.append(state.returns() if over else None)
        if not over:
            self.pending.append(node)
        return node

    def add_start(self, text: str) -> None:
        state = self.game.state_from_string(text)
        self._node(text, state.current_player(), state)

    def _children(self, text: str, actions: Dict[int, float], agent: int) -> List[tuple]:
        out = []
        for action, p in actions.items():
            child = self.game.state_from_string(text)
            child.apply_action(action)
            child_text = str(child)
            # Afresh from the text: the history (repetitions, the
            # no-progress counter) is not part of a position here.
            over = child.is_terminal()
            out.append((p, self._node(child_text, agent, child if over else None)))
        return out

    def _opponent_actions(self, state: _native.State, text: str) -> Dict[int, float]:
        if self.opponent == "random":
            legal = state.legal_actions()
        else:
            report = self.tablebase.probe(state)
            if report is None or not report.best:
                raise ValueError(f"the tables do not answer the opponent's position {text}")
            legal = [state.move_to_action(m) for m in report.best]
        return {a: 1.0 / len(legal) for a in legal}

    def expand(self, policy: Policy, batch_size: int) -> None:
        """Expands every pending node, asking ``policy`` a wave at a time."""
        while self.pending:
            wave, self.pending = self.pending, []
            agent_nodes = []
            agent_states = []
            for node in wave:
                text, agent = self.keys[node]
                state = self.game.state_from_string(text)
                if state.current_player() == agent:
                    agent_nodes.append(node)
                    agent_states.append(state)
                else:
                    self.moves[node] = self._children(text, self._opponent_actions(state, text), agent)
            for begin in range(0, len(agent_states), batch_size):
                part = agent_states[begin : begin + batch_size]
                dists = _policy_distributions(policy, part, self.game.num_distinct_actions(), batch_size)
                for node, dist in zip(agent_nodes[begin : begin + batch_size], dists):
                    text, agent = self.keys[node]
                    floats = {a: float(p) for a, p in dist.items() if p > 0}
                    self.moves[node] = self._children(text, floats, agent)

    def edges(self) -> List[List[tuple]]:
        return [m if m is not None else [] for m in self.moves]

    def ends(self) -> List[Optional[tuple]]:
        out: List[Optional[tuple]] = []
        for (_, agent), returns in zip(self.keys, self.returns):
            if returns is None:
                out.append(None)
            else:
                r = returns[agent]
                out.append((1.0 if r > 0 else 0.0, 1.0 if r < 0 else 0.0))
        return out
