"""The engines side by side on the three jobs: first solution, count, proof that there
is none; ``auto`` is the native engine with CP-SAT beside it in doubling time budgets.
Medians of ``--repeat`` runs (default 3), each with a time limit.

    python benchmarks/engines.py [--repeat 3] [--time-limit 60] [--only mutilated]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from cpuzzler import catalog
from cpuzzler.grids import cubic, hexagonal, square, triangular
from cpuzzler.models import Tiling, pieces

ENGINES = ("dlx", "cpsat", "sat", "auto")


def mutilated(n: int) -> Tiling:
    """Dominoes on the n x n board without two opposite corners: none fit (colours)."""
    dominoes = pieces.domino()[0].with_copies(n * n // 2 - 1)
    return Tiling([dominoes], square.rectangle(n, n).without([(0, 0), (n - 1, n - 1)]))


JOBS: list[tuple[str, str, Callable[[], Tiling]]] = [
    ("first", "pentahexes in a 10x11 parallelogram",
     lambda: Tiling(pieces.pentahexes(), hexagonal.parallelogram(11, 10))),
    ("first", "heptiamonds in a 7x12 parallelogram",
     lambda: Tiling(pieces.heptiamonds(), triangular.parallelogram(12, 7))),
    ("count", "pentominoes 4x15 (1472 raw)", lambda: catalog.get("pentominoes-4x15").build()),
    ("proof", "solid pentominoes, ring wall 3x4x8",
     lambda: Tiling(pieces.solid_pentominoes(), cubic.ring_wall(8, 4, 3))),
    ("proof", "solid pentominoes, ring wall 5x4x4",
     lambda: Tiling(pieces.solid_pentominoes(), cubic.ring_wall(4, 4, 5))),
    ("proof", "mutilated 10x10 board, dominoes", lambda: mutilated(10)),
    ("proof", "mutilated 12x12 board, dominoes", lambda: mutilated(12)),
]


def run(job: str, build: Callable[[], Tiling], engine: str, time_limit: float
        ) -> tuple[float, str]:
    xc = build().exact_cover  # built before the clock starts
    start = time.perf_counter()
    if job == "first":
        found = next(iter(xc.solve(1, engine=engine, time_limit=time_limit)), None)
        result = "found" if found is not None else xc.stats.reason
    else:
        total = xc.count(engine=engine, time_limit=time_limit)
        result = f"{int(total)} {total.reason}"
    return time.perf_counter() - start, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=60)
    parser.add_argument("--only", default="", help="instances whose name contains this")
    args = parser.parse_args(argv)
    print(f"{'job':6} {'instance':40} {'engine':6} {'median s':>9}  result")
    for job, label, build in JOBS:
        if args.only not in label:
            continue
        for engine in ENGINES:
            runs = [run(job, build, engine, args.time_limit) for _ in range(args.repeat)]
            median = statistics.median(s for s, _ in runs)
            print(f"{job:6} {label:40} {engine:6} {median:9.2f}  {runs[-1][1]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
