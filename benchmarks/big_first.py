"""One solution of each of the nine big puzzles of the constraints and first-solution
issues, engine by engine: wall seconds to the first solution (the model built before the
clock starts), the median of ``--repeat`` runs, "> cap" where none came within
``--time-limit``. Each run is a child process of its own, killed past the cap: a SAT
solver python-sat cannot interrupt (kissat404) is stopped too.

    python benchmarks/big_first.py [--engines dlx,dlx:seeded,cpsat,sat,sat:kissat404]
                                   [--time-limit 120] [--repeat 1] [--only pentacubes]
                                   [--apart A06,C06] [--fault-free]

``dlx:seeded`` is the native engine with random ties and Luby restarts, run ``i`` of
``--repeat`` with seed ``i``: its median is over seeds. ``dlx:jobs=N`` is the portfolio
of N processes, run ``i`` with seeds ``N*i`` to ``N*i + N - 1``. ``shell`` and
``shell:jobs=N`` time the whole command, ``cpuzzler solve NAME -q --seed S [--jobs N]``,
from its start (the interpreter, the catalog and the model's building included) to its
end, as a user waits for it. ``--apart`` and ``--fault-free``
ask for the constrained puzzle (``cpuzzler.constraints``); a puzzle without both pieces
named is left out. ``ssxcc`` and ``dlx2`` are Knuth's programs built from their CWEB
sources (``--knuth DIR``, see ``benchmarks/knuth.py``), asked for one solution (``t1``)
of the same matrix; ``ssxcc:seeded`` randomises its ties, run ``i`` with seed ``i``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from typing import Any

NINE = ("hexominoes-parallelogram-15x14", "hexominoes-parallelogram-21x10",
        "hexominoes-plus-18x12", "one-sided-hexominoes-20x18", "one-sided-hexominoes-24x15",
        "polyominoes-123456-23x13", "pentacubes-11x11x5-pyramid",
        "pentacubes-3x9x9-open-box", "solid-hexominoes-9x9x3-1")
SLACK = 60.0  # seconds past the cap before a child is killed (building the model)


def one(name: str, engine: str, time_limit: float, where: str) -> None:
    """In the child: build (with the constraints ``where`` names), then time the first
    solution; print 'found SECONDS', 'none REASON' or 'skipped' (no such pieces)."""
    from cpuzzler import catalog
    from cpuzzler.constraints import Apart, Constraint, FaultFree
    from cpuzzler.models import Tiling

    tiling = catalog.get(name).build()
    assert isinstance(tiling, Tiling), name
    constraints: list[Constraint] = []
    for part in filter(None, where.split(";")):
        if part == "fault-free":
            constraints.append(FaultFree())
        else:
            names = part.split(",")
            if not set(names) <= {p.name for p in tiling.pieces}:
                print("skipped")
                return
            constraints.append(Apart(*names))
    xc = tiling.constrained(constraints).exact_cover
    options: dict[str, Any] = {}
    if engine.startswith("dlx:seeded="):  # the seed follows
        engine, options["seed"] = "dlx", int(engine.split("=")[1])
    elif engine.startswith("dlx:jobs="):  # jobs=N=SEED
        _, jobs, seed = engine.split("=")
        engine, options["jobs"], options["seed"] = "dlx", int(jobs), int(seed)
    elif ":" in engine:  # sat:SOLVER
        engine, options["solver"] = engine.split(":", 1)
    start = time.perf_counter()
    found = next(iter(xc.solve(1, engine=engine, time_limit=time_limit, **options)), None)
    seconds = time.perf_counter() - start
    if found is not None and xc.violation(found) is not None:
        raise SystemExit(f"{name} {engine}: not a solution: {xc.violation(found)}")
    print(f"found {seconds:.2f}" if found is not None else f"none {xc.stats.reason}")


def shell(name: str, jobs: int, seed: int, time_limit: float) -> float | None:
    """Wall seconds of the whole command that finds one solution, None past the cap."""
    command = [sys.executable, "-m", "cpuzzler", "solve", name, "-q", "--seed", str(seed),
               "--time-limit", str(time_limit)] + (["--jobs", str(jobs)] if jobs > 1 else [])
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1, 3):  # found, none, undecided (the time limit)
        raise SystemExit(f"{name}: {' '.join(command)} failed: {done.stderr.strip()[-500:]}")
    return seconds if done.returncode == 0 and seconds <= time_limit else None


KNUTH: dict[str, Any] = {}  # Knuth's programs built (knuth.build), by name
MATRIX: dict[str, str] = {}  # the puzzle last asked for, in his format (one at a time)


def knuth(name: str, engine: str, time_limit: float) -> float | None:
    """Wall seconds of Knuth's program to the first solution, None past the cap."""
    import knuth as peers

    from cpuzzler import catalog

    if name not in MATRIX:
        MATRIX.clear()
        MATRIX[name] = peers.knuth_input(catalog.get(name).build().exact_cover)
    program, _, seed = engine.partition("=")
    arguments = ["t1"] + ([f"s{seed}"] if seed else [])
    found, seconds, _ = peers.run(KNUTH[program.split(":")[0]], MATRIX[name], *arguments,
                                  timeout=time_limit)
    return seconds if found else None


