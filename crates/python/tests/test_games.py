"""Games and states: the OpenSpiel-style API against independent numbers."""

from fractions import Fraction

import numpy as np
import pytest

import gamesolver
from conftest import all_positions

JUNGLE_START = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"


def test_registry_names_and_aliases():
    assert gamesolver.registered_names() == ["tictactoe", "uttt", "jungle", "dobutsu"]
    for name in gamesolver.registered_names():
        game = gamesolver.load_game(name)
        assert game.name == name
        assert game.rules == game.rules_presets[0]
        for alias in game.aliases:
            assert gamesolver.load_game(alias) == game
    assert gamesolver.load_game("TicTacToe").name == "tictactoe"


def test_unknown_game_and_rules_raise_value_error_with_the_library_message():
    with pytest.raises(ValueError, match="chess") as info:
        gamesolver.load_game("chess")
    assert "tictactoe" in str(info.value)  # the message lists the known games
    with pytest.raises(ValueError, match="nonsense"):
        gamesolver.load_game("uttt", rules="nonsense")


def test_rules_presets_load(uttt, jungle):
    assert gamesolver.load_game("uttt", rules="codingame").rules == "codingame"
    for preset in jungle.rules_presets:
        assert gamesolver.load_game("jungle", rules=preset).new_initial_state().rules == preset


def test_tictactoe_has_5478_positions_with_the_reference_terminal_split(ttt):
    positions = all_positions(ttt)
    assert len(positions) == 5478
    outcomes = [s.outcome() for s in positions.values()]
    assert outcomes.count("first") == 626
    assert outcomes.count("second") == 316
    assert outcomes.count("draw") == 16
    assert outcomes.count(None) == 4520


def test_notation_round_trips_and_moves_match_actions(ttt):
    for text, state in all_positions(ttt).items():
        again = ttt.state_from_string(text)
        assert str(again) == text
        assert again.legal_actions() == state.legal_actions()
        moves = state.legal_moves()
        assert len(moves) == len(state.legal_actions())
        for move, action in zip(moves, state.legal_actions()):
            assert state.move_to_action(move) == action
            assert state.action_to_move(action) == move


def test_terminal_state_api(ttt):
    state = ttt.state_from_string("XXXOO....")
    assert state.is_terminal()
    assert state.outcome() == "first"
    assert state.returns() == [1.0, -1.0]
    assert state.current_player() == gamesolver.TERMINAL == -4
    assert state.legal_actions() == []
    assert not state.legal_actions_mask().any()


def test_apply_action_move_clone_history(ttt):
    state = ttt.new_initial_state()
    assert state.current_player() == 0
    centre = state.action_to_move(4)
    state.apply_action(4)
    copy = state.clone()
    corner = copy.action_to_move(0)
    copy.apply_move(corner)
    assert str(state) == "....X...."
    assert state.current_player() == 1
    assert state.history() == [centre]
    assert copy.history() == [centre, corner]
    assert str(copy) == "O...X...."
    assert state.returns() == [0.0, 0.0]


def test_mask_and_observation(uttt, jungle, ttt):
    for game in (ttt, uttt, jungle):
        state = game.new_initial_state()
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == sorted(state.legal_actions())
        observation = state.observation_tensor()
        assert observation.dtype == np.float32
        assert observation.shape == game.observation_tensor_shape()
        assert observation.min() >= 0.0 and observation.max() <= 1.0
        observation[:] = 0.5  # writable, and a copy
        assert state.observation_tensor().max() <= 1.0


def test_observation_changes_with_the_position(ttt):
    state = ttt.new_initial_state()
    before = state.observation_tensor()
    state.apply_action(0)
    assert not np.array_equal(before, state.observation_tensor())


@pytest.mark.parametrize("depth,count", [(1, 81), (2, 720), (3, 6336), (4, 55080), (5, 473256), (6, 4020960)])
def test_uttt_perft_from_the_start(uttt, depth, count):
    assert gamesolver.perft(uttt.new_initial_state(), depth) == count


@pytest.mark.parametrize("depth,count", [(1, 24), (2, 576), (3, 12240), (4, 260099), (5, 5111620)])
def test_jungle_perft_from_the_start(jungle, depth, count):
    start = jungle.new_initial_state()
    assert str(start) == JUNGLE_START
    assert gamesolver.perft(start, depth) == count


def test_perft_of_a_finished_position_is_zero(ttt):
    assert gamesolver.perft(ttt.state_from_string("XXXOO...."), 3) == 0
    assert gamesolver.perft(ttt.new_initial_state(), 0) == 1


def test_random_playouts_of_tictactoe_match_the_exact_probabilities(ttt):
    # Uniformly random play: X wins 737/1260, O 121/420, draws 8/63.
    n = 200_000
    stats = gamesolver.random_playouts(ttt, n, seed=7)
    assert stats["games"] == n
    assert stats["first_wins"] + stats["draws"] + stats["second_wins"] == n
    for key, p in (("first_wins", Fraction(737, 1260)), ("second_wins", Fraction(121, 420)), ("draws", Fraction(8, 63))):
        p = float(p)
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(stats[key] / n - p) < 5 * sigma, key
    assert 5 <= stats["max_plies"] <= 9
    assert 5 <= stats["mean_plies"] <= 9


def test_random_playouts_are_deterministic_per_seed(uttt):
    a = gamesolver.random_playouts(uttt, 5000, seed=1)
    b = gamesolver.random_playouts(uttt, 5000, seed=1)
    c = gamesolver.random_playouts(uttt, 5000, seed=2)
    assert a == b
    assert a != c


def test_random_playouts_from_a_state(ttt):
    state = ttt.state_from_string("XX.OO....")  # X to move wins at once with 2, else O can win
    stats = gamesolver.random_playouts(state, 1000, seed=3)
    assert stats["first_wins"] + stats["draws"] + stats["second_wins"] == 1000
    assert stats["max_plies"] <= 5
    finished = gamesolver.random_playouts(ttt.state_from_string("XXXOO...."), 10)
    assert finished["first_wins"] == 10 and finished["total_plies"] == 0


def test_jungle_moves_and_history(jungle):
    state = jungle.new_initial_state()
    assert "g3g4" in state.legal_moves()
    state.apply_move("g3g4")
    assert state.history() == ["g3g4"]
    assert state.current_player() == 1
    assert str(jungle.state_from_string(str(state))) == str(state)
    assert 0 <= state.move_to_action("a7a6") < jungle.num_distinct_actions()


@pytest.mark.parametrize(
    "game_name,text",
    [("tictactoe", "XX"), ("tictactoe", "XXXXX...."), ("uttt", "x"), ("jungle", "l5t w"), ("jungle", ""), ("uttt", "")],
)
def test_bad_positions_raise_value_error(game_name, text):
    game = gamesolver.load_game(game_name)
    with pytest.raises(ValueError) as info:
        game.state_from_string(text)
    assert str(info.value)  # the library's message, never empty


def test_illegal_moves_raise_value_error_and_leave_the_state_unchanged(ttt, jungle):
    state = ttt.state_from_string("....X....")
    for bad in (4, 9, -1, 10**12):
        with pytest.raises(ValueError):
            state.apply_action(bad)
    with pytest.raises(ValueError):
        state.apply_move("nonsense")
    assert str(state) == "....X...." and state.history() == []
    start = jungle.new_initial_state()
    with pytest.raises(ValueError) as info:
        start.apply_move("a1a9")
    assert "a1a9" in str(info.value)
    assert str(start) == JUNGLE_START
