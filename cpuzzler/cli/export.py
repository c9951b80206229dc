"""``cpuzzler export``: write a problem's exact cover for another program, or a cube
tiling as a BurrTools puzzle file.

    cpuzzler export soma --format dimacs -o soma.cnf
    cpuzzler export soma --format xmpuzzle -o soma.xmpuzzle
"""

from __future__ import annotations

import argparse
import sys

from cpuzzler.cli.common import EXIT_FOUND, PROBLEM_HELP, exact_cover_of, load_problem
from cpuzzler.encoders.export import FORMATS, export
from cpuzzler.errors import InputFormatError, UsageError

NAME = "export"
HELP = "write the exact-cover problem for another program"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP)
    parser.add_argument("--format", required=True, choices=[*FORMATS, "xmpuzzle"])
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="'-': stdout")
    parser.add_argument("--encoding", default="seqcounter", help="dimacs: cardinality encoding")


def run(args: argparse.Namespace) -> int:
    problem = load_problem(args.problem)
    if args.format == "xmpuzzle":
        from cpuzzler.formats import xmpuzzle
        from cpuzzler.models import Tiling

        if not isinstance(problem, Tiling):
            raise UsageError("--format xmpuzzle writes a cube tiling, not a bare exact "
                             "cover")
        text = xmpuzzle.write(problem, name=args.problem)
    else:
        text = export(exact_cover_of(problem), args.format, encoding=args.encoding)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise InputFormatError(f"cannot write: {e.strerror or e}", path=args.output) from None
    return EXIT_FOUND