def run(name: str, engine: str, time_limit: float, where: str) -> float | None | str:
    """Seconds to the first solution in a child process, None (none by the cap) or
    "skipped"."""
    if engine.split(":")[0] in ("ssxcc", "dlx2"):
        return "skipped" if where else knuth(name, engine, time_limit)
    if engine.startswith("shell"):  # shell=SEED or shell:jobs=N=SEED
        *head, seed = engine.split("=")
        return shell(name, int(head[1]) if len(head) == 2 else 1, int(seed), time_limit)
    try:
        done = subprocess.run([sys.executable, __file__, "--child", name, engine,
                               str(time_limit), where], capture_output=True, text=True,
                              timeout=time_limit + SLACK, check=False)
    except subprocess.TimeoutExpired:
        return None
    words = done.stdout.split()
    if done.returncode or not words:
        raise SystemExit(f"{name} {engine} failed: {done.stderr.strip()[-500:]}")
    if words[0] == "skipped":
        return "skipped"
    seconds = float(words[1]) if words[0] == "found" else None
    return seconds if seconds is not None and seconds <= time_limit else None


def _seeded(engine: str, i: int) -> str:
    """The engine of run ``i``: its seed (and its first seed, ``N*i``, for N jobs)."""
    if engine in ("dlx:seeded", "shell", "ssxcc:seeded"):
        return f"{engine}={i}"
    if engine.startswith(("dlx:jobs=", "shell:jobs=")):
        return f"{engine}={int(engine.split('=')[1]) * i}"
    return engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="dlx,cpsat,sat")
    parser.add_argument("--time-limit", type=float, default=120)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", default="")
    parser.add_argument("--apart", default="", help="two piece names, A,B")
    parser.add_argument("--fault-free", action="store_true")
    parser.add_argument("--knuth", help="the folder of Knuth's sources (benchmarks/knuth.py)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        name, engine, limit, where = args.child
        one(name, engine, float(limit), where)
        return 0
    engines = args.engines.split(",")
    if any(e.split(":")[0] in ("ssxcc", "dlx2") for e in engines):
        import knuth as peers

        KNUTH.update(peers.build(args.knuth))
    cap = args.time_limit
    where = ";".join(filter(None, [args.apart, "fault-free" if args.fault_free else ""]))
    print(f"wall seconds to a first solution, median of {args.repeat}, cap {cap:g} s"
          + (f", constraints: {where}" if where else ""))
    print("| puzzle | " + " | ".join(engines) + " |")
    print("|---|" + "---|" * len(engines))
    found = dict.fromkeys(engines, 0)
    for name in NINE:
        if args.only not in name:
            continue
        cells = []
        for engine in engines:
            runs = 1 if engine in ("ssxcc", "dlx2") else args.repeat  # the same each time
            times = [run(name, _seeded(engine, i), cap, where) for i in range(runs)]
            if "skipped" in times:
                break
            solved = sorted(t if t is not None else float("inf") for t in times)
            middle = statistics.median_low(solved)
            found[engine] += middle != float("inf")
            cells.append(f"{middle:.1f}" if middle != float("inf") else f"> {cap:g}")
        if len(cells) == len(engines):
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    print("| found | " + " | ".join(str(found[e]) for e in engines) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
