"""The triangular lattice: cells (x, y, z) with x horizontal, y sloping right at 60
degrees and z the triangle's orientation (0 points up, 1 points down), as Polyform
Puzzler numbers them; 12 symmetries.

>>> len(parallelogram(6, 6)), len(triangle(3)), len(hexagon(1))
(72, 9, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cpuzzler.grids.hexagonal import MIRROR, ROTATE_60
from cpuzzler.grids.lattice import Cell, Lattice, generate_group
from cpuzzler.grids.region import Region, from_ascii_rows, positive_sides


def _to_vector(cell: Cell) -> tuple[int, int]:
    """Three times the triangle's centre, in skewed coordinates."""
    x, y, z = cell
    return (3 * x + 1 + z, 3 * y + 1 + z)


def _from_vector(vector: Sequence[int]) -> Cell:
    u, v = vector
    z = u % 3 - 1
    return ((u - 1 - z) // 3, (v - 1 - z) // 3, z)


lattice = Lattice(
    name="triangular",
    dimensions=3,
    translated=2,
    offsets={(0,): ((0, 0, 1), (0, -1, 1), (-1, 0, 1)),
             (1,): ((0, 0, -1), (0, 1, -1), (1, 0, -1))},
    group=tuple(generate_group([ROTATE_60, MIRROR])),
    to_vector=_to_vector,
    from_vector=_from_vector,
)


def vertices(cell: Cell) -> list[tuple[int, int]]:
    """The triangle's corners as lattice points (x, y)."""
    x, y, z = cell
    if z == 0:
        return [(x, y), (x + 1, y), (x, y + 1)]
    return [(x + 1, y), (x + 1, y + 1), (x, y + 1)]


def parallelogram(width: int, height: int) -> Region:
    """The width x height rhombus of 2 * width * height triangles."""
    positive_sides("parallelogram", width, height)
    return Region(lattice, [(x, y, z) for x in range(width) for y in range(height)
                            for z in (0, 1)])


def triangle(side: int) -> Region:
    """The upward triangle of side ``side`` (side**2 triangles)."""
    positive_sides("triangle", side)
    return Region(lattice, [(x, y, z) for x in range(side) for y in range(side)
                            for z in (0, 1) if x + y + z < side])


def where(inside: Callable[[int, int], bool], extent: int) -> Region:
    """The triangles whose three corners (lattice points (a, b), |a|, |b| <= extent) all
    pass ``inside``: a region drawn by its outline.

    >>> len(where(lambda a, b: a >= 0 and b >= 0 and a + b <= 3, 5))  # triangle(3)
    9
    """
    return Region(lattice, [(x, y, z) for x in range(-extent, extent)
                            for y in range(-extent, extent) for z in (0, 1)
                            if all(inside(a, b) for a, b in vertices((x, y, z)))])


def _in_hexagon(side: int, centre: tuple[int, int]) -> Callable[[int, int], bool]:
    ca, cb = centre
    return lambda a, b: max(abs(a - ca), abs(b - cb), abs(a - ca + b - cb)) <= side


def hexagon(side: int, b: int | None = None, c: int | None = None, *,
            centre: tuple[int, int] | None = None) -> Region:
    """The hexagon of side ``side`` (6 * side**2 triangles) around the lattice point
    ``centre`` (by default (side, side), so that no coordinate is negative). Given three
    sides ``hexagon(a, b, c)``, the hexagon whose sides are a, b, c, a, b, c long
    (2(ab + bc + ca) triangles), the region of MacMahon's lozenge tilings.

    >>> len(hexagon(2)), len(hexagon(2, 2, 2)), len(hexagon(3, 2, 1))
    (24, 24, 22)
    """
    if b is not None or c is not None:
        if b is None or c is None or centre is not None:
            raise TypeError("a hexagon takes one side, or three")
        a = side
        return where(lambda p, q: 0 <= q <= b + c and 0 <= p <= a + c
                     and c <= p + q <= a + b + c, a + b + c + 1)
    centre = (side, side) if centre is None else centre
    return where(_in_hexagon(side, centre), side + 1 + max(map(abs, centre)))


def trapezium(base: int, height: int) -> Region:
    """The trapezium ``height`` rows high on a base ``base`` long, its sides at 60 and 120
    degrees (so its top is base - height long).

    >>> len(trapezium(11, 4))
    72
    """
    return where(lambda a, b: 0 <= b <= height and a >= 0 and a + b <= base, base + height)


def elongated_hexagon(middle: int, height: int) -> Region:
    """The hexagon ``height`` rows high (even) whose middle line is ``middle`` long and
    whose top and bottom are ``height // 2`` shorter: a parallelogram with its two acute
    corners clipped.

    >>> len(elongated_hexagon(10, 4))
    72
    """
    half = height // 2
    return where(lambda a, b: 0 <= b <= height and a >= 0 and a + b >= half
                 and a <= middle and a + b <= middle + half, middle + height)


def from_ascii(drawing: str, *, path: str = "<string>") -> Region:
    """A region drawn in its own coordinates: line by line from the highest y down, two
    characters per x, the upward triangle (z = 0) then the downward one (z = 1); a space
    or ``.`` is no cell. So ``XXXX`` on one line is the rhombi (0, y) and (1, y).

    >>> len(from_ascii('''
    ... XX..
    ... XXXX'''))
    6
    """
    found = from_ascii_rows(drawing, path=path, cells_only=True)
    cells = [(col // 2, y, col % 2) for (col, y), _ in found]
    return Region(lattice, cells, path=path)
