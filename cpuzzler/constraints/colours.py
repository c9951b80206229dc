"""``Colours(pieces, region, allowed)``: coloured cells of a piece only on cells of the
region whose colour the pair list allows (BurrTools' colour constraints).

A piece's cell of colour c > 0 may lie on a region cell of colour r > 0 only where
(c, r) is among ``allowed``; a cell of colour 0 (none) on either side fits anywhere. A
placement is kept where some turn of the piece that gives its cells fits so (a turn the
piece's shape maps onto itself may colour the same cells otherwise). A symmetry of the
puzzle keeps the constraint where it keeps the region's colours and leaves every
coloured piece as it is (a mirror, which swaps a piece for its mirror image, then only
where no piece is coloured).

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> domino = pieces.by_name("polyominoes", "I2").with_copies(2)
>>> rule = Colours({"I2": {(0, 0): 1, (1, 0): 2}}, {(0, 0): 1, (0, 1): 2, (1, 0): 1,
...                                                (1, 1): 2}, {(1, 1), (2, 2)})
>>> Tiling([domino], square.rectangle(2, 2), where=[rule]).count(symmetry="raw")
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cpuzzler.constraints.base import Constraint, Placement
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids.lattice import Cell, Lattice
from cpuzzler.grids.region import Region

Colouring = tuple[tuple[Cell, int], ...]  # a piece's cells with their colours, sorted


class Colours(Constraint):
    """Coloured piece cells only on the region colours ``allowed`` pairs them with."""

    name = "colours"

    def __init__(self, pieces: Mapping[str, Mapping[Cell, int]], region: Mapping[Cell, int],
                 allowed: Iterable[tuple[int, int]], *, kind: str = "one-sided") -> None:
        self.pieces = {name: {tuple(c): k for c, k in cells.items()}
                       for name, cells in pieces.items() if any(cells.values())}
        self.region = {tuple(c): k for c, k in region.items() if k}
        self.allowed = frozenset(allowed)
        self.kind = kind
        self._turns: dict[str, dict[tuple[Cell, ...], list[dict[Cell, int]]]] = {}

    def __repr__(self) -> str:
        return f"Colours({len(self.pieces)} coloured pieces, {len(self.allowed)} pairs)"

    def check(self, region: Region, names: Mapping[str, int]) -> None:
        unknown = sorted(set(self.pieces) - set(names))
        if unknown:
            raise ExactCoverError(f"Colours: no piece named {', '.join(map(repr, unknown))}")
        lattice = region.lattice
        self._turns = {name: _turns(lattice, cells, self.kind)
                       for name, cells in self.pieces.items()}

    def allows(self, placement: Placement) -> bool:
        turns = self._turns.get(placement.piece)
        if not turns or not self.region:
            return True
        cells = placement.cells
        low = [min(c[k] for c in cells) for k in range(len(cells[0]))]
        shape = tuple(sorted(tuple(c[k] - low[k] for k in range(len(c))) for c in cells))
        for colouring in turns.get(shape, ()):
            if all(self._fits(colour, self.region.get(tuple(
                    c[k] + low[k] for k in range(len(c))), 0))
                   for c, colour in colouring.items()):
                return True
        return False

    def _fits(self, piece_colour: int, region_colour: int) -> bool:
        return not piece_colour or not region_colour or \
            (piece_colour, region_colour) in self.allowed

    def keeps(self, move: Mapping[Cell, Cell], names: Mapping[str, str]) -> bool:
        if any(self.region.get(move[c], 0) != k for c, k in self.region.items()):
            return False
        return all(names.get(p, p) == p for p in self.pieces)


def _turns(lattice: Lattice, cells: Mapping[Cell, int], kind: str
           ) -> dict[tuple[Cell, ...], list[dict[Cell, int]]]:
    """Each normalised turn of a coloured piece: its cells, and the colourings a turn
    gives them (more than one where the shape maps onto itself)."""
    found: dict[tuple[Cell, ...], list[dict[Cell, int]]] = {}
    points = list(cells)
    for f in lattice.cell_maps(kind):
        moved = [f(c) for c in points]
        low = [min(c[k] for c in moved) for k in range(len(moved[0]))]
        colouring = {tuple(c[k] - low[k] for k in range(len(c))): cells[p]
                     for c, p in zip(moved, points, strict=True)}
        shape = tuple(sorted(colouring))
        if colouring not in found.setdefault(shape, []):
            found[shape].append(colouring)
    return found
