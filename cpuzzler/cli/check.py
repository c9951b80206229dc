"""``cpuzzler check``: count with several engines side by side; the counts must agree.

    cpuzzler check pentominoes-3x20 --engines dlx,cpsat,sat
"""

from __future__ import annotations

import argparse
import sys
import time

from cpuzzler import progress
from cpuzzler.cli.common import (
    EXIT_FOUND,
    EXIT_INTERRUPTED,
    EXIT_UNDECIDED,
    PROBLEM_HELP,
    exact_cover_of,
    load_problem,
    progress_line,
    seconds,
)
from cpuzzler.engines import available_engines
from cpuzzler.errors import UsageError
from cpuzzler.results import INTERRUPTED, SYMMETRY_MODES, RunDeadline

NAME = "check"
HELP = "count with several engines side by side; exit 1 if they differ"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP)
    parser.add_argument("--engines", default="dlx,cpsat,sat",
                        help="comma-separated engines (default dlx,cpsat,sat)")
    parser.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                        help="per engine; a count cut short is shown, not compared")
    parser.add_argument("--symmetry", choices=SYMMETRY_MODES, default="unique",
                        help="what is counted, as everywhere: up to the problem's symmetries "
                             "and in all (default: unique), up to rotations (tilings), or "
                             "raw: every solution alone")


# what the counts compared are: by default the count up to symmetry and the raw count,
# both compared; raw alone is each engine's search with no symmetry code at all
COUNTED = {"raw": "counted: every solution (raw), by each engine on its own",
           "unique": "counted: each class of solutions up to the problem's symmetries once "
                     "(unique), and every solution (in all), by each engine",
           "rotations": "counted: each class of solutions up to the puzzle's rotations once, "
                        "and every solution (in all), by each engine"}


def run(args: argparse.Namespace) -> int:
    """Count with each engine; exit 0 when at least two complete counts agree and no
    partial count passes them, 1 when counts disagree, 3 when fewer than two finished."""
    from cpuzzler.models import Tiling

    problem = load_problem(args.problem)
    xc = exact_cover_of(problem)
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    unknown = [e for e in engines if e not in available_engines()]
    if unknown or not engines:
        raise UsageError(f"--engines: unknown engines {unknown}; known: "
                         f"{', '.join(available_engines())}")
    both = args.symmetry != "raw"
    counter = problem if isinstance(problem, Tiling) else xc
    if args.symmetry == "rotations" and counter is xc:
        raise UsageError("--symmetry rotations: rotations are a tiling's; this problem is "
                         "counted unique or raw")
    complete: dict[str, tuple[int, int]] = {}
    partial: dict[str, int] = {}
    print(COUNTED[args.symmetry])
    print(f"{'engine':8} {'count':>12}" + (f" {'in all':>12}" if both else "")
          + f" {'seconds':>9}  status")
    for engine in engines:
        start = time.perf_counter()
        # the limit is each engine's, from its start (not the run's, as for solve)
        end = None if args.time_limit is None else start + args.time_limit
        with progress.reporting(progress_line(args, engine)), RunDeadline.until(end):
            if both:
                total, raw = counter.count_both(symmetry=args.symmetry, engine=engine,
                                                time_limit=args.time_limit)
            else:
                total = raw = xc.count(engine=engine, time_limit=args.time_limit,
                                       symmetry="raw")
        took = time.perf_counter() - start
        print(f"{engine:8} {int(total):>12}" + (f" {int(raw):>12}" if both else "")
              + f" {took:9.3f}  {total.reason}", flush=True)
        if INTERRUPTED in (total.reason, raw.reason):
            print("interrupted: the engines after it were not run", file=sys.stderr)
            return EXIT_INTERRUPTED
        if total.complete and raw.complete:
            complete[engine] = (int(total), int(raw))
        else:
            partial[engine] = int(total)
    return _verdict(complete, partial, len(engines), both)


def _verdict(complete: dict[str, tuple[int, int]], partial: dict[str, int], engines: int,
             both: bool) -> int:
    """The last line and the exit status: the complete counts (the count asked for and
    the raw one) must agree and no partial count pass them."""
    def said(counts: tuple[int, int]) -> str:
        return f"{counts[0]} ({counts[1]} in all)" if both else str(counts[0])

    exact = set(complete.values())
    if len(exact) > 1 or (exact and max(partial.values(), default=0) > min(exact)[0]):
        print("DISAGREEMENT: " + ", ".join(f"{e} {said(n)}" for e, n in complete.items())
              + "".join(f", {e} at least {n}" for e, n in partial.items()))
        return 1
    if partial:
        stopped = ", ".join(f"{e} at least {n}" for e, n in partial.items())
        if len(complete) < 2:
            print(f"not settled: {len(complete)} of {engines} engines finished "
                  f"({stopped})")
            return EXIT_UNDECIDED
        print(f"{len(complete)} engines agree: {said(next(iter(exact)))}; stopped early, "
              f"no more than that: {stopped}")
        return EXIT_FOUND
    print(f"all {engines} engines agree: {said(next(iter(exact)))}")
    return EXIT_FOUND
