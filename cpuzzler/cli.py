"""The ``cpuzzler`` command line.

    cpuzzler solve examples/queens8.dlx            # the first solution, one option a line
    cpuzzler solve examples/queens8.dlx --all      # every solution, streamed as found
    cpuzzler solve examples/queens8.dlx -n 5       # at most 5
    cpuzzler solve examples/queens8.dlx --count    # 92, with the elapsed seconds on stderr

Exit status: 0 when a solution was found, 1 when none exists, 2 on bad input, 3 when a
time limit stopped the search before it found any, 130 when Ctrl-C did.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

from cpuzzler.engines import available_engines
from cpuzzler.errors import ExactCoverError, InputFormatError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.results import DONE, INTERRUPTED, LIMIT

EXIT_FOUND, EXIT_NONE, EXIT_BAD_INPUT, EXIT_UNDECIDED, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def _status(found: int, reason: str) -> int:
    if reason == INTERRUPTED:
        return EXIT_INTERRUPTED
    if found:
        return EXIT_FOUND
    return EXIT_NONE if reason in (DONE, LIMIT) else EXIT_UNDECIDED


def load_problem(spec: str) -> ExactCover:
    """The exact-cover problem a command-line argument names: for now, a ``.dlx`` file."""
    if os.path.isdir(spec):
        raise InputFormatError("is a folder, not a puzzle file", path=spec)
    if not os.path.exists(spec):
        raise InputFormatError("no such file", path=spec)
    return ExactCover.from_dlx(spec)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cpuzzler", description="Solve and count exact-cover puzzles."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    solve = commands.add_parser("solve", help="find one, several or all solutions, or count")
    solve.add_argument("problem", help="a puzzle file (.dlx: Knuth's text format)")
    mode = solve.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true", help="print every solution as found")
    mode.add_argument("-n", type=int, metavar="N", help="print at most N solutions")
    mode.add_argument("--count", action="store_true", help="print the number of solutions")
    solve.add_argument("--engine", choices=available_engines(), default=None,
                       help="the solver (default: the fastest available)")
    solve.add_argument("--time-limit", type=float, metavar="SECONDS",
                       help="stop after this many seconds; a count is then a lower bound")
    return parser


def _print_solution(xc: ExactCover, solution: tuple[int, ...], number: int) -> None:
    if number > 1:
        print()
    print(f"| solution {number}")
    for option in solution:
        print(" ".join(xc.option(option)))
    sys.stdout.flush()


def _solve(args: argparse.Namespace) -> int:
    xc = load_problem(args.problem)
    start = time.perf_counter()
    if args.count:
        total = xc.count(engine=args.engine, time_limit=args.time_limit)
        print(total.describe())
        print(f"{time.perf_counter() - start:.3f} s", file=sys.stderr)
        return _status(total, total.reason)
    limit = None if args.all else (args.n if args.n is not None else 1)
    if limit is not None and limit < 1:
        raise InputFormatError(f"-n needs a positive number, not {limit}", path="-n")
    found = 0
    for found, solution in enumerate(
        xc.solve(limit, engine=args.engine, time_limit=args.time_limit), start=1
    ):
        _print_solution(xc, solution, found)
    reason = xc.stats.reason
    tail = "" if reason in ("done", "limit") else f" (stopped: {reason})"
    print(f"{found} solution(s) in {time.perf_counter() - start:.3f} s{tail}", file=sys.stderr)
    return _status(found, reason)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = _build_parser().parse_args(argv)
    try:
        return _solve(args)
    except ExactCoverError as e:
        print(f"cpuzzler: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("cpuzzler: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_FOUND


if __name__ == "__main__":
    sys.exit(main())
