"""Any call from any number of threads works or raises, and never freezes
the interpreter (issue 26 finding 5: four threads' first probes on one
fresh Tablebase deadlocked on a lock held while waiting for the GIL).

Each scenario runs in a child interpreter with a time limit, so a deadlock
fails the test instead of hanging the suite."""

import subprocess
import sys
import textwrap

import pytest

# A child that finishes in well under a second normally; a deadlock never.
CHILD_TIMEOUT_S = 60


def run_child(script, *args):
    """Runs ``script`` in a fresh interpreter; fails on a time-out or an error."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(script), *map(str, args)],
            capture_output=True,
            text=True,
            timeout=CHILD_TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the child interpreter froze (no answer within {CHILD_TIMEOUT_S} s)")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_first_probes_from_sixteen_threads_on_a_fresh_tablebase(elephant_tablebase):
    tablebase, _, _ = elephant_tablebase
    out = run_child(
        """
        import sys, threading
        import gamesolver
        for attempt in range(20):
            tablebase = gamesolver.Tablebase(sys.argv[1])
            barrier = threading.Barrier(16)
            results = []
            def probe():
                barrier.wait()
                results.append(tablebase.probe("7/7/7/7/7/7/1e5/7/E6 w").distance)
            threads = [threading.Thread(target=probe) for _ in range(16)]
            for t in threads: t.start()
            for t in threads: t.join()
            assert results == [33] * 16, results
        print("ok")
        """,
        tablebase.dir,
    )
    assert out.strip() == "ok"


def test_sixteen_threads_on_every_shared_object(elephant_tablebase):
    """16 threads call everything on shared objects at once: Tablebase,
    Engine (one search at a time: the others are refused), SolvedTable,
    Game, State (shared and mutated), MdpSession; each call works or raises
    one of the documented exceptions."""
    tablebase, _, _ = elephant_tablebase
    out = run_child(
        """
        import random, sys, threading
        import gamesolver
        from gamesolver import mdp

        jungle = gamesolver.load_game("jungle")
        ttt = gamesolver.load_game("tictactoe")
        uttt = gamesolver.load_game("uttt")
        tablebase = gamesolver.Tablebase(sys.argv[1])
        engine = gamesolver.Engine(uttt)
        solved = gamesolver.solve(ttt)
        session = mdp.solve(exact=False)
        shared = uttt.new_initial_state()
        fen = "7/7/7/7/7/7/1e5/7/E6 w"
        barrier = threading.Barrier(16)
        failures = []
        counts = {"ok": 0, "refused": 0}
        lock = threading.Lock()

        def attempt(call):
            try:
                call()
                key = "ok"
            except (ValueError, RuntimeError):
                key = "refused"
            with lock:
                counts[key] += 1

        def worker(seed):
            rng = random.Random(seed)
            barrier.wait()
            try:
                for _ in range(30):
                    choice = rng.randrange(10)
                    if choice == 0:
                        attempt(lambda: tablebase.probe(fen))
                    elif choice == 1:
                        attempt(lambda: (tablebase.covers(fen), tablebase.max_pieces))
                    elif choice == 2:
                        attempt(lambda: tablebase.stats())
                    elif choice == 3:
                        attempt(lambda: engine.search(uttt.new_initial_state(), nodes=200))
                    elif choice == 4:
                        attempt(lambda: (engine.name, engine.stop()))
                    elif choice == 5:
                        attempt(lambda: solved.query("X...O...."))
                    elif choice == 6:
                        attempt(lambda: jungle.state_from_string(fen).legal_moves())
                    elif choice == 7:
                        def play():
                            if shared.is_terminal():
                                return
                            shared.apply_action(rng.choice(shared.legal_actions()))
                        attempt(play)
                    elif choice == 8:
                        attempt(lambda: gamesolver.random_playouts(shared, 50, seed=seed))
                    else:
                        attempt(lambda: session.action_values("........."))
            except BaseException as error:
                failures.append(repr(error))

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(16)]
        for t in threads: t.start()
        for t in threads: t.join()
        assert not failures, failures
        assert counts["ok"] + counts["refused"] == 16 * 30, counts
        assert counts["ok"] > 16 * 30 // 2, counts
        # The shared state is still a consistent position of its history.
        replay = uttt.new_initial_state()
        for move in shared.history():
            replay.apply_move(move)
        assert str(replay) == str(shared)
        print("ok", counts)
        """,
        tablebase.dir,
    )
    assert out.startswith("ok"), out
