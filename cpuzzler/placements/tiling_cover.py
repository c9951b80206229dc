"""A tiling's exact cover, built from its pieces and region: every placement, the items
(pieces, cells, the ways to cross at grid points, what the constraints add), and the
sweep the counters cover the cells in. ``models.tiling.Tiling`` holds the results; the
functions here read only the puzzle's description (``Shape``), never the Tiling.

>>> from cpuzzler.grids import square
>>> cell_name((2, 1)), [cell_name(c) for c in sweep(square.rectangle(2, 2))]
('2,1', ['0,0', '0,1', '1,0', '1,1'])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Protocol

from cpuzzler.constraints import Constraint
from cpuzzler.errors import ExactCoverError
from cpuzzler.exact_cover import ExactCover
from cpuzzler.grids.edges import Crossing, crossings
from cpuzzler.grids.lattice import Cell
from cpuzzler.grids.region import Region
from cpuzzler.pieces import Piece
from cpuzzler.placements.placement import Placement
from cpuzzler.results import RunDeadline

__all__ = ["Shape", "cell_name", "check_parts", "count_is_implied", "crossing_keys",
           "coverage", "crossing_name", "exact_cover", "parts_meet", "placements", "sweep"]


class Shape(Protocol):
    """What a tiling puzzle says: its pieces, region and rules (``Tiling`` is one)."""

    pieces: list[Piece]
    region: Region
    parts: tuple[frozenset[Cell], ...] | None
    where: tuple[Constraint, ...]
    fill: str
    optional: frozenset[str]
    fewest: dict[str, int]  # the fewest copies of each optional piece
    may_stay_empty: frozenset[Cell]
    crossing: str
    may_cross: frozenset[str]


def cell_name(cell: Cell) -> str:
    """The item name of a cell, as the seed's records write it: ``x,y`` or ``x,y,z``."""
    return ",".join(map(str, cell))


def check_parts(region: Region, parts: Iterable[Iterable[Cell]]
                ) -> tuple[frozenset[Cell], ...]:
    """The parts as sets of cells, checked to split the region."""
    found = tuple(frozenset(tuple(c) for c in part) for part in parts)
    if region.wrap is not None:
        raise ExactCoverError("a wrapped region cannot be split into parts")
    if not found or not all(found):
        raise ExactCoverError("parts: give one or more parts, each with cells")
    if sum(map(len, found)) != len(frozenset().union(*found)):
        raise ExactCoverError("parts: a cell lies in two parts")
    if frozenset().union(*found) != region.cells:
        raise ExactCoverError("parts: the parts together must be the region, cell for cell")
    return found


def crossing_name(key: Crossing) -> str:
    """The item name of a way to cross at a grid point (see ``grids.edges.crossings``):
    ``x,yi`` on the square grid, as old Polyform Puzzler records named intersections;
    ``x,yi(a-c/b-d)`` where more lines meet (no ``:`` or ``|``, which DLX text reserves,
    so every tiling can be written as DLX and checkpointed)."""
    point, (a, b, c, d) = key
    return cell_name(point) + ("i" if d == 3 else f"i({a}-{c}/{b}-{d})")


def placements(tiling: Shape) -> list[Placement]:
    """Every orientation of every piece at every position inside the region (on a
    wrapped region, also across its seams)."""
    region = tiling.region
    lattice = region.lattice
    t = lattice.translated
    anchors: dict[tuple[int, ...], list[Cell]] = {}
    for cell in region:
        anchors.setdefault(tuple(cell[t:]), []).append(cell)
    part_of = {c: k for k, part in enumerate(tiling.parts or ()) for c in part}
    allowed = [c for c in tiling.where if type(c).allows is not Constraint.allows]
    shapes = [(piece.name, piece.orientations()) for piece in tiling.pieces]
    code = _CellCodes(region, shapes) if region.wrap is None else None
    found = []
    for name, orientations in shapes:
        seen: set[tuple[Cell, ...]] = set()  # wrapped, two offsets can give one placement
        for shape in orientations:
            first = shape[0]
            at = anchors.get(tuple(first[t:]), [])
            for k, cells in enumerate(_positions(region, shape, at, code)):
                if k % 4096 == 0:
                    RunDeadline.check()
                if cells is None or (tiling.parts and len({part_of[c] for c in cells}) != 1):
                    continue
                if code is None:
                    if cells in seen:
                        continue
                    seen.add(cells)
                placement = Placement(name, cells)
                if all(c.allows(placement) for c in allowed):
                    found.append(placement)
    return found


