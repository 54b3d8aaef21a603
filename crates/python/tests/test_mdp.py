"""Tic-tac-toe against fixed opponents: exact values as Fractions."""

from fractions import Fraction

import pytest

from gamesolver import mdp


def test_x_against_random_is_191_over_192():
    solution = mdp.solve(opponent="random", side="x", method="policy-iteration", exact=True)
    assert solution.value == Fraction(191, 192)
    assert isinstance(solution.value, Fraction)
    assert solution.optimum == pytest.approx(191 / 192)
    assert solution.outcome_probabilities == {
        "win": Fraction(191, 192),
        "draw": Fraction(1, 192),
        "loss": Fraction(0),
    }
    assert solution.trace[:4] == pytest.approx([29 / 48, 121 / 128, 191 / 192, 191 / 192])
    assert solution.first_moves[0][1] == Fraction(191, 192)
    assert solution.action(".........") in {m for m, _ in solution.first_moves}


def test_value_iteration_agrees():
    solution = mdp.solve(opponent="random", side="x", method="value-iteration", exact=True)
    assert solution.value == Fraction(191, 192)


def test_against_minimax_the_optimum_is_a_draw():
    assert mdp.solve(opponent="minimax", side="x").value == 0


def test_without_exact_values_are_floats():
    solution = mdp.solve(opponent="random", side="x", exact=False)
    assert isinstance(solution.value, float)
    assert solution.value == pytest.approx(191 / 192)


@pytest.mark.parametrize(
    "kwargs", [{"opponent": "genius"}, {"side": "z"}, {"method": "guessing"}, {"gamma": "2"}]
)
def test_bad_arguments_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        mdp.solve(**kwargs)
