"""``cpuzzler solve`` without ``--count``: the solutions found, or drawn at random with
``--sample``, printed as text, JSON lines or pictures (a helper of the solve command, no
command itself).

    cpuzzler solve pentominoes-6x10 -n 3                 # the first three solutions
    cpuzzler solve pentominoes-6x10 --sample 2 --seed 5  # two drawn uniformly
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any

from cpuzzler.cli.common import clear_line, draw, exact_cover_of, note, status
from cpuzzler.cli.solve_count import count_exact_cover, count_tiling, problem_symmetries
from cpuzzler.errors import UsageError
from cpuzzler.render import jsonl
from cpuzzler.results import DONE, LIMIT

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.models import Problem, Tiling
    from cpuzzler.models.tiling import TilingSolution


def search(problem: Problem, args: argparse.Namespace, start: float,
           options: dict[str, Any]) -> int:
    """``solve``'s search once the problem is read: the count or the solutions."""
    from cpuzzler.models import Tiling

    clock = args.clock
    limit = None if args.all else (args.n if args.n is not None else 1)
    if isinstance(problem, Tiling):
        if args.count:
            counted = count_tiling(problem, args, start, options)
            note(args, f"{time.perf_counter() - start:.3f} s")
            return counted
        found = 0
        for found, solution in enumerate(problem.solve(
                limit, symmetry=args.symmetry, engine=args.engine, time_limit=clock.left(),
                **options), start=1):
            clear_line()
            if args.format == "jsonl":
                print(jsonl.line(jsonl.tiling_solution(solution, args.problem, found)),
                      flush=True)
            elif args.format == "text":
                print(("\n" if found > 1 else "") + f"solution {found}:\n"
                      + _level(problem, solution) + solution.record(), end="", flush=True)
            draw(solution, found, args)
        reason = problem.exact_cover.stats.reason
    else:
        xc = exact_cover_of(problem)
        group = problem_symmetries(xc, args)
        symmetric = group is not None and group.order > 1
        if args.count:
            return count_exact_cover(xc, group, args, start, options)
        found = 0
        symmetry = "unique" if symmetric else "raw"
        for found, chosen in enumerate(
            xc.solve(limit, engine=args.engine, time_limit=clock.left(), symmetry=symmetry,
                     **options), start=1
        ):
            clear_line()
            if args.format == "jsonl":
                print(jsonl.line(jsonl.options_solution(xc, chosen, args.problem, found)),
                      flush=True)
            else:
                print_solution(problem, xc, chosen, found)
        reason = xc.stats.reason
    tail = "" if reason in (DONE, LIMIT) else f" (stopped: {reason})"
    note(args, f"{found} solution(s) in {time.perf_counter() - start:.3f} s{tail}")
    return status(found, reason)


def sample(problem: Problem, args: argparse.Namespace, start: float) -> int:
    """Print ``--sample K`` solutions drawn uniformly (by the memo engine)."""
    from cpuzzler.models import Tiling

    if args.engine not in (None, "memo"):
        raise UsageError("--sample draws by the memo engine; leave out --engine")
    xc = exact_cover_of(problem)
    options: dict[str, Any] = {"memory": args.memory} if args.memory is not None else {}
    if args.choice is not None:
        options["choice"] = args.choice
    if args.distinct and args.choice is not None:
        raise UsageError("--distinct draws from the decision diagram: leave out --choice")
    draws = xc.sample(args.sample, seed=args.seed or 0, time_limit=args.clock.left(),
                      distinct=args.distinct, **options)
    for number, solution in enumerate(draws, start=1):
        if args.format == "jsonl":
            record = (jsonl.tiling_solution(problem.solution(solution), args.problem, number)
                      if isinstance(problem, Tiling)
                      else jsonl.options_solution(xc, solution, args.problem, number))
            print(jsonl.line(record), flush=True)
        elif isinstance(problem, Tiling):
            tiling = problem.solution(solution)
            if args.format == "text":
                print(("\n" if number > 1 else "") + f"sample {number}:\n{tiling.record()}",
                      end="", flush=True)
            draw(tiling, number, args)
        else:
            print_solution(problem, xc, solution, number)
    reason = xc.stats.reason
    tail = "" if reason == DONE else f" (stopped: {reason})"
    note(args, f"{len(draws)} sample(s) in {time.perf_counter() - start:.3f} s{tail}")
    return status(len(draws), reason)


def _level(tiling: Tiling, solution: TilingSolution) -> str:
    """A record's first line where the puzzle asks for assemblies that come apart:
    BurrTools' level and the moves in all."""
    from cpuzzler.constraints import Disassembles

    rule = next((c for c in tiling.where if isinstance(c, Disassembles)), None)
    plan = None if rule is None else rule.plan(solution.placements)
    return "" if plan is None else f"| level {plan.level}, {plan.moves} moves\n"


def print_solution(problem: Problem, xc: ExactCover, solution: tuple[int, ...],
                   number: int) -> None:
    """One solution of a problem that is not a tiling, in its own terms where it has them."""
    from cpuzzler.models import Sudoku

    if number > 1:
        print()
    if isinstance(problem, Sudoku):
        print(f"solution {number}:\n{problem.filled(xc, solution)}")
    elif hasattr(problem, "describe"):  # a model that says its solutions in its own terms
        print(f"solution {number}:\n{problem.describe(solution)}")
    else:
        print(f"| solution {number}")
        for option in solution:
            print(" ".join(xc.option(option)))
    sys.stdout.flush()
