"""Long calls release the GIL and stop on Ctrl-C (SIGINT)."""

import contextlib
import os
import signal
import threading
import time

import pytest

import gamesolver

# Every interrupted call below would run far longer than this (but ends by
# itself: a lost signal fails the test instead of hanging the suite).
INTERRUPTED_WITHIN_S = 10.0


@contextlib.contextmanager
def ctrl_c_after(seconds):
    """Sends SIGINT to this process after ``seconds``, and again every 0.2 s
    until the block ends; a handler raises KeyboardInterrupt (as Python's
    default one does) only while the block runs, so a late signal is ignored."""
    armed = threading.Event()
    done = threading.Event()

    def handler(signum, frame):
        if armed.is_set():
            raise KeyboardInterrupt

    def sender():
        if done.wait(seconds):
            return
        while not done.is_set():
            os.kill(os.getpid(), signal.SIGINT)
            done.wait(0.2)

    previous = signal.signal(signal.SIGINT, handler)
    thread = threading.Thread(target=sender, daemon=True)
    armed.set()
    thread.start()
    try:
        yield
    finally:
        armed.clear()
        done.set()
        thread.join()
        signal.signal(signal.SIGINT, previous)


posix_only = pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")


@posix_only
def test_ctrl_c_stops_an_engine_search_and_the_engine_stays_usable(uttt):
    engine = gamesolver.Engine(uttt)
    state = uttt.new_initial_state()
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt), ctrl_c_after(0.3):
        engine.search(state, movetime_ms=60_000)
    assert time.perf_counter() - started < INTERRUPTED_WITHIN_S
    assert engine.search(state, depth=3).bestmove in state.legal_moves()


@posix_only
def test_ctrl_c_stops_perft(uttt):
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt), ctrl_c_after(0.3):
        gamesolver.perft(uttt.new_initial_state(), 10)
    assert time.perf_counter() - started < INTERRUPTED_WITHIN_S


@posix_only
def test_ctrl_c_stops_random_playouts(jungle):
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt), ctrl_c_after(0.3):
        gamesolver.random_playouts(jungle, 2_000_000, seed=1)
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
