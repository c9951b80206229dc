"""Polytrigs: the unit segments of the triangular grid, its points (x, y) on the
polyiamonds' skewed axes (x horizontal, y at 60 degrees). A segment (x, y, z) starts at
(x, y) and runs at 0 (z = 0), 60 (z = 1) or 120 degrees (z = 2), as the seed FAQ
numbers them; 12 symmetries.

>>> len(triangle(2)), len(hexagon(1)), len(parallelogram(2, 1))
(9, 12, 9)
"""

from __future__ import annotations

from collections.abc import Sequence

from cpuzzler.grids import triangular
from cpuzzler.grids.edges import edge_lattice, outlines
from cpuzzler.grids.hexagonal import MIRROR, ROTATE_60
from cpuzzler.grids.lattice import Cell, Point
from cpuzzler.grids.region import Region

_STEP = {0: (1, 0), 1: (0, 1), 2: (-1, 1)}


def _to_vector(segment: Cell) -> tuple[int, int]:
    """Twice the midpoint, in skewed coordinates."""
    x, y, z = segment
    dx, dy = _STEP[z]
    return (2 * x + dx, 2 * y + dy)


def _from_vector(vector: Sequence[int]) -> Cell:
    u, v = vector
    if v % 2 == 0:
        return ((u - 1) // 2, v // 2, 0)
    if u % 2 == 0:
        return (u // 2, (v - 1) // 2, 1)
    return ((u + 1) // 2, (v - 1) // 2, 2)


def ends(segment: Cell) -> tuple[Point, Point]:
    x, y, z = segment
    dx, dy = _STEP[z]
    return (x, y), (x + dx, y + dy)


lattice = edge_lattice("trigs", 3, [ROTATE_60, MIRROR], _to_vector, _from_vector, ends)


def edges(cell: Cell) -> list[Cell]:
    """The three sides of a triangle of the triangular lattice."""
    x, y, z = cell
    if z == 0:
        return [(x, y, 0), (x, y, 1), (x + 1, y, 2)]
    return [(x, y + 1, 0), (x + 1, y, 1), (x + 1, y, 2)]


def from_cells(region: Region) -> Region:
    """Every side of the triangles of a triangular-lattice region (holes included):
    so ``trigs.from_cells(triangular.from_ascii(...))`` draws a region as ASCII art."""
    return outlines(lattice, edges, region.cells)


def parallelogram(width: int, height: int) -> Region:
    """The grid of a width x height rhombus of triangles: its points 0..width by
    0..height."""
    return from_cells(triangular.parallelogram(width, height))


def triangle(side: int) -> Region:
    """The grid of an upward triangle with ``side`` units on a side."""
    return from_cells(triangular.triangle(side))


def hexagon(side: int) -> Region:
    """The grid of a hexagon with ``side`` units on a side."""
    return from_cells(triangular.hexagon(side))

