"""The square lattice: cells (x, y), y upwards; 8 symmetries.

>>> len(rectangle(10, 6))
60
"""

from __future__ import annotations

from cpuzzler.grids.lattice import Lattice, generate_group
from cpuzzler.grids.region import Region, from_ascii_rows, positive_sides

ROTATE_90 = ((0, -1), (1, 0))
MIRROR = ((-1, 0), (0, 1))

lattice = Lattice(
    name="square",
    dimensions=2,
    translated=2,
    offsets={(): ((1, 0), (-1, 0), (0, 1), (0, -1))},
    group=tuple(generate_group([ROTATE_90, MIRROR])),
    to_vector=tuple,
    from_vector=tuple,
)


def rectangle(width: int, height: int) -> Region:
    """Cells 0 <= x < width, 0 <= y < height.

    >>> len(rectangle(10, 6))
    60
    >>> rectangle(-1, 5)
    Traceback (most recent call last):
      ...
    cpuzzler.errors.ExactCoverError: a rectangle needs positive whole sides, not -1x5
    """
    positive_sides("rectangle", width, height)
    return Region(lattice, [(x, y) for x in range(width) for y in range(height)])


def from_ascii(drawing: str, *, path: str = "<string>") -> Region:
    """A region drawn as rows of characters, the top row highest: any character but a
    space or ``.`` is a cell.

    >>> len(from_ascii('''
    ... XXX
    ... X.X
    ... XXX'''))
    8
    """
    cells = [(x, y) for (x, y), _ in from_ascii_rows(drawing, path=path, cells_only=True)]
    return Region(lattice, cells, path=path)


def cylinder(width: int, height: int) -> Region:
    """A width x height rectangle joined at its left and right ends (x wraps).

    >>> len(cylinder(20, 3)), cylinder(20, 3).wrap
    (60, (20, None))
    """
    return Region(lattice, rectangle(width, height).cells, wrap=(width, None))


def torus(width: int, height: int) -> Region:
    """A width x height rectangle whose opposite sides are joined (x and y wrap)."""
    return Region(lattice, rectangle(width, height).cells, wrap=(width, height))


def ring(width: int, height: int, thickness: int = 1) -> Region:
    """A rectangle with a rectangular hole, ``thickness`` cells wide all round.

    >>> len(ring(5, 5))
    16
    """
    return Region(lattice, [(x, y) for x in range(width) for y in range(height)
                            if min(x, y, width - 1 - x, height - 1 - y) < thickness])
