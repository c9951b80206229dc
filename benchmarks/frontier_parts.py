"""What cutting a count into parts costs the frontier engine: the whole count against
the sum of its parts (``cpuzzler.parts``, split at 1 and 2 levels), medians of a few
runs, one process. Parts cannot merge one another's states, which is the frontier
engine's gain, so a count too long for one machine's session is not helped by parts.

    python benchmarks/frontier_parts.py [polyhexes-1234-5x8 pentominoes-6x10] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cpuzzler import catalog
from cpuzzler.exact_cover import ExactCover
from cpuzzler.parts import count_in_parts


def counted(xc: ExactCover, depth: int) -> int:
    """The raw count of ``xc`` by the frontier engine: whole (``depth`` 0) or by parts
    split at ``depth`` levels, in this process."""
    if depth == 0:
        return int(xc.count(engine="frontier"))
    return int(count_in_parts(xc, engine="frontier", depth=depth, split_after=1e9)[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=["polyhexes-1234-5x8",
                                                     "pentominoes-6x10"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| count | whole | parts, 1 level | parts, 2 levels | ratios |")
    print("|---|---|---|---|---|")
    for name in args.names:
        xc = catalog.get(name).build().exact_cover
        medians, counts = [], set()
        for depth in (0, 1, 2):
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                counts.add(counted(xc, depth))
                times.append(time.perf_counter() - start)
            medians.append(statistics.median(times))
        if len(counts) != 1:
            raise SystemExit(f"{name}: the ways disagree: {sorted(counts)}")
        ratios = " / ".join(f"{m / medians[0]:.1f}x" for m in medians[1:])
        print(f"| {name} ({counts.pop():,}) | " + " | ".join(f"{m:.2f} s" for m in medians)
              + f" | {ratios} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
