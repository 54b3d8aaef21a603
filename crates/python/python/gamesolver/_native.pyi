"""Type stubs of the native module ``gamesolver._native`` (re-exported by ``gamesolver``)."""

import os
import pathlib
from typing import Any, Callable, Dict, List, Optional, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

__version__: str
TERMINAL: int
"""``State.current_player()`` of a finished game (-4, as OpenSpiel's ``PlayerId.TERMINAL``)."""

PositionLike = Union["State", str]

class PositionError(ValueError):
    """A text that is not a position of the game (or a position of another game)."""

    kind: str
    """The fault: ``empty``, ``fields``, ``board_shape``, ``bad_character``,
    ``side_to_move``, ``bad_field``, ``piece_count``, ``placement``,
    ``unreachable``, ``wrong_game``, ``outside_scope``, ``bad_material``,
    ``other``."""
    text: str
    """The offending input."""

class MoveError(ValueError):
    """A move or action that cannot be played."""

    kind: str
    """Why: ``unreadable``, ``illegal``, ``game_over``, ``bad_action``."""
    move: str
    """The move text or action number."""

class TablebaseError(OSError):
    """A tablebase or table file that cannot be used (missing, damaged, foreign, unreadable)."""

    cause: str
    """Why: ``no_tables``, ``missing_file``, ``not_a_file``, ``unreadable``,
    ``not_a_table``, ``version``, ``foreign``, ``truncated``, ``checksum``,
    ``corrupt``, ``locked``, ``build``."""
    filename: Optional[str]
    """The file or directory at fault, if one is."""

class OptionError(ValueError):
    """An engine option the engine's option table refuses (no such option, a value out of range)."""

    name: str
    """The option's name as given."""

class TablebaseUseError(ValueError):
    """Sound tables that do not fit the request."""

    cause: str
    """Why: ``rules_mismatch`` (other rules) or ``not_covered`` (nothing stored for it)."""

class Game:
    """A game under a rules preset, made by :func:`load_game`."""

    @property
    def name(self) -> str:
        """The registry name (:func:`registered_names` lists every game's)."""
    @property
    def title(self) -> str:
        """The game's title, e.g. "Ultimate tic-tac-toe"."""
    @property
    def rules(self) -> str:
        """The rules preset this game object plays."""
    @property
    def rules_presets(self) -> List[str]:
        """Every rules preset of the game, the default first."""
    @property
    def aliases(self) -> List[str]:
        """Other names :func:`load_game` accepts."""
    @property
    def engines(self) -> List[str]:
        """The engine kinds :class:`Engine` accepts for this game."""
    @property
    def capabilities(self) -> Dict[str, bool]:
        """solved_table, tablebase, search, mdp, perft, bench, terminal."""
    def engine_options(self) -> List[Dict[str, Any]]:
        """The options of the game's engine, from its option table, in protocol order.

        Each a dict: ``name``, ``type`` ("spin", "check", "combo", "string"),
        ``default`` (int, bool or str), ``min`` and ``max`` (spin only),
        ``values`` (combo only) and ``doc``.
        """
    def new_initial_state(self) -> State:
        """The start position."""
    def state_from_string(self, text: str) -> State:
        """The position written in the game's notation; ValueError if it is not one."""
    def num_distinct_actions(self) -> int:
        """The number of action ids (actions are ``0 .. n - 1``)."""
    def observation_tensor_shape(self) -> Tuple[int, int, int]:
        """(planes, rows, columns) of :meth:`State.observation_tensor`."""
    def num_players(self) -> int:
        """Always 2."""

