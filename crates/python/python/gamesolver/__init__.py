"""gamesolver: exactly solved games, endgame tablebases and strong engines.

The games are those of the module's registry, implemented in Rust:
:func:`registered_names` lists them, and each :class:`Game` says what it
can do (``Game.capabilities``). The vocabulary follows OpenSpiel's ``pyspiel`` where it fits::

    import gamesolver
    game = gamesolver.load_game("uttt")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])

What is here:

* games and states: :func:`load_game`, :class:`Game`, :class:`State`;
* batch calls that keep the loop in Rust: :func:`perft`, :func:`random_playouts`;
* exact answers: :func:`solve` (the solved tic-tac-toe table),
  :class:`Tablebase` (Jungle endgame tablebases, probe and build),
  :mod:`gamesolver.mdp` (tic-tac-toe against a fixed opponent, exact fractions);
* engines: :class:`Engine` (alpha-beta or MCTS; :class:`SearchReport`);
* environments: ``import gamesolver.envs`` registers a Gymnasium
  environment ``gamesolver/<name>-v0`` for every registered game (e.g.
  ``gamesolver/uttt-v0``) and offers a PettingZoo AEC environment;
  :mod:`gamesolver.vector` steps thousands of games in one call
  (``VectorEnv``, ``SelfPlayVectorEnv``), and :mod:`gamesolver.scoring`
  gives an agent's exact score against perfect or random play.

Errors are typed, so a caller never matches on messages: bad input raises a
``ValueError`` (:class:`PositionError` with ``kind`` and ``text`` for a
position, :class:`MoveError` with ``kind`` and ``move`` for a move or
action, :class:`TablebaseUseError` for tables that do not fit the request,
:class:`OptionError` for an engine option); a tablebase or table file that
cannot be used raises :class:`TablebaseError`, an ``OSError`` with
``cause`` and ``filename``; a failed read or write the ``OSError`` subclass
of its kind (``FileNotFoundError`` …). Long calls release the GIL and stop
on Ctrl-C (``KeyboardInterrupt``).
"""

from ._native import (
    TERMINAL,
    Engine,
    Game,
    MoveError,
    MoveVerdict,
    OptionError,
    PositionError,
    PositionReport,
    SearchReport,
    SolvedTable,
    State,
    Tablebase,
    TablebaseError,
    TablebaseUseError,
    __version__,
    load_game,
    perft,
    random_playouts,
    registered_names,
    solve,
)
from ._native import read_game as _read_game
from ._native import review as _review
from ._native import write_game
from . import mdp

__all__ = [
    "TERMINAL",
    "Engine",
    "Game",
    "MoveError",
    "MoveVerdict",
    "OptionError",
    "PositionError",
    "PositionReport",
    "SearchReport",
    "SolvedTable",
    "State",
    "Tablebase",
    "TablebaseError",
    "TablebaseUseError",
    "__version__",
    "load_game",
    "mdp",
    "perft",
    "random_playouts",
    "read_game",
    "registered_names",
    "review",
    "solve",
    "write_game",
]


def _record_text(record):
    """The text of a game record given as text or as a path to a file."""
    import os

    if isinstance(record, os.PathLike) or (
        isinstance(record, str) and "\n" not in record and os.path.isfile(record)
    ):
        with open(record, encoding="utf-8") as f:
            return f.read()
    return record


def read_game(record):
    """Reads a game record (its text, or a path to a file; docs/FORMATS.md).

    Returns a dict with the record's ``game``, ``rules``, ``start``,
    ``first``, ``second``, ``date``, ``result``, ``termination``, ``tags``
    and ``moves``, and under ``state`` the ``State`` after its last move
    (every move checked by the game's rules; a bad record raises
    ``ValueError``).
    """
    data, state = _read_game(_record_text(record))
    data["state"] = state
    return data


def review(record, movetime_ms=None, depth=None, tablebase=None):
    """Reviews a game record (its text, or a path to a file).

    Every position is evaluated (the game's solved table, or the tables of
    ``tablebase`` where they cover it, else the engine for ``movetime_ms``,
    100 by default, or to ``depth``) and every move classified by the drop
    of the mover's expected score: a dict with ``positions``, ``moves`` and
    each side's accuracy under ``sides`` (docs/REVIEW.md).
    """
    return _review(
        _record_text(record),
        movetime_ms=movetime_ms,
        depth=depth,
        tablebase=None if tablebase is None else str(tablebase),
    )
