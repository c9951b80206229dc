"""The memo engine on DLX files, which bring no sweep order: the order derived from the
matrix (``engines.sweep.derived_sweep``) against the catalog model's own sweep.

    python benchmarks/derived_sweep.py [--repeat 3] [--limit 60] [NAME ...]

Every catalog puzzle the memo engine counts with the sweep rule in the tests (those not
in tests/test_memo.py's FEWEST_ON_MEMO), or the ones named, is built, counted with its
model's sweep, written as DLX text and read back (so no sweep is left), and counted again
with the derived order; the counts are checked equal. Prints medians and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from cpuzzler import ExactCover, catalog  # noqa: E402
from cpuzzler.cli.common import exact_cover_of  # noqa: E402
from cpuzzler.engines.sweep import derived_sweep  # noqa: E402
from cpuzzler.models import Tiling  # noqa: E402


def median_time(xc: ExactCover, repeat: int, limit: float) -> tuple[float, int]:
    times, total = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        total = xc.count(engine="memo", time_limit=limit)
        times.append(time.perf_counter() - start)
        if not total.complete:
            break
    return statistics.median(times), total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=float, default=60.0)
    args = parser.parse_args()
    if args.names:
        names = args.names
    else:
        from test_memo import FEWEST_ON_MEMO

        names = [e.name for e in catalog.PUBLISHED if e.name not in FEWEST_ON_MEMO
                 and not e.name.startswith(("sudoku-top95-", "sudoku-17-"))]
    print("| puzzle | count | model sweep | derived from the DLX | derive | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    worst = 0.0
    for name in names:
        puzzle = catalog.get(name).build()
        xc = puzzle.exact_cover if isinstance(puzzle, Tiling) else exact_cover_of(puzzle)
        model, expected = median_time(xc, args.repeat, args.limit)
        plain = ExactCover.from_dlx_text(xc.to_dlx())
        start = time.perf_counter()
        derived_sweep(plain)
        derive = time.perf_counter() - start
        found, total = median_time(plain, args.repeat, args.limit)
        assert total == expected or not (total.complete and expected.complete), name
        ratio = found / max(model, 1e-3)  # below a millisecond both are instant
        worst = max(worst, ratio)
        shown = f"{total:,}" if total.complete else total.describe()
        print(f"| {name} | {shown} | {model:.4f} s | {found:.4f} s | {derive:.4f} s "
              f"| {ratio:.2f}x |", flush=True)
    print(f"\nworst ratio (times under 1 ms taken as 1 ms): {worst:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
