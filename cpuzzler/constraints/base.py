"""What every constraint says about a tiling: the placements it allows, the items it
adds to the exact cover, the symmetries it keeps, and its check of a whole solution.

>>> Constraint().allows(None), Constraint().keeps({}, {})
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region

Bounds = tuple[int, int]


class Placement(Protocol):
    """What a constraint reads of a placement (``models.Placement``, which the models
    hand in: this package names no model)."""

    @property
    def piece(self) -> str: ...

    @property
    def cells(self) -> tuple[Cell, ...]: ...


@dataclass
class Added:
    """Items a constraint adds: per name, its bounds (None: a secondary item) and the
    placements that hold it, each with a colour or None (see ``ExactCover``)."""

    bounds: dict[str, Bounds | None] = field(default_factory=dict)
    holders: dict[str, list[tuple[int, str | None]]] = field(default_factory=dict)

    def add(self, name: str, bounds: Bounds | None,
            holders: Sequence[tuple[int, str | None]]) -> None:
        self.bounds[name] = bounds
        self.holders[name] = list(holders)


class Constraint:
    """The base every constraint builds on; each method's default leaves the tiling be.

    ``prefix`` names the items one constraint adds apart from another's (the tiling
    gives each constraint its own)."""

    name = "constraint"
    checked_at_leaves = False  # True: ``accepts`` decides, not the matrix

    def check(self, region: Region, names: Mapping[str, int]) -> None:
        """Raise ``ExactCoverError`` where the constraint does not fit the puzzle
        (``names``: each piece name and its copies)."""

    def allows(self, placement: Placement) -> bool:
        """Whether a placement may be used at all."""
        return True

    def added(self, region: Region, placements: Sequence[Placement], prefix: str) -> Added:
        """The items the constraint adds to the exact cover."""
        return Added()

    def keeps(self, move: Mapping[Cell, Cell], names: Mapping[str, str]) -> bool:
        """Whether a symmetry of the puzzle (a map of cells and of piece names) maps
        the constraint onto itself: only those count solutions as equal."""
        return True

    def accepts_placements(self, placements: Sequence[Placement]) -> bool:
        """A whole solution's check on its placements, for constraints
        ``checked_at_leaves`` (``Disassembles``: the pieces come apart)."""
        return True

    def accepts(self, fixed_by: Sequence[tuple[bool, int]]) -> bool:
        """A whole solution's check, for constraints ``checked_at_leaves``: from the
        symmetries of the puzzle (the identity left out) that map it onto itself, each
        as (whether a rotation, its order)."""
        return True
