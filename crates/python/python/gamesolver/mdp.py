"""Tic-tac-toe against a fixed opponent, as a Markov decision process.

The agent plays one side (``"x"`` moves first, ``"o"`` second) against an
opponent that is either uniformly random (``"random"``) or a perfect player
choosing uniformly among its game-theoretically best moves (``"minimax"``).
Rewards are +1 win, 0 draw, -1 loss at the end of the game, undiscounted
unless ``gamma`` is given.

With ``exact=True`` the optimum and the outcome probabilities are computed
by backward induction in exact rational arithmetic and returned as
:class:`fractions.Fraction`, e.g. ``Fraction(191, 192)`` for X against the
random opponent::

    from gamesolver import mdp
    solution = mdp.solve(opponent="random", side="x")
    assert solution.value == Fraction(191, 192)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _native

Number = Union[Fraction, float]

__all__ = ["MdpSolution", "solve"]


def _number(approx: float, exact: Optional[str]) -> Number:
    return Fraction(exact) if exact else approx


@dataclass(frozen=True)
class MdpSolution:
    """The solution of the MDP (what :func:`solve` returns).

    Attributes:
        opponent: ``"random"`` or ``"minimax"``.
        side: the agent's side, ``"x"`` or ``"o"``.
        method: the planning method that produced ``policy`` and ``trace``.
        value: the optimal expected return from the start: a ``Fraction``
            when solved exactly, else a float.
        optimum: ``value`` as a float.
        trace: the method's value of the start per round (policy
            iteration), sweep (value iteration) or batch of episodes
            (Q-learning).
        first_moves: the agent's moves at its first decision (the empty
            board for X; for O, after the opponent's first opening) with
            their optimal values, best first: ``(move, value)``.
        first_position: the position of that first decision.
        outcome_probabilities: the probabilities of ``"win"``, ``"draw"``
            and ``"loss"`` when the agent follows ``policy`` (Fractions when
            exact).
        policy: for every position where the agent is to move (the
            position text), the move the policy plays.
    """

    opponent: str
    side: str
    method: str
    value: Number
    optimum: float
    trace: List[float] = field(repr=False)
    first_moves: List[Tuple[str, Number]]
    first_position: str
    outcome_probabilities: Dict[str, Number]
    policy: Dict[str, str] = field(repr=False)
    _session: Any = field(repr=False, compare=False, default=None)

    def action(self, position: str) -> str:
        """The policy's move in ``position`` (position text, agent to move).

        Raises ``ValueError`` (as :meth:`action_values` does) for a position
        where the agent is not to move or that cannot arise against this
        opponent.
        """
        try:
            return self.policy[position]
        except (KeyError, TypeError):
            raise ValueError(
                f"{position!r} is not a position where the agent ({self.side}) is to move "
                f"against the {self.opponent} opponent"
            ) from None

    def action_values(self, position: str) -> List[Tuple[str, Number]]:
        """Every move of ``position`` (agent to move) with its optimal value,
        best first (Fractions when solved exactly).

        Raises ``ValueError`` for a position where the agent is not to move
        in this model.
        """
        values = [(mv, _number(v, e)) for mv, v, e in self._session.action_values(position)]
        return sorted(values, key=lambda mv_value: -mv_value[1])


def solve(
    opponent: str = "random",
    side: str = "x",
    method: str = "policy-iteration",
    exact: bool = True,
    gamma: Optional[Union[str, float, Fraction]] = None,
    episodes: Optional[int] = None,
    seed: Optional[int] = None,
) -> MdpSolution:
    """Plans optimal tic-tac-toe play against a fixed opponent.

    Args:
        opponent: ``"random"`` or ``"minimax"``.
        side: ``"x"`` (the agent moves first) or ``"o"``.
        method: ``"policy-iteration"``, ``"value-iteration"`` or
            ``"q-learning"``.
        exact: also compute the optimum and outcome probabilities as exact
            fractions (backward induction over rationals).
        gamma: discount in (0, 1], e.g. ``"9/10"`` or ``0.9``; None = 1.
        episodes: episodes for Q-learning, 1 to 200,000 (None = 200,000).
        seed: random seed for Q-learning.

    Runs without the GIL; Ctrl-C raises ``KeyboardInterrupt``.

    Raises:
        ValueError: an unknown opponent, side, method, a bad gamma or a
            number of episodes out of range, with the library's message.
    """
    if isinstance(gamma, Fraction):
        gamma = f"{gamma.numerator}/{gamma.denominator}"
    elif gamma is not None:
        gamma = str(gamma)
    session = _native.mdp_solve(opponent, side, method, exact, gamma, episodes, seed)
    report = session.report()
    first_moves = [(mv, _number(v, e)) for mv, v, e in report["first_moves"]]
    first_moves.sort(key=lambda mv_value: -mv_value[1])
    odds = report["outcome_probabilities"]
    probabilities = {k: _number(odds[k], odds.get(f"{k}_exact") if exact else None) for k in ("win", "draw", "loss")}
    return MdpSolution(
        opponent=opponent,
        side=side,
        method=method,
        value=_number(report["optimum"], report["optimum_exact"]),
        optimum=report["optimum"],
        trace=list(report["trace"]),
        first_moves=first_moves,
        first_position=report["first_position"],
        outcome_probabilities=probabilities,
        policy=dict(report["policy"]),
        _session=session,
    )
