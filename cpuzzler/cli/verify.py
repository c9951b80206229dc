"""``cpuzzler verify``: check saved solutions against the problem.

    cpuzzler solve soma -n 3 -o soma.txt && cpuzzler verify soma.txt
"""

from __future__ import annotations

import argparse
import sys

from cpuzzler.cli.common import (
    EXIT_FOUND,
    EXIT_NONE,
    PROBLEM_HELP,
    exact_cover_of,
    load_problem,
    saved_options,
)
from cpuzzler.errors import UsageError

NAME = "verify"
HELP = ("check saved solutions against the problem; exit 1 if any is not "
        "a solution")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", nargs="?",
                        help=PROBLEM_HELP + " (default: the puzzle the file names)")
    parser.add_argument("solutions", help="solutions saved by `cpuzzler solve` (records, "
                                          "option lists or --format jsonl)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print only the solutions that are not solutions, and no "
                             "summary: the exit status says it")


def run(args: argparse.Namespace) -> int:
    """Each saved solution: ok, or why it is not a solution of the problem."""
    from cpuzzler.formats import solutions

    saved = solutions.read(args.solutions)
    named = next((s.puzzle for s in saved if s.puzzle), None)
    if args.problem is None and named is None:
        raise UsageError(f"{args.solutions} does not name its puzzle: give it before the file")
    problem = load_problem(args.problem or str(named), args.clock)
    xc = exact_cover_of(problem)
    checked = [(entry, *saved_options(problem, xc, entry)) for entry in saved]
    if saved and all(foreign for _, _, foreign in checked):  # not of this puzzle at all
        of = f"they are of {named}" if named and named != args.problem else \
             "they use placements or options it does not have"
        print(f"none of the {len(saved)} saved solutions is of {args.problem or named}: "
              f"{of}")
        return EXIT_NONE
    wrong = 0
    for entry, chosen, reason in checked:
        reason = reason or xc.violation(chosen)
        wrong += reason is not None
        if reason is not None or not args.quiet:
            print(f"solution {entry.number} (line {entry.line}): "
                  + ("ok" if reason is None else f"NOT a solution: {reason}"))
    if not args.quiet:
        print(f"{len(saved) - wrong} of {len(saved)} saved solutions are solutions",
              file=sys.stderr)
    return EXIT_FOUND if saved and not wrong else EXIT_NONE
