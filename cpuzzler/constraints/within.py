"""``Within(name, cells)``: every copy of one piece lies inside the given cells.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> board = Tiling(pieces.pentominoes(), square.rectangle(10, 6))
>>> corner = [(x, y) for x in range(3) for y in range(3)]
>>> board.count(symmetry="raw", where=[Within("X", corner)])
0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cpuzzler.constraints.base import Constraint, Placement
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region


class Within(Constraint):
    """The piece ``piece`` is placed inside ``cells`` only."""

    name = "within"

    def __init__(self, piece: str, cells: Iterable[Cell]) -> None:
        self.piece = piece
        self.cells = frozenset(tuple(c) for c in cells)

    def __repr__(self) -> str:
        return f"Within({self.piece!r}, {len(self.cells)} cells)"

    def check(self, region: Region, names: Mapping[str, int]) -> None:
        if self.piece not in names:
            raise ExactCoverError(f"Within: no piece named {self.piece!r} in the set")
        if not self.cells & region.cells:
            raise ExactCoverError(f"Within: none of the cells given for {self.piece!r} "
                                  "lies in the region")

    def allows(self, placement: Placement) -> bool:
        return placement.piece != self.piece or self.cells.issuperset(placement.cells)

    def keeps(self, move: Mapping[Cell, Cell], names: Mapping[str, str]) -> bool:
        inside = self.cells & frozenset(move)
        return names[self.piece] == self.piece and {move[c] for c in inside} == inside
