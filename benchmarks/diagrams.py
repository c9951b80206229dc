"""Decision diagrams of all solutions: cpuzzler's C builder beside its plain-Python
reference and the OxiDD conjunction of the zdd engine, on the same puzzles, in one run;
medians, nodes, and what one pass (the marginals) costs after the build.

    python benchmarks/diagrams.py              # medians of 3
    python benchmarks/diagrams.py --repeat 5 --slow   # the Python reference on all

Every way must give the same count; the C and Python builders give the same nodes (the
tests check that on random problems). The zdd engine is given ``--zdd-limit`` seconds a
run (default 120) and shown as "> N s" past it. Needs ``pip install -e '.[diagrams]'``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from cpuzzler import catalog
from cpuzzler.engines.diagram import Diagram

INSTANCES = [  # catalog name, the Python reference in a plain run
    ("soma", True),
    ("google-cube", True),
    ("pentominoes-5x12", True),
    ("pentominoes-6x10", False),
    ("polyhexes-1234-4x10", False),
    ("polyhexes-1234-5x8", False),
]


def median_time(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The median seconds of ``repeat`` runs, and the last run's result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--slow", action="store_true", help="the Python reference on all")
    parser.add_argument("--zdd-limit", type=float, default=120.0)
    args = parser.parse_args()
    print("| puzzle | solutions | nodes | states | peak MB | C build | marginals | "
          "Python build | zdd engine |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, small in INSTANCES:
        xc = catalog.get(name).build().exact_cover
        built, d = median_time(xc.diagram, args.repeat)
        passed, _ = median_time(d.marginals, args.repeat)
        python = "-"
        if small or args.slow:
            seconds, reference = median_time(lambda xc=xc: Diagram.reference(xc), 1)
            assert reference.nodes == d.nodes, name
            python = f"{seconds:.2f} s ({seconds / built:.0f}x)"
        start = time.perf_counter()
        zdd = xc.count(engine="zdd", symmetry="raw", time_limit=args.zdd_limit)
        took = time.perf_counter() - start
        if zdd.complete:
            assert zdd == d.count(), name
            shown = f"{took:.2f} s ({took / built:.0f}x)"
        else:
            shown = f"> {args.zdd_limit:.0f} s"
        print(f"| {name} | {d.count():,} | {len(d):,} | {int(d.built['states']):,} | "
              f"{d.built['peak_bytes'] / 1e6:.0f} | {built:.3f} s | {passed:.3f} s | "
              f"{python} | {shown} |", flush=True)


if __name__ == "__main__":
    main()
