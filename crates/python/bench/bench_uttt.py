"""Ultimate tic-tac-toe speed: gamesolver against OpenSpiel's pyspiel, same run.

Measures, for each library:

* random playouts per second through the per-step API (a Python loop of
  ``legal_actions()``, ``random.choice`` and ``apply_action`` until
  ``is_terminal()``), and the states per second that loop visits;
* states per second through ``apply_action`` + ``legal_actions`` alone
  (the same walk without ``random.choice``: the k-th legal action, k from
  a counter, so the library calls are what is timed);
* gamesolver's batch call ``random_playouts`` (the loop in Rust).

OpenSpiel's ultimate tic-tac-toe spends an extra action choosing the small
board whenever the choice is free, so its games have more states than
moves; playouts per second compare whole games.

    python bench/bench_uttt.py [--seconds 3] [--batch-games 200000]

pyspiel comes from the ``open_spiel`` package (``pip install open_spiel``);
without it only gamesolver is measured. Timings are wall-clock: run on a
quiet machine for figures worth quoting (docs/PERFORMANCE.md says under what
load the published ones were taken).
"""

from __future__ import annotations

import argparse
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


def row(name, games, plies, elapsed):
    return (name, games / elapsed, plies / elapsed, plies / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per per-step measurement")
    parser.add_argument("--batch-games", type=int, default=200_000, help="games of the batch call")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    ours = gamesolver.load_game("uttt")
    rows = [row("gamesolver per-step random playouts", *per_step_playouts(ours, args.seconds, args.seed))]
    rows.append(row("gamesolver batch random_playouts", *batch_playouts(ours, args.batch_games, args.seed)))
    rows.append(row("gamesolver apply_action + legal_actions", *apply_and_list(ours, args.seconds)))
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed (pip install open_spiel): gamesolver only")
    if pyspiel is not None:
        theirs = pyspiel.load_game("ultimate_tic_tac_toe")
        rows.append(row("pyspiel per-step random playouts", *per_step_playouts(theirs, args.seconds, args.seed)))
        rows.append(row("pyspiel apply_action + legal_actions", *apply_and_list(theirs, args.seconds)))

    print(f"Python {platform.python_version()} on {platform.machine()}, gamesolver {gamesolver.__version__}")
    print()
    print("| what | playouts/s | states/s | mean plies |")
    print("|---|---:|---:|---:|")
    for name, games_s, states_s, mean in rows:
        print(f"| {name} | {games_s:,.0f} | {states_s:,.0f} | {mean:.1f} |")
    if pyspiel is not None:
        ours_step, ours_batch, ours_walk, their_step, their_walk = rows
        print()
        print(f"per-step random playouts/s over pyspiel: {ours_step[1] / their_step[1]:.1f}x (target 3x)")
        print(f"apply_action + legal_actions, games/s over pyspiel: {ours_walk[1] / their_walk[1]:.1f}x"
              f" (states/s: {ours_walk[2] / their_walk[2]:.1f}x)")
        print(f"batch over pyspiel's per-step playouts: {ours_batch[1] / their_step[1]:.0f}x (target 100x)")


if __name__ == "__main__":
    main()
