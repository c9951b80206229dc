"""``cpuzzler export``: write a problem's exact cover for another program.

    cpuzzler export soma --format dimacs -o soma.cnf
"""

from __future__ import annotations

import argparse
import sys

from cpuzzler.cli.common import EXIT_FOUND, PROBLEM_HELP, exact_cover_of, load_problem
from cpuzzler.encoders.export import FORMATS, export
from cpuzzler.errors import InputFormatError

NAME = "export"
HELP = "write the exact-cover problem for another program"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP)
    parser.add_argument("--format", required=True, choices=FORMATS)
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="'-': stdout")
    parser.add_argument("--encoding", default="seqcounter", help="dimacs: cardinality encoding")


def run(args: argparse.Namespace) -> int:
    text = export(exact_cover_of(load_problem(args.problem)), args.format,
                  encoding=args.encoding)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise InputFormatError(f"cannot write: {e.strerror or e}", path=args.output) from None
    return EXIT_FOUND
