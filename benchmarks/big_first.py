"""One solution of each of the nine big puzzles of the constraints and first-solution
issues, engine by engine: wall seconds to the first solution (the model built before the
clock starts), the median of ``--repeat`` runs, "> cap" where none came within
``--time-limit``. Each run is a child process of its own, killed past the cap: a SAT
solver python-sat cannot interrupt (kissat404) is stopped too.

    python benchmarks/big_first.py [--engines dlx,cpsat,sat,sat:kissat404]
                                   [--time-limit 120] [--repeat 1] [--only pentacubes]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

NINE = ("hexominoes-parallelogram-15x14", "hexominoes-parallelogram-21x10",
        "hexominoes-plus-18x12", "one-sided-hexominoes-20x18", "one-sided-hexominoes-24x15",
        "polyominoes-123456-23x13", "pentacubes-11x11x5-pyramid",
        "pentacubes-3x9x9-open-box", "solid-hexominoes-9x9x3-1")
SLACK = 60.0  # seconds past the cap before a child is killed (building the model)


def one(name: str, engine: str, time_limit: float) -> None:
    """In the child: build, then time the first solution; print 'found SECONDS' or
    'none REASON'."""
    from cpuzzler import catalog

    xc = catalog.get(name).build().exact_cover
    options = {}
    if ":" in engine:  # sat:SOLVER
        engine, options["solver"] = engine.split(":", 1)
    start = time.perf_counter()
    found = next(iter(xc.solve(1, engine=engine, time_limit=time_limit, **options)), None)
    seconds = time.perf_counter() - start
    if found is not None and xc.violation(found) is not None:
        raise SystemExit(f"{name} {engine}: not a solution: {xc.violation(found)}")
    print(f"found {seconds:.2f}" if found is not None else f"none {xc.stats.reason}")


def run(name: str, engine: str, time_limit: float) -> float | None:
    """Seconds to the first solution in a child process, or None (none by the cap)."""
    try:
        done = subprocess.run([sys.executable, __file__, "--child", name, engine,
                               str(time_limit)], capture_output=True, text=True,
                              timeout=time_limit + SLACK, check=False)
    except subprocess.TimeoutExpired:
        return None
    words = done.stdout.split()
    if done.returncode or not words:
        raise SystemExit(f"{name} {engine} failed: {done.stderr.strip()[-500:]}")
    seconds = float(words[1]) if words[0] == "found" else None
    return seconds if seconds is not None and seconds <= time_limit else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="dlx,cpsat,sat")
    parser.add_argument("--time-limit", type=float, default=120)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", default="")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        name, engine, limit = args.child
        one(name, engine, float(limit))
        return 0
    engines = args.engines.split(",")
    cap = args.time_limit
    print(f"wall seconds to a first solution, median of {args.repeat}, cap {cap:g} s")
    print("| puzzle | " + " | ".join(engines) + " |")
    print("|---|" + "---|" * len(engines))
    found = dict.fromkeys(engines, 0)
    for name in NINE:
        if args.only not in name:
            continue
        cells = []
        for engine in engines:
            times = [run(name, engine, cap) for _ in range(args.repeat)]
            solved = sorted(t if t is not None else float("inf") for t in times)
            middle = statistics.median_low(solved)
            found[engine] += middle != float("inf")
            cells.append(f"{middle:.1f}" if middle != float("inf") else f"> {cap:g}")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    print("| found | " + " | ".join(str(found[e]) for e in engines) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
