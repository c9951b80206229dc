"""``cpuzzler holes``: a tiling's board with a hole, the hole at every position up to the
board's symmetry, each counted (or stopped past ``--at-most``): where should it go?

    cpuzzler holes pentominoes-8x8-hole --hole 2x2 --jobs 2   # Dana Scott's 65, and 9 more
    cpuzzler holes pentominoes-8x8-hole --hole 2x2 --at-most 100   # the boards with few

The pieces are the puzzle's; the board is its region with the bounding rectangle filled
in where the puzzle has a hole of the hole's size (a square-lattice puzzle), or
``--board WxH``, else the puzzle's region as it is.
"""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING

from cpuzzler.cli.common import EXIT_FOUND, EXIT_NONE, PROBLEM_HELP, load_problem, positive
from cpuzzler.errors import UsageError

if TYPE_CHECKING:
    from cpuzzler.grids.region import Region

NAME = "holes"
HELP = "a board with a hole at every position, each position counted"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problem", help=PROBLEM_HELP + " (a tiling): its pieces, and its "
                        "board filled in where it has holes of its own")
    parser.add_argument("--hole", required=True, metavar="SHAPE",
                        help="WxH (a rectangle of cells) or cells as 'x,y x,y ...'")
    parser.add_argument("--at-most", type=positive, metavar="K",
                        help="stop each count past K solutions (then 'more than K')")
    parser.add_argument("--jobs", type=positive, default=1, help="processes (default 1)")
    parser.add_argument("--engine", help="the engine that counts (default: as count does)")
    parser.add_argument("--board", metavar="WxH", help="the board: a rectangle of squares")


def hole_cells(text: str) -> list[tuple[int, ...]]:
    """The hole ``--hole`` names: ``WxH`` or cells ``x,y x,y``.

    >>> hole_cells("2x1"), hole_cells("0,0 1,1")
    ([(0, 0), (1, 0)], [(0, 0), (1, 1)])
    """
    if m := re.fullmatch(r"\s*(\d+)x(\d+)\s*", text):
        width, height = int(m[1]), int(m[2])
        if width < 1 or height < 1:
            raise UsageError(f"--hole {text}: sides of at least 1")
        return [(x, y) for y in range(height) for x in range(width)]
    try:
        cells = [tuple(int(v) for v in cell.split(",")) for cell in text.split()]
    except ValueError:
        raise UsageError(f"--hole {text!r}: WxH, or cells as 'x,y x,y ...'") from None
    if not cells:
        raise UsageError("--hole: no cells")
    return cells


def run(args: argparse.Namespace) -> int:
    from cpuzzler.design import holes
    from cpuzzler.grids import square
    from cpuzzler.models import Tiling

    problem = load_problem(args.problem)
    if not isinstance(problem, Tiling):
        raise UsageError("holes: the problem must be a tiling (pieces and a board)")
    hole = hole_cells(args.hole)
    if any(len(c) != len(next(iter(problem.region.cells))) for c in hole):
        raise UsageError(f"--hole: cells of the {problem.region.lattice.name} lattice have "
                         f"{len(next(iter(problem.region.cells)))} coordinates")
    board = (square.rectangle(*_sides(args.board)) if args.board else
             _filled(problem.region, len(hole)))
    found = 0
    print(f"{'hole at':30} {'solutions':>12}")
    for cells, count in holes(problem.pieces, board, hole, at_most=args.at_most,
                              jobs=args.jobs, engine=args.engine):
        shown = f"more than {args.at_most}" if not count.complete else str(int(count))
        found += count.complete and int(count) > 0
        print(f"{' '.join(','.join(map(str, c)) for c in cells):30} {shown:>12}")
    return EXIT_FOUND if found else EXIT_NONE


def _sides(text: str) -> tuple[int, int]:
    if not (m := re.fullmatch(r"\s*(\d+)x(\d+)\s*", text)) or "0" in (m[1], m[2]):
        raise UsageError(f"--board {text!r}: WxH, sides of at least 1")
    return int(m[1]), int(m[2])


def _filled(region: Region, size: int) -> Region:
    """The puzzle's region with its bounding rectangle filled in, where that adds
    ``size`` cells of the square lattice; else the region itself."""
    from cpuzzler.grids.region import Region

    cells = region.cells
    if region.lattice.name != "square":
        return region
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    box = {(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)}
    missing = box - cells
    return Region(region.lattice, cells | missing) if len(missing) == size else region
