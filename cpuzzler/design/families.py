"""Design search: a board with a hole, the hole at every position, each counted.

The hole (a set of cells) is moved to every position where it fits inside the region,
by translation; positions that a symmetry of the region maps onto each other give the
same puzzle, so one of each class is solved: the region without the hole, counted up to
its own symmetries (``Tiling.count``), or stopped just past ``at_most`` solutions (then
the count is a lower bound, marked with the reason ``limit``). The classes run in
``jobs`` processes. A designer reads off the positions with exactly one solution, or
the fewest.

Dana Scott's problem (1958): the twelve pentominoes in an 8x8 board with a 2x2 hole in
the centre have 65 solutions up to symmetry.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import pieces
>>> dominoes = [pieces.domino()[0].with_copies(4)]
>>> [(cells, int(n)) for cells, n in holes(dominoes, square.rectangle(3, 3), [(0, 0)])]
[(((0, 0),), 2), (((0, 1),), 0), (((1, 1),), 1)]
>>> [n.complete for _, n in holes(dominoes, square.rectangle(3, 3), [(0, 0)], at_most=1)]
[False, True, True]
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from cpuzzler.errors import ExactCoverError
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region
from cpuzzler.models.tiling import Tiling
from cpuzzler.pieces import Piece
from cpuzzler.results import LIMIT, Count

Position = tuple[Cell, ...]


def positions(region: Region, hole: Iterable[Cell]) -> list[Position]:
    """Every translation of ``hole`` that lies inside ``region``, as sorted cells.

    >>> from cpuzzler.grids import square
    >>> len(positions(square.rectangle(8, 8), [(0, 0), (1, 0), (0, 1), (1, 1)]))
    49
    """
    lattice = region.lattice
    shape = sorted(tuple(c) for c in hole)
    if not shape:
        raise ExactCoverError("the hole has no cells")
    t = lattice.translated
    anchor = shape[0]
    found = set()
    for cell in region.cells:
        if cell[t:] != anchor[t:]:
            continue
        shift = tuple(cell[k] - anchor[k] for k in range(t))
        moved = tuple(sorted(lattice.translate(shape, shift)))
        if all(c in region for c in moved):
            found.add(moved)
    if not found:
        raise ExactCoverError("the hole fits nowhere inside the region")
    return sorted(found)


def classes(region: Region, places: Sequence[Position], kind: str = "free"
            ) -> list[Position]:
    """One position of each class of ``places`` up to the region's symmetries of
    ``kind`` (the least image of each class, in order)."""
    maps = [cell_map for _, cell_map in region.cell_maps(kind)]
    return sorted({min(tuple(sorted(m[c] for c in place)) for m in maps) for place in places})


def _count(pieces: list[Piece], region: Region, place: Position, at_most: int | None,
           engine: str | None) -> tuple[Position, Count]:
    puzzle = Tiling(pieces, Region(region.lattice, region.cells - set(place)))
    if at_most is None:
        return place, puzzle.count(engine=engine)
    found = sum(1 for _ in puzzle.solve(at_most + 1, engine=engine))
    return place, Count(found, LIMIT if found > at_most else "done")


def holes(pieces: Iterable[Piece], region: Region, hole: Iterable[Cell], *,
          at_most: int | None = None, jobs: int = 1, engine: str | None = None
          ) -> Iterator[tuple[Position, Count]]:
    """``(cells, count)`` for one position of the hole in each class up to the
    region's symmetries that also suit the pieces (rotations only where a piece is
    one-sided or solid); ``count``: the tilings of the region without those cells, up
    to its symmetries, stopped past ``at_most`` if given; over ``jobs`` processes."""
    pieces = list(pieces)
    free = all(p.kind == "free" for p in pieces) and region.lattice.name != "cubic"
    todo = classes(region, positions(region, hole), "free" if free else "one-sided")
    if jobs <= 1:
        for place in todo:
            yield _count(pieces, region, place, at_most, engine)
        return
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        futures = [pool.submit(_count, pieces, region, place, at_most, engine)
                   for place in todo]
        for future in futures:
            yield future.result()


__all__ = ["classes", "holes", "positions"]
