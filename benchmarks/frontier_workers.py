"""The frontier engine's count on disk by one process, by processes sharing one folder
(one process appending what they emit) and on a local Dask cluster whose workers own
their shards (each appending its own): medians of a few runs, the speed-ups, and the
bytes the appending process wrote.

    python benchmarks/frontier_workers.py [pentominoes-6x10 ...] [--runs 3] [--jobs 2]
        [--shards 32]

The cluster is started before the clock (as a real one runs before the count).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import tempfile
import time
from pathlib import Path

from cpuzzler import catalog
from cpuzzler.cli.common import exact_cover_of
from cpuzzler.models import Tiling


def timed(name: str, shards: int, **options: object) -> tuple[float, int]:
    """Seconds of one count on disk in a fresh folder, and the count."""
    puzzle = catalog.get(name).build()
    xc = puzzle.exact_cover if isinstance(puzzle, Tiling) else exact_cover_of(puzzle)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        total = xc.count(engine="frontier", work_dir=Path(folder) / "layers", shards=shards,
                         **options)  # type: ignore[arg-type]
        return time.perf_counter() - start, int(total)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=["pentominoes-6x10"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--shards", type=int, default=32)
    args = parser.parse_args()
    import distributed

    with distributed.LocalCluster(n_workers=args.jobs, threads_per_worker=1,
                                  processes=True, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as cluster:
        ways = {"1 process": {},
                f"{args.jobs} processes, one folder": {"backend": "processes",
                                                       "jobs": args.jobs},
                f"Dask, {args.jobs} workers owning shards": {
                    "backend": "dask", "address": cluster.scheduler_address}}
        print("| count | " + " | ".join(ways) + " | speed-ups |")
        print("|---|" + "---|" * (len(ways) + 1))
        for name in args.names:
            medians, counts = [], set()
            for options in ways.values():
                times = []
                for _ in range(args.runs):
                    seconds, total = timed(name, args.shards, **options)
                    times.append(seconds)
                    counts.add(total)
                medians.append(statistics.median(times))
            if len(counts) != 1:
                raise SystemExit(f"{name}: the ways disagree: {sorted(counts)}")
            ups = " / ".join(f"{medians[0] / m:.2f}x" for m in medians[1:])
            print(f"| {name} ({counts.pop():,}) | "
                  + " | ".join(f"{m:.2f} s" for m in medians) + f" | {ups} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
