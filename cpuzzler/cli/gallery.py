"""``cpuzzler gallery``: an HTML page of a tiling: its region, pieces, counts and first
solutions.

    cpuzzler gallery soma -o soma-gallery -n 6
"""

from __future__ import annotations

import argparse
import os
import time

from cpuzzler.cli.common import (
    EXIT_FOUND,
    PROBLEM_HELP,
    load_problem,
    positive,
    published_counts,
    rules,
    seconds,
)
from cpuzzler.errors import InputFormatError, UsageError
from cpuzzler.results import SYMMETRY_MODES

NAME = "gallery"
HELP = "an HTML page of a tiling: its region, pieces, counts and first solutions"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP)
    parser.add_argument("-o", "--output", required=True, metavar="DIR",
                        help="the folder to write index.html in (made if missing)")
    parser.add_argument("-n", type=positive, default=12, metavar="N",
                        help="how many solutions to draw (default 12)")
    parser.add_argument("--symmetry", choices=SYMMETRY_MODES, default="unique",
                        help="draw solutions up to symmetry (default) or every one")
    parser.add_argument("--time-limit", type=seconds, default=10.0, metavar="SECONDS",
                        help="for the count shown (default 10); the solutions are found "
                             "apart from it")
    parser.add_argument("--no-count", action="store_true", help="leave the count out")


def run(args: argparse.Namespace) -> int:
    """Write ``DIR/index.html``: the puzzle, its counts and its first solutions drawn."""
    from cpuzzler import catalog
    from cpuzzler.models import Tiling
    from cpuzzler.render.gallery import page

    entry = catalog.find(args.problem)
    problem = entry.build() if entry else load_problem(args.problem)
    if not isinstance(problem, Tiling):
        raise UsageError("gallery draws tilings; this problem is a plain exact cover")
    facts = [("lattice", problem.region.lattice.name),
             ("pieces", str(sum(p.copies for p in problem.pieces))),
             ("symmetry", f"a group of order {len(problem.symmetries)}"), *rules(problem)]
    if entry:
        facts.append(("published", f"{published_counts(entry)} ({entry.source})"))
        facts += [("note", entry.note)] if entry.note else []
    if not args.no_count:
        start = time.perf_counter()
        unique, raw = problem.count_both(time_limit=args.time_limit)
        bound = "" if unique.complete and raw.complete else "at least "
        facts.append(("counted here", f"{bound}{unique:,} up to symmetry, {bound}{raw:,} in "
                                      f"all ({time.perf_counter() - start:.2f} s)"))
    solutions = list(problem.solve(args.n, symmetry=args.symmetry))
    if os.path.exists(args.output) and not os.path.isdir(args.output):
        raise InputFormatError("is not a folder (-o names the folder to write index.html "
                               "in)", path=args.output)
    try:
        os.makedirs(args.output, exist_ok=True)
        target = os.path.join(args.output, "index.html")
        with open(target, "w", encoding="utf-8") as f:
            f.write(page(problem, args.problem, solutions,
                         description=entry.description if entry else "", facts=facts))
    except OSError as e:
        raise InputFormatError(f"cannot write: {e.strerror or e}", path=args.output) from None
    print(target)
    return EXIT_FOUND