class _CellCodes:
    """The cells of a region that does not wrap, and every cell a piece anchored in it
    can reach, as integers (mixed radix, one digit a coordinate, first coordinate most
    significant, each digit with room for the longest piece on both sides): a placement
    moves by adding one integer, and sorting codes sorts the cells.

    >>> from cpuzzler.grids import square
    >>> codes = _CellCodes(square.rectangle(3, 2), [("I", [((0, 0), (1, 0))])])
    >>> codes.of((2, 1)) - codes.of((0, 0)), codes.cell[codes.of((2, 1))]
    (9, (2, 1))
    """

    def __init__(self, region: Region, shapes: Sequence[tuple[str, Sequence[Sequence[Cell]]]]
                 ) -> None:
        cells = list(region.cells)
        dims = len(cells[0])
        span = max((max(c[k] for c in shape) - min(c[k] for c in shape)
                    for _, orientations in shapes for shape in orientations
                    for k in range(dims)), default=0)
        self.lowest = [min(c[k] for c in cells) for k in range(dims)]
        self.highest = [max(c[k] for c in cells) for k in range(dims)]
        self.low = [low - span for low in self.lowest]
        radix = [max(c[k] for c in cells) + span + 1 - low for k, low in enumerate(self.low)]
        self.stride = [math.prod(radix[k + 1:]) for k in range(dims)]
        self.cell = {self.of(c): c for c in cells}
        self.code = {c: k for k, c in self.cell.items()}  # the region's cells, coded once
        self.anchor_order = {c: k for k, c in enumerate(region)}  # as placements meet them

    def of(self, cell: Cell) -> int:
        return sum((c - low) * stride for c, low, stride in zip(cell, self.low, self.stride,
                                                                strict=True))


def _positions(region: Region, shape: Sequence[Cell], anchors: list[Cell],
               code: _CellCodes | None) -> Iterable[tuple[Cell, ...] | None]:
    """The cells of ``shape`` with its first cell moved to each anchor, sorted, as the
    region holds them (``None`` where one falls outside)."""
    first = shape[0]
    if code is None:  # wrapped: each cell brought back across the seams
        lattice = region.lattice
        t = lattice.translated
        for anchor in anchors:
            offset = [anchor[k] - first[k] for k in range(t)]
            yield region.place(lattice.translate(shape, offset))
        return
    start = code.of(first)
    steps = sorted(code.of(c) - start for c in shape)
    cell_at = code.cell
    for anchor in _fitting(region, shape, anchors, code):
        at = code.code[anchor]
        try:
            yield tuple([cell_at[at + step] for step in steps])
        except KeyError:
            yield None


def _fitting(region: Region, shape: Sequence[Cell], anchors: list[Cell], code: _CellCodes
             ) -> list[Cell]:
    """The anchors (in their order) at which the shape's box fits the region's: for a
    large piece, the few within a small box (a packing's box, 1,300 cells, placed at
    each of 1,300 anchors in 24 turns, was most of the time to read a BurrTools file)."""
    first, t = shape[0], region.lattice.translated
    below = [first[k] - min(c[k] for c in shape) + code.lowest[k] for k in range(t)]
    above = [code.highest[k] - max(c[k] for c in shape) + first[k] for k in range(t)]
    room = math.prod(max(0, hi - lo + 1) for lo, hi in zip(below, above, strict=True))
    if room >= len(anchors):
        return [a for a in anchors if all(below[k] <= a[k] <= above[k] for k in range(t))]
    rest = tuple(first[t:])
    order = code.anchor_order
    inside = [(*p, *rest) for p in itertools.product(*(range(lo, hi + 1) for lo, hi
                                                       in zip(below, above, strict=True)))]
    return sorted((a for a in inside if a in order), key=order.__getitem__)


def crossing_keys(tiling: Shape, placements: list[Placement]) -> list[list[Crossing]]:
    """Each placement's ways to be crossed (none where crossing is allowed)."""
    lattice = tiling.region.lattice
    forbid = tiling.crossing == "forbid" and lattice.ends is not None
    return [crossings(lattice, p.cells) if forbid and p.piece not in tiling.may_cross
            else [] for p in placements]


