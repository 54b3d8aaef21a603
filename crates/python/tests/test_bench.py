"""The benchmark loops of bench/bench_uttt.py play what they claim: whole
random games through the per-step API, and a no-op stand-in of the stated
length (its time is what the loops cost by themselves)."""

import argparse
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from bench_uttt import (  # noqa: E402
    DRAWS,
    GAME_PLIES_BOUND,
    NoOpGame,
    drawn_game,
    measure,
    random_draws,
    random_game,
    walked_game,
    workloads,
)


def test_random_draws_are_a_seeded_table():
    draws = random_draws(1)
    assert len(draws) == DRAWS
    assert draws == random_draws(1)
    assert draws != random_draws(2)
    assert all(0 <= d < 1 << 30 for d in draws)
    assert len(set(draws)) > DRAWS * 0.99


def test_drawn_games_are_whole_random_games(uttt):
    draws, i, lengths = random_draws(1), 0, []
    for _ in range(20):
        plies, next_i = drawn_game(uttt, draws, i)
        assert next_i - i == plies
        assert 17 <= plies <= 81
        lengths.append(plies)
        i = next_i
    assert len(set(lengths)) > 1
    # The first game by hand: the draws pick the actions, the game ends
    # after the plies drawn_game counted.
    state, k = uttt.new_initial_state(), 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[draws[k] % len(actions)])
        k += 1
    assert k == lengths[0]
    assert len(state.history()) == k


def test_drawn_games_start_over_near_the_end_of_the_table(uttt):
    draws = random_draws(1)
    from_start = drawn_game(uttt, draws, 0)
    assert drawn_game(uttt, draws, DRAWS - GAME_PLIES_BOUND + 1) == from_start
    plies, next_i = drawn_game(uttt, draws, DRAWS - GAME_PLIES_BOUND)
    assert next_i == DRAWS - GAME_PLIES_BOUND + plies


@pytest.mark.parametrize("plies", [0, 1, 58])
def test_no_op_stand_in_plays_its_length(plies):
    game = NoOpGame(plies=plies, width=9)
    assert random_game(game, lambda actions: actions[0]) == plies
    assert drawn_game(game, random_draws(1), 0) == (plies, plies)
    assert walked_game(game, 0) == (plies, 7 * plies)


def test_no_op_stand_in_answers_like_a_state():
    state = NoOpGame(plies=3, width=9).new_initial_state()
    answers = []
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[0])
        answers.append(actions)
    assert len(answers) == 3
    assert all(actions is answers[0] for actions in answers)
    assert answers[0] == list(range(9))


def test_interleaved_rounds_add_up(uttt):
    args = argparse.Namespace(seconds=0.02, batch_games=6, rounds=2, seed=1)
    libraries = [("gamesolver", uttt), ("no-op stand-in", NoOpGame(plies=58))]
    results = measure(workloads(args, libraries), args.rounds)
    assert set(results) == {
        ("gamesolver", "random.choice"),
        ("gamesolver", "precomputed draws"),
        ("gamesolver", "walk"),
        ("gamesolver", "batch"),
        ("no-op stand-in", "random.choice"),
        ("no-op stand-in", "precomputed draws"),
    }
    assert results[("gamesolver", "batch")][0] == 6
    for (name, loop), (games, plies, elapsed) in results.items():
        if loop != "batch":
            # Every timed loop plays whole batches of 20 games, at least
            # one a round.
            assert games >= 40 and games % 20 == 0
        assert elapsed > 0
        if name == "no-op stand-in":
            assert plies == 58 * games
        else:
            assert 17 * games <= plies <= 81 * games
