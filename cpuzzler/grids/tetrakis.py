"""The tetrakis square lattice: each unit square (x, y) cut by its two diagonals into four
right isosceles triangles (x, y, k), k = 0 bottom, 1 right, 2 top, 3 left; 8 symmetries.
The tangram's pieces are made of these triangles (the aps seed's tangram: a 4x4 grid of
squares, 64 triangles).

>>> len(square(4)), len(lattice.neighbours((0, 0, 0)))
(64, 3)
"""

from __future__ import annotations

from collections.abc import Sequence

from cpuzzler.grids import square as square_grid
from cpuzzler.grids.lattice import Cell, Lattice, generate_group
from cpuzzler.grids.region import Region

# Six times each triangle's centroid, relative to its square's corner (x, y).
_CENTROID = {0: (3, 1), 1: (5, 3), 2: (3, 5), 3: (1, 3)}
_KIND = {offset: k for k, offset in _CENTROID.items()}


def _to_vector(cell: Cell) -> tuple[int, int]:
    x, y, k = cell
    du, dv = _CENTROID[k]
    return (6 * x + du, 6 * y + dv)


def _from_vector(vector: Sequence[int]) -> Cell:
    u, v = vector
    k = _KIND[(u % 6, v % 6)]
    return (u // 6, v // 6, k)


lattice = Lattice(
    name="tetrakis",
    dimensions=3,
    translated=2,
    offsets={(0,): ((0, 0, 1), (0, 0, 3), (0, -1, 2)),
             (1,): ((0, 0, 1), (0, 0, -1), (1, 0, 2)),
             (2,): ((0, 0, 1), (0, 0, -1), (0, 1, -2)),
             (3,): ((0, 0, -3), (0, 0, -1), (-1, 0, -2))},
    group=tuple(generate_group([square_grid.ROTATE_90, square_grid.MIRROR])),
    to_vector=_to_vector,
    from_vector=_from_vector,
)


def square(side: int) -> Region:
    """A side x side square of unit squares, four triangles each."""
    return Region(lattice, [(x, y, k) for x in range(side) for y in range(side)
                            for k in range(4)])


def from_cells(region: Region) -> Region:
    """All four triangles of each square of a square-lattice region."""
    return Region(lattice, [(x, y, k) for x, y in region.cells for k in range(4)])
