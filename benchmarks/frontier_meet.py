"""The frontier engine in memory on boards its half turn maps onto itself: the whole
sweep against meeting in the middle (``csrc/meet.c``), medians of a few runs each, the
speed-up, the states processed (the meet's count its joins too) and the peak of the
tables (the meet keeps the layers its lookups read).

    python benchmarks/frontier_meet.py [pentominoes-6x10 ...] [--runs 3] [--memory BYTES]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cpuzzler import catalog

DEFAULT = ["pentominoes-5x12", "pentominoes-6x10", "polyhexes-1234-4x10",
           "polyhexes-1234-5x8", "heptiamonds-3x28"]


def run(name: str, meet: bool, memory: float) -> tuple[float, int, int, int, bool]:
    """Seconds, count, states processed, peak bytes of one count, and whether it met."""
    xc = catalog.get(name).build().exact_cover
    start = time.perf_counter()
    total = xc.count(engine="frontier", meet=meet, memory=memory)
    seconds = time.perf_counter() - start
    f = xc.stats.frontier
    return seconds, int(total), f["states"], f["peak_bytes"], f["met"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("puzzles", nargs="*", default=DEFAULT)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--memory", type=float, default=12e9)
    args = parser.parse_args()
    print("| puzzle | count | whole sweep | met in the middle | speed-up "
          "| states (whole / met) | peak MB (whole / met) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.puzzles:
        whole = [run(name, False, args.memory) for _ in range(args.runs)]
        met = [run(name, True, args.memory) for _ in range(args.runs)]
        if whole[0][1] != met[0][1]:
            raise SystemExit(f"{name}: the whole sweep counts {whole[0][1]}, the meet "
                             f"{met[0][1]}")
        a = statistics.median(r[0] for r in whole)
        b = statistics.median(r[0] for r in met)
        note = "" if met[0][4] else " (not met: not of the kind)"
        print(f"| {name} | {whole[0][1]:,} | {a:.2f} s | {b:.2f} s{note} | {a / b:.2f}x "
              f"| {whole[0][2]:,} / {met[0][2]:,} "
              f"| {whole[0][3] / 1e6:,.0f} / {met[0][3] / 1e6:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
