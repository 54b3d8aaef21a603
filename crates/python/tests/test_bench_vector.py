"""bench/bench_vector.py runs and reports what it measured (tiny sizes;
the real measurement is for a quiet machine)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))

from bench_vector import main, timed  # noqa: E402


def test_timed_counts_the_games_stepped():
    calls = []
    rate = timed(lambda: calls.append(1), games=10, seconds=0.0)
    assert rate > 0 and len(calls) == 4  # three warm-up calls, one timed


def test_the_script_prints_every_game_and_batch(capsys):
    main(["--seconds", "0", "--rounds", "1", "--batches", "1,3", "--part", "ours"])
    table = capsys.readouterr().out
    import gamesolver

    for game in gamesolver.registered_names():
        assert f"| {game} | 1 |" in table and f"| {game} | 3 |" in table


def test_engine_games_per_second(capsys):
    main(["--seconds", "0", "--rounds", "1", "--part", "engine", "--engine-batch", "2",
          "--games", "tictactoe", "--json"])
    line = capsys.readouterr().out.strip()
    assert '"library": "engine-games"' in line and '"game": "tictactoe"' in line


def test_the_header_names_the_threads_and_the_instructions(capsys):
    main(["--seconds", "0", "--rounds", "1", "--batches", "1", "--part", "ours",
          "--games", "tictactoe"])
    header = capsys.readouterr().out.splitlines()[0]
    from gamesolver._native import VectorGames

    assert f"{VectorGames.threads()} threads, {VectorGames.instruction_set()} step" in header


def test_paired_runs_print_each_round_and_the_median(capsys):
    import gamesolver
    from paired_vector import main as paired

    # The installed package against itself: a ratio per round near 1.
    here = str(pathlib.Path(gamesolver.__file__).resolve().parent.parent)
    paired([here, here, "--rounds", "2", "--seconds", "0", "--games", "tictactoe,uttt",
            "--batches", "1,5"])
    table = capsys.readouterr().out
    for game in ("tictactoe", "uttt"):
        for batch in (1, 5):
            row = next(line for line in table.splitlines() if line.startswith(f"| {game} | {batch} |"))
            cells = [cell.strip() for cell in row.strip("|").split("|")]
            assert len(cells[2].split(", ")) == 2 and len(cells[4].split(", ")) == 2, row
            assert cells[5].startswith("**") and cells[5].endswith("×**"), row