def parts_meet(tiling: Shape, placements: list[Placement],
               keys: list[list[Crossing]]) -> bool:
    """Whether pieces in two different parts could cross at a grid point the parts
    share: then a part cannot move without the others, and the parts cannot swap."""
    if tiling.parts is None:
        return False
    part_of = {c: k for k, part in enumerate(tiling.parts) for c in part}
    holders: dict[Crossing, int] = {}
    for placement, ways in zip(placements, keys, strict=True):
        part = part_of[placement.cells[0]]
        for key in ways:
            if holders.setdefault(key, part) != part:
                return True
    return False


def exact_cover(tiling: Shape, placements: list[Placement],
                keys: list[list[Crossing]]) -> ExactCover:
    """Items: the piece names (bounds for copies; optional pieces secondary; none
    when one kind of piece fills the region, or where a bound never binds), the
    cells, then (edge lattices, crossing forbidden) the ways to cross at grid points
    as secondary items, then the items the constraints ``where`` add; one option per
    placement, in the order of ``placements``."""
    xc = ExactCover()
    packing = tiling.fill == "pack"
    unbound = {p.name for p in tiling.pieces if bound_never_binds(tiling, p, placements)}
    for p in tiling.pieces:
        if count_is_implied(tiling, p) or p.name in unbound:
            continue
        if packing:  # any number of copies, none too
            xc.add_item(p.name, lo=0, hi=p.copies)
        elif p.name in tiling.optional:
            # bounds where cells may stay empty: a placement on those alone is held by
            # a primary item still
            if p.copies == 1 and not tiling.fewest[p.name] and not tiling.may_stay_empty:
                xc.add_item(p.name, secondary=True)
            else:
                xc.add_item(p.name, lo=tiling.fewest[p.name], hi=p.copies)
        else:
            xc.add_item(p.name, lo=p.copies, hi=p.copies)
    for cell in tiling.region:
        xc.add_item(cell_name(cell), secondary=packing or cell in tiling.may_stay_empty)
    for key in sorted({k for found in keys for k in found}):
        xc.add_item(crossing_name(key), secondary=True)
    added: list[list[str | tuple[str, str]]] = [[] for _ in placements]
    for n, constraint in enumerate(tiling.where):
        more = constraint.added(tiling.region, placements, f"{constraint.name}{n}.")
        for name, bounds in more.bounds.items():
            if bounds is None:
                xc.add_item(name, secondary=True)
            else:
                xc.add_item(name, lo=bounds[0], hi=bounds[1])
            for k, colour in more.holders[name]:
                added[k].append(name if colour is None else (name, colour))
    implied = count_is_implied(tiling, tiling.pieces[0])
    name_of = {cell: cell_name(cell) for cell in tiling.region.cells}
    for k, (placement, found) in enumerate(zip(placements, keys, strict=True)):
        if k % 4096 == 0:
            RunDeadline.check()
        piece = [] if implied or placement.piece in unbound else [placement.piece]
        xc.add_option([*piece, *[name_of[c] for c in placement.cells],
                       *map(crossing_name, found), *added[k]])
    xc.sweep = [cell_name(cell) for cell in sweep(tiling.region)]
    return xc


def sweep(region: Region, flipped: bool = False, skewed: bool = False) -> list[Cell]:
    """The region's cells column by column along its longer side: the order in which
    the memo and frontier engines cover them, so that the open cells form a narrow
    frontier. ``flipped``: each column read the other way (the other coordinates
    descending). ``skewed``: the columns cut across the two longest axes at once
    (cells by the sum of their lattice vector's coordinates on those axes: on the
    triangular and hexagonal lattices the third lattice direction, on the square
    one the diagonals). Each is the same count from other states where no symmetry
    of the region maps one sweep onto the other (a parallelogram of triangles; a
    rectangle's mirror maps the flipped sweep onto the plain one), unlike a sweep
    from the far end, which a half-turn maps onto the plain one.

    >>> from cpuzzler.grids import square
    >>> board = square.rectangle(3, 2)
    >>> sweep(board)[:3], sweep(board, flipped=True)[:3]
    ([(0, 0), (0, 1), (1, 0)], [(0, 1), (0, 0), (1, 1)])
    >>> sweep(board, skewed=True)[:4]
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """
    cells = list(region)
    lattice = region.lattice
    t = lattice.translated
    extent = [max(c[k] for c in cells) - min(c[k] for c in cells) for k in range(t)]
    axes = sorted(range(t), key=lambda k: -extent[k])
    way = -1 if flipped else 1
    if skewed and t >= 2:
        def key(cell: Cell) -> tuple[int, ...]:
            v = lattice.to_vector(cell)
            return (v[axes[0]] + v[axes[1]], way * v[axes[0]],
                    *(way * v[k] for k in axes[2:]), *(way * c for c in cell))
        return sorted(cells, key=key)
    return sorted(cells, key=lambda c: (c[axes[0]], *(way * c[k] for k in axes[1:]),
                                        *(way * v for v in c[t:])))


