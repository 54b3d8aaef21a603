"""Fixed opponents for the single-agent environments.

An opponent is a callable ``opponent(state, rng) -> action`` where ``state``
is a :class:`gamesolver.State` with the opponent to move and ``rng`` a
``numpy.random.Generator`` (the environment's, so seeded resets replay the
same games). :func:`make_opponent` builds the built-in ones from a name.
"""

from __future__ import annotations

import os
from typing import Callable, Optional, Union

import numpy as np

from .. import _native

Opponent = Callable[[_native.State, np.random.Generator], int]

__all__ = ["Opponent", "random_opponent", "EngineOpponent", "PerfectOpponent", "make_opponent"]


def random_opponent(state: _native.State, rng: np.random.Generator) -> int:
    """Plays a uniformly random legal action."""
    actions = state.legal_actions()
    return actions[int(rng.integers(len(actions)))]


class EngineOpponent:
    """Plays the engine's best move under a fixed budget.

    Exactly one of ``movetime_ms``, ``nodes`` and ``depth`` should be given
    (all None = the engine's default of 20 ms). A node or depth budget makes
    the opponent deterministic; a time budget does not.
    """

    def __init__(
        self,
        game: _native.Game,
        kind: Optional[str] = None,
        movetime_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        hash_mb: Optional[int] = None,
        tablebase: Optional[Union[str, os.PathLike]] = None,
    ) -> None:
        self.engine = _native.Engine(game, kind=kind, hash_mb=hash_mb, tablebase=tablebase)
        self.limits = {"movetime_ms": movetime_ms, "nodes": nodes, "depth": depth}

    def __call__(self, state: _native.State, rng: np.random.Generator) -> int:
        report = self.engine.search(state, **self.limits)
        if report.best_action is None:
            raise RuntimeError(f"the engine found no move in {state}")
        return report.best_action


class PerfectOpponent:
    """Plays a best move of an exact oracle where one covers the position,
    uniformly among the tied best moves; elsewhere falls back to
    ``fallback`` (an engine, or random play).

    The oracle is the solved table for tic-tac-toe, and the tablebase in
    ``tablebase`` for Jungle (positions with few pieces).
    """

    def __init__(
        self,
        game: _native.Game,
        tablebase: Optional[Union[str, os.PathLike]] = None,
        fallback: Optional[Opponent] = None,
    ) -> None:
        self.solved = None
        self.tablebase = None
        if game.capabilities["solved_table"]:
            self.solved = _native.solve(game)
        elif tablebase is not None:
            self.tablebase = _native.Tablebase(tablebase, rules=game.rules, game=game)
        else:
            raise ValueError(f"{game.name} has no solved table: give tablebase=DIR")
        self.fallback = fallback if fallback is not None else random_opponent

    def best_moves(self, state: _native.State) -> Optional[list]:
        """The oracle's best moves in ``state``, or None where it has no answer."""
        if self.solved is not None:
            return self.solved.best_moves(state)
        if self.tablebase is not None:
            report = self.tablebase.probe(state)
            if report is not None:
                return report.best
        return None

    def __call__(self, state: _native.State, rng: np.random.Generator) -> int:
        best = self.best_moves(state)
        if not best:
            return self.fallback(state, rng)
        return state.move_to_action(best[int(rng.integers(len(best)))])


def make_opponent(
    game: _native.Game,
    opponent: Union[str, Opponent] = "random",
    *,
    engine: Optional[str] = None,
    movetime_ms: Optional[int] = None,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
    tablebase: Optional[Union[str, os.PathLike]] = None,
) -> Opponent:
    """The opponent called ``opponent``.

    * ``"random"``: uniformly random legal moves;
    * ``"engine"``: the game's engine (``engine`` = its kind) with
      ``movetime_ms``, ``nodes`` or ``depth`` per move (and ``tablebase``);
    * ``"perfect"``: the solved table (tic-tac-toe) or the tablebase in
      ``tablebase`` where it covers the position, else the engine (with the
      same budget);
    * a callable ``(state, rng) -> action`` is used as it is.
    """
    if callable(opponent):
        return opponent
    budget = {"movetime_ms": movetime_ms, "nodes": nodes, "depth": depth}
    if opponent == "random":
        return random_opponent
    if opponent == "engine":
        return EngineOpponent(game, kind=engine, tablebase=tablebase, **budget)
    if opponent == "perfect":
        if game.capabilities["solved_table"]:
            return PerfectOpponent(game)
        if tablebase is None:
            raise ValueError(
                f"{game.name} has no solved table: opponent='perfect' needs tablebase=DIR "
                "(it plays the engine where the tables do not cover the position)"
            )
        fallback = EngineOpponent(game, kind=engine, tablebase=tablebase, **budget)
        return PerfectOpponent(game, tablebase=tablebase, fallback=fallback)
    raise ValueError(
        f"unknown opponent {opponent!r}: use 'random', 'engine', 'perfect' or a callable"
    )
