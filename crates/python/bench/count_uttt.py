"""A fixed ultimate tic-tac-toe workload for instruction counts (callgrind).

    python bench/count_uttt.py LIB MODE GAMES

LIB is ``gamesolver``, ``pyspiel`` or ``noop`` (the no-op stand-in of
bench_uttt.py: what the loops cost by themselves); MODE ``step`` (random
playouts through ``legal_actions``, ``random.choice`` and ``apply_action``),
``draws`` (the same with the random ints from a precomputed table,
``drawn_game``), ``walk`` (the k-th legal action, no RNG) or ``batch``
(gamesolver's ``random_playouts``).
Prints the plies played. Run it under ``valgrind --tool=callgrind`` with
GAMES and with 0 games and subtract the totals: the difference over the
games (or plies) is the cost per game (or ply), whatever the machine's load.
Every run first plays one uncounted game and then runs a full garbage
collection, so one-time set-up (gamesolver's prebuilt action lists, made at
the first ``legal_actions`` call) cancels out: without the collection those
lists would be traversed by the loop's first collections of the young
generations, a cost that does not grow with the games.
"""

import gc
import random
import sys

import gamesolver
from bench_uttt import NoOpGame, drawn_game, random_draws, random_game, walked_game


def main() -> None:
    lib, mode, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if lib == "gamesolver":
        game = gamesolver.load_game("uttt")
    elif lib == "noop":
        game = NoOpGame()
    else:
        import pyspiel

        game = pyspiel.load_game("ultimate_tic_tac_toe")
    # One game before the counted ones, in every run (GAMES = 0 too), so
    # that one-time costs (gamesolver builds its prebuilt action lists at
    # the first legal_actions call) cancel in the difference.
    random_game(game, random.Random(0).choice)
    gc.collect()
    choice = random.Random(1).choice
    draws = random_draws(1)
    plies = k = 0
    if mode == "step":
        for _ in range(games):
            plies += random_game(game, choice)
    elif mode == "draws":
        for _ in range(games):
            game_plies, k = drawn_game(game, draws, k)
            plies += game_plies
    elif mode == "walk":
        for _ in range(games):
            game_plies, k = walked_game(game, k)
            plies += game_plies
    elif mode == "batch":
        plies = gamesolver.random_playouts(game, games, 1)["total_plies"]
    print(plies)


if __name__ == "__main__":
    main()
