"""The frontier engine's layer profile of a puzzle: per layer (item of the sweep), the
states processed, the memory held as it began (or, with --work-dir, the bytes of its
files) and its seconds; then the count, the widest layer and the peak, beside the memo
engine's sweep where it finishes within the limit.

    python benchmarks/frontier.py pentominoes-6x10 [--every 5] [--memo] [--work-dir DIR]
        [--sweep flipped|skewed|skewed-flipped|FILE]

Another sweep's profile shows how wide the check of a long count will run.
"""

from __future__ import annotations

import argparse
import sys
import time

from cpuzzler import catalog
from cpuzzler.cli.common import exact_cover_of, set_sweep
from cpuzzler.models import Tiling


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name")
    parser.add_argument("--every", type=int, default=1, help="print every n-th layer")
    parser.add_argument("--memo", action="store_true", help="also count with the memo engine")
    parser.add_argument("--work-dir", help="keep the layers on disk there (resumable)")
    parser.add_argument("--memory", type=float, default=None, help="bytes")
    parser.add_argument("--limit", type=float, default=None, help="seconds")
    parser.add_argument("--sweep", help="another sweep, as for cpuzzler solve --sweep")
    args = parser.parse_args()
    puzzle = catalog.get(args.name).build()
    set_sweep(puzzle, args.sweep, "frontier")
    xc = puzzle.exact_cover if isinstance(puzzle, Tiling) else exact_cover_of(puzzle)
    print(f"{args.name}: {len(xc.items)} items, {xc.num_options} options")
    print("| layer | states | MiB | seconds |\n|---:|---:|---:|---:|")

    def show(k: int, states: int, held: int, seconds: float) -> None:
        if k % args.every == 0:
            print(f"| {k} | {states:,} | {held / 2**20:,.1f} | {seconds:.3f} |", flush=True)

    start = time.perf_counter()
    total = xc.count(engine="frontier", on_layer=show, work_dir=args.work_dir,
                     memory=args.memory, time_limit=args.limit)
    took = time.perf_counter() - start
    layers = xc.stats.frontier["layers"]
    widest = max(range(len(layers)), key=lambda k: layers[k][0]) if layers else 0
    print(f"\ncount {total.describe()} in {took:.2f} s; widest layer {widest} "
          f"({layers[widest][0]:,} states)" if layers else f"\ncount {total.describe()}")
    if "peak_bytes" in xc.stats.frontier:
        print(f"peak memory held by the layers: {xc.stats.frontier['peak_bytes'] / 2**20:,.1f} MiB")
    if args.memo:
        start = time.perf_counter()
        memo = xc.count(engine="memo", time_limit=args.limit)
        print(f"memo engine (sweep): {memo.describe()} in {time.perf_counter() - start:.2f} s, "
              f"table peak {xc.stats.memo['peak_bytes'] / 2**20:,.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
