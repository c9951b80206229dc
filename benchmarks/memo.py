"""The memo and frontier engines beside the native enumerating count, on the same
problems, in one run.

    python benchmarks/memo.py                 # medians of 3 (the slow enumerations once)
    python benchmarks/memo.py --repeat 5 --only domino

Each row counts one exact-cover problem raw with the memo engine under both choice rules
(``sweep``, ``fewest``), with the frontier engine (the same sweep, breadth-first), with
``engine="dlx"`` and with ``engine="auto"`` (the portfolio, which names the engine that
answered); the counts must agree (and match the published ones). The table gives the
medians, the sweep's states and peak memory, the frontier engine's peak memory, and the
ratios frontier / memo (sweep) and enumeration / memo (sweep).
Enumeration is skipped (marked -) where it would take far longer than the row is worth
(the 12x12 dominoes: 5.3e16 tilings).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from cpuzzler import catalog
from cpuzzler.cli.common import exact_cover_of
from cpuzzler.grids import square
from cpuzzler.models import Sudoku, Tiling, pieces, queens

sys.path.insert(0, str(Path(__file__).resolve().parent))
from open_counts import PUZZLES as OPEN  # noqa: E402


def dominoes(side: int):
    return Tiling([pieces.domino()[0].with_copies(side * side // 2)],
                  square.rectangle(side, side)).exact_cover


ROWS = [  # name, builder, published count, enumerate too
    ("8x8 dominoes", lambda: dominoes(8), 12988816, True),
    ("12x12 dominoes", lambda: dominoes(12), 53060477521960000, False),
    ("polyhexes 1-4 in 4x10", lambda: OPEN["polyhexes of order 1-4 in a 4x10 parallelogram"]()
     .exact_cover, 14809060, True),
    ("polyhexes 1-4 in 5x8", lambda: OPEN["polyhexes of order 1-4 in a 5x8 parallelogram"]()
     .exact_cover, 30353640, True),
    ("pentominoes 6x10", lambda: catalog.get("pentominoes-6x10").build().exact_cover, 9356,
     True),
    ("13 queens", lambda: queens(13), 73712, True),
    ("solid pentominoes 3x4x5", lambda: catalog.get("solid-pentominoes-3x4x5").build()
     .exact_cover, 31520, True),
    ("empty 6x6 Sudoku (2x3 boxes)", lambda: exact_cover_of(Sudoku.empty(box=(2, 3))),
     28200960, True),
]


def _timed(xc, engine: str, repeat: int, **options: object) -> tuple[float, int]:
    times, counts = [], set()
    for _ in range(repeat):
        start = time.perf_counter()
        counts.add(int(xc.count(engine=engine, **options)))
        times.append(time.perf_counter() - start)
    if len(counts) != 1:
        raise SystemExit(f"{engine} gave different counts: {counts}")
    return statistics.median(times), counts.pop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="rows whose name contains this")
    parser.add_argument("--sweep-limit", type=float, default=60.0,
                        help="seconds before the sweep gives up on a row (default 60)")
    args = parser.parse_args()
    print("| problem | count | memo (sweep) | states | peak MB | frontier | peak MB "
          "| memo (fewest) | dlx (enumeration) | auto | frontier / memo | dlx / memo |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, build, published, enumerate_too in ROWS:
        if args.only not in name:
            continue
        xc = build()
        sweep = xc.count(engine="memo", time_limit=args.sweep_limit)
        if sweep.complete:
            memo_time, total = _timed(xc, "memo", args.repeat)
            memo = xc.stats.memo
            if total != published:
                raise SystemExit(f"{name}: memo counts {total}, published {published}")
            megabytes = memo["peak_bytes"] / 2**20
            sweep_cell = f"{memo_time:.3g} s | {memo['states']:,} | {megabytes:.0f}"
        else:
            memo_time = None
            sweep_cell = f"> {args.sweep_limit:g} s | - | -"
        by_memo = "-"
        if xc.count(engine="frontier", time_limit=args.sweep_limit).complete:
            frontier_time, other = _timed(xc, "frontier", args.repeat)
            if other != published:
                raise SystemExit(f"{name}: frontier counts {other}, published {published}")
            megabytes = xc.stats.frontier["peak_bytes"] / 2**20
            sweep_cell += f" | {frontier_time:.3g} s | {megabytes:.0f}"
            by_memo = f"{frontier_time / memo_time:.3g}x" if memo_time else "-"
        else:
            sweep_cell += f" | > {args.sweep_limit:g} s | -"
        slow = published > 1_000_000
        repeat = 1 if slow else args.repeat
        once = " (once)" if slow else ""
        cells = []
        for engine, options in (("memo", {"choice": "fewest"}), ("dlx", {}), ("auto", {})):
            if not enumerate_too and engine != "auto":
                cells.append("-")
                continue
            seconds, other = _timed(xc, engine, repeat, **options)
            if other != published:
                raise SystemExit(f"{name}: {engine} {options} counts {other}, not {published}")
            by = f" ({xc.stats.answered_by})" if engine == "auto" else ""
            cells.append(f"{seconds:.3g} s{once}{by}")
            if engine == "dlx":
                dlx_time = seconds
        ratio = (f"{dlx_time / memo_time:.3g}x" if enumerate_too and memo_time else "-")
        print(f"| {name} | {published:,} | {sweep_cell} | {' | '.join(cells)} | {by_memo} "
              f"| {ratio} |", flush=True)


if __name__ == "__main__":
    main()
