"""Polytwigs: the unit segments of the hexagonal grid (the sides of the polyhexes'
hexagons). Half the grid's points have a segment running right: the lower left corner
of each hexagon (x, y) of the polyhex lattice (y up, x at 30 degrees) is such a point
(x, y), and the segment (x, y, z) leaves it at 0 (z = 0), 120 (z = 1) or 240 degrees
(z = 2), as the seed FAQ numbers them; 12 symmetries. ``ends`` names those points
(x, y, 0) and the other kind (x, y, 1), the right end of the segment (x, y, 0).

>>> len(hexagon(1)), len(hexagon(2)), len(parallelogram(2, 2))
(6, 30, 19)
"""

from __future__ import annotations

from collections.abc import Sequence

from cpuzzler.grids import hexagonal
from cpuzzler.grids.edges import edge_lattice, outlines
from cpuzzler.grids.hexagonal import MIRROR, ROTATE_60
from cpuzzler.grids.lattice import Cell, Point
from cpuzzler.grids.region import Region

# A segment's vector: 2 (x, y) plus its midpoint's offset from the centre of hexagon
# (x, y), in units of a sixth of the distance between neighbouring hexagons along the
# axes. So the vectors are integers and the hexagons' 12 symmetries act on them.
_MIDPOINT = {0: (0, -1), 1: (-1, 0), 2: (-1, -1)}
_OTHER_END = {0: (0, 0), 1: (-1, 1), 2: (-1, 0)}


def _to_vector(segment: Cell) -> tuple[int, int]:
    x, y, z = segment
    dx, dy = _MIDPOINT[z]
    return (2 * x + dx, 2 * y + dy)


def _from_vector(vector: Sequence[int]) -> Cell:
    u, v = vector
    z = 0 if u % 2 == 0 else 1 if v % 2 == 0 else 2
    dx, dy = _MIDPOINT[z]
    return ((u - dx) // 2, (v - dy) // 2, z)


def ends(segment: Cell) -> tuple[Point, Point]:
    x, y, z = segment
    dx, dy = _OTHER_END[z]
    return (x, y, 0), (x + dx, y + dy, 1)


lattice = edge_lattice("twigs", 3, [ROTATE_60, MIRROR], _to_vector, _from_vector, ends)

_SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def edges(cell: Cell) -> list[Cell]:
    """The six sides of a hexagon of the hexagonal lattice."""
    x, y = cell
    return [_from_vector((2 * x + du, 2 * y + dv)) for du, dv in _SIDES]


def from_cells(region: Region) -> Region:
    """Every side of the hexagons of a hexagonal-lattice region (holes included): so
    ``twigs.from_cells(hexagonal.from_ascii(...))`` draws a region as ASCII art."""
    return outlines(lattice, edges, region.cells)


def hexagon(side: int) -> Region:
    """The sides of the hexagon of hexagons with ``side`` cells on a side."""
    return from_cells(hexagonal.hexagon(side))


def parallelogram(width: int, height: int) -> Region:
    """The sides of a width x height parallelogram of hexagons."""
    return from_cells(hexagonal.parallelogram(width, height))
