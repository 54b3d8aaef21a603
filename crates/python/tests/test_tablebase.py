"""Jungle tablebases: build, probe, stats."""

import json
import os
import pathlib
import subprocess

import pytest

import gamesolver

ELEPHANTS = "7/7/7/7/7/7/1e5/7/E6 w"  # the longest elephant-against-elephant win: 33 plies


def test_elephant_against_elephant_is_won_in_33(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    report = tablebase.probe(ELEPHANTS)
    assert (report.value, report.distance) == ("win", 33)
    assert report.moves[0].value == "win" and report.moves[0].distance == 33
    assert set(report.best) <= {m.move for m in report.moves}
    assert len(report.main_line) == 33
    state = jungle.state_from_string(ELEPHANTS)
    for move in report.main_line:
        state.apply_move(move)
    assert state.is_terminal() and state.outcome() == "first"


def test_build_reports_every_tier_and_calls_progress(elephant_tablebase):
    _, built, progress = elephant_tablebase
    assert "E-e" in [tier["tier"] for tier in built]
    assert progress == built
    assert [t["done"] for t in built] == list(range(1, len(built) + 1))
    assert all(t["total"] == len(built) for t in built)


def test_rebuilding_reuses_the_files(elephant_tablebase):
    tablebase, built, _ = elephant_tablebase
    again = tablebase.build(material="E-e")
    assert [t["tier"] for t in again] == [t["tier"] for t in built]
    assert all(t["skipped"] for t in again)


def test_stats_match_the_reference(elephant_tablebase):
    tablebase, _, _ = elephant_tablebase
    stats = {s["material"]: s for s in tablebase.stats()}
    assert stats["E-e"]["bottom_to_move"] == [1317, 0, 1035]
    assert stats["E-e"]["top_to_move"] == [1317, 0, 1035]
    assert stats["E-e"]["longest_win"] == 33


def test_uncovered_positions_probe_to_none(elephant_tablebase, jungle):
    tablebase, _, _ = elephant_tablebase
    start = jungle.new_initial_state()
    assert not tablebase.covers(start)
    assert tablebase.probe(start) is None
    assert tablebase.covers(ELEPHANTS)
    assert tablebase.max_pieces == 2


def test_bad_input(tmp_path, elephant_tablebase):
    tablebase, _, _ = elephant_tablebase
    with pytest.raises(ValueError):
        tablebase.probe("not a fen")
    with pytest.raises(gamesolver.TablebaseError):  # an OSError: no directory
        gamesolver.Tablebase(str(tmp_path / "missing")).probe(ELEPHANTS)
    with pytest.raises(ValueError):
        tablebase.build(max_pieces=7)
    with pytest.raises(ValueError):
        tablebase.build()
    with pytest.raises(ValueError):
        tablebase.build(material="EX-q")
    with pytest.raises(ValueError, match="tablebase"):
        gamesolver.Tablebase(str(tmp_path), game="uttt")


def _fresh_copy(elephant_tablebase, tmp_path):
    """A copy of the E-e tables in ``tmp_path`` (to damage)."""
    import shutil

    tablebase, _, _ = elephant_tablebase
    copy = tmp_path / "tables"
    shutil.copytree(tablebase.dir, copy)
    return copy


def test_a_damaged_table_is_an_os_error_naming_it_never_none(elephant_tablebase, tmp_path):
    """Issue 26 finding 3: at the first use, and after a file went bad."""
    copy = _fresh_copy(elephant_tablebase, tmp_path)
    damaged = copy / "E-e.gstb"
    damaged.write_bytes(damaged.read_bytes()[:100])
    with pytest.raises(OSError, match="E-e.gstb"):
        gamesolver.Tablebase(str(copy)).probe(ELEPHANTS)
    with pytest.raises(OSError, match="E-e.gstb"):
        gamesolver.Engine("jungle", tablebase=str(copy))

    copy = _fresh_copy(elephant_tablebase, tmp_path / "again")
    tablebase = gamesolver.Tablebase(str(copy))
    engine = gamesolver.Engine("jungle", tablebase=str(copy))
    state = gamesolver.load_game("jungle").state_from_string(ELEPHANTS)
    assert tablebase.probe(ELEPHANTS).distance == 33
    damaged = copy / "E-e.gstb"
    with open(damaged, "r+b") as file:
        file.truncate(100)
    for _ in range(2):
        with pytest.raises(OSError, match="E-e.gstb"):
            tablebase.probe(ELEPHANTS)
        with pytest.raises(OSError, match="E-e.gstb"):
            engine.search(state, depth=1)
    assert tablebase.covers(ELEPHANTS)
    with pytest.raises(OSError, match="E-e.gstb"):
        tablebase.stats()


CATS = "7/7/7/7/7/7/1c5/7/C6 w"  # cat against cat, bottom to move: won


def test_probes_answer_under_the_200_ply_rule(tmp_path, jungle):
    """Issue 26 finding 1: the position's counter (the long FEN's half-move
    field, the state's history) decides between a win, a cursed win (a
    draw by the 200-ply rule) and a game drawn already."""
    tablebase = gamesolver.Tablebase(str(tmp_path))
    tablebase.build(material="C-c")
    fresh = tablebase.probe(CATS + " - - 0 1")
    assert (fresh.value, fresh.category, fresh.counter) == ("win", "win", 0)
    assert fresh.drawn_by_rule is None and fresh.main_line
    assert 0 < fresh.dtz <= fresh.distance
    assert fresh.moves[0].category == "win" and fresh.moves[0].dtz is not None
    last_won = 200 - fresh.dtz
    assert tablebase.probe(f"{CATS} - - {last_won} 1").category == "win"
    cursed = tablebase.probe(f"{CATS} - - {last_won + 1} 1")
    assert (cursed.value, cursed.category, cursed.distance) == ("draw", "cursed-win", fresh.distance)
    state = jungle.state_from_string(CATS + " - - 200 1")
    assert state.is_terminal() and state.outcome() == "draw"
    drawn = tablebase.probe(state)
    assert (drawn.value, drawn.category, drawn.drawn_by_rule) == ("draw", "draw", "200-ply rule")
    assert drawn.moves == [] and drawn.best == [] and drawn.main_line == []


def test_a_python_build_is_the_command_lines_file_for_file(tmp_path):
    """Issue 26 finding 2: Python builds one material of each colour pair,
    as the command line does (R-e is stored as E-r), the reader finds it,
    and with the binary at hand (GAMESOLVER_BIN) the files are the
    command line's byte for byte."""
    python_dir, cli_dir = tmp_path / "python", tmp_path / "cli"
    tablebase = gamesolver.Tablebase(str(python_dir))
    tablebase.build(material="R-e")
    names = sorted(p.name for p in python_dir.iterdir() if not p.name.startswith("."))
    assert "E-r.gstb" in names and "R-e.gstb" not in names, names
    assert tablebase.probe("7/7/7/7/7/7/7/7/e5R w") is not None
    binary = os.environ.get("GAMESOLVER_BIN")
    if not binary:
        pytest.skip("GAMESOLVER_BIN is not set: the comparison with the command line's build")
    subprocess.run(
        [binary, "tablebase", "build", "jungle", "--quiet", "--material", "R-e", "--dir", str(cli_dir)],
        check=True,
        capture_output=True,
    )
    cli_names = sorted(p.name for p in cli_dir.iterdir() if not p.name.startswith("."))
    assert names == cli_names
    for name in names:
        if name.endswith(".lock"):
            continue
        assert (python_dir / name).read_bytes() == (cli_dir / name).read_bytes(), name


RULE_CASES = pathlib.Path(__file__).resolve().parents[3] / "data" / "jungle-rule-cases.json"


def test_probes_agree_with_every_front_end_on_cursed_wins_and_blessed_losses(tmp_path):
    """Issue 26: the shared cases of data/jungle-rule-cases.json (cursed
    wins, blessed losses and draws by rule, under the game's 200-ply rule
    and under tables built for a 20-ply one), as the command line and the
    web API answer them (their tests read the same file). The 20-ply
    tables are built by the command line's `--quiet-ply-limit` (the binary
    at GAMESOLVER_BIN, as CI sets it), the others by Python."""
    cases = json.loads(RULE_CASES.read_text())
    binary = os.environ.get("GAMESOLVER_BIN")
    assert binary, "GAMESOLVER_BIN must name the gamesolver binary: it builds the 20-ply tables"
    for directory in cases["directories"]:
        plies = directory["rule_plies"]
        path = tmp_path / str(plies)
        if plies == 200:
            gamesolver.Tablebase(str(path)).build(material=cases["material"])
        else:
            subprocess.run(
                [binary, "tablebase", "build", "jungle", "--quiet", "--material", cases["material"],
                 "--quiet-ply-limit", str(plies), "--dir", str(path)],
                check=True,
                capture_output=True,
            )
        tablebase = gamesolver.Tablebase(str(path))
        for case in directory["cases"]:
            report = tablebase.probe(case["fen"])
            got = (report.category, report.value, report.distance, report.drawn_by_rule)
            expected = (case["category"], case["value"], case["distance"], case["drawn_by_rule"])
            assert got == expected, (plies, case["fen"])
            if case["drawn_by_rule"]:
                assert report.moves == [] and report.best == []
