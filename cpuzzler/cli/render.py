"""``cpuzzler render``: draw a tiling's saved solution again (record, SVG, X3D).

    cpuzzler render soma.txt --number 2 --x3d soma-2.x3d
"""

from __future__ import annotations

import argparse

from cpuzzler.cli.common import (
    EXIT_FOUND,
    check_pictures,
    draw,
    load_problem,
    positive,
    saved_options,
)
from cpuzzler.errors import InputFormatError, UsageError

NAME = "render"
HELP = "draw again a tiling's solution saved by `cpuzzler solve`"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("solutions", help="the saved solutions (records or --format jsonl)")
    parser.add_argument("--puzzle", metavar="PROBLEM",
                        help="the puzzle they solve (JSON Lines name it themselves)")
    parser.add_argument("--number", type=positive, default=1, metavar="N",
                        help="which saved solution (default 1)")
    parser.add_argument("--svg", metavar="FILE", help="draw it as SVG in FILE")
    parser.add_argument("--x3d", metavar="FILE", help="polycubes: an X3D scene in FILE")
    parser.add_argument("--text", action="store_true",
                        help="print its record (the default without --svg or --x3d)")


def run(args: argparse.Namespace) -> int:
    """Draw one saved solution of a tiling again: its record, SVG or X3D."""
    from cpuzzler.formats import solutions
    from cpuzzler.models import Tiling

    saved = solutions.read(args.solutions)
    chosen = next((s for s in saved if s.number == args.number), None)
    if chosen is None:
        numbers = ", ".join(str(s.number) for s in saved[:10]) or "none"
        raise UsageError(f"--number {args.number}: {args.solutions} has no solution "
                         f"{args.number} (it has {numbers})")
    name = args.puzzle or chosen.puzzle
    if name is None:
        raise UsageError("--puzzle: name the puzzle these solutions are of")
    problem = load_problem(name, args.clock)
    if not isinstance(problem, Tiling) or chosen.placements is None:
        raise UsageError("render draws solutions of tilings")
    options, wrong = saved_options(problem, problem.exact_cover, chosen)
    if wrong:
        raise InputFormatError(f"solution {chosen.number}: {wrong}", path=args.solutions,
                               line=chosen.line)
    solution = problem.solution(options)
    args.count = False
    check_pictures(problem, args)
    draw(solution, 1, args)
    if args.text or (args.svg is None and args.x3d is None):
        print(solution.record(), end="")
    return EXIT_FOUND
