"""Options in no solution: Knuth's DLX-PRE against ``ExactCover.reduced()`` on the catalog.

For each catalog puzzle whose exact cover DLX-PRE reads (no colours, every primary item
1:1) and that is not too big, the options each keeps (DLX-PRE's ``(from k)`` tags give
its kept options), the CPU seconds of each, and a check that ours keeps no option
DLX-PRE removes. With ``--counts``, the dlx engine's raw count (and first solution) on
the problem as built and as reduced, CPU seconds side by side: whether the reduction
pays.

    python benchmarks/knuth_pre.py --knuth /tmp/knuth            # the table
    python benchmarks/knuth_pre.py --knuth /tmp/knuth --counts pentominoes-6x10 soma
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import knuth  # noqa: E402

from cpuzzler import catalog  # noqa: E402
from cpuzzler.cli.common import exact_cover_of  # noqa: E402
from cpuzzler.presolve import reduce  # noqa: E402

MOST_OPTIONS = 30000  # beyond this a puzzle is left out (Python bitsets: minutes)
FROM = re.compile(r"^\| \(from (\d+)\)$", re.MULTILINE)


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def dlx_pre(binary: Path, text: str) -> tuple[set[int] | None, float]:
    """The options (0-based) DLX-PRE keeps and its CPU seconds; None where it finds the
    problem infeasible (it then writes one primary item and no option)."""
    before = children_cpu()
    done = subprocess.run([str(binary), "v9"], input=text, capture_output=True, text=True,
                          check=True)
    cpu = children_cpu() - before
    kept = {int(k) - 1 for k in FROM.findall(done.stdout)}
    return kept, cpu


def eligible(names: list[str]) -> list[tuple[str, object]]:
    """The named puzzles (all, if none are named) DLX-PRE can read, with their exact covers."""
    chosen = []
    for entry in catalog.ENTRIES:
        if names and entry.name not in names:
            continue
        xc = exact_cover_of(entry.build())
        if xc.has_colours or xc.num_options > MOST_OPTIONS:
            continue
        if any(xc.bounds(n) != (1, 1) for n in xc.primary):
            continue
        chosen.append((entry.name, xc))
    return chosen


def table(binary: Path, names: list[str]) -> None:
    print("| puzzle | options | DLX-PRE keeps | CPU s | ours keeps | CPU s | "
          "ours, depth 1 | CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    totals = [0, 0, 0, 0]
    for name, xc in eligible(names):
        theirs, their_cpu = dlx_pre(binary, knuth.knuth_input(xc))
        rows = []
        for depth in (0, 1):
            start = time.process_time()
            reduced = reduce(xc, depth=depth)
            rows.append((reduced, time.process_time() - start))
        ours = set(rows[0][0].options)
        if not ours <= theirs:
            raise SystemExit(f"{name}: ours keeps options DLX-PRE removes: "
                             f"{sorted(ours - theirs)[:10]}")
        kept = [len(theirs), len(ours), rows[1][0].problem.num_options]
        for k, value in enumerate([xc.num_options, *kept]):
            totals[k] += value
        print(f"| {name} | {xc.num_options} | {kept[0]} | {their_cpu:.2f} | {kept[1]} | "
              f"{rows[0][1]:.2f} | {kept[2]} | {rows[1][1]:.2f} |", flush=True)
    print(f"| all | {totals[0]} | {totals[1]} | | {totals[2]} | | {totals[3]} | |")


def counts(names: list[str], repeat: int) -> None:
    """The dlx engine's raw count on each puzzle as built and as reduced (median CPU)."""
    print("| puzzle | solutions | count CPU s | reduced: reduce + count CPU s | "
          "first CPU s | reduced: first CPU s |")
    print("|---|---|---|---|---|---|")
    for name, xc in eligible(names):
        timings: dict[str, list[float]] = {"count": [], "reduced": [], "first": [],
                                           "first reduced": []}
        for _ in range(repeat):
            start = time.process_time()
            whole = xc.count(engine="dlx", symmetry="raw")
            timings["count"].append(time.process_time() - start)
            start = time.process_time()
            smaller = xc.reduced().problem
            found = smaller.count(engine="dlx", symmetry="raw")
            timings["reduced"].append(time.process_time() - start)
            if int(found) != int(whole):
                raise SystemExit(f"{name}: {whole} solutions, {found} once reduced")
            start = time.process_time()
            xc.first(engine="dlx")
            timings["first"].append(time.process_time() - start)
            start = time.process_time()
            xc.reduced().problem.first(engine="dlx")
            timings["first reduced"].append(time.process_time() - start)
        med = {k: sorted(v)[len(v) // 2] for k, v in timings.items()}
        print(f"| {name} | {int(whole)} | {med['count']:.2f} | {med['reduced']:.2f} | "
              f"{med['first']:.3f} | {med['first reduced']:.3f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", help="catalog names (default: all eligible)")
    parser.add_argument("--knuth", help="folder of Knuth's CWEB sources (dlx-pre.w, gb_flip.*)")
    parser.add_argument("--counts", action="store_true", help="counts with and without")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.counts:
        counts(args.puzzles, args.repeat)
    else:
        table(knuth.build(args.knuth, ("dlx-pre",))["dlx-pre"], args.puzzles)


if __name__ == "__main__":
    main()
