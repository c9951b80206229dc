"""``Disassembles()``: the pieces of a solution come apart by sliding (BurrTools'
disassembler, ``cpuzzler.assembly``), checked on each whole solution.

``weights`` and ``groups`` name pieces: the heavier part stands still while the rest
moves, and pieces of one nonzero group need not come apart from each other. A symmetry
of the puzzle keeps the constraint where it maps each piece onto one of equal weight and
group.

>>> from cpuzzler.grids import cubic
>>> from cpuzzler.models import Tiling, pieces
>>> block = pieces.by_name("polycubes", "I3").with_copies(3)
>>> board = Tiling([block], cubic.box(3, 3, 1))
>>> board.count(symmetry="raw"), board.count(symmetry="raw", where=[Disassembles()])
(2, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from cpuzzler.constraints.base import Constraint, Placement
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region

if TYPE_CHECKING:
    from cpuzzler.assembly import Disassembly


SLIDING = {3: "cubic", 4: "prisms"}  # the lattices whose pieces slide, by cell length


class Disassembles(Constraint):
    """The solution's pieces can be taken apart by sliding them along the axes (of the
    cubic lattice, or the prism lattice's z and its triangles' three sides)."""

    name = "disassembles"
    checked_at_leaves = True

    def __init__(self, *, weights: Mapping[str, int] | None = None,
                 groups: Mapping[str, int] | None = None) -> None:
        self.weights = dict(weights or {})
        self.groups = dict(groups or {})

    def __repr__(self) -> str:
        return "Disassembles()"

    def check(self, region: Region, names: Mapping[str, int]) -> None:
        from cpuzzler.assembly.motions import axes_for

        try:
            axes_for(region.lattice.name)
        except ValueError as e:
            raise ExactCoverError(f"Disassembles: {e}") from None

    def accepts_placements(self, placements: Sequence[Placement]) -> bool:
        return self.plan(placements) is not None

    def plan(self, placements: Sequence[Placement]) -> Disassembly | None:
        """How the placed pieces come apart (``assembly.disassemble``), or None."""
        from cpuzzler.assembly import disassemble

        if not placements:
            return None
        return disassemble([p.cells for p in placements],
                           weights=[self.weights.get(p.piece, 1) for p in placements],
                           groups=[self.groups.get(p.piece, 0) for p in placements],
                           lattice=SLIDING[len(placements[0].cells[0])])

    def keeps(self, move: Mapping[Cell, Cell], names: Mapping[str, str]) -> bool:
        return all(self.weights.get(a, 1) == self.weights.get(b, 1) and
                   self.groups.get(a, 0) == self.groups.get(b, 0) for a, b in names.items())