def count_is_implied(tiling: Shape, piece: Piece) -> bool:
    """One kind of piece filling the region exactly: covering every cell places the
    right number of copies, so the piece needs no item (and the problem stays 1:1,
    which the native engine's faster kernel needs)."""
    return (len(tiling.pieces) == 1 and not tiling.optional and tiling.fill == "exact"
            and not tiling.may_stay_empty
            and len(piece) * piece.copies == len(tiling.region))


def bound_never_binds(tiling: Shape, piece: Piece, placements: Sequence[Placement]) -> bool:
    """An optional piece of which none need be placed and of which more copies are
    given than a solution can hold: its item would bound nothing, and an engine
    branching on it pays (BurrTools' SolidSixPieceBurrs, 25 shapes of 0 to 6 copies:
    its raw count by dlx 3.6 s with the items, 0.8 s without). A solution holds k
    copies only where k of its cells fit the region and, filling it exactly, the other
    pieces can make up the cells left. Kept where a placement lies on cells that may
    stay empty alone (the item is the one primary item that holds it) and in packings.

    >>> from cpuzzler.grids import cubic
    >>> from cpuzzler.models import Tiling, pieces
    >>> rod = pieces.by_name("polycubes", "I3").with_copies(4)
    >>> bar = Tiling([rod], cubic.box(3, 3, 1), optional={"I3": 0})
    >>> bound_never_binds(bar, rod, bar.placements), "I3" in bar.exact_cover.items
    (True, False)
    """
    if (tiling.fill != "exact" or piece.name not in tiling.optional
            or tiling.fewest[piece.name]):
        return False
    empty = tiling.may_stay_empty
    if empty and any(empty.issuperset(p.cells) for p in placements if p.piece == piece.name):
        return False
    size, most = len(tiling.region), len(tiling.region) // len(piece)
    if piece.copies >= most:
        return True
    if empty:
        return False
    made = 1  # bit t: the other pieces can cover t cells
    for other in tiling.pieces:
        if other is piece:
            continue
        least = tiling.fewest[other.name] if other.name in tiling.optional else other.copies
        grown = 0
        for k in range(least, other.copies + 1):
            grown |= made << (k * len(other))
        made = grown & ((1 << (size + 1)) - 1)
    return not any(made >> (size - k * len(piece)) & 1
                   for k in range(piece.copies + 1, most + 1))


def coverage(pieces: Sequence[Piece], placements: Sequence[Placement], through: Sequence[int],
             total: int) -> dict[str, dict[Cell, float]]:
    """Per piece name (in the puzzle's order), per cell: the share of the ``total``
    solutions in which that piece covers the cell, from ``through[k]``, the solutions
    holding placement k of ``placements`` (``Diagram.marginals``). What
    ``coverage_svg`` draws.

    >>> from cpuzzler.grids import square
    >>> from cpuzzler.models import Tiling, pieces
    >>> board = Tiling(pieces.pentominoes(), square.rectangle(20, 3))
    >>> d = board.exact_cover.diagram()
    >>> shares = coverage(board.pieces, board.placements, d.marginals(), d.count())
    >>> d.count(), shares["X"][(2, 1)], (9, 1) in shares["X"]
    (8, 0.5, False)
    """
    shares: dict[str, dict[Cell, float]] = {p.name: {} for p in pieces}
    for placement, ways in zip(placements, through, strict=True):
        if ways and total:
            cells = shares[placement.piece]
            for cell in placement.cells:
                cells[cell] = cells.get(cell, 0.0) + ways / total
    return shares
