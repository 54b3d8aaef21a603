"""Ultimate tic-tac-toe speed: gamesolver against OpenSpiel's pyspiel, same run.

Measures, for each library:

* random playouts per second through the per-step API (a Python loop of
  ``legal_actions()``, ``random.choice`` and ``apply_action`` until
  ``is_terminal()``), and the states per second that loop visits;
* the same random playouts with the loop's own Python work cut to the
  minimum: ``random.choice`` (Python code: ``_randbelow`` and
  ``getrandbits``) replaced by a precomputed table of random ints, the
  action ``actions[draw % len(actions)]`` (``drawn_game``), so the library
  calls are most of what is timed; the same table serves both libraries;
* both loops once more around a no-op stand-in (``NoOpGame``: a state
  whose methods are a deque's C methods doing next to nothing, the same
  action list each time, games of a fixed length), which is what the loop
  costs by itself: subtracted from a library's time per ply it leaves the
  library's share;
* states per second through ``apply_action`` + ``legal_actions`` alone
  (the same walk without ``random.choice``: the k-th legal action, k from
  a counter, so the library calls are what is timed);
* gamesolver's batch call ``random_playouts`` (the loop in Rust).

OpenSpiel's ultimate tic-tac-toe spends an extra action choosing the small
board whenever the choice is free, so its games have more states than
moves; playouts per second compare whole games.

    python bench/bench_uttt.py [--seconds 3] [--batch-games 200000] [--rounds 3]

"walk" rows are ``apply_action`` + ``legal_actions`` alone (the k-th legal
action, no RNG), "batch" gamesolver's ``random_playouts``.

pyspiel comes from the ``open_spiel`` package (``pip install open_spiel``);
without it only gamesolver is measured. Timings are wall-clock: run on a
quiet machine for figures worth quoting (docs/PERFORMANCE.md says under what
load the published ones were taken). Every measurement runs in ``--rounds``
interleaved rounds, so a change of the machine's load falls on every
library alike.
"""

from __future__ import annotations

import argparse
import collections
import platform
import random
import time

import gamesolver


def random_game(game, choice) -> int:
    """One game of random moves through the per-step API: its plies."""
    plies = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))
        plies += 1
    return plies


#: Entries of the precomputed random-int table.
DRAWS = 1 << 16

#: More plies than any game has (pyspiel's ultimate tic-tac-toe adds an
#: action per free choice of the small board to the 81 cells).
GAME_PLIES_BOUND = 256


def random_draws(seed: int) -> list:
    """The precomputed table of random ints for ``drawn_game`` (uniform in
    0 .. 2**30 - 1: the modulo of at most 81 actions is uniform to within
    one part in ten million)."""
    rng = random.Random(seed)
    return [rng.getrandbits(30) for _ in range(DRAWS)]


def drawn_game(game, draws: list, i: int):
    """One game of random moves through the per-step API with the random
    ints taken from ``draws``, entry ``i`` onwards (from 0 again when fewer
    than ``GAME_PLIES_BOUND`` are left): the loop's own Python work is a
    list index, a ``len``, a modulo and an increment a ply, the same for
    every library. Returns (plies, the next game's i)."""
    if i > len(draws) - GAME_PLIES_BOUND:
        i = 0
    first = i
    state = game.new_initial_state()
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[draws[i] % len(actions)])
        i += 1
    return i - first, i


class NoOpState(collections.deque):
    """A stand-in state that does nothing, to measure the benchmark loops
    by themselves. Like the libraries' states it is an instance of a C
    type whose methods are C functions (a deque's, called as method
    descriptors, as CPython calls those of pyspiel and gamesolver): the
    deque holds the answers, popped from the right end, so
    ``is_terminal()`` and ``legal_actions()`` take turns giving False and
    the same list of actions (no allocation) until the game's last
    ``is_terminal()`` gives True; ``apply_action(a)`` puts ``a`` at the
    left end, where nothing is popped."""

    __slots__ = ()
    is_terminal = collections.deque.pop
    legal_actions = collections.deque.pop
    apply_action = collections.deque.appendleft


class NoOpGame:
    """``new_initial_state()`` gives a ``NoOpState`` of ``plies`` plies
    with ``width`` actions (by default about a random ultimate tic-tac-toe
    game's: 58.9 plies, 9.2 legal actions a ply on average)."""

    def __init__(self, plies: int = 58, width: int = 9):
        self.plies = plies
        self.actions = list(range(width))

    def new_initial_state(self) -> NoOpState:
        return NoOpState([True] + [self.actions, False] * self.plies)


def walked_game(game, k: int):
    """One game through ``legal_actions`` + ``apply_action`` only, playing
    the k-th legal action (k grows by 7 a ply): (plies, k)."""
    plies = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        actions = state.legal_actions()
        k += 7
        state.apply_action(actions[k % len(actions)])
        plies += 1
    return plies, k


def per_step_playouts(game, seconds: float, seed: int):
    """Random playouts through the per-step API for about ``seconds``:
    (games, states visited, elapsed seconds)."""
    choice = random.Random(seed).choice
    games = plies = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            plies += random_game(game, choice)
            games += 1
    return games, plies, time.perf_counter() - started


