"""One long count three ways, in one run: serially, in processes on this machine's cores,
and on a local Dask cluster of as many single-threaded workers; medians and speed-ups.

    python benchmarks/cluster.py                  # medians of 3
    python benchmarks/cluster.py --repeat 5 --only bedlam
    python benchmarks/cluster.py --spread         # part times, fixed split vs adaptive

The serial time is one plain ``count_both`` (the native engine, no parts). The cluster is
started before the clock, as a real one would already be running (its start-up time is
printed beside it). Overhead per part: the workers' time not spent counting (workers x
wall time - the parts' own seconds), divided by the parts. Every count is checked
against the catalog's published one. Needs ``pip install -e '.[cluster]'``.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time

from cpuzzler import catalog
from cpuzzler.engines.processes import cores
from cpuzzler.parts import count_in_parts

# (catalog name, symmetry): counts of about 20 s on one core
COUNTS = [("bedlam-cube", "unique"), ("solid-pentominoes-3x4x5", "raw"),
          ("tetrasticks-5x5", "raw")]


def _expected(entry, symmetry: str) -> tuple[int, int]:
    return (entry.raw if symmetry == "raw" else entry.unique), entry.raw


def _timed(run, expected: tuple[int, int]) -> float:
    start = time.perf_counter()
    counts = run()
    seconds = time.perf_counter() - start
    if tuple(counts) != expected:
        raise SystemExit(f"wrong count {tuple(counts)}, expected {expected}")
    return seconds


def _in_parts(puzzle, symmetry: str, workers: int, expected, **where) -> tuple[float, float,
                                                                               int]:
    """(wall seconds, overhead seconds per part, parts counted) of one count in parts."""
    timings: list[tuple[str, float, str]] = []
    wall = _timed(lambda: count_in_parts(puzzle, symmetry=symmetry, timings=timings,
                                         **where), expected)
    busy = sum(seconds for _, seconds, _ in timings)
    return wall, max(0.0, workers * wall - busy) / len(timings), len(timings)


def speed(args: argparse.Namespace) -> None:
    import distributed

    workers = args.workers
    start = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                       processes=True, dashboard_address=":0",
                                       silence_logs=logging.ERROR)
    started = time.perf_counter() - start
    print(f"local Dask cluster of {workers} workers started in {started:.1f} s "
          f"(outside the times below); medians of {args.repeat}\n")
    print(f"| count | serial | {workers} processes | speed-up | Dask, {workers} workers "
          f"| speed-up | parts | overhead per part (processes / Dask) |")
    print("|---|---|---|---|---|---|---|---|")
    try:
        for name, symmetry in COUNTS:
            if args.only not in name:
                continue
            entry = catalog.get(name)
            puzzle = entry.build()
            expected = _expected(entry, symmetry)
            puzzle.count_both(symmetry=symmetry)  # placements and reduction built first
            serial, pool, dask = [], [], []
            for _ in range(args.repeat):
                serial.append(_timed(lambda p=puzzle, s=symmetry: p.count_both(symmetry=s),
                                     expected))
                pool.append(_in_parts(puzzle, symmetry, workers, expected, jobs=workers))
                dask.append(_in_parts(puzzle, symmetry, workers, expected, backend="dask",
                                      address=cluster.scheduler_address))
            one = statistics.median(serial)
            p = statistics.median(t for t, _, _ in pool)
            d = statistics.median(t for t, _, _ in dask)
            parts = statistics.median(n for _, _, n in pool)
            p_over = statistics.median(o for _, o, _ in pool) * 1000
            d_over = statistics.median(o for _, o, _ in dask) * 1000
            label = f"{name} ({symmetry})"
            print(f"| {label} | {one:.1f} s | {p:.1f} s | {one / p:.2f}x | {d:.1f} s "
                  f"| {one / d:.2f}x | {parts:.0f} | {p_over:.1f} ms / {d_over:.1f} ms |",
                  flush=True)
    finally:
        cluster.close()


# (catalog name, symmetry, depth): a first split too coarse (a few large parts), then
# the default split
SPREAD = [("bedlam-cube", "unique", 1), ("bedlam-cube", "unique", 2),
          ("bedlam-cube", "unique", None), ("solid-pentominoes-3x4x5", "raw", 1),
          ("solid-pentominoes-3x4x5", "raw", None)]


def spread(args: argparse.Namespace) -> None:
    """The parts' times with the first split only, and with long parts cut again."""
    print("| count | first split | long parts | parts counted | parts cut | longest part "
          "| median part | wall, 2 processes |")
    print("|---|---|---|---|---|---|---|---|")
    for name, symmetry, depth in SPREAD:
        if args.only not in name:
            continue
        entry = catalog.get(name)
        puzzle = entry.build()
        for label, split_after in [("kept", 1e9), ("cut (adaptive)", None),
                                   ("cut after 1 s", 1.0)]:
            timings: list[tuple[str, float, str]] = []
            wall = _timed(lambda p=puzzle, y=symmetry, d=depth, s=split_after, t=timings:
                          count_in_parts(p, symmetry=y, jobs=args.workers, depth=d,
                                         split_after=s, timings=t),
                          _expected(entry, symmetry))
            counted = sorted(s for _, s, outcome in timings if outcome == "counted")
            cut = sum(1 for _, _, outcome in timings if outcome == "cut")
            first = "default" if depth is None else f"depth {depth}"
            print(f"| {name} ({symmetry}) | {first} | {label} | {len(counted)} | {cut} "
                  f"| {counted[-1]:.2f} s | {statistics.median(counted) * 1000:.0f} ms "
                  f"| {wall:.1f} s |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="rows whose name contains this")
    parser.add_argument("--workers", type=int, default=cores())
    parser.add_argument("--spread", action="store_true",
                        help="part times with and without cutting long parts again")
    args = parser.parse_args()
    (spread if args.spread else speed)(args)


if __name__ == "__main__":
    main()
