"""The triangular-prism lattice: cells (x, y, z, o), the triangle (x, y, o) of the
triangular lattice (``o`` 0 points up, 1 down) stacked in layer z; 24 symmetries, 12 of
them rotations (the plane's 12 motions, each with or without turning the stack over).
BurrTools' second grid; a translation moves x, y and z, never a triangle's ``o``.

>>> len(lattice.symmetries("free")), len(lattice.symmetries("one-sided"))
(24, 12)
>>> from cpuzzler.grids import triangular
>>> len(stack(triangular.hexagon(1), 2)), sorted(lattice.neighbours((0, 0, 0, 0)))[:2]
(12, [(-1, 0, 0, 1), (0, -1, 0, 1)])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cpuzzler.grids.hexagonal import MIRROR, ROTATE_60
from cpuzzler.grids.lattice import Cell, Lattice, Matrix, generate_group
from cpuzzler.grids.region import Region, positive_sides


def _raised(m: Matrix, z: int) -> Matrix:
    """A plane matrix acting on (x, y), with z kept (1) or turned over (-1)."""
    (a, b), (c, d) = m
    return ((a, b, 0), (c, d, 0), (0, 0, z))


def _to_vector(cell: Cell) -> tuple[int, int, int]:
    """Three times the triangle's centre in skewed coordinates, and the layer."""
    x, y, z, o = cell
    return (3 * x + 1 + o, 3 * y + 1 + o, z)


def _from_vector(vector: Sequence[int]) -> Cell:
    u, v, z = vector
    o = u % 3 - 1
    return ((u - 1 - o) // 3, (v - 1 - o) // 3, z, o)


lattice = Lattice(
    name="prisms",
    dimensions=4,
    translated=3,
    offsets={(0,): ((0, 0, 0, 1), (0, -1, 0, 1), (-1, 0, 0, 1), (0, 0, 1, 0), (0, 0, -1, 0)),
             (1,): ((0, 0, 0, -1), (0, 1, 0, -1), (1, 0, 0, -1), (0, 0, 1, 0),
                    (0, 0, -1, 0))},
    group=tuple(generate_group([_raised(ROTATE_60, 1), _raised(MIRROR, 1),
                                _raised(((1, 0), (0, 1)), -1)])),
    to_vector=_to_vector,
    from_vector=_from_vector,
)


def stack(footprint: Region | Iterable[Cell], layers: int) -> Region:
    """Triangles of the triangular lattice (x, y, o) stacked ``layers`` deep."""
    positive_sides("stack", layers)
    cells = footprint.cells if isinstance(footprint, Region) else footprint
    return Region(lattice, [(x, y, z, o) for x, y, o in cells for z in range(layers)])


def layer(cell: Cell) -> tuple[Cell, int]:
    """A prism's triangle (of the triangular lattice) and its layer.

    >>> layer((2, 1, 3, 1))
    ((2, 1, 1), 3)
    """
    x, y, z, o = cell
    return (x, y, o), z

