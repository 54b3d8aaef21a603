"""A fixed ultimate tic-tac-toe workload for instruction counts (callgrind).

    python bench/count_uttt.py LIB MODE GAMES

LIB is ``gamesolver`` or ``pyspiel``; MODE ``step`` (random playouts through
``legal_actions``, ``random.choice`` and ``apply_action``), ``walk`` (the
k-th legal action, no RNG) or ``batch`` (gamesolver's ``random_playouts``).
Prints the plies played. Run it under ``valgrind --tool=callgrind`` with
GAMES and with 0 games and subtract the totals: the difference over the
games (or plies) is the cost per game (or ply), whatever the machine's load.
"""

import random
import sys


def main() -> None:
    lib, mode, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if lib == "gamesolver":
        import gamesolver

        game = gamesolver.load_game("uttt")
    else:
        import pyspiel

        game = pyspiel.load_game("ultimate_tic_tac_toe")
    choice = random.Random(1).choice
    plies = 0
    if mode == "step":
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                plies += 1
    elif mode == "walk":
        k = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()
                k += 7
                state.apply_action(actions[k % len(actions)])
                plies += 1
    elif mode == "batch":
        plies = gamesolver.random_playouts(game, games, 1)["total_plies"]
    print(plies)


if __name__ == "__main__":
    main()
