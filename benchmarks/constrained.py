"""Constrained counts engine by engine: the same puzzle and constraints on every engine
that counts, CPU seconds each (issue 77's cases and the constraints guide's examples);
with ``--best``, ``best()`` on every engine that optimises or lists (issue 79's).

    python benchmarks/constrained.py                        # every case, every engine
    python benchmarks/constrained.py --only fault-free-6x10 --engines dlx,memo --cap 60
    python benchmarks/constrained.py --best --cap 60         # best() engine by engine

Each run is a child process of its own (its CPU seconds, CP-SAT's worker threads
included, read by the child; killed past twice the cap, so a run that blows up its
memory or ignores its limit ends too), asked for the raw count with ``time_limit`` the
cap. The counts that finish must agree, else the run stops. The table gives each
engine's CPU seconds, "> cap" where it did not finish, and its ratio to the fastest.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

# name: (the Python that builds ``board`` and ``where``, what it is)
CASES = {
    "fault-free-3x20": ("board = rectangle(20, 3); where = [FaultFree()]",
                        "pentominoes 3x20, fault-free"),
    "apart-4x15": ('board = rectangle(15, 4); where = [Apart("X", "I")]',
                   "pentominoes 4x15, X and I apart"),
    "fault-free-apart-4x15": ('board = rectangle(15, 4); where = [FaultFree(), Apart("X", "I")]',
                              "pentominoes 4x15, fault-free, X and I apart"),
    "fault-free-within-3x20": ("board = rectangle(20, 3); where = [FaultFree(), Within('X', "
                               "[(x, y) for x in range(10) for y in range(3)])]",
                               "pentominoes 3x20, fault-free, the X in the left half"),
    "fault-free-5x12": ("board = rectangle(12, 5); where = [FaultFree()]",
                        "pentominoes 5x12, fault-free"),
    "fault-free-6x10": ("board = rectangle(10, 6); where = [FaultFree()]",
                        "pentominoes 6x10, fault-free (the guide's example)"),
    "dominoes-fault-free-8x8": ("board = Tiling([pieces.domino()[0].with_copies(32)], "
                                "square.rectangle(8, 8)); where = [FaultFree()]",
                                "dominoes 8x8, fault-free"),
}
ENGINES = ("dlx", "frontier", "memo", "zdd", "cpsat", "sat", "auto")

# name: (the Python that builds ``board``, ``where`` and ``weights``, what it is): best()
BEST = {
    "v3-packing": ('board = Tiling([pieces.by_name("polyominoes", "V3").with_copies(12)], '
                   'square.rectangle(5, 5), fill="pack"); where = []; weights = None',
                   "12 V trominoes packed in 5x5, cells covered (the guide's)"),
    "monominoes-apart": ('board = Tiling([pieces.monomino()[0].with_copies(16)], '
                         'square.rectangle(4, 4), fill="pack"); '
                         'where = [Apart.copies("O1")]; weights = None',
                         "monominoes pairwise apart in 4x4 (the guide's)"),
    "pentominoes-6x10": ("board = rectangle(10, 6); where = []; weights = None",
                         "pentominoes 6x10, cells covered"),
    "pentominoes-3x20-x-left": ("board = rectangle(20, 3); where = []; weights = [-max(x for "
                                "x, _ in p.cells) if p.piece == 'X' else 0 for p in "
                                "board.placements]",
                                "pentominoes 3x20, the X as far left as it goes"),
    "fault-free-6x10-x-left": ("board = rectangle(10, 6); where = [FaultFree()]; weights = "
                               "[-max(x for x, _ in p.cells) if p.piece == 'X' else 0 for p "
                               "in board.constrained(where).placements]",
                               "pentominoes 6x10 fault-free, the X as far left as it goes"),
    "pentominoes-8x8-packing": ('board = Tiling(pieces.pentominoes(), square.rectangle(8, 8), '
                                'fill="pack"); where = []; weights = None',
                                "the 12 pentominoes packed in 8x8, cells covered"),
}
BEST_ENGINES = ("dlx", "cpsat", "sat", "python")

# the child's program: the puzzle built, then one job timed (a count, or best())
CHILD = """
import json, sys, time
from cpuzzler.constraints import Apart, FaultFree, Within
from cpuzzler.grids import square
from cpuzzler.models import Tiling, pieces

def rectangle(w, h):
    return Tiling(pieces.pentominoes(), square.rectangle(w, h))

{build}
start = time.process_time()
{job}
print(json.dumps({{"count": value, "complete": complete,
                   "cpu": time.process_time() - start}}))
"""
COUNT = """found = board.count(symmetry="raw", where=where, engine={engine!r}, time_limit={cap})
value, complete = int(found), found.complete"""
BEST_JOB = """found = board.best(weights, where=where, engine={engine!r}, time_limit={cap})
value, complete = found.value, found.optimal"""


def run(case: str, engine: str, cap: float, best: bool = False
        ) -> tuple[int | None, float | None]:
    """(the raw count, or the best value, and CPU seconds), or (None, None) where it
    did not finish (a best not proven)."""
    job = (BEST_JOB if best else COUNT).format(engine=engine, cap=cap)
    code = CHILD.format(build=(BEST if best else CASES)[case][0], job=job)
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=2 * cap + 30, check=False)
    except subprocess.TimeoutExpired:
        return None, None
    if done.returncode != 0:
        print(f"  {case} on {engine}: {done.stderr.strip().splitlines()[-1:]}",
              file=sys.stderr)
        return None, None
    said = json.loads(done.stdout.strip().splitlines()[-1])
    return (said["count"], said["cpu"]) if said["complete"] else (None, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted({*CASES, *BEST}))
    parser.add_argument("--engines", default=None, help="default: every engine that takes "
                        "the job (" + ",".join(ENGINES) + "; with --best " +
                        ",".join(BEST_ENGINES) + ")")
    parser.add_argument("--best", action="store_true", help="best() instead of counts: "
                        "the proven best value, each engine's CPU seconds")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per run")
    args = parser.parse_args()
    table = BEST if args.best else CASES
    engines = (args.engines or ",".join(BEST_ENGINES if args.best else ENGINES)).split(",")
    heading = "best, proven" if args.best else "raw count"
    print(f"| case | {heading} | " + " | ".join(f"`{e}`" for e in engines) + " |")
    print("|---|---|" + "---|" * len(engines))
    for case in [c for c in args.only or table if c in table]:
        counts: dict[str, int] = {}
        cpu: dict[str, float] = {}
        for engine in engines:
            found, seconds = run(case, engine, args.cap, args.best)
            if found is not None and seconds is not None:
                counts[engine], cpu[engine] = found, seconds
        if len(set(counts.values())) > 1:
            raise SystemExit(f"{case}: the engines differ: {counts}")
        fastest = min(cpu.values(), default=None)
        cells = []
        for engine in engines:
            if engine not in cpu:
                cells.append(f"> {args.cap:g}")
            else:
                ratio = cpu[engine] / max(fastest or 0, 0.01)
                cells.append(f"{cpu[engine]:.2f} ({ratio:.0f}x)" if ratio >= 1.5
                             else f"**{cpu[engine]:.2f}**")
        count = next(iter(counts.values()), None)
        print(f"| {table[case][1]} | {'-' if count is None else f'{count:,}'} | "
              + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
