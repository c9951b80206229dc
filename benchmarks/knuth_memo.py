"""Counting by memoised states beside Knuth's DLX6: equal counts, CPU time, ZDD nodes.

DLX6 (``dlx6.w``, Knuth's collection, ``programs-orig/``) counts an exact cover (DLX3
input: multiplicities and colours) by caching the sub-problems its search meets, after
Nishino, Yasuda, Minato and Nagata, "Dancing with decision diagrams" (AAAI 2017), and
can write the ZDD of all solutions. It is tangled by ``benchmarks/cweb.py`` and compiled
like SSXCC (``benchmarks/knuth.py``: a folder of ``dlx6.w``, ``gb_flip.c``, ``gb_flip.h``
named by ``--knuth DIR``).

    python benchmarks/knuth_memo.py --knuth ~/knuth               # the catalog's list
    python benchmarks/knuth_memo.py --knuth ~/knuth --only dominoes-8x8 --repeat 3
    python benchmarks/knuth_memo.py --knuth ~/knuth --big --repeat 1 --timeout 600

For each puzzle, the raw count (no symmetry broken, as DLX6 takes the matrix) by DLX6,
by cpuzzler's memo engine (its sweep and its fewest-options rule) and its frontier
engine, in turn: the median CPU seconds of each, the
ratio of the faster of ours to DLX6, and the nodes of DLX6's ZDD beside those of
cpuzzler's diagram of all solutions (``Diagram.of``, the memo engine's states reduced).
The counts must agree, else the run stops.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import knuth  # noqa: E402

from cpuzzler import ExactCoverError, catalog  # noqa: E402
from cpuzzler.engines.diagram import Diagram  # noqa: E402

PUZZLES = ("dominoes-8x8", "pentominoes-3x20", "pentominoes-4x15", "pentominoes-5x12",
           "pentominoes-6x10", "soma", "tetracubes-2x4x4", "pentominoes-8x8-square")
# the catalog's counts no enumeration reaches, which it gives to the memo engine
BIG = ("dominoes-8x10", "dominoes-10x10", "dominoes-12x12", "dominoes-aztec-diamond-8",
       "box-dominoes-2x2x10", "lozenges-hexagon-6-5-5", "lozenges-hexagon-6-6-6")
# our counters: an engine and its options, as the table's columns
OURS = {"memo": {"engine": "memo"}, "memo fewest": {"engine": "memo", "choice": "fewest"},
        "frontier": {"engine": "frontier"}}


def dlx6(binary: Path, text: str, timeout: float) -> tuple[int | None, int | None, float]:
    """DLX6's count, its ZDD's nodes and its CPU seconds (None, None past ``timeout``)."""
    said, cpu = knuth.run_text(binary, text, timeout=timeout)
    if said is None:
        return None, None, cpu
    found = knuth.total(binary, said)
    zdd = next((int(w) for line in said.splitlines() if "ZDD node" in line
                for w, after in zip(line.split(), line.split()[1:], strict=False)
                if after.startswith("ZDD")), None)
    return found, zdd, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knuth", help="the folder of dlx6.w, gb_flip.c, gb_flip.h")
    parser.add_argument("--only", action="append", choices=PUZZLES + BIG)
    parser.add_argument("--big", action="store_true", help="the catalog's big counts: "
                        + ", ".join(BIG))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    binary = knuth.build(args.knuth, ("dlx6",))["dlx6"]
    print("| puzzle | raw count | DLX6 CPU s | "
          + " | ".join(f"{column} CPU s" for column in OURS)
          + " | ratio | DLX6 ZDD nodes | cpuzzler diagram nodes |")
    print("|---|---|---|" + "---|" * len(OURS) + "---|---|---|")
    for name in args.only or (BIG if args.big else PUZZLES):
        xc = catalog.get(name).build().exact_cover
        text = knuth.knuth_input(xc, multiplicities=True)
        times: dict[str, list[float]] = {"dlx6": [], **{column: [] for column in OURS}}
        zdd, ours = None, -1
        for _ in range(args.repeat):
            theirs, zdd, cpu = dlx6(binary, text, args.timeout)
            times["dlx6"].append(cpu)
            if theirs is None:
                times["dlx6"][-1] = math.nan
            for column, options in OURS.items():
                start = time.process_time()
                found = xc.count(**options, symmetry="raw", time_limit=args.timeout)
                times[column].append(time.process_time() - start if found.complete
                                     else math.nan)
                ours = ours if not found.complete else int(found)
                if theirs is not None and found.complete and found != theirs:
                    raise SystemExit(f"{name}: DLX6 {theirs}, cpuzzler {column} {found}")
        a = statistics.median(times["dlx6"])
        mine = [statistics.median(times[column]) for column in OURS]
        try:
            diagram = f"{len(Diagram.of(xc)):,}"
        except ExactCoverError as e:  # past the memory cap (a quarter of the machine's)
            diagram = f"- ({e})"
        def shown(t: float) -> str:
            return f"> {args.timeout:g}" if math.isnan(t) else f"{t:.2f}"

        faster = min((t for t in mine if not math.isnan(t)), default=math.nan)
        ratio = faster / max(a, 1e-3)  # NaN where either side ran out of time
        print(f"| {name} | {ours:,} | {shown(a)} | " + " | ".join(map(shown, mine)) + " | "
              f"{'-' if math.isnan(ratio) else f'{ratio:.2f}'} | "
              f"{zdd if zdd is not None else '-'} | {diagram} |", flush=True)


if __name__ == "__main__":
    main()
