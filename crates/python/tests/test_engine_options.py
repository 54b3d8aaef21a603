"""Game.engine_options(): the engine's option table, as the protocol announces it."""

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
