"""Engines: legal moves within their budget, limits, errors, tablebase play."""

import random
import time

import pytest

import gamesolver

# Generous slack over a move time: this checks that the engine keeps to its
# budget (a search that ignored it would run for the default depth or
# forever), not how fast the machine is.
SLACK_MS = 1000


@pytest.mark.parametrize("name", ["uttt", "jungle"])
def test_move_within_the_time_budget(name):
    game = gamesolver.load_game(name)
    engine = gamesolver.Engine(game)
    state = game.new_initial_state()
    started = time.perf_counter()
    report = engine.search(state, movetime_ms=100)
    wall_ms = (time.perf_counter() - started) * 1000
    assert report.bestmove in state.legal_moves()
    assert report.best_action == state.move_to_action(report.bestmove)
    assert report.pv and report.pv[0] == report.bestmove
    assert report.depth >= 1 and report.nodes > 0
    assert report.time_ms <= 100 + SLACK_MS
    assert wall_ms <= 100 + SLACK_MS


def test_node_limited_alphabeta_is_deterministic(uttt):
    state = uttt.new_initial_state()
    state.apply_action(40)
    first = gamesolver.Engine(uttt, kind="alphabeta").search(state, nodes=20000)
    second = gamesolver.Engine(uttt, kind="alphabeta").search(state, nodes=20000)
    assert (first.bestmove, first.nodes, first.score) == (second.bestmove, second.nodes, second.score)


def test_depth_limit_and_progress_reports(jungle):
    seen = []
    report = gamesolver.Engine(jungle).search(jungle.new_initial_state(), depth=4, progress=seen.append)
    assert report.depth == 4
    assert seen and all(isinstance(r, gamesolver.SearchReport) for r in seen)
    assert [r.depth for r in seen] == sorted(r.depth for r in seen)


def test_mcts_engine(uttt):
    engine = gamesolver.Engine(uttt, kind="mcts", seed=1)
    assert engine.name == "mcts"
    state = uttt.new_initial_state()
    assert engine.search(state, nodes=2000).bestmove in state.legal_moves()


def test_finished_game_has_no_best_move(uttt):
    rng = random.Random(0)
    state = uttt.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert gamesolver.Engine(uttt).search(state, depth=2).bestmove is None


def test_bad_engine_arguments_raise_value_error(uttt, jungle):
    with pytest.raises(ValueError, match="alphabeta"):
        gamesolver.Engine(uttt, kind="deep-blue")
    with pytest.raises(ValueError):
        gamesolver.Engine(uttt, hash_mb=10**9)
    with pytest.raises(ValueError):
        gamesolver.Engine(uttt, tablebase="/nonexistent")
    engine = gamesolver.Engine(uttt)
    with pytest.raises(ValueError, match="uttt"):
        engine.search(jungle.new_initial_state(), depth=1)
    with pytest.raises(ValueError):
        engine.search(uttt.new_initial_state(), depth=100000)
    with pytest.raises(ValueError):
        engine.search(uttt.new_initial_state(), movetime_ms=0)


def test_engine_with_tablebase_plays_the_exact_win(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    engine = gamesolver.Engine(jungle, tablebase=str(tablebase.dir))
    state = jungle.state_from_string("7/7/7/7/7/7/1e5/7/E6 w")
    report = engine.search(state, movetime_ms=50)
    assert report.source == "tablebase"
    assert report.mate_plies == 33
    assert report.bestmove in tablebase.probe(state).best
