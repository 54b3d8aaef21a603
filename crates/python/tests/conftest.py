"""Shared fixtures: games, and one small Jungle tablebase built once."""

import pytest

import gamesolver


@pytest.fixture(scope="session")
def ttt():
    return gamesolver.load_game("tictactoe")


@pytest.fixture(scope="session")
def uttt():
    return gamesolver.load_game("uttt")


@pytest.fixture(scope="session")
def jungle():
    return gamesolver.load_game("jungle")


@pytest.fixture(scope="session")
def elephant_tablebase(tmp_path_factory):
    """The tables of elephant against elephant (E-e) and what it captures into."""
    directory = tmp_path_factory.mktemp("jungle-tables")
    tablebase = gamesolver.Tablebase(str(directory))
    progress = []
    built = tablebase.build(material="E-e", progress=progress.append)
    return tablebase, built, progress


def all_positions(game):
    """Every position reachable from the start, by position text (breadth first)."""
    start = game.new_initial_state()
    seen = {str(start): start}
    frontier = [start]
    while frontier:
        following = []
        for state in frontier:
            if state.is_terminal():
                continue
            for action in state.legal_actions():
                child = state.clone()
                child.apply_action(action)
                key = str(child)
                if key not in seen:
                    seen[key] = child
                    following.append(child)
        frontier = following
    return seen
