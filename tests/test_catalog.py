"""Every catalog puzzle against its published counts, and the CLI on puzzle names."""

import functools

import pytest

from cpuzzler import catalog
from cpuzzler.cli import main
from cpuzzler.models import Tiling
from cpuzzler.parts import count_in_parts

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


@functools.cache
def _solid_3x4x5():
    """The puzzle and the sub-problems of its reduced search (once per process)."""
    puzzle = catalog.get("solid-pentominoes-3x4x5").build()
    reduced, _ = puzzle.restricted(puzzle.reduction.piece, puzzle.reduction.free_reps)
    return puzzle, reduced.subproblems(2)


def _reduced_part_count(task):
    """One part of the solid pentominoes' reduced 3x4x5 search on the reference engine
    (run in a worker process): (unique, raw)."""
    kind, k = task
    puzzle, parts = _solid_3x4x5()
    if kind == "symmetric":
        unique, raw, reason = puzzle.count_at_symmetric_rep(k, engine="python")
        assert reason == "done"
        return unique, raw
    unique = int(parts[k].problem.count(engine="python"))
    return unique, len(puzzle.symmetries) * unique


@pytest.mark.slow
def test_solid_pentominoes_3x4x5_on_the_reference_engine():
    # The second engine on 3940: the plain Python engine runs the same reduction (one
    # piece at one placement per orbit), its parts shared by two processes.
    from concurrent.futures import ProcessPoolExecutor

    puzzle, parts = _solid_3x4x5()
    tasks = [("free", k) for k in range(len(parts))]
    tasks += [("symmetric", rep) for rep in puzzle.reduction.fixed_reps]
    with ProcessPoolExecutor(2) as pool:
        counts = list(pool.map(_reduced_part_count, tasks))
    assert (sum(u for u, _ in counts), sum(r for _, r in counts)) == (3940, 31520)


# Polyform Puzzler's puzzles from seed 001's list (its counts, up to symmetry), on the
# second engine: the plain Python reference engine over the same symmetry reduction, its
# parts counted in two processes.
POLYFORM_PUZZLER_LIST = {
    "pentominoes-3x20": False, "pentominoes-3x20-ring": False, "pentominoes-4x15": True,
    "pentominoes-5x12": True,
    "pentominoes-6x10": True, "pentominoes-8x8-hole": False,
    "one-sided-pentominoes-3x30": True, "tetracubes-2x2x8": False,
    "solid-pentominoes-2x3x10": False, "solid-pentominoes-2x5x6": True,
    "solid-pentominoes-ring-3x3x9": False, "solid-pentominoes-ring-3x5x7": False,
    "solid-pentominoes-ring-5x3x5": False, "solid-pentominoes-ring-6x3x4": False,
    "solid-pentominoes-ring-3x6x6": False, "solid-pentominoes-ring-5x4x4": False,
    "tetrahexes-4x7": False, "tetrahexes-3x10-clipped": False, "tetrahexes-coin": False,
    "hexiamonds-6x6": False, "hexiamonds-4x9": False, "hexiamonds-snowflake": False,
    "hexiamonds-trapezium-4x11": False, "hexiamonds-elongated-hexagon-4x10": True,
    "hexiamonds-ring": False, "hexiamonds-ring-centred": False,
    "hexiamonds-crescent": False, "hexiamonds-crescent-2": False,
    "hexiamonds-coin": False, "hexiamonds-trefoil": False,
}  # name: slow (over 10 s)


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=[pytest.mark.slow] if slow else [])
    for name, slow in POLYFORM_PUZZLER_LIST.items()])
def test_polyform_puzzler_list_on_the_reference_engine(name):
    entry = catalog.get(name)
    counts = count_in_parts(entry.build(), symmetry="unique", engine="python", jobs=2)
    assert counts == (entry.unique, entry.raw) and counts[0].complete
