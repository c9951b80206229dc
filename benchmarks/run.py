"""cpuzzler's native engine beside its PyPI peers, on the same matrices, in one run.

    python benchmarks/run.py                  # every row, medians of 3
    python benchmarks/run.py --repeat 5 --only pentominoes

Peers (``pip install -e '.[bench]'``): ``xcover`` (Knuth's dancing cells in numba) and
``exact-cover`` (a C extension). Each engine gets its input built before the clock
starts, numba's JIT compiled on a toy problem, and one untimed run of each instance, so
the times are search times.
``exact-cover`` has no secondary items: each secondary item gets a slack option that
covers it alone, which keeps the count. Every count is checked against the published one.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cpuzzler import ExactCover, Stats
from cpuzzler.engines import native
from cpuzzler.models import Sudoku, queens

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"


@dataclass
class Instance:
    name: str
    problems: Callable[[], list[ExactCover]]  # counted one after another, times summed
    expected: int  # the published total count


def read_sudokus(path: Path) -> list[ExactCover]:
    lines = [ln.strip() for ln in path.read_text().splitlines()]
    return [Sudoku.from_string(ln).exact_cover for ln in lines if ln and not ln.startswith("#")]


INSTANCES = [
    Instance("pentominoes-6x10 raw",
             lambda: [ExactCover.from_dlx(EXAMPLES / "pentominoes-6x10.dlx")], 9356),
    Instance("queens-13", lambda: [queens(13)], 73712),
    Instance("soma raw", lambda: [ExactCover.from_dlx(EXAMPLES / "soma.dlx")], 11520),
    Instance("sudoku top95 (count each)", lambda: read_sudokus(HERE / "data" / "top95.txt"), 95),
    Instance("sudoku 17-clue x1000 (count each)",
             lambda: read_sudokus(HERE / "data" / "sudoku17-1000.txt"), 1000),
]


# --- engines: prepare(problem) -> state, run(state) -> (count, stats or None) ----------------

def _cpuzzler(kernel: str):
    def prepare(xc: ExactCover):
        return native.solver_arguments(xc)

    def run(arguments):
        solver = native.Solver(*arguments, kernel)
        _, _, count = solver.run(0, False, -1.0)
        return count, native.stats_of(solver)

    return prepare, run


def _xcover():
    from xcover.dancing_cells import algorithm_c
    from xcover.solvers import input_as_arrays

    def prepare(xc: ExactCover):
        options = [list(xc.option(o)) for o in range(xc.num_options)]
        return input_as_arrays(options, primary=xc.primary, secondary=xc.secondary)

    def run(arrays):
        return sum(1 for _ in algorithm_c(*arrays)), None

    run(prepare(queens(5)))  # compile with numba before any clock runs
    return prepare, run


def _exact_cover():
    import exact_cover
    import numpy as np

    def prepare(xc: ExactCover):
        items = xc.items
        index = {name: k for k, name in enumerate(items)}
        rows = [list(xc.option(o)) for o in range(xc.num_options)]
        rows += [[name] for name in xc.secondary]  # slack: secondary items become primary
        matrix = np.zeros((len(rows), len(items)), dtype=bool)
        for r, row in enumerate(rows):
            matrix[r, [index[name] for name in row]] = True
        return matrix

    def run(matrix):
        return int(exact_cover.get_solution_count(matrix)), None

    return prepare, run


ENGINES = {
    "cpuzzler dlx": lambda: _cpuzzler("auto"),
    "cpuzzler dlx (links kernel)": lambda: _cpuzzler("links"),
    "xcover": _xcover,
    "exact-cover": _exact_cover,
}


def measure(instance: Instance, engine, repeat: int) -> tuple[list[float], int, Stats | None]:
    prepare, run = engine
    states = [prepare(xc) for xc in instance.problems()]
    times, total, stats = [], 0, None
    for state in states:  # one untimed run each: caches and allocator warmed alike
        run(state)
    for _ in range(repeat):
        total, nodes, updates, start = 0, 0, 0, time.perf_counter()
        for state in states:
            count, stats = run(state)
            total += count
            if stats is not None:
                nodes, updates = nodes + stats.nodes, updates + stats.updates
        times.append(time.perf_counter() - start)
    if stats is not None:
        stats = Stats(engine="dlx", kernel=stats.kernel, nodes=nodes, updates=updates)
    return times, total, stats


def symmetry_and_enumeration(repeat: int) -> int:
    """cpuzzler alone: unique counts by symmetry reduction against raw counts, and the
    enumeration of all polyominoes of order 10. Returns the number of wrong counts."""
    from cpuzzler import catalog
    from cpuzzler.grids import square
    from cpuzzler.models import pieces

    print(f"\n{'cpuzzler alone':40} {'median s':>9}  count")
    failures = 0
    for name in ("pentominoes-6x10", "solid-pentominoes-3x4x5"):
        entry = catalog.get(name)
        for label, run, expected in (
            ("raw count", lambda t: t.count(symmetry="raw"), entry.raw),
            ("unique count (symmetry reduction)", lambda t: t.count(), entry.unique),
        ):
            times, value = [], None
            for _ in range(repeat):
                tiling = entry.build()
                _ = tiling.exact_cover  # the matrix is built before the clock starts
                start = time.perf_counter()
                value = run(tiling)
                times.append(time.perf_counter() - start)
            failures += value != expected
            ok = "ok" if value == expected else f"WRONG: {value} != {expected}"
            print(f"{name + ' ' + label:60} {statistics.median(times):9.3f}  {value} {ok}")
    times = []
    for _ in range(repeat):
        pieces._shapes.cache_clear()
        start = time.perf_counter()
        value = len(pieces.polyforms(square, 10))
        times.append(time.perf_counter() - start)
    failures += value != 4655
    print(f"{'all free polyominoes of orders 1 to 10':60} {statistics.median(times):9.3f}  "
          f"{value} {'ok' if value == 4655 else 'WRONG'}")
    return failures


LONG_COUNTS = (  # puzzle (file or catalog name), engine, published unique count, raw count
    ("y25.toml", "dlx", 1264, 60672),  # aps: 1264 assemblies of 25 Y pentacubes in 5x5x5
    # The second engine on the solid pentominoes (the tests count them on dlx): the plain
    # Python reference engine with the symmetry reduction, about 8 minutes.
    ("solid-pentominoes-3x4x5", "python", 3940, 31520),
)


def long_counts() -> int:
    """Published counts too long for the tests (minutes each), run once and checked.
    Returns the number of wrong counts."""
    from cpuzzler import catalog
    from cpuzzler.formats import puzzle_file

    print(f"\n{'long counts (run once)':60} {'s':>9}  unique, raw")
    failures = 0
    for name, engine, unique, raw in LONG_COUNTS:
        if name.endswith(".toml"):
            puzzle = puzzle_file.read(str(EXAMPLES / name))
        else:
            puzzle = catalog.get(name).build()
        start = time.perf_counter()
        found = puzzle.count_both(engine=engine)
        seconds = time.perf_counter() - start
        ok = "ok" if found == (unique, raw) else f"WRONG: expected {unique}, {raw}"
        failures += found != (unique, raw)
        print(f"{name + ' on ' + engine:60} {seconds:9.1f}  {found[0]}, {found[1]} {ok}",
              flush=True)
    return failures


def process_overhead(repeat: int) -> float:
    """Seconds a whole ``cpuzzler solve --count`` process adds to its search."""
    command = [sys.executable, "-m", "cpuzzler", "solve",
               str(EXAMPLES / "pentominoes-6x10.dlx"), "--count"]
    extra = []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        wall = time.perf_counter() - start
        # stderr ends "<seconds> s" (after what the symmetry search and the auto engine say)
        extra.append(wall - float(done.stderr.split()[-2]))
    return statistics.median(extra)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per cell (median shown)")
    parser.add_argument("--only", default="", help="rows whose name contains this")
    parser.add_argument("--long", action="store_true",
                        help="also the published counts that take minutes (Y25, solid "
                             "pentominoes on the reference engine)")
    args = parser.parse_args(argv)

    engines = {}
    for name, make in ENGINES.items():
        try:
            engines[name] = make()
        except ImportError:
            print(f"{name}: not installed (pip install -e '.[bench]'); its column is skipped")
    header = (f"{'instance':34} {'engine':28} {'median s':>9} {'vs cpuzzler':>11} "
              f"{'nodes/s':>9} {'updates/s':>10}  count")
    print(header)
    print("-" * len(header))
    failures = 0
    pentomino_search = None
    for instance in INSTANCES:
        if args.only not in instance.name:
            continue
        ours = None
        for name, engine in engines.items():
            times, total, stats = measure(instance, engine, args.repeat)
            median = statistics.median(times)
            ours = median if ours is None else ours
            if name == "cpuzzler dlx" and instance.name.startswith("pentominoes"):
                pentomino_search = median
            rates = (f"{stats.nodes / median:9.3g} {stats.updates / median:10.3g}"
                     if stats else f"{'':9} {'':10}")
            ok = "ok" if total == instance.expected else f"WRONG: {total} != {instance.expected}"
            failures += total != instance.expected
            print(f"{instance.name:34} {name:28} {median:9.3f} {median / ours:10.2f}x "
                  f"{rates}  {total} {ok}", flush=True)
    if not args.only or "symmetry" in args.only:
        failures += symmetry_and_enumeration(args.repeat)
    if args.long:
        failures += long_counts()
    if pentomino_search is not None:
        overhead = process_overhead(args.repeat)
        print(f"\n`cpuzzler solve examples/pentominoes-6x10.dlx --count`: the whole process takes "
              f"{overhead:.3f} s more than its search (median of {args.repeat})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
