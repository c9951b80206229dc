"""The plain command finds the fast engine: a catalog entry's engine runs its `solve NAME
--count` (the line its catalog page prints), and a file's count runs on `auto`, which
says which engine answered."""

from __future__ import annotations

import re

import pytest

from cpuzzler import catalog
from cpuzzler.cli import main


@pytest.mark.parametrize("entry", [e for e in catalog.PUBLISHED if e.engine != "dlx"],
                         ids=lambda e: e.name)
def test_a_catalog_entrys_shell_line_counts_on_its_engine(entry, capsys):
    """Each of these runs past minutes by enumeration; on its engine, a second at most
    (the limit is only there to turn a regression into a failure, not a hang)."""
    assert main(["solve", entry.name, "--count", "--time-limit", "60"]) == 0
    out, err = capsys.readouterr()
    found = re.match(r"(\d+) solutions up to [a-z ]+; (\d+) in all", out)
    assert found, out
    unique, raw = map(int, found.groups())
    assert raw == entry.raw and raw / 12 <= unique <= raw
    assert f"counting with the {entry.engine} engine" in err


def test_a_count_of_a_file_runs_on_auto_and_says_what_answered(capsys):
    assert main(["solve", "examples/queens8.dlx", "--count"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("12 solutions up to 8 symmetries of the problem; 92 in all")
    assert "auto: answered by the" in err
    assert "solutions each symmetry maps onto themselves: identity 92" in err
    # --engine still chooses; counts in parts keep the native engine
    assert main(["solve", "examples/queens8.dlx", "--count", "--engine", "dlx"]) == 0
    assert "auto:" not in capsys.readouterr().err


# --- auto: the rounds measured, the engine chosen from them, the fallback ---------------

def test_auto_runs_the_frontier_engine_alone_where_it_projects_far_shorter():
    """The polyhexes 1-4 in a 5x8 parallelogram: enumeration projects minutes from its
    place in the tree, the frontier engine about a second from its first layers."""
    xc = catalog.get("polyhexes-1234-5x8").build().exact_cover
    assert xc.count(symmetry="raw", engine="auto") == 30_353_640
    rounds, stats = xc.stats.rounds, xc.stats
    assert stats.answered_by == "frontier" and rounds[0]["engine"] == "dlx"
    assert rounds[0]["outcome"] == "time-out" and rounds[0]["projected seconds"] > 0
    assert rounds[-1] == {"engine": "frontier", "outcome": "done",
                          "seconds": rounds[-1]["seconds"]}


def test_enumeration_never_runs_alone_on_a_projection(monkeypatch):
    """14 queens, the frontier engine's projection forced far longer than enumeration's:
    the counter keeps its turns (a projection far too long cost the 6x6 Sudoku 48 times
    the frontier engine's time), in doubling slices, and enumeration answers."""
    from cpuzzler.engines import auto
    from cpuzzler.models import queens

    monkeypatch.setattr(auto, "projected_seconds", lambda rows, items, pieces: 1e6)
    xc = queens(14)
    assert xc.count(symmetry="raw", engine="auto") == 365_596
    assert xc.stats.answered_by == "dlx"
    assert not [r for r in xc.stats.rounds if "choice" in r]
    engines = [r["engine"] for r in xc.stats.rounds]
    assert engines[:2] == ["dlx", "frontier"] and engines[-1] == "dlx"
    assert all(a != b for a, b in zip(engines, engines[1:], strict=False))  # in turn


def test_the_sudoku_6x6_is_counted_by_the_frontier_engine_on_its_turn():
    """Its layers swell, then shrink: the frontier engine projected 4 x 10^8 s from its
    first layers and counts the 28,200,960 grids in half a second; auto chose
    enumeration alone on that projection (21 s)."""
    from cpuzzler.cli.common import exact_cover_of

    xc = exact_cover_of(catalog.get("sudoku-6x6").build())
    assert xc.count(symmetry="raw", engine="auto") == 28_200_960
    assert xc.stats.answered_by == "frontier"


def test_a_counter_that_could_not_project_is_unknown_not_slow():
    """14 queens: the frontier engine's layers are too wide to finish three in its first
    slice, so it projects nothing; auto commits to nothing on that (it chose enumeration
    alone as if the frontier engine would take forever) and takes its turns, in doubling
    slices, until enumeration answers or a later slice projects."""
    from cpuzzler.models import queens

    xc = queens(14)
    assert xc.count(symmetry="raw", engine="auto") == 365_596
    rounds = xc.stats.rounds
    assert xc.stats.answered_by == "dlx"
    assert rounds[1]["engine"] == "frontier" and rounds[1]["projected seconds"] is None
    assert not [r for r in rounds if "choice" in r]


def test_auto_measures_cpu_seconds_so_a_busy_machine_does_not_mislead_it():
    """Six processes spinning beside the count on this machine's cores: every round gets
    a share of the CPU, the projections (in CPU seconds) still tell the frontier engine
    from enumeration, and the frontier engine answers (it once projected "infinite" from
    a round slowed by the load, and auto chose enumeration alone, for minutes)."""
    import subprocess
    import sys

    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(6)]
    try:
        xc = catalog.get("polyhexes-1234-5x8").build().exact_cover
        assert xc.count(symmetry="raw", engine="auto") == 30_353_640
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert xc.stats.answered_by == "frontier"


def test_a_catalog_entry_naming_no_engine_counts_on_auto(capsys):
    """The polyhexes 1-4 in the 4x10 named no engine, so the plain command ran
    enumeration (278 s); it runs auto, and the frontier engine answers."""
    assert main(["solve", "polyhexes-1234-4x10", "--count"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("7404530 solutions up to")
    assert "auto: answered by the frontier engine" in err


def test_auto_goes_back_to_turns_when_a_projection_goes_bad(monkeypatch):
    """A projection far too short (forced here): the frontier engine runs alone for four
    times it, stops, and the portfolio takes its turns again to the right count. (Its
    run alone also holds the round's budget, scaled by the machine's load: on a busy
    machine that can be time enough to finish, and then there are no turns again.)"""
    from cpuzzler.engines import auto

    monkeypatch.setattr(auto, "projected_seconds", lambda rows, items, pieces: 1e-3)
    xc = catalog.get("pentominoes-6x10").build().exact_cover
    assert xc.count(symmetry="raw", engine="auto") == 9356
    choices = [r["choice"] for r in xc.stats.rounds if "choice" in r]
    assert choices[0].endswith("the frontier engine alone")
    assert choices[1:2] in ([], ["the frontier engine ran 4 times past its projection: "
                                 "turns again"]), choices


def test_the_shell_says_what_auto_measured_and_chose(capsys):
    import json

    assert main(["solve", "polyhexes-1234-5x8", "--count", "--engine", "auto",
                 "--symmetry", "raw", "--format", "jsonl"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["raw"] == 30_353_640 and record["answered_by"] == "frontier"
    assert record["rounds"][0]["engine"] == "dlx"
    assert main(["solve", "polyhexes-1234-5x8", "--count", "--engine", "auto",
                 "--symmetry", "raw"]) == 0
    err = capsys.readouterr().err
    assert re.search(r"auto: dlx [\d.]+ s \(time-out; projects [\d.e+]+ s\)", err)
    assert "auto: answered by the frontier engine" in err
