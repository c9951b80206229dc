"""``FaultFree()``: no straight grid line cuts the tiling in two.

A fault is a grid line (a plane, in three dimensions) across the region that no piece
crosses: the tiling falls apart along it. Each line with cells of the region on both
sides becomes an item of bounds 1:n, held by the n placements that cross it, so every
engine prunes as soon as no placement left can cross a line. The square and cubic
lattices only, unwrapped. ``axes`` keeps the lines across some axes only:
``FaultFree(axes="x")`` asks for no line x = k (the faults counted by OEIS A084479, the
fault-free tilings of 5 x 3n rectangles by right trominoes, are these: "the only
straight interface is at the left and right end").

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> board = Tiling([pieces.domino()[0].with_copies(15)], square.rectangle(6, 5))
>>> board.count(symmetry="raw"), board.count(symmetry="raw", where=[FaultFree()])
(1183, 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cpuzzler.constraints.base import Added, Constraint, Placement
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region

LATTICES = ("square", "cubic")
AXES = "xyz"


class FaultFree(Constraint):
    """Every grid line that cuts the region (across the ``axes`` named, all by default)
    is crossed by some piece."""

    name = "fault-free"

    def __init__(self, axes: str = AXES) -> None:
        if not isinstance(axes, str) or not axes or not set(axes) <= set(AXES):
            raise ExactCoverError(f"FaultFree: axes {axes!r}: name some of x, y, z, as "
                                  "letters (\"x\", \"xy\")")
        self.axes = axes

    def __repr__(self) -> str:
        return "FaultFree()" if self.axes == AXES else f"FaultFree(axes={self.axes!r})"

    def keeps(self, move: Mapping[Cell, Cell], names: Mapping[str, str]) -> bool:
        if self.axes == AXES:
            return True
        for axis, letter in enumerate(AXES):  # cells on one line must stay on one line
            if letter not in self.axes:
                continue
            image: dict[int, int] = {}
            for cell, moved in move.items():
                if axis < len(cell) and image.setdefault(cell[axis], moved[axis]) != moved[axis]:
                    return False
        return True

    def check(self, region: Region, names: Mapping[str, int]) -> None:
        if region.lattice.name not in LATTICES:
            raise ExactCoverError(f"FaultFree: the {region.lattice.name} lattice has no "
                                  f"fault lines here; it takes the {' and '.join(LATTICES)} "
                                  "lattices")
        if region.wrap is not None:
            raise ExactCoverError("FaultFree: a wrapped region has no fault lines to cut")
        beyond = [a for a in self.axes if AXES.index(a) >= region.lattice.dimensions]
        if beyond and self.axes != AXES:  # all, by default: those the lattice has
            raise ExactCoverError(f"FaultFree: axes {self.axes!r}: the {region.lattice.name} "
                                  f"lattice has no {' or '.join(beyond)} axis")

    def added(self, region: Region, placements: Sequence[Placement], prefix: str) -> Added:
        added = Added()
        for axis in range(region.lattice.dimensions):
            if AXES[axis] not in self.axes:
                continue
            values = sorted({c[axis] for c in region.cells})
            # the line just below each value but the least, and the placements crossing it
            crossing: dict[int, list[tuple[int, None]]] = {line: [] for line in values[1:]}
            for k, p in enumerate(placements):  # each placement's span once
                along = [c[axis] for c in p.cells]
                for line in range(min(along) + 1, max(along) + 1):
                    if line in crossing:
                        crossing[line].append((k, None))
            for line, holders in crossing.items():
                added.add(f"{prefix}{AXES[axis]}{line}", (1, max(1, len(holders))), holders)
        return added
