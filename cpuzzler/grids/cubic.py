"""The cubic lattice: cells (x, y, z); 48 symmetries (24 rotations).

>>> len(box(3, 4, 5)), len(lattice.symmetries("one-sided"))
(60, 24)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cpuzzler.errors import InputFormatError
from cpuzzler.grids.lattice import Lattice, Symmetry, _determinant, signed_permutations
from cpuzzler.grids.region import Region, check_cell_mark, positive_sides

_IDENTITY = ((1, 0, 0), (0, 1, 0), (0, 0, 1))

lattice = Lattice(
    name="cubic",
    dimensions=3,
    translated=3,
    offsets={(): ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))},
    group=tuple(sorted((Symmetry(m, _determinant(m) > 0) for m in signed_permutations(3)),
                       key=lambda g: g.matrix != _IDENTITY)),
    to_vector=tuple,
    from_vector=tuple,
)


def box(width: int, height: int, depth: int) -> Region:
    """Cells 0 <= x < width, 0 <= y < height, 0 <= z < depth."""
    positive_sides("box", width, height, depth)
    return Region(lattice, [(x, y, z) for x in range(width) for y in range(height)
                            for z in range(depth)])


def from_ascii(drawing: str, *, path: str = "<string>") -> Region:
    """Layers drawn side by side, z = 0 leftmost, separated by spaces; in a layer each
    character is a cell and ``.`` is none; the top line is the highest y.

    >>> len(from_ascii('''
    ... XX XX
    ... XX X.'''))
    7
    """
    lines = [line for line in drawing.split("\n") if line.strip()]
    if not lines:
        raise InputFormatError("the drawing has no cells", path=path)
    layers = len(lines[0].split())
    cells = []
    for row, line in enumerate(lines):
        tokens = list(re.finditer(r"\S+", line))
        if len(tokens) != layers:
            raise InputFormatError(
                f"{len(tokens)} layers on this line, {layers} on the first", path=path,
                line=row + 1)
        for z, token in enumerate(tokens):
            for x, ch in enumerate(token.group()):
                if ch != ".":
                    check_cell_mark(ch, path=path, line=row + 1, column=token.start() + x + 1)
                    cells.append((x, len(lines) - 1 - row, z))
    if not cells:
        raise InputFormatError("the drawing has no cells", path=path)
    return Region(lattice, cells, path=path)


def prism(footprint: Iterable[tuple[int, int]], depth: int) -> Region:
    """A plane shape (cells x, y) stacked ``depth`` layers deep (z), as Soma's walls.

    >>> len(prism([(0, 0), (1, 0), (1, 1)], 3))
    9
    """
    return Region(lattice, [(x, y, z) for x, y in footprint for z in range(depth)])


def ring_wall(width: int, depth: int, height: int) -> Region:
    """A wall one cube thick around a width x depth rectangle (x and z), height high (y).

    >>> len(ring_wall(8, 4, 3))
    60
    """
    return Region(lattice, [(x, y, z) for x in range(width) for z in range(depth)
                            for y in range(height)
                            if x in (0, width - 1) or z in (0, depth - 1)])
