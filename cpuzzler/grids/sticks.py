"""Polysticks: the unit segments of the square grid, (x, y, 0) from (x, y) to (x+1, y)
and (x, y, 1) from (x, y) to (x, y+1), as the seed FAQ numbers them; 8 symmetries.

>>> len(rectangle(5, 5)), len(diamond(3, 7))
(60, 84)
>>> lattice.interior_points([(0, 0, 0), (1, 0, 0), (1, 0, 1)])
[(1, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from cpuzzler.errors import InputFormatError
from cpuzzler.grids import square
from cpuzzler.grids.edges import between, edge_lattice, outlines
from cpuzzler.grids.lattice import Cell, Point
from cpuzzler.grids.region import Region, from_ascii_rows, positive_sides


def _to_vector(segment: Cell) -> tuple[int, int]:
    """Twice the midpoint."""
    x, y, z = segment
    return (2 * x + 1 - z, 2 * y + z)


def _from_vector(vector: Sequence[int]) -> Cell:
    u, v = vector
    if u % 2:
        return ((u - 1) // 2, v // 2, 0)
    return (u // 2, (v - 1) // 2, 1)


def ends(segment: Cell) -> tuple[Point, Point]:
    x, y, z = segment
    return (x, y), (x + 1 - z, y + z)


lattice = edge_lattice("sticks", 2, [square.ROTATE_90, square.MIRROR], _to_vector,
                       _from_vector, ends)


def edges(cell: Cell) -> list[Cell]:
    """The four sides of a square cell."""
    x, y = cell
    return [(x, y, 0), (x, y + 1, 0), (x, y, 1), (x + 1, y, 1)]


def rectangle(width: int, height: int) -> Region:
    """The grid lines of a width x height rectangle of squares (its points 0..width by
    0..height): 2wh + w + h segments."""
    positive_sides("rectangle", width, height)
    return between(lattice, [(x, y) for x in range(width + 1) for y in range(height + 1)])


def from_cells(region: Region) -> Region:
    """Every side of the squares of a square-lattice region (holes included)."""
    return outlines(lattice, edges, region.cells)


def diamond(m: int, n: int) -> Region:
    """The m x n diamond lattice: the 4mn segments whose midpoints fill an m x n
    rectangle turned by 45 degrees (Polyform Puzzler's "diamond lattice")."""
    cells = []
    for d in range(-2 * m + 1, 2 * m, 2):  # d = u - v of the doubled midpoint (u, v)
        for s in range(1, 4 * n, 2):  # s = u + v
            u, v = (s + d) // 2, (s - d) // 2
            cells.append(_from_vector((u + 2 * m, v)))
    return Region(lattice, lattice.normalise(cells))


def from_ascii(drawing: str, *, path: str = "<string>") -> Region:
    """Segments drawn between ``+`` points: ``--`` a horizontal stick, ``|`` a vertical
    one, rows of points and rows of vertical sticks in turn, three columns per unit.

    >>> len(from_ascii('''
    ... +--+--+
    ... |     |
    ... +--+--+'''))
    6
    """
    found = dict(from_ascii_rows(drawing, path=path))
    rows = max(r for _, r in found) + 1
    if rows % 2 == 0:
        raise InputFormatError("a drawing of sticks starts and ends with a row of points "
                               "(+--+), with rows of vertical sticks (|) between", path=path)
    segments = []
    for (col, row), ch in sorted(found.items()):
        line, column = rows - row, col + 1
        x, rest = divmod(col, 3)
        expected = "+" if row % 2 == 0 and rest == 0 else "|" if rest == 0 else "-"
        if row % 2 and rest:
            expected = " "
        if ch != expected:
            what = "point row" if row % 2 == 0 else "row of vertical sticks"
            raise InputFormatError(f"{ch!r} where a {what} has {expected!r}", path=path,
                                   line=line, column=column)
        if row % 2:
            segments.append((x, row // 2, 1))
        elif rest == 1:
            if found.get((col + 1, row)) != "-":
                raise InputFormatError("a horizontal stick is drawn as '--'", path=path,
                                       line=line, column=column)
            segments.append((x, row // 2, 0))
        elif rest == 2 and found.get((col - 1, row)) != "-":
            raise InputFormatError("a horizontal stick is drawn as '--'", path=path,
                                   line=line, column=column)
    if not segments:
        raise InputFormatError("the drawing has no sticks", path=path)
    return Region(lattice, segments, path=path)
