"""Counts Polyform Puzzler's FAQ (seed 001) leaves open: "many solutions, exact number
unknown". Each is counted twice by the native engine: up to symmetry by the symmetry
reduction (which also gives the raw total), and raw by a plain search of every
placement; the two raw totals must agree.

    python benchmarks/open_counts.py        # about four minutes
"""

from __future__ import annotations

import time

from cpuzzler.grids import hexagonal
from cpuzzler.models import Tiling, pieces


def polyhexes_1_to_4() -> list[pieces.Piece]:
    return [p for order in (1, 2, 3, 4) for p in pieces.polyforms(hexagonal, order)]


PUZZLES = {
    "polyhexes of order 1-4 in a 4x10 parallelogram":
        lambda: Tiling(polyhexes_1_to_4(), hexagonal.parallelogram(10, 4)),
    "polyhexes of order 1-4 in a 5x8 parallelogram":
        lambda: Tiling(polyhexes_1_to_4(), hexagonal.parallelogram(8, 5)),
}


def main() -> None:
    print("| puzzle | unique | raw (reduction) | raw (plain search) | seconds |")
    print("|---|---|---|---|---|")
    for name, build in PUZZLES.items():
        puzzle = build()
        start = time.perf_counter()
        unique, raw = puzzle.count_both()
        plain = puzzle.count(symmetry="raw")
        seconds = time.perf_counter() - start
        if raw != plain or not plain.complete:
            raise SystemExit(f"{name}: the reduction gives {raw}, the plain search {plain}")
        print(f"| {name} | {unique} | {raw} | {plain} | {seconds:.0f} |", flush=True)


if __name__ == "__main__":
    main()
