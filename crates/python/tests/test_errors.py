"""Errors are typed: callers catch classes and read attributes, never match on text."""

import shutil

import pytest

import gamesolver

ELEPHANTS = "7/7/7/7/7/7/1e5/7/E6 w"


@pytest.mark.parametrize(
    "game, text, kind",
    [
        ("tictactoe", "XO", "board_shape"),
        ("tictactoe", "XOX?.....", "bad_character"),
        ("tictactoe", "OO.......", "piece_count"),
        ("tictactoe", "XXXOOO...", "unreachable"),
        ("uttt", ". *", "board_shape"),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6", "fields"),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6 x", "side_to_move"),
        ("jungle", "7/7/7/7/7/7/1e5/E6 w", "board_shape"),
        ("jungle", "7/7/7/7/7/7/1q5/7/E6 w", "bad_character"),
        ("jungle", "7/7/7/7/7/7/1e5/7/EE5 w", "piece_count"),
        ("jungle", "   ", "empty"),
        ("dobutsu", "gle/1c1/1C1/ELG x -", "side_to_move"),
    ],
)
def test_bad_positions_are_position_errors_with_their_kind(game, text, kind):
    with pytest.raises(gamesolver.PositionError) as raised:
        gamesolver.load_game(game).state_from_string(text)
    assert raised.value.kind == kind
    assert raised.value.text == text
    assert isinstance(raised.value, ValueError)


def test_a_state_of_another_game_is_a_wrong_game_position(ttt, uttt):
    with pytest.raises(gamesolver.PositionError) as raised:
        gamesolver.solve(ttt).query(uttt.new_initial_state())
    assert raised.value.kind == "wrong_game"


def test_moves_that_cannot_be_played_are_move_errors(ttt):
    state = ttt.new_initial_state()
    for move, kind in [("z9", "unreadable"), ("not a move", "unreadable")]:
        with pytest.raises(gamesolver.MoveError) as raised:
            state.apply_move(move)
        assert (raised.value.kind, raised.value.move) == (kind, move)
    state.apply_action(0)
    with pytest.raises(ValueError) as raised:
        state.apply_action(0)
    assert isinstance(raised.value, gamesolver.MoveError)
    with pytest.raises(gamesolver.MoveError) as raised:
        state.apply_action(10**6)
    assert raised.value.kind == "bad_action"
    free = ttt.state_from_string("XXXOO....").legal_moves()
    assert free == []
    won = ttt.state_from_string("XXXOO....")
    with pytest.raises(gamesolver.MoveError) as raised:
        won.apply_move(ttt.new_initial_state().legal_moves()[-1])
    assert raised.value.kind == "game_over"


def test_missing_tables_are_tablebase_errors_naming_the_directory(tmp_path):
    missing = tmp_path / "missing"
    with pytest.raises(OSError) as raised:
        gamesolver.Tablebase(str(missing)).probe(ELEPHANTS)
    assert isinstance(raised.value, gamesolver.TablebaseError)
    assert raised.value.cause == "no_tables"
    assert raised.value.filename == str(missing)


def test_a_damaged_table_is_a_tablebase_error_with_cause_and_file(elephant_tablebase, tmp_path):
    tablebase, _, _ = elephant_tablebase
    copy = tmp_path / "tables"
    shutil.copytree(tablebase.dir, copy)
    damaged = copy / "E-e.gstb"
    damaged.write_bytes(damaged.read_bytes()[:100])
    with pytest.raises(gamesolver.TablebaseError) as raised:
        gamesolver.Tablebase(str(copy)).probe(ELEPHANTS)
    assert raised.value.cause in ("truncated", "checksum")
    assert raised.value.filename == str(damaged)
    with pytest.raises(OSError) as raised:
        gamesolver.Engine("jungle", tablebase=str(copy))
    assert isinstance(raised.value, gamesolver.TablebaseError)
    assert raised.value.filename == str(damaged)


def test_tables_of_other_rules_are_a_use_error(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    other = gamesolver.load_game("jungle", rules=jungle.rules_presets[1])
    with pytest.raises(ValueError) as raised:
        tablebase.probe(other.state_from_string(ELEPHANTS))
    assert isinstance(raised.value, gamesolver.TablebaseUseError)
    assert raised.value.cause == "rules_mismatch"


def test_a_bad_position_and_a_damaged_file_are_told_apart(elephant_tablebase, tmp_path):
    tablebase, _, _ = elephant_tablebase
    copy = tmp_path / "tables"
    shutil.copytree(tablebase.dir, copy)
    damaged = copy / "E-e.gstb"
    damaged.write_bytes(b"\0" * 64)
    opened = gamesolver.Tablebase(str(copy))
    caught = []
    for position in ["7/7/7 w", ELEPHANTS]:
        try:
            opened.probe(position)
        except ValueError as error:
            caught.append(("value", type(error).__name__))
        except OSError as error:
            caught.append(("os", type(error).__name__))
    assert caught == [("value", "PositionError"), ("os", "TablebaseError")]


def test_the_classes_are_exported():
    for name, base in [
        ("PositionError", ValueError),
        ("MoveError", ValueError),
        ("TablebaseUseError", ValueError),
        ("OptionError", ValueError),
        ("TablebaseError", OSError),
    ]:
        cls = getattr(gamesolver, name)
        assert issubclass(cls, base) and cls.__module__ == "gamesolver"
        assert name in gamesolver.__all__
