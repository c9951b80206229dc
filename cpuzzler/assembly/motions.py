"""The directions a piece may slide on a lattice, as BurrTools moves them.

An axis is one unit translation (and its opposite). Along it the cells of a lattice lie
on lines: each cell has a line and a position on it, and one move passes ``step``
positions (on the cube grid one cell; on the prism grid a triangle sliding within its
layer crosses the triangle between, so two). A piece may slide d moves where no cell of
another piece lies within ``step * d`` positions ahead on any line the two share.

The cube grid's axes are x, y, z; the prism grid's, in BurrTools' order, the layers' z,
then the three directions of the triangles' sides.

>>> [axis.vector for axis in axes_for("prisms")]
[(0, 0, 1), (1, 0, 0), (0, 1, 0), (-1, 1, 0)]
>>> axes_for("prisms")[3].line((0, 0, 0, 0)), axes_for("prisms")[3].line((-1, 0, 0, 1))
(((0, 0), 0), ((0, 0), 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Cell = tuple[int, ...]
Line = tuple[tuple[int, ...], int]  # the line's key, the position on it


@dataclass(frozen=True)
class Axis:
    """A direction of sliding: ``vector`` one move in the lattice's translated
    coordinates; ``line(cell)`` and ``shifted(offset)`` (how a translation moves a
    line's key and position; linear), ``step`` positions a move."""

    vector: tuple[int, ...]
    step: int
    line: Callable[[Cell], Line]
    shifted: Callable[[Sequence[int]], Line]


def _cube_axis(k: int) -> Axis:
    vector = tuple(int(d == k) for d in range(3))

    def line(c: Sequence[int]) -> Line:
        return tuple(c[d] for d in range(3) if d != k), c[k]

    return Axis(vector, 1, line, line)


CUBE = tuple(_cube_axis(k) for k in range(3))
PRISM = (
    Axis((0, 0, 1), 1, lambda c: ((c[0], c[1], c[3]), c[2]),
         lambda t: ((t[0], t[1], 0), t[2])),
    Axis((1, 0, 0), 2, lambda c: ((c[1], c[2]), 2 * c[0] + c[3]),
         lambda t: ((t[1], t[2]), 2 * t[0])),
    Axis((0, 1, 0), 2, lambda c: ((c[0], c[2]), 2 * c[1] + c[3]),
         lambda t: ((t[0], t[2]), 2 * t[1])),
    Axis((-1, 1, 0), 2, lambda c: ((c[0] + c[1] + c[3], c[2]), 2 * c[1] + c[3]),
         lambda t: ((t[0] + t[1], t[2]), 2 * t[1])),
)
AXES = {"cubic": CUBE, "prisms": PRISM}


def axes_for(lattice_name: str) -> tuple[Axis, ...]:
    """The axes of a lattice (by name) whose pieces slide; ValueError for the others."""
    try:
        return AXES[lattice_name]
    except KeyError:
        raise ValueError(f"pieces slide on the {' and '.join(AXES)} lattices, not the "
                         f"{lattice_name} lattice") from None
