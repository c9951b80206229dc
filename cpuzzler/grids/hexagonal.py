"""The hexagonal lattice: cells (x, y) on axes 60 degrees apart (y vertical, x sloping
up, as Polyform Puzzler draws them); 12 symmetries.

>>> len(parallelogram(4, 7)), len(hexagon(2))
(28, 7)
"""

from __future__ import annotations

from cpuzzler.grids.lattice import Lattice, generate_group
from cpuzzler.grids.region import Region, from_ascii_rows, positive_sides

ROTATE_60 = ((0, -1), (1, 1))  # (x, y) -> (-y, x + y)
MIRROR = ((0, 1), (1, 0))  # (x, y) -> (y, x)

lattice = Lattice(
    name="hexagonal",
    dimensions=2,
    translated=2,
    offsets={(): ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))},
    group=tuple(generate_group([ROTATE_60, MIRROR])),
    to_vector=tuple,
    from_vector=tuple,
)


def parallelogram(width: int, height: int) -> Region:
    """Cells 0 <= x < width, 0 <= y < height."""
    positive_sides("parallelogram", width, height)
    return Region(lattice, [(x, y) for x in range(width) for y in range(height)])


def hexagon(side: int) -> Region:
    """The hexagon of hexagons with ``side`` cells on each side (3s(s-1)+1 cells)."""
    positive_sides("hexagon", side)
    r = side - 1
    return Region(lattice, [(x + r, y + r) for x in range(-r, r + 1) for y in range(-r, r + 1)
                            if abs(x + y) <= r])


def elongated_hexagon(middle: int, rows: int) -> Region:
    """``rows`` rows (odd) along the x axis, the middle one ``middle`` cells long, each
    other row one cell shorter than the one nearer the middle: a parallelogram with its
    two acute corners clipped.

    >>> sorted(len([c for c in elongated_hexagon(10, 3) if c[1] == y]) for y in range(3))
    [9, 9, 10]
    """
    k = rows // 2
    return Region(lattice, [(x, y) for x in range(middle) for y in range(rows)
                            if k <= x + y <= middle + rows - 2 - k])


def triangle(side: int) -> Region:
    """The triangle of hexagons with ``side`` cells on each side."""
    positive_sides("triangle", side)
    return Region(lattice, [(x, y) for x in range(side) for y in range(side - x)])


def from_ascii(drawing: str, *, path: str = "<string>") -> Region:
    """A region drawn in its own coordinates: line by line from the highest y down, one
    character per x (a space or ``.`` is no cell), so a parallelogram is a rectangle.

    >>> len(from_ascii('''
    ... .XX
    ... XXX
    ... XX.'''))
    7
    """
    found = from_ascii_rows(drawing, path=path, cells_only=True)
    return Region(lattice, [cell for cell, _ in found], path=path)
