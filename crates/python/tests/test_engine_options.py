"""Game.engine_options(): the engine's option table, as the protocol announces it."""

import pytest

import gamesolver


def test_uttt_lists_free_choice_with_its_range():
    options = {o["name"]: o for o in gamesolver.load_game("uttt").engine_options()}
    free_choice = options["FreeChoice"]
    assert free_choice["type"] == "spin"
    assert isinstance(free_choice["default"], int)
    assert free_choice["min"] <= free_choice["default"] <= free_choice["max"]
    assert free_choice["doc"]


def test_every_game_lists_typed_options():
    for name in gamesolver.registered_names():
        options = gamesolver.load_game(name).engine_options()
        assert options, name
        for option in options:
            assert set(option) >= {"name", "type", "default", "doc"}, option
            kind = option["type"]
            if kind == "spin":
                assert option["min"] <= option["default"] <= option["max"], option
            elif kind == "check":
                assert isinstance(option["default"], bool), option
            elif kind == "combo":
                assert option["default"] in option["values"], option
            else:
                assert kind == "string" and isinstance(option["default"], str), option


def test_the_rules_option_follows_the_games_preset():
    game = gamesolver.load_game("jungle")
    for preset in game.rules_presets:
        options = gamesolver.load_game("jungle", rules=preset).engine_options()
        (rules,) = [o for o in options if o["name"] == "Rules"]
        assert rules["type"] == "combo"
        assert rules["default"] == preset
        assert preset in rules["values"]


def _score(engine, game):
    state = game.new_initial_state()
    state.apply_move(state.legal_moves()[0])
    return engine.search(state, depth=2).score_cp


def test_engine_takes_options_checked_by_the_table():
    uttt = gamesolver.load_game("uttt")
    plain = _score(gamesolver.Engine(uttt, kind="alphabeta"), uttt)
    # A tempo bonus moves every leaf's score.
    keen = gamesolver.Engine(uttt, kind="alphabeta", options={"Tempo": 5000})
    averse = gamesolver.Engine(uttt, kind="alphabeta", options={"tempo": -5000})
    assert len({plain, _score(keen, uttt), _score(averse, uttt)}) > 1
    gamesolver.Engine(uttt, options={"LMR": False, "Tempo": 3})


def test_refused_options_are_option_errors():
    uttt = gamesolver.load_game("uttt")
    free_choice = {o["name"]: o for o in uttt.engine_options()}["FreeChoice"]
    for options, name in [
        ({"FreeChoice": free_choice["max"] + 1}, "FreeChoice"),
        ({"NoSuchOption": 1}, "NoSuchOption"),
        ({"Hash": 64}, "Hash"),
        ({"Variant": "codingame"}, "Variant"),
        ({"LMR": "maybe"}, "LMR"),
    ]:
        with pytest.raises(gamesolver.OptionError) as raised:
            gamesolver.Engine(uttt, options=options)
        assert raised.value.name == name
        assert isinstance(raised.value, ValueError)
    with pytest.raises(gamesolver.OptionError):
        gamesolver.Engine("tictactoe", options={"Anything": 1})
    with pytest.raises(TypeError):
        gamesolver.Engine(uttt, options={"Tempo": 1.5})


def test_set_option_changes_the_engine_through_the_table():
    uttt = gamesolver.load_game("uttt")
    engine = gamesolver.Engine(uttt, kind="alphabeta")
    plain = _score(engine, uttt)
    options = {o["name"]: o for o in engine.options()}
    assert options["Tempo"]["value"] == options["Tempo"]["default"]
    engine.set_option("tempo", 5000)
    keen = _score(engine, uttt)
    assert keen != plain
    options = {o["name"]: o for o in engine.options()}
    assert options["Tempo"]["value"] == 5000
    assert options["Tempo"]["default"] != 5000
    # The same option set again under another case replaces it.
    engine.set_option("TEMPO", options["Tempo"]["default"])
    assert _score(engine, uttt) == plain
    assert engine.options() == gamesolver.Engine(uttt, kind="alphabeta").options()


def test_set_option_refuses_as_the_constructor_does():
    uttt = gamesolver.load_game("uttt")
    engine = gamesolver.Engine(uttt)
    free_choice = {o["name"]: o for o in engine.options()}["FreeChoice"]
    for name, value in [
        ("FreeChoice", free_choice["max"] + 1),
        ("NoSuchOption", 1),
        ("Hash", 64),
        ("LMR", "maybe"),
    ]:
        with pytest.raises(gamesolver.OptionError) as raised:
            engine.set_option(name, value)
        assert raised.value.name == name
    with pytest.raises(TypeError):
        engine.set_option("Tempo", 1.5)
    # A refused option leaves the engine as it was.
    assert engine.options() == gamesolver.Engine(uttt).options()
