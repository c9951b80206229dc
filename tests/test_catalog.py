"""Every catalog puzzle against its published counts, and the CLI on puzzle names."""

import pytest

from cpuzzler import catalog
from cpuzzler.cli import main
from cpuzzler.models import Tiling

SLOW = {"solid-pentominoes-3x4x5", "tetrasticks-5x5", "conway-5x5x5", "bedlam-cube"}
RAW_TOO_SLOW = {"bedlam-cube"}  # 460464 solutions: the raw count only by the reduction


@pytest.mark.parametrize("entry", [
    pytest.param(e, id=e.name, marks=[pytest.mark.slow] if e.name in SLOW else [])
    for e in catalog.ENTRIES])
def test_catalog_counts_match_published_ones(entry):
    puzzle = entry.build()
    if isinstance(puzzle, Tiling):
        unique, raw = puzzle.count_both()  # by the symmetry reduction
        assert (unique, raw) == (entry.unique, entry.raw)
        if entry.name not in RAW_TOO_SLOW:
            assert puzzle.count(symmetry="raw") == entry.raw
        if entry.name not in SLOW:
            assert puzzle.count_both(method="dedup") == (entry.unique, entry.raw)
    else:
        assert puzzle.count() == entry.raw


def test_cli_counts_a_named_puzzle_up_to_symmetry_and_in_all(capsys):
    assert main(["solve", "pentominoes-4x15", "--count"]) == 0
    assert capsys.readouterr().out.strip() == \
        "368 solutions up to rotation and reflection; 1472 in all"
    assert main(["solve", "pentominoes-4x15", "--count", "--symmetry", "raw"]) == 0
    assert capsys.readouterr().out.strip() == "1472"


def test_cli_prints_a_named_puzzle_as_records(capsys):
    assert main(["solve", "pentominoes-3x20", "--all"]) == 0
    out = capsys.readouterr().out
    assert out.count("solution ") == 2 and out.startswith("solution 1:\n")
    assert main(["solve", "sudoku-4x4", "-n", "2"]) == 0
    assert capsys.readouterr().out.count("solution ") == 2


def test_cli_lists_the_catalog(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert all(e.name in out for e in catalog.ENTRIES)


def test_cli_unknown_name_suggests_close_ones(capsys):
    assert main(["solve", "pentominoes-6x1"]) == 2
    assert "did you mean pentominoes-6x10" in capsys.readouterr().err
