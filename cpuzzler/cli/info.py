"""``cpuzzler info``: what a puzzle is (pieces, cells, options, symmetry, published
count) and its count here.

    cpuzzler info queens-8
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING

from cpuzzler import progress
from cpuzzler.cli.common import (
    EXIT_FOUND,
    EXIT_UNDECIDED,
    PROBLEM_HELP,
    exact_cover_of,
    load_problem,
    progress_line,
    published_counts,
    rules,
    seconds,
)
from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import Clock, RunDeadline

if TYPE_CHECKING:
    from cpuzzler.results import SymmetryResult

NAME = "info"
HELP = ("what a named puzzle is: pieces, cells, options, symmetry, published "
        "count, and a count here")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP + "; or a frontier engine's work "
                        "folder (solve --work-dir): where its count stands")
    parser.add_argument("--time-limit", type=seconds, default=60.0, metavar="SECONDS",
                        help="for the count here (default 60)")
    parser.add_argument("--no-count", action="store_true", help="show it without counting")


def run(args: argparse.Namespace) -> int:
    """What a puzzle is, then (within the time limit, which counts from there) its count
    here; for the work folder of a count on disk (``solve --work-dir``), where it
    stands."""
    from cpuzzler.engines.frontier.files import RUNNING, STATE
    from cpuzzler.engines.frontier.report import folder_report

    if any((Path(args.problem) / name).is_file() for name in (STATE, RUNNING)):
        _show(folder_report(args.problem))
        return EXIT_FOUND
    if Path(args.problem).is_dir():
        from cpuzzler.engines.frontier.disk import IN_MEMORY_SECONDS

        print(f"{args.problem}: no count has saved its state here yet: a count begun in "
              f"this work folder runs in memory for its first {IN_MEMORY_SECONDS:.0f} s "
              "at most, then keeps its layers here (a folder, not a puzzle file)")
        return EXIT_UNDECIDED
    with RunDeadline.until(None):  # the description is shown whole, however long it takes
        args.clock = Clock(None)
        shown = _describe(args)
    args.clock = Clock(args.time_limit)
    with RunDeadline.until(args.clock.end):
        return _count_for_info(args, *shown)


def _describe(args: argparse.Namespace) -> tuple[object, ExactCover, SymmetryResult | None, int]:
    """``info``'s lines on what the puzzle is: (the puzzle, its matrix, its group found
    from the matrix where it is not a tiling, the labels' width)."""
    from cpuzzler import catalog
    from cpuzzler.models import Tiling

    entry = catalog.find(args.problem)
    problem = entry.build() if entry else load_problem(args.problem, args.clock)
    lines = [("puzzle", entry.name if entry else args.problem)]
    if entry:
        lines += [("family", entry.family), ("what", entry.description),
                  ("published", f"{published_counts(entry)} ({entry.source})")]
        if entry.found:
            lines.append(("how", entry.found[2]))
        if entry.note:
            lines.append(("note", entry.note))
    if isinstance(problem, Tiling):
        names = [p.name + (f" x{p.copies}" if p.copies > 1 else "") for p in problem.pieces]
        lines += [("lattice", problem.region.lattice.name),
                  ("cells", f"{len(problem.region)}"
                   + (f" in {len(problem.parts)} parts" if problem.parts else "")),
                  ("pieces", f"{sum(p.copies for p in problem.pieces)}: {' '.join(names)}"),
                  ("symmetry", f"a group of order {len(problem.symmetries)} "
                               f"({problem.symmetries.describe()})"), *rules(problem)]
    xc = exact_cover_of(problem)
    secondary = sum(map(xc.is_secondary, xc.items))
    lines.append(("matrix", f"{len(xc.items) - secondary} primary and {secondary} secondary "
                            f"items, {xc.num_options} options"))
    group = None
    if not isinstance(problem, Tiling):
        from cpuzzler.symmetry.automorphisms import budget_for

        group = xc.symmetries(budget=budget_for(args.clock.left()))
        found = "none but the identity" if group.order == 1 else group.describe()
        lines.append(("symmetry", group.note or f"{found}, found from the matrix"))
    return problem, xc, group, _show(lines)


def _show(lines: list[tuple[str, str]]) -> int:
    """Print (label, text) lines, the texts aligned; the labels' width."""
    width = max(len(label) for label, _ in lines)
    for label, text in lines:
        print(f"{label + ':':{width + 1}} {text}")
    return width


def _count_for_info(args: argparse.Namespace, problem: object, xc: ExactCover,
                    group: SymmetryResult | None, width: int) -> int:
    from cpuzzler.models import Tiling

    if args.no_count:
        return EXIT_FOUND
    start = time.perf_counter()
    with progress.reporting(progress_line(args, "counting")):
        if isinstance(problem, Tiling) or (group is not None and group.order > 1):
            counted_up_to = problem if isinstance(problem, Tiling) else xc
            unique, raw = counted_up_to.count_both(time_limit=args.clock.left())
            counted = f"{unique:,} unique, {raw:,} raw"
            complete = unique.complete and raw.complete
        else:
            raw = xc.count(time_limit=args.clock.left(), symmetry="raw")
            counted, complete = f"{raw:,} raw", raw.complete
    took = time.perf_counter() - start
    print(f"{'here:':{width + 1}} " + ("" if complete else "at least ")
          + f"{counted} in {took:.2f} s (engine dlx)"
          + ("" if complete else f", {raw.reason}"))
    return EXIT_FOUND if complete else EXIT_UNDECIDED
