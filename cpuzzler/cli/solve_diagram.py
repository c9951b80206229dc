"""``cpuzzler solve --count --marginals`` / ``--diagram FILE``: every solution counted
through the decision diagram of all of them, and the options ranked by the solutions
holding them (a helper of the solve command, no command itself).

    cpuzzler solve pentominoes-6x10 --count --marginals --svg where.svg
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from cpuzzler.cli.common import EXIT_UNDECIDED, count_status, exact_cover_of, note
from cpuzzler.cli.solve_count import in_parts
from cpuzzler.errors import InputFormatError, TimeUp, UsageError
from cpuzzler.results import Count, n_solutions

if TYPE_CHECKING:
    from cpuzzler.exact_cover import ExactCover
    from cpuzzler.models import Problem


def from_diagram(problem: Problem, args: argparse.Namespace, start: float) -> int:
    """``--count --marginals`` / ``--diagram FILE``: every solution counted through the
    decision diagram of all of them, the options ranked by the solutions holding them."""
    if not args.count:
        raise UsageError("--marginals and --diagram go with --count")
    if args.engine_given or in_parts(args):
        raise UsageError("--marginals and --diagram count every solution through the "
                         "decision diagram: leave out --engine and parts")
    if args.svg is not None and not args.marginals:
        raise UsageError("--svg with --count goes with --marginals (where each piece lies)")
    xc = exact_cover_of(problem)
    try:
        diagram = xc.diagram(memory=args.memory, time_limit=args.clock.left())
    except TimeUp as e:
        print(f"cpuzzler: {e}", file=sys.stderr)
        return EXIT_UNDECIDED
    if args.diagram:
        try:
            diagram.save(args.diagram)
        except OSError as e:
            raise InputFormatError(f"cannot write: {e.strerror or e}",
                                   path=args.diagram) from None
    total = diagram.count()
    print(f"{n_solutions(total)} in all (every solution, not up to symmetry); the "
          f"decision diagram has {len(diagram):,} nodes")
    if args.marginals:
        through = diagram.marginals()
        print_marginals(problem, xc, through, args.symmetry)
        if args.svg is not None:
            draw_coverage(problem, through, total, args.svg)
    note(args, f"{time.perf_counter() - start:.3f} s")
    return count_status(Count(total))


def print_marginals(problem: Problem, xc: ExactCover, through: list[int],
                    symmetry: str) -> None:
    """The options ranked by the solutions holding them, those in none last. A tiling's
    symmetries map solutions onto solutions, so the placements of one class (orbit) are
    each in as many: one line a class, its size first, unless ``symmetry`` is raw."""
    from cpuzzler.models import Tiling
    from cpuzzler.symmetry.burnside import option_orbits

    classes = [[o] for o in range(xc.num_options)]
    if isinstance(problem, Tiling) and symmetry != "raw":
        classes = option_orbits(problem.option_symmetries(symmetry), xc.num_options)
    grouped = any(len(c) > 1 for c in classes)
    used = sorted((c for c in classes if through[c[0]]), key=lambda c: (-through[c[0]], c))
    unused = [c for c in classes if not through[c[0]]]
    if grouped:
        which = "symmetries" if symmetry == "unique" else "rotations"
        print("| solutions holding each placement, most first; one line per class of "
              f"placements the puzzle's {which} map onto each other (how many, one)")
    else:
        print("| solutions holding each option, most first")


    def show(c: list[int]) -> None:
        size = f"{len(c):>3}x " if grouped else ""
        print(f"{through[c[0]]:>12}  {size}{' '.join(xc.option(c[0]))}")

    for c in used:
        show(c)
    print(f"| in no solution: {sum(map(len, unused))} of {xc.num_options} options"
          + (f" ({len(unused)} classes)" if grouped else ""))
    for c in unused:
        show(c)


def draw_coverage(problem: Problem, through: list[int], total: int, path: str) -> None:
    """``--count --marginals --svg FILE``: where each piece lies across the solutions."""
    from cpuzzler.models import Tiling
    from cpuzzler.render.svg import coverage_svg

    assert isinstance(problem, Tiling)  # check_pictures refused the others
    picture = coverage_svg(problem.region, problem.coverage(through, total))
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(picture)
    except OSError as e:
        raise InputFormatError(f"cannot write: {e.strerror or e}", path=path) from None
