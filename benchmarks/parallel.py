"""Counting in parts over processes (``--jobs``) beside one plain count, in one run.

    python benchmarks/parallel.py                 # medians of 3
    python benchmarks/parallel.py --repeat 5 --only bedlam

Each row counts one catalog puzzle up to symmetry: once as ``Tiling.count_both`` does
(one process, the native engine), then by ``count_in_parts`` with 1 and with N processes
(N = the machine's cores). Every count is checked against the catalog's published one.
The table gives medians and the speed-up of N processes over one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cpuzzler import catalog
from cpuzzler.parts import count_in_parts, plan

PUZZLES = ["pentominoes-6x10", "hexiamonds-elongated-hexagon-4x10", "solid-pentominoes-3x4x5",
           "bedlam-cube"]


def _median_seconds(run, expected: tuple[int, int], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        counts = run()
        times.append(time.perf_counter() - start)
        if tuple(counts) != expected:
            raise SystemExit(f"wrong count {tuple(counts)}, expected {expected}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="rows whose name contains this")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    print(f"| puzzle | parts | one count | in parts, 1 job | in parts, {args.jobs} jobs "
          f"| speed-up |")
    print("|---|---|---|---|---|---|")
    for name in PUZZLES:
        if args.only not in name:
            continue
        entry = catalog.get(name)
        puzzle = entry.build()
        expected = (entry.unique, entry.raw)
        puzzle.count_both()  # placements, symmetry and reduction built before the clock
        parts = len(plan(puzzle, "unique").tasks)
        one = _median_seconds(puzzle.count_both, expected, args.repeat)
        single = _median_seconds(lambda p=puzzle: count_in_parts(p, symmetry="unique"),
                                 expected, args.repeat)
        many = _median_seconds(
            lambda p=puzzle: count_in_parts(p, symmetry="unique", jobs=args.jobs),
            expected, args.repeat)
        print(f"| {name} | {parts} | {one:.2f} s | {single:.2f} s | {many:.2f} s "
              f"| {single / many:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
