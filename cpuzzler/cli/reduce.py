"""``cpuzzler reduce``: the problem without the options in no solution, in the DLX format.

The options that probes prove in no solution and the items other items imply are
removed (``ExactCover.reduced()``: Knuth's DLX-PRE's rules and more); each option
written is followed by a comment ``| (from k)``, the original option it was (counted from
1, as DLX-PRE's are). Where the reduction proves there is no solution, the file holds the
item no option can cover, alone, and the exit status is 1.

    cpuzzler reduce pentominoes-6x10 -o smaller.dlx
    cpuzzler reduce problem.dlx --depth 1 -o -
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
    nonnegative,
    write_file,
)
from cpuzzler.errors import UsageError

NAME = "reduce"
HELP = "remove the options in no solution (DLX out, each with the option it was)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP)
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="'-': stdout")
    parser.add_argument("--depth", type=nonnegative, default=0,
                        help="levels of branching a probe may try below the choices it "
                             "forces (default 0: forced choices only)")


def run(args: argparse.Namespace) -> int:
    xc = exact_cover_of(load_problem(args.problem))
    if args.output != "-" and args.output == args.problem:
        raise UsageError("the output would overwrite the problem: name another file")
    reduced = xc.reduced(depth=args.depth)
    text = reduced.to_dlx()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        write_file(args.output, text)
    problem = reduced.problem
    print(f"{xc.num_options} options to {problem.num_options}, {len(xc.items)} items to "
          f"{len(problem.items)}", file=sys.stderr)
    stranded = problem.num_options == 0 and any(problem.bounds(n)[0] for n in problem.primary)
    return EXIT_NONE if stranded else EXIT_FOUND
