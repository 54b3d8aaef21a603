"""The module attacked as a hostile user would (issue 26): wrong types,
huge and negative integers, numpy integers, misuse. Every call either
works or raises TypeError (not an integer / wrong kind of object) or
ValueError (an integer out of range, bad text), never OverflowError, a
crash or a hang."""

import numpy as np
import pytest

import gamesolver
from gamesolver import mdp

# Beyond every 64-bit argument, or negative.
HUGE = [2**64, 2**127, 2**128, 2**200, -(2**200), -1, np.int64(-1)]
# Beyond every 32-bit argument (and the capped ones) as well.
OVER_32_BITS = HUGE + [2**32, 2**64 - 1, np.uint64(2**64 - 1)]


@pytest.mark.parametrize("value", OVER_32_BITS)
def test_integers_over_32_bits_are_value_errors(uttt, value):
    state = uttt.new_initial_state()
    calls = [
        lambda: state.apply_action(value),
        lambda: state.action_to_move(value),
        lambda: gamesolver.perft(state, value),
        lambda: gamesolver.Engine(uttt, hash_mb=value),
        lambda: gamesolver.Engine(uttt).search(state, depth=value),
        lambda: mdp.solve(method="q-learning", episodes=value),
        lambda: gamesolver.Tablebase("/nonexistent").build(max_pieces=value),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()
    assert str(state) == str(uttt.new_initial_state())


@pytest.mark.parametrize("value", HUGE)
def test_integers_over_64_bits_are_value_errors(uttt, value):
    state = uttt.new_initial_state()
    calls = [
        lambda: gamesolver.random_playouts(uttt, value),
        lambda: gamesolver.Engine(uttt).search(state, nodes=value),
        lambda: gamesolver.Engine(uttt).search(state, movetime_ms=value),
        lambda: gamesolver.Tablebase("/nonexistent").build(material="E-e", memory_limit_mib=value),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()


@pytest.mark.parametrize("value", [2**64 - 1, np.uint64(2**64 - 1), 2**200])
def test_seeds_take_any_64_bit_value_and_refuse_more(uttt, value):
    if int(value) < 2**64:
        gamesolver.random_playouts(uttt, 2, seed=value)
        gamesolver.Engine(uttt, seed=value)
    else:
        with pytest.raises(ValueError, match="seed"):
            gamesolver.random_playouts(uttt, 2, seed=value)
        with pytest.raises(ValueError, match="seed"):
            gamesolver.Engine(uttt, seed=value)


@pytest.mark.parametrize("value", [3.9, "3", None, [3], b"3", object()])
def test_non_integers_are_type_errors(uttt, value):
    state = uttt.new_initial_state()
    for call in (
        lambda: state.apply_action(value),
        lambda: gamesolver.perft(state, value),
        lambda: gamesolver.random_playouts(uttt, value),
    ):
        with pytest.raises(TypeError):
            call()


def test_numpy_integers_work_like_ints(uttt):
    state = uttt.new_initial_state()
    state.apply_action(np.int64(40))
    state.apply_action(np.uint8(36))
    assert gamesolver.perft(state, np.int32(2)) == gamesolver.perft(state, 2)


def test_wrong_objects_are_type_errors(uttt, ttt):
    with pytest.raises(TypeError):
        gamesolver.Engine(42)
    with pytest.raises(TypeError):
        gamesolver.random_playouts("uttt", 3)
    with pytest.raises(TypeError):
        gamesolver.solve(ttt).query(12)
    with pytest.raises(ValueError):
        gamesolver.Engine(uttt).search(ttt.new_initial_state())
    with pytest.raises(ValueError):
        gamesolver.solve(ttt).query(uttt.new_initial_state())


def test_mdp_questions_about_impossible_positions_are_value_errors():
    solution = mdp.solve()
    for position in ("XXX......", "not a board", "", "........."[:-1]):
        with pytest.raises(ValueError):
            solution.action(position)
        with pytest.raises(ValueError):
            solution.action_values(position)


def test_refusals_read_as_english(tmp_path, uttt):
    """Issue 26 finding 11: "uttt has no tablebase", not "has no a tablebase"."""
    with pytest.raises(ValueError) as refused:
        gamesolver.Tablebase(str(tmp_path), game="uttt")
    assert "uttt has no tablebase" in str(refused.value)
    with pytest.raises(ValueError) as refused:
        gamesolver.solve(uttt)
    assert "uttt has no solved table" in str(refused.value)
