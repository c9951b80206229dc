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