class State:
    """A position in play, changed in place by :meth:`apply_action` / :meth:`apply_move`.

    ``str(state)`` is the position in the game's notation.
    """

    @property
    def game(self) -> Game:
        """The game this state belongs to."""
    @property
    def rules(self) -> str:
        """The rules preset."""
    def legal_actions(self) -> List[int]:
        """The legal actions, in move-generation order."""
    def legal_moves(self) -> List[str]:
        """The legal moves in the game's notation, in the order of :meth:`legal_actions`."""
    def legal_actions_mask(self) -> npt.NDArray[np.int8]:
        """int8 vector of length ``num_distinct_actions()``: 1 = legal."""
    def apply_action(self, action: int) -> None:
        """Plays an action; ValueError (state unchanged) if it is not legal."""
    def apply_move(self, move: str) -> None:
        """Plays a move in the game's notation; ValueError (state unchanged) if it is not legal."""
    def move_to_action(self, move: str) -> int:
        """The action id of a move."""
    def action_to_move(self, action: int) -> str:
        """The notation of an action id."""
    def clone(self) -> State:
        """An independent copy (with the history)."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def is_terminal(self) -> bool:
        """Whether the game is over (Jungle: also third repetition and 200 quiet plies)."""
    def current_player(self) -> int:
        """0 (first player), 1, or :data:`TERMINAL` (-4) when the game is over."""
    def returns(self) -> List[float]:
        """[first, second]: +1 win, -1 loss, 0 draw; [0, 0] while the game goes on."""
    def outcome(self) -> Optional[str]:
        """"first", "second" (who won), "draw", or None while the game goes on."""
    def history(self) -> List[str]:
        """The moves played since the state was made."""
    def observation_tensor(self) -> npt.NDArray[np.float32]:
        """float32 array of shape ``game.observation_tensor_shape()``, values 0 or 1."""

class SearchReport:
    """The result of :meth:`Engine.search` (or an intermediate report of one)."""

    engine: str
    bestmove: Optional[str]
    best_action: Optional[int]
    score: str
    """"cp N" or "mate N" (N in plies, negative when losing)."""
    score_cp: Optional[int]
    mate_plies: Optional[int]
    depth: int
    nodes: int
    nps: int
    time_ms: float
    pv: List[str]
    source: str
    """"search" or "tablebase"."""

class Engine:
    """A search engine for one game (alpha-beta or MCTS), optionally with a tablebase."""

    def __init__(
        self,
        game: Union[Game, str],
        kind: Optional[str] = None,
        hash_mb: Optional[int] = None,
        seed: Optional[int] = None,
        tablebase: Optional[Union[str, os.PathLike]] = None,
        rules: Optional[str] = None,
        options: Optional[Dict[str, Union[bool, int, str]]] = None,
    ) -> None:
        """``options``: further engine options by name (``Game.engine_options()``), checked by the engine's table (OptionError)."""
    @property
    def name(self) -> str:
        """The engine's name, e.g. "alphabeta"."""
    def search(
        self,
        state: State,
        movetime_ms: Optional[int] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        progress: Optional[Callable[[SearchReport], Any]] = None,
    ) -> SearchReport:
        """Searches ``state`` (all limits None = 20 ms). Releases the GIL; Ctrl-C raises KeyboardInterrupt."""
    def stop(self) -> None:
        """Stops a search running in another thread."""
    def new_game(self) -> None:
        """Forgets what earlier searches learnt."""
    def set_option(self, name: str, value: Union[bool, int, str]) -> None:
        """Sets engine option ``name`` (any case), checked by the engine's option table (OptionError); the engine is built again with it."""
    def options(self) -> List[Dict[str, Any]]:
        """The engine's options as :meth:`Game.engine_options` lists them, each with ``value``: this engine's."""

class MoveVerdict:
    """The exact verdict of one move, for the player making it."""

    move: str
    value: str
    distance: int
    category: Optional[str]
    """Under the game's no-zeroing rule (Jungle's tables): "win", "cursed-win", "draw", "blessed-loss" or "loss"."""
    dtz: Optional[int]
    """Plies to the next zeroing move (capture or end) after this move, counting it."""

class PositionReport:
    """A position's exact value, every move's verdict (best first), the best moves and the main line."""

    position: str
    value: str
    """"win", "draw" or "loss" for the side to move."""
    distance: int
    """Plies to the end under optimal play (shortest win, longest defence)."""
    moves: List[MoveVerdict]
    best: List[str]
    main_line: List[str]
    category: Optional[str]
    """Under the game's no-zeroing rule from the position's counter (Jungle's tables): "win", "cursed-win", "draw", "blessed-loss" or "loss"."""
    dtz: Optional[int]
    """Plies to the next zeroing move (capture or end) under best play."""
    counter: Optional[int]
    """Plies since the last zeroing move: the FEN's half-move field plus the moves played since."""
    drawn_by_rule: Optional[str]
    """Why the game is drawn already ("200-ply rule", "threefold repetition"), if it is."""

class SolvedTable:
    """The strong solution of a game (tic-tac-toe), made by :func:`solve`."""

    @property
    def game(self) -> Game: ...
    def query(self, position: PositionLike) -> PositionReport: ...
    def value(self, position: PositionLike) -> str:
        """"win", "draw" or "loss" for the side to move."""
    def distance(self, position: PositionLike) -> int:
        """Plies to the end of the game under optimal play."""
    def best_moves(self, position: PositionLike) -> List[str]:
        """Every best move."""
    def per_ply_counts(self) -> Any:
        """The solution's statistics per ply, as plain Python data."""

class TierBuilt(TypedDict):
    tier: str
    indices: int
    skipped: bool
    seconds: float
    file_bytes: int
    done: int
    total: int

class MaterialStats(TypedDict):
    material: str
    bottom_to_move: List[int]
    top_to_move: List[int]
    longest_win: int
    longest_win_example: Optional[str]

