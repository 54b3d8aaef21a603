"""Long calls release the GIL and stop on Ctrl-C (SIGINT)."""

import os
import signal
import threading
import time

import pytest

import gamesolver

# A call that is not interrupted runs far longer than this.
INTERRUPTED_WITHIN_S = 10.0


def interrupt_after(seconds):
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_stops_an_engine_search_and_the_engine_stays_usable(uttt):
    engine = gamesolver.Engine(uttt)
    state = uttt.new_initial_state()
    started = time.perf_counter()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        engine.search(state, movetime_ms=60_000)
    assert time.perf_counter() - started < INTERRUPTED_WITHIN_S
    assert engine.search(state, depth=3).bestmove in state.legal_moves()


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_stops_perft(uttt):
    started = time.perf_counter()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        gamesolver.perft(uttt.new_initial_state(), 12)
    assert time.perf_counter() - started < INTERRUPTED_WITHIN_S


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_stops_random_playouts(jungle):
    started = time.perf_counter()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        gamesolver.random_playouts(jungle, 10**10, seed=1)
    assert time.perf_counter() - started < INTERRUPTED_WITHIN_S


def test_an_exception_in_a_progress_callback_stops_the_search(uttt):
    def fail(report):
        raise RuntimeError("enough")

    started = time.perf_counter()
    with pytest.raises(RuntimeError, match="enough"):
        gamesolver.Engine(uttt).search(uttt.new_initial_state(), movetime_ms=60_000, progress=fail)
    assert time.perf_counter() - started < INTERRUPTED_WITHIN_S


def test_search_releases_the_gil(uttt):
    engine = gamesolver.Engine(uttt)
    window = {}

    def search():
        window["start"] = time.perf_counter()
        engine.search(uttt.new_initial_state(), movetime_ms=500)
        window["end"] = time.perf_counter()

    worker = threading.Thread(target=search)
    worker.start()
    ticks = []
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    inside = [t for t in ticks if window["start"] + 0.05 < t < window["end"] - 0.05]
    # With the GIL held for the whole search this loop could not run at all.
    assert len(inside) > 1000


def test_a_second_search_on_a_busy_engine_is_refused(uttt):
    engine = gamesolver.Engine(uttt)
    worker = threading.Thread(target=engine.search, args=(uttt.new_initial_state(),), kwargs={"movetime_ms": 1000})
    worker.start()
    time.sleep(0.2)
    with pytest.raises(RuntimeError, match="already searching"):
        engine.search(uttt.new_initial_state(), depth=1)
    engine.stop()
    worker.join()
