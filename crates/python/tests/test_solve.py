"""The solved tic-tac-toe table against the reference numbers."""

import pytest

import gamesolver
from conftest import all_positions


@pytest.fixture(scope="module")
def table():
    return gamesolver.solve("tictactoe")


def test_empty_board_is_a_draw_in_nine_with_every_move_best(table, ttt):
    start = ttt.new_initial_state()
    assert table.value(start) == "draw"
    assert table.distance(".........") == 9
    assert sorted(table.best_moves(start)) == sorted(start.legal_moves())


def test_reference_position(table, ttt):
    state = ttt.state_from_string("O...X....")
    report = table.query(state)
    assert (report.value, report.distance) == ("draw", 7)
    best = sorted(state.move_to_action(m) for m in report.best)
    assert best == [1, 2, 3, 5, 6, 7, 8]
    assert sorted(report.best) == sorted(table.best_moves("O...X...."))


def test_every_position_value_counts(table, ttt):
    counts = {"win": 0, "draw": 0, "loss": 0}
    for state in all_positions(ttt).values():
        if not state.is_terminal():
            counts[table.value(state)] += 1
    assert counts == {"win": 2836, "draw": 1052, "loss": 632}


def test_query_lists_every_move_best_first_and_a_main_line_to_the_end(table, ttt):
    state = ttt.state_from_string("XX.OO....")
    report = table.query(state)
    assert (report.value, report.distance) == ("win", 1)
    assert sorted(m.move for m in report.moves) == sorted(state.legal_moves())
    assert report.moves[0].value == "win" and report.moves[0].distance == 1
    assert report.best == [state.action_to_move(2)]
    line = state.clone()
    for move in report.main_line:
        line.apply_move(move)
    assert line.is_terminal() and line.outcome() == "first"


def test_finished_position_has_distance_zero(table):
    assert table.distance("XXXOO....") == 0
    assert table.value("XXXOO....") == "loss"


def test_bad_input(table):
    with pytest.raises(ValueError):
        table.value("XXXXX....")
    with pytest.raises(ValueError, match="tictactoe"):
        table.value(gamesolver.load_game("uttt").new_initial_state())
    with pytest.raises(ValueError):
        gamesolver.solve("jungle")


def test_per_ply_counts_is_plain_data(table):
    counts = table.per_ply_counts()
    assert counts  # JSON-like data made of dicts, lists and numbers
