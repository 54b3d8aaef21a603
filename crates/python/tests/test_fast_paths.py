"""The fast per-step paths (legal actions and legality from the move masks,
history written out only when asked) agree with the generic ones: the
legal-move list, moves played as text, perft counted through the per-step
API, and the batch playouts."""

import random

import pytest

import gamesolver


def random_states(game, games, seed):
    """Every state along `games` random games from the start (per-step API)."""
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


GAMES = [("tictactoe", None, 40), ("uttt", "standard", 4), ("uttt", "codingame", 4), ("jungle", None, 1)]


@pytest.mark.parametrize("name,rules,games", GAMES)
def test_legal_actions_are_the_legal_moves_and_only_they_apply(name, rules, games):
    game = gamesolver.load_game(name, rules=rules)
    space = game.num_distinct_actions()
    for index, state in enumerate(random_states(game, games, seed=5)):
        actions = state.legal_actions()
        assert actions == [state.move_to_action(m) for m in state.legal_moves()]
        assert list(state.legal_actions_mask().nonzero()[0]) == sorted(actions)
        if state.is_terminal():
            assert actions == [] and state.current_player() == gamesolver.TERMINAL
            continue
        legal = set(actions)
        # Jungle has 3969 actions: try them all on every tenth position.
        candidates = range(space) if space <= 81 or index % 10 == 0 else actions[:3]
        for action in candidates:
            child = state.clone()
            if action in legal:
                child.apply_action(action)
                by_text = state.clone()
                by_text.apply_move(state.action_to_move(action))
                assert str(child) == str(by_text)
                assert child.is_terminal() == by_text.is_terminal()
                assert child.returns() == by_text.returns()
                assert child.history() == state.history() + [state.action_to_move(action)]
            else:
                with pytest.raises(ValueError):
                    child.apply_action(action)
                assert str(child) == str(state) and child.history() == state.history()


def walked_perft(state, depth):
    """Perft through clone, legal_actions and apply_action."""
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += walked_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("rules", ["standard", "codingame"])
def test_uttt_perft_is_the_walk_of_the_per_step_api(rules):
    game = gamesolver.load_game("uttt", rules=rules)
    for state in random_states(game, 1, seed=9)[::10]:
        assert gamesolver.perft(state, 3) == walked_perft(state, 3), str(state)


def test_tictactoe_perft_is_the_walk_of_the_per_step_api(ttt):
    start = ttt.new_initial_state()
    assert gamesolver.perft(start, 6) == walked_perft(start, 6) == 54720


@pytest.mark.parametrize("rules", ["standard", "codingame"])
def test_uttt_batch_playouts_count_every_game_and_follow_the_seed(rules):
    game = gamesolver.load_game("uttt", rules=rules)
    stats = gamesolver.random_playouts(game, 3000, seed=4)
    again = gamesolver.random_playouts(game.new_initial_state(), 3000, seed=4)
    assert stats == again
    assert stats["first_wins"] + stats["draws"] + stats["second_wins"] == 3000
    # A game needs at least 17 plies (three boards of three marks for the
    # winner) and has at most 81.
    assert 17 <= stats["total_plies"] / 3000 <= stats["max_plies"] <= 81


# The statistics of these seeds as the generic loop (the legal-move list and
# one `random_range` draw per ply) gave them before the playout kernel: the
# kernel must play the very same games.
PINNED_PLAYOUTS = {
    "standard": (1224, 691, 1085, 177078, 76),
    "codingame": (1481, 215, 1304, 177078, 76),
}


@pytest.mark.parametrize("rules", ["standard", "codingame"])
def test_uttt_batch_playouts_are_the_games_of_the_generic_loop(rules):
    stats = gamesolver.random_playouts(gamesolver.load_game("uttt", rules=rules), 3000, seed=4)
    found = tuple(stats[k] for k in ("first_wins", "draws", "second_wins", "total_plies", "max_plies"))
    assert found == PINNED_PLAYOUTS[rules]


def test_uttt_batch_playouts_from_a_position_are_those_of_the_generic_loop(uttt):
    state = uttt.new_initial_state()
    for action in (40, 36, 0):
        state.apply_action(action)
    stats = gamesolver.random_playouts(state, 5000, seed=7)
    assert (stats["first_wins"], stats["draws"], stats["second_wins"]) == (2267, 1118, 1615)
    assert (stats["total_plies"], stats["max_plies"]) == (278667, 74)


@pytest.mark.parametrize("name", ["tictactoe", "uttt"])
def test_legal_action_lists_are_fresh_copies(name):
    state = gamesolver.load_game(name).new_initial_state()
    first = state.legal_actions()
    first.clear()
    first.append(-1)
    assert state.legal_actions() == list(range(state.game.num_distinct_actions()))
    state.apply_action(4)
    mine = state.legal_actions()
    mine.reverse()
    assert state.legal_actions() == sorted(mine)
