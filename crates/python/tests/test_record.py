"""Game records (read_game, write_game) and reviews through Python."""

import pytest

import gamesolver


def test_a_written_game_reads_back_with_its_final_state():
    text = gamesolver.write_game("tictactoe", ["4", "0", "2", "6", "3", "5", "1", "7", "8"], first="me")
    assert text.startswith('[Game "tictactoe"]\n')
    assert '[First "me"]' in text
    data = gamesolver.read_game(text)
    assert data["game"] == "tictactoe"
    assert data["moves"] == ["4", "0", "2", "6", "3", "5", "1", "7", "8"]
    assert data["result"] == "draw"
    assert data["state"].is_terminal()


def test_a_record_file_is_read_by_path(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(gamesolver.write_game("jungle", ["g3g4", "a7a6"]))
    data = gamesolver.read_game(path)
    assert data["moves"] == ["g3g4", "a7a6"]
    assert data["rules"] is None and data["start"] is None


def test_bad_records_raise_value_error():
    with pytest.raises(ValueError, match="move 2"):
        gamesolver.read_game('[Game "tictactoe"]\n1. 4 4 *\n')
    with pytest.raises(ValueError, match="no game"):
        gamesolver.read_game("")
    with pytest.raises(ValueError):
        gamesolver.write_game("tictactoe", ["9"])


def test_a_review_classifies_every_move_exactly_for_a_solved_game():
    text = gamesolver.write_game("tictactoe", ["0", "4", "8", "2"])
    review = gamesolver.review(text)
    assert [p["source"] for p in review["positions"]] == ["exact"] * 5
    # X's corner, O's centre, X's opposite corner keep the draw; O's corner
    # 2 loses (an edge holds).
    assert [m["class"] in {"best", "good"} for m in review["moves"]] == [True, True, True, False]
    assert review["moves"][3]["class"] == "blunder"
    assert review["moves"][3]["drop"] == 0.5
    assert review["moves"][3]["better"] in {"1", "3", "5", "7"}
    assert review["sides"][0]["accuracy"] is not None


def test_a_review_of_an_engine_game_uses_the_engine():
    text = gamesolver.write_game("uttt", ["40", "36", "4"])
    review = gamesolver.review(text, depth=2)
    assert [p["source"] for p in review["positions"]] == ["engine"] * 4
    assert all("score" in p for p in review["positions"])