def drawn_playouts(game, seconds: float, seed: int):
    """Random playouts with precomputed draws (``drawn_game``) for about
    ``seconds``: (games, states visited, elapsed seconds)."""
    draws = random_draws(seed)
    games = plies = i = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            game_plies, i = drawn_game(game, draws, i)
            plies += game_plies
            games += 1
    return games, plies, time.perf_counter() - started


def apply_and_list(game, seconds: float):
    """Walks games by ``legal_actions`` + ``apply_action`` only (no RNG):
    (games, states visited, elapsed seconds)."""
    games = plies = k = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            game_plies, k = walked_game(game, k)
            plies += game_plies
            games += 1
    return games, plies, time.perf_counter() - started


def batch_playouts(game, n: int, seed: int):
    """gamesolver's batch call: (games, plies, elapsed seconds)."""
    started = time.perf_counter()
    stats = gamesolver.random_playouts(game, n, seed)
    return stats["games"], stats["total_plies"], time.perf_counter() - started


#: The per-step loops: (label, function(game, seconds, seed)).
LOOPS = (
    ("random.choice", per_step_playouts),
    ("precomputed draws", drawn_playouts),
)


def workloads(args, libraries):
    """Every measurement of a round, as (library, loop, measure): measure()
    gives (games, states, elapsed seconds) for one round's share of
    ``--seconds`` (or of ``--batch-games``)."""
    seconds = args.seconds / args.rounds
    plan = []
    for name, game in libraries:
        for loop, play in LOOPS:
            plan.append((name, loop, lambda play=play, game=game: play(game, seconds, args.seed)))
        if name != "no-op stand-in":
            plan.append((name, "walk", lambda game=game: apply_and_list(game, seconds)))
        if name == "gamesolver":
            games = max(1, args.batch_games // args.rounds)
            plan.append((name, "batch", lambda game=game: batch_playouts(game, games, args.seed)))
    return plan


def measure(plan, rounds: int):
    """Runs the plan ``rounds`` times, interleaved (so a change of the
    machine's load falls on every library alike), and adds up each
    measurement: {(library, loop): (games, states, elapsed seconds)}."""
    results = {}
    for _ in range(rounds):
        for name, loop, run in plan:
            games, plies, elapsed = run()
            before = results.get((name, loop), (0, 0, 0.0))
            results[(name, loop)] = (before[0] + games, before[1] + plies, before[2] + elapsed)
    return results


def print_table(results) -> None:
    """The measurements as a Markdown table, with each loop's time per ply
    and, for the libraries, that time less the no-op stand-in's (the
    library's share)."""
    print("| what | playouts/s | states/s | mean plies | ns/ply | library's ns/ply |")
    print("|---|---:|---:|---:|---:|---:|")
    for (name, loop), (games, plies, elapsed) in results.items():
        per_ply = elapsed / plies * 1e9
        noop = results.get(("no-op stand-in", loop))
        share = "" if noop is None or name == "no-op stand-in" else f"{per_ply - noop[2] / noop[1] * 1e9:,.0f}"
        print(f"| {name}, {loop} | {games / elapsed:,.0f} | {plies / elapsed:,.0f} | {plies / games:.1f}"
              f" | {per_ply:,.0f} | {share} |")


def library_seconds_per_game(results, name, loop) -> float:
    """The library's share of a game's time in ``loop``: (its time per ply
    less the no-op stand-in's) times its plies per game."""
    games, plies, elapsed = results[(name, loop)]
    noop_games, noop_plies, noop_elapsed = results[("no-op stand-in", loop)]
    return (elapsed / plies - noop_elapsed / noop_plies) * plies / games


def print_ratios(results) -> None:
    """gamesolver over pyspiel, games per second, per loop."""
    for loop, _ in LOOPS + (("walk", None),):
        ours, theirs = results[("gamesolver", loop)], results[("pyspiel", loop)]
        ratio = (ours[0] / ours[2]) / (theirs[0] / theirs[2])
        line = f"{loop}: gamesolver games/s over pyspiel's {ratio:.2f}x (target 3x)"
        if loop != "walk":
            libraries = library_seconds_per_game(results, "pyspiel", loop) / library_seconds_per_game(
                results, "gamesolver", loop
            )
            line += f"; library calls alone (no-op loop subtracted): {libraries:.2f}x"
        print(line)
    ours_batch, their_step = results[("gamesolver", "batch")], results[("pyspiel", "random.choice")]
    batch = (ours_batch[0] / ours_batch[2]) / (their_step[0] / their_step[2])
    print(f"batch over pyspiel's random.choice loop: {batch:.0f}x (target 100x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per per-step measurement (all rounds)")
    parser.add_argument("--batch-games", type=int, default=200_000, help="games of the batch call (all rounds)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of every measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    libraries = [("gamesolver", gamesolver.load_game("uttt"))]
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed (pip install open_spiel): gamesolver only")
    if pyspiel is not None:
        libraries.append(("pyspiel", pyspiel.load_game("ultimate_tic_tac_toe")))
    libraries.append(("no-op stand-in", NoOpGame()))
    results = measure(workloads(args, libraries), args.rounds)

    print(f"Python {platform.python_version()} on {platform.machine()}, gamesolver {gamesolver.__version__}")
    print()
    print_table(results)
    if pyspiel is not None:
        print()
        print_ratios(results)


if __name__ == "__main__":
    main()
