"""``solve``'s constraints and objective: ``--fault-free``, ``--apart``,
``--disassemble``, ``--pack`` and ``--best`` on a tiling puzzle (a helper of the solve
command, no command itself).

    cpuzzler solve pentominoes-6x10 --fault-free --count   # 2323 up to symmetry
    cpuzzler solve packing.toml --pack                      # the packing covering most
    cpuzzler solve PelikanBurr.xmpuzzle --disassemble --all # the one that comes apart
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Any

from cpuzzler import progress
from cpuzzler.cli.common import draw, exact_cover_of, note, positive, progress_line, status
from cpuzzler.errors import UsageError
from cpuzzler.render import jsonl

if TYPE_CHECKING:
    from cpuzzler.constraints import Constraint
    from cpuzzler.models import Problem


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("constraints and objective (tiling puzzles)")
    group.add_argument("--fault-free", action="store_true",
                       help="no straight grid line may cut the tiling (square, cubic)")
    group.add_argument("--apart", metavar="A,B,...", action="append", default=[],
                       help="the named pieces share no edge (again for another group; "
                            "one name: its copies apart)")
    group.add_argument("--disassemble", action="store_true",
                       help="only the assemblies that come apart by sliding (cubic "
                            "lattice; a BurrTools file's weights and groups), each listed "
                            "with its level and moves")
    group.add_argument("--pack", action="store_true",
                       help="a packing: cells may stay empty, pieces unused; without "
                            "--count, -n or --all, the packing covering the most cells")
    group.add_argument("--best", nargs="?", const=1, type=positive, metavar="K",
                       help="the solution covering the most cells (a DLX file with "
                            "option costs, '|n' as Knuth's DLX5 reads them: the least "
                            "cost), proven best (CP-SAT unless --engine says otherwise); "
                            "K: the K best, in order")


def wanted(args: argparse.Namespace) -> bool:
    """Whether the run asks for the best solution rather than solutions or a count."""
    listing = args.count or args.all or args.n is not None or args.sample
    if args.best and listing:
        raise UsageError("--best finds one solution: not with --count, -n, --all or --sample")
    return args.best or (args.pack and not listing)


def apply(problem: Problem, args: argparse.Namespace) -> Problem:
    """The problem with the constraints the options ask for (itself when none)."""
    from cpuzzler.constraints import Apart, Disassembles, FaultFree  # not for --help
    from cpuzzler.models import Tiling

    asked = args.fault_free or args.apart or args.pack or args.best or args.disassemble
    if not asked:
        return problem
    if not isinstance(problem, Tiling):
        if args.best and not (args.fault_free or args.apart or args.pack or args.disassemble):
            if exact_cover_of(problem).costs is None:
                raise UsageError("--best on an exact cover finds its least-cost solution: "
                                 "give its options costs ('|n' tokens, as Knuth's DLX5)")
            return problem
        raise UsageError("--fault-free, --apart, --disassemble, --pack and --best take a "
                         "tiling puzzle (pieces in a region), not a plain exact cover")
    where: list[Constraint] = [FaultFree()] if args.fault_free else []
    if args.disassemble:
        if ".xmpuzzle" in args.problem:  # the file's weights and groups
            from cpuzzler.cli.common import burrtools_problem

            where.append(burrtools_problem(args.problem).disassembles())
        else:
            where.append(Disassembles())
    for names in args.apart:
        pieces = [n.strip() for n in names.split(",") if n.strip()]
        where.append(Apart.copies(*pieces) if len(pieces) == 1 else Apart(*pieces))
    return problem.constrained(where, fill="pack" if args.pack else None)


def best(problem: Problem, args: argparse.Namespace, start: float,
         options: dict[str, Any]) -> int:
    """Print the best solution, or the ``--best K`` best in order (a tiling: most cells
    covered; an exact cover: the least cost, as Knuth's DLX5), each with whether it is
    proven."""
    from cpuzzler.models import Tiling

    tiling = problem if isinstance(problem, Tiling) else None
    xc = exact_cover_of(problem)
    with progress.reporting(progress_line(args, "best")):  # CP-SAT's shows what it finds
        found_k = (tiling or xc).best(engine=args.engine, time_limit=args.clock.left(),
                                      k=args.best or 1, **options)
    ranked: list[Any] = found_k if isinstance(found_k, list) else [found_k]
    if not ranked or ranked[0].solution is None:
        reason = ranked[0].reason if ranked else "done"
        print("no solution" if reason == "done" else f"no solution found ({reason})")
        return status(0, reason)
    word = "best" if tiling is not None else "least"
    for number, found in enumerate(ranked, 1):
        proof = (f"proven {word}" if found.optimal else
                 f"{word} found, not proven ({found.reason})")
        if number > 1:
            proof = proof.replace(word, f"next {word}", 1)
        if args.format == "jsonl":
            line = (jsonl.tiling_solution(found.solution, args.problem, number)
                    if tiling is not None else
                    jsonl.options_solution(xc, found.solution, args.problem, number))
            line["value"], line["optimal"] = found.value, found.optimal
            print(jsonl.line(line), flush=True)
        elif tiling is not None:
            if args.format == "text":
                print(f"| covers {found.value} of {len(tiling.region)} cells, {proof}")
                print(f"solution {number}:\n{found.solution.record()}", end="", flush=True)
            draw(found.solution, number, args)
        else:
            print(f"| cost {found.value}, {proof}")
            print(f"| solution {number}")
            for option in found.solution:
                print(" ".join(xc.option(option)))
    note(args, f"{time.perf_counter() - start:.3f} s")
    return status(len(ranked), ranked[-1].reason)
