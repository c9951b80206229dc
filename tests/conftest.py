"""Shared builders and an independent brute-force oracle for the tests."""

from __future__ import annotations

from itertools import combinations

from cpuzzler import ExactCover


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
