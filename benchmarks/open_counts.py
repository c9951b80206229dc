"""Counts Polyform Puzzler's FAQ (seed 001) leaves open: "many solutions, exact number
unknown". Each is counted three ways: up to symmetry by the symmetry reduction (which
also gives the raw total), raw by a plain search of every placement, and raw by the memo
engine (no solution visited); the three raw totals must agree.

    python benchmarks/open_counts.py        # about four minutes
    python benchmarks/open_counts.py --memo-only     # seconds
    python benchmarks/open_counts.py --long  # and the heptiamonds 3x28: about 45 minutes

The heptiamonds in the 3x28 parallelogram (seed 001 gives no count) are past a plain
search, and are counted two ways that share no state space and no counting code: the
frontier engine, breadth-first along the plain sweep (the columns of the board), raw; and
the memo engine, depth-first along the skewed sweep (the columns cut along the third
lattice direction: states no symmetry of the board maps onto the first sweep's), up to
symmetry by the reduction (one piece's placements cut by the half turn), which gives the
raw count too. The two raw counts must agree.

Polyform Puzzler's own documentation gives 3,665,348 for the 4x10 and 7,578,295 for the
5x8; its matrix for the 4x10 keeps a quarter of the P4 tetrahex's placements, assuming four
symmetries where the parallelogram has two, so its figures are not counts of these
puzzles (Knuth's SSXCC also counts 14,809,060 for the full 4x10 matrix).
"""

from __future__ import annotations

import argparse
import time

from cpuzzler import catalog
from cpuzzler.grids import hexagonal
from cpuzzler.models import Tiling, pieces

PUZZLES = {
    "polyhexes of order 1-4 in a 4x10 parallelogram":
        lambda: Tiling(pieces.polyhexes(1, 4), hexagonal.parallelogram(10, 4)),
    "polyhexes of order 1-4 in a 5x8 parallelogram":
        lambda: Tiling(pieces.polyhexes(1, 4), hexagonal.parallelogram(8, 5)),
}
LONG = {"heptiamonds in a 3x28 parallelogram": "heptiamonds-3x28"}


def count_two_ways(name: str, entry: str) -> None:
    """The frontier engine on the plain sweep (raw), the memo engine on the skewed sweep
    (unique and raw); a table row, or an exit if the raw counts differ."""
    xc = catalog.get(entry).build().exact_cover
    start = time.perf_counter()
    frontier = xc.count(engine="frontier")
    frontier_seconds = time.perf_counter() - start
    frontier_bytes = xc.stats.frontier["peak_bytes"]
    skewed = catalog.get(entry).build()
    skewed.use_sweep(skewed=True)
    start = time.perf_counter()
    unique, raw = skewed.count_both(engine="memo")
    memo_seconds = time.perf_counter() - start
    if raw != frontier or not (raw.complete and frontier.complete):
        raise SystemExit(f"{name}: the frontier engine gives {frontier}, the memo engine "
                         f"{raw}")
    print(f"| {name} | {frontier} | {frontier_seconds:.0f} | {frontier_bytes / 1e9:.1f} | "
          f"{unique}, {raw} | {memo_seconds:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--memo-only", action="store_true",
                        help="only the memo engine's counts (unique and raw)")
    parser.add_argument("--long", action="store_true",
                        help="also the heptiamonds 3x28, by the frontier and memo engines "
                             "on two sweeps (about 45 minutes)")
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
    if args.long:
        print("\n| puzzle | raw (frontier, plain sweep) | seconds | peak GB | unique, raw "
              "(memo, skewed sweep, reduction) | seconds (memo) |")
        print("|---|---|---|---|---|---|")
        for name, entry in LONG.items():
            count_two_ways(name, entry)


if __name__ == "__main__":
    main()
