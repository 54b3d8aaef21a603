"""Ultimate tic-tac-toe speed: gamesolver against OpenSpiel's pyspiel, same run.

Measures, for each library:

* random playouts per second through the per-step API (a Python loop of
  ``legal_actions()``, ``random.choice`` and ``apply_action`` until
  ``is_terminal()``), and the states per second that loop visits;
* gamesolver's batch call ``random_playouts`` (the loop in Rust).

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


def per_step_playouts(game, seconds: float, seed: int):
    """Random playouts through the per-step API for about ``seconds``:
    (games, states visited, elapsed seconds)."""
    rng = random.Random(seed)
    choice = rng.choice
    games = plies = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                plies += 1
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
    rows = [row("gamesolver per-step", *per_step_playouts(ours, args.seconds, args.seed))]
    rows.append(row("gamesolver batch random_playouts", *batch_playouts(ours, args.batch_games, args.seed)))
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed (pip install open_spiel): gamesolver only")
    if pyspiel is not None:
        theirs = pyspiel.load_game("ultimate_tic_tac_toe")
        rows.append(row("pyspiel per-step", *per_step_playouts(theirs, args.seconds, args.seed)))

    print(f"Python {platform.python_version()} on {platform.machine()}, gamesolver {gamesolver.__version__}")
    print()
    print("| what | playouts/s | states/s | mean plies |")
    print("|---|---:|---:|---:|")
    for name, games_s, states_s, mean in rows:
        print(f"| {name} | {games_s:,.0f} | {states_s:,.0f} | {mean:.1f} |")
    if pyspiel is not None:
        base = rows[2][1]
        print()
        print(f"per-step speed-up over pyspiel: {rows[0][1] / base:.1f}x (target 3x)")
        print(f"batch speed-up over pyspiel's per-step loop: {rows[1][1] / base:.0f}x (target 100x)")


if __name__ == "__main__":
    main()