class Tablebase:
    """Endgame tablebases of a game that declares them, in a directory, for one rules preset."""

    def __init__(
        self, dir: Union[str, os.PathLike], rules: Optional[str] = None, game: Optional[Union[Game, str]] = None
    ) -> None: ...
    @property
    def dir(self) -> pathlib.Path: ...
    @property
    def rules(self) -> str: ...
    @property
    def max_pieces(self) -> int: ...
    def probe(self, position: PositionLike) -> Optional[PositionReport]:
        """The exact report, or None when the tables do not cover the position's material."""
    def covers(self, position: PositionLike) -> bool: ...
    def stats(self) -> List[MaterialStats]: ...
    def build(
        self,
        max_pieces: Optional[int] = None,
        material: Optional[str] = None,
        progress: Optional[Callable[[TierBuilt], Any]] = None,
        memory_limit_mib: Optional[int] = None,
    ) -> List[TierBuilt]:
        """Builds every tier up to ``max_pieces`` or one tier ``material`` (named as the game names it, e.g. Jungle's "LR-e") and every tier it leads to, within the game's piece limits; refused over ``memory_limit_mib`` (default 8192)."""

class PlayoutStats(TypedDict):
    games: int
    first_wins: int
    draws: int
    second_wins: int
    total_plies: int
    max_plies: int
    mean_plies: float

def load_game(name: str, rules: Optional[str] = None) -> Game:
    """The game of a registry name or alias (:func:`registered_names` lists them) under a rules preset; ValueError if unknown."""

def registered_names() -> List[str]:
    """The registry names of every game."""

def perft(state: State, depth: int) -> int:
    """Move sequences of exactly ``depth`` plies from ``state``. Releases the GIL; Ctrl-C raises KeyboardInterrupt."""

def random_playouts(start: Union[Game, State], n: int, seed: int = 0) -> PlayoutStats:
    """``n`` uniformly random games from ``start``: outcome counts and lengths. Deterministic per seed."""

def solve(game: Optional[Union[Game, str]] = None, rules: Optional[str] = None) -> SolvedTable:
    """The strong solution of ``game`` (default tic-tac-toe); ValueError for a game without one."""

class MdpSession:
    """A solved MDP (use :func:`gamesolver.mdp.solve`, which wraps it)."""

    def report(self) -> Dict[str, Any]: ...
    def action_values(self, position: str) -> List[Tuple[str, float, Optional[str]]]: ...

def mdp_solve(
    opponent: str = "random",
    side: str = "x",
    method: str = "policy-iteration",
    exact: bool = True,
    gamma: Optional[str] = None,
    episodes: Optional[int] = None,
    seed: Optional[int] = None,
) -> MdpSession:
    """The MDP behind :func:`gamesolver.mdp.solve` (use that instead)."""

class VectorGames:
    """N games of one game stepped in one call, in Rust (wrapped by
    :mod:`gamesolver.vector`): ``reset`` and ``step`` write the arrays the
    properties return, the same arrays every time."""

    def __init__(
        self,
        game: Union[Game, str],
        num_envs: int,
        rules: Optional[str] = None,
        agent_player: Optional[int] = None,
        opponent: str = "random",
        engine: Optional[str] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        hash_mb: Optional[int] = None,
        tablebase: Optional[Union[str, os.PathLike]] = None,
        position: Optional[str] = None,
        max_steps: Optional[int] = None,
    ) -> None: ...
    def reset(self, seeds: Optional[List[int]] = None) -> None:
        """Starts every game afresh; ``seeds`` (one per game) reseeds each game's generator."""
    def step(self, actions: np.ndarray) -> None:
        """One int64 action per game; ValueError (nothing played) for an illegal one."""
    def step_random(self) -> np.ndarray:
        """``step(random_actions())`` in one pass; returns the actions played (int64)."""
    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per game (int64), from each game's generator."""
    @staticmethod
    def threads() -> int:
        """The threads a step uses (the calling thread and the helpers)."""
    @staticmethod
    def instruction_set() -> str:
        """The instructions a step's loop runs on: "x86-64-v3" or "base"."""
    def state(self, index: int) -> State:
        """A copy of game ``index``'s position."""
    @property
    def observations(self) -> np.ndarray:
        """float32 (num_envs, planes, rows, columns), a read-only view."""
    @property
    def legal_action_mask(self) -> np.ndarray: ...
    @property
    def rewards(self) -> np.ndarray: ...
    @property
    def terminated(self) -> np.ndarray: ...
    @property
    def truncated(self) -> np.ndarray: ...
    @property
    def current_player(self) -> np.ndarray: ...
    @property
    def opponent_action(self) -> np.ndarray: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def game(self) -> Game: ...
    @property
    def agent_player(self) -> Optional[int]: ...

def read_game(text: str) -> Tuple[Dict[str, Any], State]: ...
def write_game(
    game: str,
    moves: List[str],
    start: Optional[str] = None,
    rules: Optional[str] = None,
    first: Optional[str] = None,
    second: Optional[str] = None,
    date: Optional[str] = None,
) -> str: ...
def review(
    text: str,
    movetime_ms: Optional[int] = None,
    depth: Optional[int] = None,
    tablebase: Optional[str] = None,
) -> Dict[str, Any]: ...
