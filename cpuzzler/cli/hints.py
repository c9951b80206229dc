"""``cpuzzler hints``: the fewest pieces (clues, options) to give away so that a solution
is the only one: proven the fewest, or with ``--minimal`` quickly a set in which each
is needed. The puzzle is drawn with its given pieces in place.

    cpuzzler hints pentominoes-6x10                 # the first solution's fewest hints
    cpuzzler hints pentominoes-6x10 --solution 7 --svg hints.svg
    cpuzzler hints --sudoku puzzles.txt --minimal   # each puzzle's clues, each needed
"""

from __future__ import annotations

import argparse
import sys
import time

from cpuzzler.cli.common import (
    EXIT_FOUND,
    EXIT_NONE,
    PROBLEM_HELP,
    exact_cover_of,
    load_problem,
    positive,
    write_file,
)
from cpuzzler.cli.unique import read_sudoku, sudoku_lines
from cpuzzler.errors import UsageError

NAME = "hints"
HELP = "the fewest pieces or clues to give away so that a solution is the only one"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP + "; with --sudoku, a file of puzzles "
                        "(one a line) or one puzzle")
    parser.add_argument("--solution", type=positive, default=1, metavar="K",
                        help="the K-th solution found, up to symmetry (default 1)")
    parser.add_argument("--minimal", action="store_true",
                        help="quickly: each hint needed, not proven the fewest")
    parser.add_argument("--engine", help="the engine that checks for a second solution")
    parser.add_argument("--svg", metavar="FILE", help="draw the puzzle with its hints")
    parser.add_argument("--seed", type=int, help="--minimal: try the hints in a shuffled "
                        "order (another minimal set)")
    parser.add_argument("--sudoku", action="store_true",
                        help="Sudoku: the clues to keep of each puzzle (a full grid: of "
                             "its cells), printed one puzzle a line")


def run(args: argparse.Namespace) -> int:
    if args.sudoku:
        return _sudoku(args)
    from cpuzzler.models import Tiling

    problem = load_problem(args.problem)
    if isinstance(problem, Tiling):
        solutions = list(problem.solve(args.solution))
        if _missing(len(solutions), args.solution):
            return EXIT_NONE
        chosen = solutions[-1]
        hints = problem.hints(chosen, minimal=args.minimal, engine=args.engine)
        print(_said(len(hints), hints.optimal, args.minimal, hints.checks))
        given = type(chosen)(chosen.tiling, tuple(hints))
        print(given.render())
        if args.svg:
            from cpuzzler.render.svg import svg

            write_file(args.svg, svg(given))
        return EXIT_FOUND
    if args.svg:
        raise UsageError("--svg draws tilings; an exact cover's hints are shown as text")
    xc = exact_cover_of(problem)
    found = list(xc.solve(args.solution, symmetry="unique"))
    if _missing(len(found), args.solution):
        return EXIT_NONE
    options = xc.hints(found[-1], minimal=args.minimal, engine=args.engine)
    print(_said(len(options), options.optimal, args.minimal, options.checks))
    for o in options:
        print(" ".join(xc.option(o)))
    return EXIT_FOUND


def _missing(found: int, wanted: int) -> bool:
    if found < wanted:
        print(f"the puzzle has {found} solution{'' if found == 1 else 's'} up to symmetry, "
              f"not {wanted}")
    return found < wanted


def _said(n: int, optimal: bool, minimal: bool, checks: int) -> str:
    how = ("proven the fewest" if optimal else
           "each one needed (--minimal: a smaller set may exist)" if minimal else "")
    return f"{n} hint{'' if n == 1 else 's'}: {how} ({checks} searches for a second solution)"


def _sudoku(args: argparse.Namespace) -> int:
    start = time.process_time()
    puzzles = list(sudoku_lines(args.problem))
    kept_all = 0
    for path, number, line in puzzles:
        puzzle = read_sudoku(path, number, line)
        clues = puzzle.hints(minimal=args.minimal, engine=args.engine, seed=args.seed)
        kept_all += clues == puzzle
        if len(puzzles) == 1:
            print(f"{sum(v > 0 for row in clues.grid for v in row)} clues")
            print(clues)
            if args.svg:
                from cpuzzler.render.digits import grid_svg

                write_file(args.svg, grid_svg(clues.grid, clues.box_rows, clues.box_cols))
        else:
            print(clues.to_string())
    if len(puzzles) > 1:
        spent = time.process_time() - start
        print(f"{len(puzzles)} puzzles, {kept_all} with every clue needed "
              f"({len(puzzles) / max(spent, 1e-9):.0f} puzzles a CPU second)", file=sys.stderr)
    return EXIT_FOUND
