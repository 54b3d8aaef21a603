"""The Python module over a registry of one's own (issue 22, item 3):
``gamesolver_ringcoins`` is gamesolver-python's ``fill_module`` over the
built-in games plus ring coins, the toy loopy game with tiers that no
front end names. Its rules (crates/toy): a token on a ring of 5 cells
beside a pile; a move steps the token (``+``/``-``) or, on cell 0, takes
a coin (``take``); whoever takes the last coin wins. Positions are
``PILE CELL SIDE``."""

import pytest

import gamesolver_ringcoins as toy


def test_the_module_serves_the_registry_it_was_given():
    names = toy.registered_names()
    assert "ringcoins" in names
    assert "tictactoe" in names, "the built-in games are there too"
    game = toy.load_game("ring-coins")
    assert game.name == "ringcoins"
    assert game.capabilities["tablebase"]
    assert not game.capabilities["solved_table"]
    with pytest.raises(ValueError, match="ringcoins"):
        toy.load_game("no-such-game")


def test_states_follow_the_toys_rules():
    game = toy.load_game("ringcoins")
    state = game.state_from_string("1 0 x")
    assert sorted(state.legal_moves()) == ["+", "-", "take"]
    assert state.current_player() == 0
    stepped = state.clone()
    stepped.apply_move("+")
    assert not stepped.is_terminal()
    assert sorted(stepped.legal_moves()) == ["+", "-"], "no take off cell 0"
    state.apply_move("take")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    with pytest.raises(toy.PositionError):
        game.state_from_string("1 0 q")
    with pytest.raises(toy.MoveError):
        game.state_from_string("1 1 x").apply_move("take")
    assert toy.perft(game.state_from_string("1 0 x"), 1) == 3


def test_a_tablebase_builds_and_probes(tmp_path):
    tables = toy.Tablebase(tmp_path, game="ringcoins")
    built = tables.build(max_pieces=2)
    assert len(built) == 3, built
    assert tables.max_pieces == 2
    won = tables.probe("1 0 x")
    assert won.value == "win"
    assert won.distance == 1
    assert won.best == ["take"]
    # Two coins, the token on cell 0: taking one hands the opponent a
    # pile of one with the token two cells away; every other tier
    # position is decided by the loopy solver as the tables say.
    for text in ["2 0 x", "2 1 o", "1 2 x"]:
        report = tables.probe(text)
        assert report.value in ("win", "draw", "loss"), text
        if report.value == "win":
            state = toy.load_game("ringcoins").state_from_string(text)
            state.apply_move(report.best[0])
            after = tables.probe(state) if not state.is_terminal() else None
            assert after is None or after.value == "loss", (text, report.best)
    assert tables.probe("3 0 x") is None, "three coins are not in the tables"


def test_an_engine_searches_and_takes_options():
    game = toy.load_game("ringcoins")
    engine = toy.Engine(game, seed=1)
    report = engine.search(game.state_from_string("1 0 x"), nodes=500)
    assert report.bestmove == "take"
    names = [option["name"] for option in engine.options()]
    assert "Seed" in names
    with pytest.raises(toy.OptionError):
        engine.set_option("NoSuchOption", 1)
