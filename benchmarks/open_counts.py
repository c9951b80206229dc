"""Counts Polyform Puzzler's FAQ (seed 001) leaves open: "many solutions, exact number
unknown". Each is counted three ways: up to symmetry by the symmetry reduction (which
also gives the raw total), raw by a plain search of every placement, and raw by the memo
engine (no solution visited); the three raw totals must agree.

    python benchmarks/open_counts.py        # about four minutes
    python benchmarks/open_counts.py --memo-only     # seconds

Polyform Puzzler's own documentation gives 3,665,348 for the 4x10 and 7,578,295 for the
5x8; its matrix for the 4x10 keeps a quarter of the P4 tetrahex's placements, assuming four
symmetries where the parallelogram has two, so its figures are not counts of these
puzzles (Knuth's SSXCC also counts 14,809,060 for the full 4x10 matrix).
"""

from __future__ import annotations

import argparse
import time

from cpuzzler.grids import hexagonal
from cpuzzler.models import Tiling, pieces

PUZZLES = {
    "polyhexes of order 1-4 in a 4x10 parallelogram":
        lambda: Tiling(pieces.polyhexes(1, 4), hexagonal.parallelogram(10, 4)),
    "polyhexes of order 1-4 in a 5x8 parallelogram":
        lambda: Tiling(pieces.polyhexes(1, 4), hexagonal.parallelogram(8, 5)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--memo-only", action="store_true",
                        help="only the memo engine's counts (unique and raw)")
    args = parser.parse_args()
    print("| puzzle | unique | raw (reduction) | raw (plain search) | seconds | "
          "unique, raw (memo) | seconds (memo) |")
    print("|---|---|---|---|---|---|---|")
    for name, build in PUZZLES.items():
        puzzle = build()
        start = time.perf_counter()
        memo_unique, memo_raw = puzzle.count_both(engine="memo")
        memo_seconds = time.perf_counter() - start
        unique = raw = plain = "-"
        seconds = 0.0
        if not args.memo_only:
            start = time.perf_counter()
            unique, raw = puzzle.count_both()
            plain = puzzle.count(symmetry="raw")
            seconds = time.perf_counter() - start
            if not raw == plain == memo_raw or unique != memo_unique or not plain.complete:
                raise SystemExit(f"{name}: the reduction gives {raw}, the plain search "
                                 f"{plain}, the memo engine {memo_raw}")
        print(f"| {name} | {unique} | {raw} | {plain} | {seconds:.0f} | {memo_unique}, "
              f"{memo_raw} | {memo_seconds:.1f} |", flush=True)


if __name__ == "__main__":
    main()
