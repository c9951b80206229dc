"""Shared builders and an independent brute-force oracle for the tests."""

from __future__ import annotations

import signal
import subprocess
from itertools import combinations

from cpuzzler import ExactCover
from cpuzzler.pieces import named_sets


def pytest_configure(config) -> None:
    """Ctrl-C answered in the test processes and so in the children the tests start: a
    shell starts a background job (``pytest ... &``) with SIGINT ignored, and a Python
    started so keeps it ignored, as does every child it starts; the tests that send
    Ctrl-C to a child then saw it ignored (every ci-local run started in the background
    failed them)."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def empty_sudoku(box: int) -> ExactCover:
    """The empty Sudoku grid of side box*box as exact cover (288 solutions for box=2)."""
    n = box * box
    cells = [f"p{r}_{c}" for r in range(n) for c in range(n)]
    rows = [f"r{r}_{v}" for r in range(n) for v in range(n)]
    cols = [f"c{c}_{v}" for c in range(n) for v in range(n)]
    boxes = [f"b{k}_{v}" for k in range(n) for v in range(n)]
    xc = ExactCover(primary=cells + rows + cols + boxes)
    for r in range(n):
        for c in range(n):
            k = (r // box) * box + c // box
            for v in range(n):
                xc.add_option([f"p{r}_{c}", f"r{r}_{v}", f"c{c}_{v}", f"b{k}_{v}"])
    return xc


def brute_force_solutions(xc: ExactCover) -> set[tuple[int, ...]]:
    """Every solution by trying every subset of options: the definition, literally."""
    found = set()
    n = xc.num_options
    for size in range(n + 1):
        for subset in combinations(range(n), size):
            coverage: dict[str, int] = {}
            for o in subset:
                for item in xc.option(o):
                    coverage[item] = coverage.get(item, 0) + 1
            if all(
                xc.bounds(item)[0] <= coverage.get(item, 0) <= xc.bounds(item)[1]
                for item in xc.items
            ):
                found.add(subset)
    return found


# --- polyform matrices built from shapes, for engine tests (the polyform models come later)

# The shapes come from the package; the matrices are built here by code of the tests' own
# (orientations, placements), an independent check of the package's Tiling.
PENTOMINOES = named_sets("polyominoes").sets["pentominoes"]
SOMA = named_sets("polycubes").sets["soma"]


def _normalise(cells):
    low = [min(c[k] for c in cells) for k in range(len(cells[0]))]
    return tuple(sorted(tuple(v - m for v, m in zip(c, low, strict=True)) for c in cells))


def _plane_orientations(cells):
    shapes, current = set(), list(cells)
    for _ in range(4):
        current = [(y, -x) for x, y in current]
        shapes.add(_normalise(current))
        shapes.add(_normalise([(-x, y) for x, y in current]))
    return shapes


def _space_rotations(cells):
    def turn_x(c):
        return [(x, -z, y) for x, y, z in c]

    def turn_y(c):
        return [(z, y, -x) for x, y, z in c]

    shapes, frontier = {_normalise(cells)}, [list(cells)]
    while frontier:
        current = frontier.pop()
        for turned in (turn_x(current), turn_y(current)):
            key = _normalise(turned)
            if key not in shapes:
                shapes.add(key)
                frontier.append(list(key))
    return shapes


def _tiling(pieces, orientations, region):
    region = set(region)
    cells = sorted(region)
    xc = ExactCover(primary=list(pieces) + ["_".join(map(str, c)) for c in cells])
    for name, shape in pieces.items():
        for oriented in sorted(orientations(shape)):
            for anchor in cells:
                placed = [tuple(a + b for a, b in zip(anchor, c, strict=True)) for c in oriented]
                if all(c in region for c in placed):
                    xc.add_option([name, *("_".join(map(str, c)) for c in placed)])
    return xc


def pigeonhole(holes: int) -> ExactCover:
    """holes + 1 pigeons, each in one of ``holes`` holes, none shared: no solution, and
    resolution (so every CDCL solver) needs exponentially many steps to see it."""
    xc = ExactCover([f"p{i}" for i in range(holes + 1)], [f"h{j}" for j in range(holes)])
    for i in range(holes + 1):
        for j in range(holes):
            xc.add_option([f"p{i}", f"h{j}"])
    return xc


def pentomino_rectangle(width: int, height: int) -> ExactCover:
    """The 12 pentominoes in a width x height box, all orientations: 9356 raw for 6x10."""
    region = [(x, y) for x in range(width) for y in range(height)]
    return _tiling(PENTOMINOES, _plane_orientations, region)


def soma_cube() -> ExactCover:
    """The 7 Soma pieces in a 3x3x3 cube, rotations only: 11520 raw solutions."""
    region = [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
    return _tiling(SOMA, _space_rotations, region)


# --- random exact-cover problems, for property tests -----------------------------------

def bounded_problems(*, primary: int, highs: list[int], lows, options: int,
                     sweep: bool = False):
    """A hypothesis strategy: small problems with 1..``primary`` primary items whose ``hi``
    bound is drawn from ``highs`` and ``lo`` from ``lows(hi)``, up to two secondary
    items, up to ``options`` options (identical ones too; an option of secondary items
    gets ``p0``), and with ``sweep`` a random sweep order half the time."""
    from hypothesis import strategies as st

    @st.composite
    def problems(draw):
        bounds = {}
        for k in range(draw(st.integers(1, primary))):
            hi = draw(st.sampled_from(highs))
            lo = draw(st.sampled_from(lows(hi)))
            bounds[f"p{k}"] = (min(lo, hi), hi)
        secondary = [f"s{k}" for k in range(draw(st.integers(0, 2)))]
        xc = ExactCover(primary=list(bounds), secondary=secondary, bounds=bounds)
        items = xc.items
        for _ in range(draw(st.integers(0, options))):
            chosen = draw(st.lists(st.sampled_from(items), min_size=1, max_size=3,
                                   unique=True))
            if all(xc.is_secondary(i) for i in chosen):
                chosen.append("p0")
            xc.add_option(chosen)
        if sweep and draw(st.booleans()):
            xc.sweep = draw(st.permutations(items))
        return xc

    return problems()


def parts_done(checkpoint: str) -> int:
    """How many parts a count-in-parts checkpoint file records as done (0 while there is
    none, or while it is being replaced)."""
    import json

    try:
        with open(checkpoint, encoding="utf-8") as f:
            return len(json.load(f)["done"])
    except (OSError, ValueError, KeyError):
        return 0


def finish(process: subprocess.Popen, timeout: float) -> tuple:
    """``process.communicate(timeout=timeout)``, killing the process when it runs past
    the timeout: a test that fails must not leave it running."""
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise


def cpu_seconds() -> float:
    """The CPU seconds of this process and of the children it has waited for: what a
    test that bounds work measures, so that a machine busy with other work (load 8 on
    two cores) does not fail it."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def patience(seconds: float) -> float:
    """``seconds`` of the wall clock, stretched by how busy the machine is (its load over
    its cores, at least 1): for the tests that must measure by the wall clock (how soon
    a process answers Ctrl-C or a time limit), so that a busy machine does not fail
    them."""
    import os
    import time

    cores = os.cpu_count() or 1
    wall, cpu = time.perf_counter(), time.thread_time()
    while time.perf_counter() - wall < 0.05:  # how much of a core a busy loop gets now
        pass
    share = (time.thread_time() - cpu) / (time.perf_counter() - wall)
    return seconds * max(1.0, os.getloadavg()[0] / cores, 1 / max(share, 0.05))
