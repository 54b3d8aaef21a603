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
