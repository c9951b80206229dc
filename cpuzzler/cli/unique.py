"""``cpuzzler unique``: does the puzzle have exactly one solution? The search stops at the
second; where there are two, both are shown side by side, where they differ marked.

    cpuzzler unique pentominoes-3x20               # not unique: the two tilings
    cpuzzler unique soma --symmetry raw --svg two.svg
    cpuzzler unique --sudoku puzzles.txt           # each line a puzzle: all proper?
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from cpuzzler.cli.common import (
    EXIT_FOUND,
    EXIT_NONE,
    EXIT_UNDECIDED,
    PROBLEM_HELP,
    exact_cover_of,
    load_problem,
    seconds,
    write_file,
)
from cpuzzler.errors import UsageError
from cpuzzler.results import SYMMETRY_MODES, Uniqueness

if TYPE_CHECKING:
    from cpuzzler.models import Sudoku

NAME = "unique"
HELP = "does the puzzle have exactly one solution? (two shown side by side if not)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP + "; with --sudoku, a file of puzzles "
                        "(one a line, n*n symbols, '.' or 0 blank) or one puzzle")
    parser.add_argument("--symmetry", choices=SYMMETRY_MODES, default="unique",
                        help="unique (default): one solution up to the puzzle's symmetry; "
                             "rotations (tilings); raw: one solution, no symmetry applied")
    parser.add_argument("--engine", help="the engine that lists solutions (default dlx)")
    parser.add_argument("--time-limit", type=seconds, metavar="SECONDS")
    parser.add_argument("--svg", metavar="FILE", help="draw the solutions found side by side")
    parser.add_argument("--sudoku", action="store_true",
                        help="the problem is Sudoku: a puzzle or a file of them, one a line")


def sudoku_lines(spec: str) -> Iterator[tuple[str, int, str]]:
    """(file, line number, puzzle) for each puzzle a ``--sudoku`` argument holds: the
    lines of a file (empty ones and those starting with ``#`` skipped; a first line that
    is no puzzle is the file's title, as in Royle's collection, and said so), or the
    argument itself."""
    if not os.path.exists(spec):
        yield "<argument>", 1, spec
        return
    from cpuzzler.formats import read_text

    name, text = read_text(spec)
    for number, line in enumerate(text.splitlines(), 1):
        if number == 1 and line.strip() and not _is_grid(line):
            print(f"{name}:1: not a puzzle: read as the file's title", file=sys.stderr)
            continue
        if line.strip() and not line.lstrip().startswith("#"):
            yield name, number, line.strip()


def _is_grid(line: str) -> bool:
    symbols = "".join(line.split())
    n = round(len(symbols) ** 0.5)
    return bool(n * n == len(symbols) > 0)


def read_sudoku(path: str, number: int, line: str) -> Sudoku:
    """The puzzle on a line; a bad one is an error naming the file and line."""
    from cpuzzler.models import Sudoku

    return Sudoku.from_string(line, path=f"{path}:{number}")


def run(args: argparse.Namespace) -> int:
    if args.sudoku:
        return _sudoku(args)
    from cpuzzler.models import Tiling

    problem = load_problem(args.problem)
    asker = problem if isinstance(problem, Tiling) else exact_cover_of(problem)
    if args.symmetry == "rotations" and not isinstance(asker, Tiling):
        raise UsageError("--symmetry rotations: rotations are a tiling's; this problem is "
                         "asked unique or raw")
    if args.svg and not isinstance(asker, Tiling):
        raise UsageError("--svg draws tilings; an exact cover's solutions are shown as text")
    answer = asker.unique(symmetry=args.symmetry, engine=args.engine,
                          time_limit=args.time_limit)
    print(answer.witness())
    if args.svg and answer.solutions:
        write_file(args.svg, answer.svg())
    return _status(answer)


def _status(answer: Uniqueness[Any]) -> int:
    if not answer.complete:
        return EXIT_UNDECIDED
    return EXIT_FOUND if answer.unique else EXIT_NONE


def _sudoku(args: argparse.Namespace) -> int:
    puzzles = list(sudoku_lines(args.problem))
    if len(puzzles) == 1:
        answer = read_sudoku(*puzzles[0]).unique(engine=args.engine,
                                                 time_limit=args.time_limit)
        print(answer.witness())
        if args.svg and answer.solutions:
            write_file(args.svg, answer.svg())
        return _status(answer)
    start = time.process_time()
    tally = {"unique": 0, "not unique": 0, "no solution": 0}
    for path, number, line in puzzles:
        answer = read_sudoku(path, number, line).unique(engine=args.engine)
        kind = "unique" if answer.unique else "not unique" if answer.solutions else \
            "no solution"
        tally[kind] += 1
        if kind != "unique":
            print(f"{path}:{number}: {kind}")
    spent = time.process_time() - start
    print(f"{len(puzzles)} puzzles: {tally['unique']} unique, {tally['not unique']} not "
          f"unique, {tally['no solution']} with no solution "
          f"({len(puzzles) / max(spent, 1e-9):.0f} puzzles a CPU second)", file=sys.stderr)
    return EXIT_FOUND if tally["unique"] == len(puzzles) else EXIT_NONE
