"""``Apart(a, b, ...)``: pieces that share no edge; ``Apart.copies(name)``: the copies
of one piece pairwise apart.

Two placements touch when a cell of one is a neighbour of a cell of the other. Each
pair of neighbouring cells of the region becomes a secondary item that every placement
with a cell in the pair holds, coloured by the piece's name: two pieces of different
names then cannot both hold it, and pieces of one name can (the colours agree), unless
copies must be apart too (no colour: at most one holder). So the engines prune a
touching placement the moment its neighbour is placed.

>>> from cpuzzler.grids import square
>>> from cpuzzler.models import Tiling, pieces
>>> board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
>>> board.count(symmetry="raw", where=[Apart("X", "U")])
0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cpuzzler.constraints.base import Added, Constraint, Placement
from cpuzzler.errors import ExactCoverError
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region


class Apart(Constraint):
    """No two of the named pieces share an edge (copies of one name may, unless
    made with ``Apart.copies``)."""

    name = "apart"

    def __init__(self, *pieces: str, copies: bool = False) -> None:
        self.pieces = tuple(dict.fromkeys(pieces))
        self.copies_apart = copies
        if not copies and len(pieces) > len(self.pieces) == 1:
            raise ExactCoverError(f"Apart: {pieces[0]!r} named twice; Apart.copies("
                                  f"{pieces[0]!r}) keeps its copies apart")
        if len(self.pieces) < (1 if copies else 2):
            raise ExactCoverError("Apart: name two pieces or more (Apart.copies(name) for "
                                  "the copies of one)")

    @classmethod
    def copies(cls, *pieces: str) -> Apart:
        """Every copy of the named pieces apart from every other."""
        return cls(*pieces, copies=True)

    def __repr__(self) -> str:
        names = ", ".join(map(repr, self.pieces))
        return f"Apart.copies({names})" if self.copies_apart else f"Apart({names})"

    def check(self, region: Region, names: Mapping[str, int]) -> None:
        unknown = [p for p in self.pieces if p not in names]
        if unknown:
            raise ExactCoverError(f"Apart: no piece named {', '.join(map(repr, unknown))} "
                                  "in the set")
        if region.lattice.ends is not None:
            raise ExactCoverError(f"Apart: pieces on the {region.lattice.name} lattice are "
                                  "segments; it takes cell lattices")

    def added(self, region: Region, placements: Sequence[Placement], prefix: str) -> Added:
        pairs = _neighbour_pairs(region)
        named = set(self.pieces)
        holders: dict[tuple[Cell, Cell], list[tuple[int, str | None]]] = {}
        for k, p in enumerate(placements):
            if p.piece not in named:
                continue
            colour = None if self.copies_apart else p.piece
            for pair in {pair for c in p.cells for pair in pairs.get(c, ())}:
                holders.setdefault(pair, []).append((k, colour))
        added = Added()
        for (a, b), held in sorted(holders.items()):
            clash = len(held) > 1 if self.copies_apart else len({c for _, c in held}) > 1
            if clash:  # an item no two placements could clash on is left out
                added.add(f"{prefix}{_name(a)}-{_name(b)}", None, held)
        return added

    def keeps(self, move: Mapping[Cell, Cell], names: Mapping[str, str]) -> bool:
        return {names[p] for p in self.pieces} == set(self.pieces)


def _name(cell: Cell) -> str:
    return ",".join(map(str, cell))


def _neighbour_pairs(region: Region) -> dict[Cell, list[tuple[Cell, Cell]]]:
    """Each cell's pairs with its neighbours in the region, each pair sorted."""
    pairs: dict[Cell, list[tuple[Cell, Cell]]] = {}
    for a, b in region.adjacent_pairs():
        if a < b:
            pairs.setdefault(a, []).append((a, b))
            pairs.setdefault(b, []).append((a, b))
    return pairs
